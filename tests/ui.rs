//! Manifest mistakes are compile errors that name the YAML file, line and column; a tool
//! without a handler does not compile. Each case's expected output is its `.stderr` snapshot
//! (refresh with `TRYBUILD=overwrite cargo test -p tmux-mcp-tests --test ui`).

#[test]
fn manifest_errors_point_at_the_yaml() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/fail/*.rs");
    t.pass("ui/pass/*.rs");
}
