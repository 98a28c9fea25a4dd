#!/usr/bin/env bash
# The release archive of one target: tmux-agent-mcp-VERSION-TARGET.tar.gz, holding a folder of
# that name with both commands, README.md and LICENSE, and beside it the archive's SHA-256 in
# `sha256sum` form (TARGET.tar.gz.sha256). cargo binstall's metadata (server/Cargo.toml) and
# the Homebrew formula name these files; the release workflow and tests/packaging.rs run this.
#
# Usage: archive.sh TARGET BIN_DIR OUT_DIR   (BIN_DIR holds tmux-mcp and tmux-agent-mcp)
set -euo pipefail
target=$1 bin_dir=$2 out=$3
root=$(cd "$(dirname "$0")/../.." && pwd)
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$root/Cargo.toml" | head -n 1)
name="tmux-agent-mcp-$version-$target"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/$name"
for command in tmux-mcp tmux-agent-mcp; do
  install -m 0755 "$bin_dir/$command" "$stage/$name/$command"
done
install -m 0644 "$root/README.md" "$root/LICENSE" "$stage/$name/"
mkdir -p "$out"
# Sorted names, no owner, a fixed time: the same binaries give the same archive.
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime='2000-01-01 00:00Z' \
  -C "$stage" -czf "$out/$name.tar.gz" "$name"
(cd "$out" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
echo "$out/$name.tar.gz"
