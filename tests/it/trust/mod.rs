//! The trust settings at work (`server/src/trust/`): the audit log, secret masking (its masker
//! is `runtime/src/mask.rs`) and the write scope.

mod audit;
mod mask;
mod scope;
