#!/usr/bin/env bash
# Install the agent CLIs that npm ships and that answer without a network when no key is set
# (pinned, under .cache/agent-clis, with the machine's node and npm), unless those versions are
# there already; print the folder holding their executables. Used by the agents server's tests
# (tests/servers/agents/test_real_clis.py) to check the probe and the no-key error of each real
# binary. codex and opencode are not installed: without a key they wait on the network.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  "@anthropic-ai/claude-code@${CLAUDE_CODE_VERSION:-2.1.330}"
  "@google/gemini-cli@${GEMINI_CLI_VERSION:-0.61.0}"
  "@qwen-code/qwen-code@${QWEN_CODE_VERSION:-0.24.4}"
)
dir=.cache/agent-clis

command -v node >/dev/null || { echo "agent-clis-up: node is not installed" >&2; exit 3; }
command -v npm >/dev/null || { echo "agent-clis-up: npm is not installed" >&2; exit 3; }

missing=()
for spec in "${packages[@]}"; do
  name="${spec%@*}"
  wanted="${spec##*@}"
  installed=$(node -p "require('./$dir/node_modules/$name/package.json').version" 2>/dev/null || true)
  [ "$installed" = "$wanted" ] || missing+=("$spec")
done
if [ ${#missing[@]} -gt 0 ]; then
  mkdir -p "$dir"
  [ -f "$dir/package.json" ] || echo '{"private": true, "description": "agent CLIs for the tests"}' > "$dir/package.json"
  (cd "$dir" && npm install --no-audit --no-fund --silent --save-exact "${missing[@]}") >&2
fi
echo "$PWD/$dir/node_modules/.bin"
