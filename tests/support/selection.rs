//! The tool selection as the tests walk it: a batch's rows, the toolsets' subsets.

use serde_json::Value;

/// The tools a batch's published schema lets a row name, sorted: each inlined alternative's
/// constant, and the names of the one alternative for tools offered directly too.
pub fn batch_row_tools(batch: &rmcp::model::Tool) -> Vec<String> {
    let alternatives = batch.input_schema["properties"]["operations"]["items"]["oneOf"]
        .as_array()
        .expect("the batch's rows are oneOf its tools");
    let mut names: Vec<String> = alternatives
        .iter()
        .flat_map(|a| {
            let tool = &a["properties"]["tool"];
            let names = match tool.get("enum").and_then(Value::as_array) {
                Some(names) => names.iter().collect(),
                None => vec![&tool["const"]],
            };
            names
                .into_iter()
                .filter_map(|n| n.as_str().map(str::to_owned))
        })
        .collect();
    names.sort();
    names
}

/// The seeds' example: a client that may only read, through the batch, and never
/// `show_environment`.
pub const BATCH_ONLY_SEED: [(&str, &str); 3] = [
    ("LIBTMUX_TOOLSETS", ""),
    ("LIBTMUX_TOOLS", "call_read_tools_batch"),
    ("LIBTMUX_EXCLUDE_TOOLS", "show_environment"),
];

/// Each of the 16 subsets of the four toolsets, with its bit mask (bit i: toolset i chosen).
pub fn toolset_subsets() -> impl Iterator<Item = (u32, Vec<&'static str>)> {
    const ALL: [&str; 4] = ["inspect", "manage", "execute", "teardown"];
    (0..16u32).map(|mask| {
        let chosen = ALL
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, t)| *t)
            .collect();
        (mask, chosen)
    })
}
