#!/usr/bin/env bash
# Install Debian's chromium and chromium-driver (the fleet dashboard's browser test drives them
# headless with selenium), unless they are there already; print the driver's path last.
# Idempotent; installing needs root (as CI and the dev machines are).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .cache
exec 9>.cache/chromium.lock && flock 9  # one install at a time (parallel test workers)

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium chromium-driver >/dev/null
fi
chromium --version >&2
command -v chromedriver
