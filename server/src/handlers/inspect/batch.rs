//! call_read_tools_batch: up to 16 read operations in one request, through the same call
//! pipeline as direct calls (`CallContext::rows`) (each row audited), reported in order, within the batch's effective nested authority (its declared
//! authority minus exclusions, decided at startup).

use futures::StreamExt;
use futures::stream::FuturesOrdered;
use serde_json::Value;

use crate::catalog::types::OnError;
use crate::catalog::{ToolId, call_read_tools_batch};
use crate::envelope::row_envelope;
use crate::handlers::context::{CallContext, R, Tools, row_error};

/// The whole JSON-RPC response must fit in this many bytes.
pub const RESPONSE_LIMIT: usize = 1_000_000;
/// Room for the JSON-RPC frame around the result, beyond the request id.
const FRAME_OVERHEAD: usize = 1024;

impl call_read_tools_batch::Handle for Tools {
    /// The rows go through the pipeline as `Rows`, whose boxed future breaks the cycle of a
    /// batch's future holding `dispatch`'s, which holds the batch's.
    async fn call_read_tools_batch(
        t: &Tools,
        cx: &CallContext,
        a: call_read_tools_batch::Args,
    ) -> R<call_read_tools_batch::Output> {
        run(t, cx, a).await
    }
}

async fn run(
    t: &Tools,
    cx: &CallContext,
    a: call_read_tools_batch::Args,
) -> R<call_read_tools_batch::Output> {
    let allowed = t.surface.nested(ToolId::CallReadToolsBatch);
    // Every row only reads, so all are started at once and their tmux commands share the
    // control client's pipeline; rows are still reported, counted and stopped in order. A stop
    // drops the rows after it, unfinished: having changed nothing, they are simply not reported.
    let mut rows: FuturesOrdered<_> = a
        .operations
        .into_iter()
        .enumerate()
        .map(|(index, op)| row(t, cx, allowed, index, op))
        .collect();
    let mut results = Vec::new();
    let (mut succeeded, mut failed, mut stopped_at) = (0, 0, None);
    while let Some(row) = rows.next().await {
        let (index, ok) = (row.index, row.success);
        results.push(row);
        if ok {
            succeeded += 1;
        } else {
            failed += 1;
            if a.on_error == OnError::Stop {
                stopped_at = Some(index);
                break;
            }
        }
    }
    let mut output = call_read_tools_batch::Output {
        results,
        succeeded,
        failed,
        stopped_at,
        truncated: false,
        dropped_bytes: 0,
    };
    fit(
        &mut output,
        RESPONSE_LIMIT.saturating_sub(FRAME_OVERHEAD + cx.request_id_len()),
    );
    Ok(output)
}

async fn row(
    t: &Tools,
    cx: &CallContext,
    allowed: &[ToolId],
    index: usize,
    op: tmux_mcp_runtime::Operation,
) -> call_read_tools_batch::ResultsItem {
    let ran = cx
        .rows
        .row(t, cx, allowed, index, &op.tool, Value::Object(op.arguments))
        .await;
    // A row refused before it ran carries no envelope.
    let (error, result) = match ran {
        Err(refused) => (Some(row_error(&refused)), None),
        Ok(outcome) => (
            outcome.as_ref().err().map(row_error),
            Some(row_envelope(outcome)),
        ),
    };
    call_read_tools_batch::ResultsItem {
        index: index as i64,
        tool: op.tool,
        success: error.is_none(),
        result,
        result_dropped: false,
        error,
    }
}

/// What `value` costs in the response, counted without building the text: its JSON in
/// `structuredContent`, and the same JSON again as the text block, where each `"` and `\`
/// takes one byte more. Also returns the JSON's own length.
fn response_cost(value: &impl serde::Serialize) -> (usize, usize) {
    #[derive(Default)]
    struct Count {
        bytes: usize,
        escapes: usize,
    }
    impl std::io::Write for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.bytes += bytes.len();
            self.escapes += bytes.iter().filter(|b| matches!(b, b'"' | b'\\')).count();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count::default();
    match serde_json::to_writer(&mut count, value) {
        Ok(()) => (2 * count.bytes + count.escapes, count.bytes),
        Err(_) => (0, 0),
    }
}

/// Drops row payloads, largest first, until the result fits `budget`; rows themselves stay.
/// Each payload is measured once: dropping one takes its cost off the total.
fn fit(output: &mut call_read_tools_batch::Output, budget: usize) {
    let (mut size, _) = response_cost(output);
    if size <= budget {
        return;
    }
    let mut payloads: Vec<(usize, usize, usize)> = output
        .results
        .iter()
        .enumerate()
        .filter_map(|(i, r)| r.result.as_ref().map(|v| (i, response_cost(v))))
        .map(|(i, (cost, len))| (i, cost, len))
        .collect();
    payloads.sort_by_key(|&(_, cost, _)| std::cmp::Reverse(cost));
    for (i, cost, len) in payloads {
        if size <= budget {
            break;
        }
        let row = &mut output.results[i];
        row.result = None;
        row.result_dropped = true;
        output.truncated = true;
        output.dropped_bytes += len as i64;
        size = size.saturating_sub(cost);
    }
}
