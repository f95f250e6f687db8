#!/usr/bin/env bash
# Install the reference MCP servers from npm (pinned) under .cache/reference-servers with the
# machine's node and npm, unless those versions are there already; print the folder holding
# node_modules. Used by the offline router's evaluation (tests/offline_eval, bench/offline_eval.py).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .cache
exec 9>.cache/reference-servers.lock && flock 9  # one install at a time (parallel runs)

version="${REFERENCE_SERVERS_VERSION:-2026.8.31}"
dir=.cache/reference-servers
packages=(server-memory server-filesystem)

command -v node >/dev/null || { echo "reference-servers-up: node is not installed" >&2; exit 3; }
command -v npm >/dev/null || { echo "reference-servers-up: npm is not installed" >&2; exit 3; }

missing=()
for name in "${packages[@]}"; do
  installed=$(node -p "require('./$dir/node_modules/@modelcontextprotocol/$name/package.json').version" 2>/dev/null || true)
  [ "$installed" = "$version" ] || missing+=("@modelcontextprotocol/$name@$version")
done
if [ "${#missing[@]}" -gt 0 ]; then
  mkdir -p "$dir"
  [ -f "$dir/package.json" ] || echo '{"private": true, "description": "reference MCP servers for the offline evaluation"}' > "$dir/package.json"
  (cd "$dir" && npm install --no-audit --no-fund --silent --save-exact "${missing[@]}") >&2
fi
echo "$PWD/$dir"
