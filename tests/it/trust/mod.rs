//! The trust settings at work (`server/src/trust/`): the audit log, secret masking and the
//! write scope.

mod audit;
mod mask;
mod scope;
