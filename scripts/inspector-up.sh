#!/usr/bin/env bash
# Install the MCP Inspector CLI (pinned) under .cache/inspector with the machine's node and npm,
# unless that version is there already; print the path of its cli.js. Used by .ci/run and by the
# test fixture that drives our servers through it (tests/servers/test_inspector.py).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .cache
exec 9>.cache/inspector.lock && flock 9  # one install at a time (parallel test workers)

version="${INSPECTOR_VERSION:-0.21.2}"
dir=.cache/inspector
package="$dir/node_modules/@modelcontextprotocol/inspector"

command -v node >/dev/null || { echo "inspector-up: node is not installed" >&2; exit 3; }
command -v npm >/dev/null || { echo "inspector-up: npm is not installed" >&2; exit 3; }

installed=$(node -p "require('./$package/package.json').version" 2>/dev/null || true)
if [ "$installed" != "$version" ]; then
  mkdir -p "$dir"
  [ -f "$dir/package.json" ] || echo '{"private": true, "description": "MCP Inspector for the tests"}' > "$dir/package.json"
  (cd "$dir" && npm install --no-audit --no-fund --silent --save-exact "@modelcontextprotocol/inspector@$version") >&2
fi
echo "$PWD/$package/cli/build/cli.js"
