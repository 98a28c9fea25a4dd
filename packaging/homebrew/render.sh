#!/usr/bin/env bash
# Writes the Homebrew formula for a release to stdout: tmux-agent-mcp.rb.in with its version
# and the SHA-256 of each target's archive, read from the `.sha256` files archive.sh wrote.
#
# Usage: render.sh VERSION DIR   (DIR holds tmux-agent-mcp-VERSION-TARGET.tar.gz.sha256)
set -euo pipefail
version=$1 dir=$2
formula=$(sed "s/@VERSION@/$version/g" "$(dirname "$0")/tmux-agent-mcp.rb.in")
for target in $(grep -o '@SHA256:[a-z0-9_-]*@' <<<"$formula" | sort -u | sed 's/@SHA256:\(.*\)@/\1/'); do
  file="$dir/tmux-agent-mcp-$version-$target.tar.gz.sha256"
  [[ -f $file ]] || { echo "render.sh: no $file" >&2; exit 1; }
  sum=$(cut -d' ' -f1 "$file")
  formula=${formula//@SHA256:$target@/$sum}
done
printf '%s\n' "$formula"
