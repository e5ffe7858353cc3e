#!/bin/sh
# Prints the path of a Node 24 binary, installing it on first use from npm's `node` package into
# scripts/node24/node_modules (its version and its install script's approval are in scripts/node24/package.json).
# The project runs on Node 20.19 and later; CI runs the API suite on Node 24 with it too, and Lighthouse,
# which needs Node 22.19 or later, runs on it (scripts/lighthouse.sh).
set -e
dir="$(cd "$(dirname "$0")" && pwd)/node24"
bin="$dir/node_modules/.bin/node"
wanted="v$(sed -n 's/^ *"node": "\([0-9.]*\)".*/\1/p' "$dir/package.json")"
if [ ! -x "$bin" ] || [ "$("$bin" -v 2>/dev/null)" != "$wanted" ]; then
  echo "Installing Node $wanted from npm's node package into $dir ..." >&2
  npm ci --prefix "$dir" --no-audit --no-fund >&2
fi
echo "$bin"
