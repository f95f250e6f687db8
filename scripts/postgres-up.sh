#!/usr/bin/env bash
# Install (Debian's packages) and start a local PostgreSQL, with a role and database for tests:
#   postgresql+psycopg://orch_ci:orch_ci@127.0.0.1:5432/orch_ci   (the role may create databases)
# Idempotent; needs root (as CI and the dev machines are).
set -euo pipefail

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi
version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$version main"; then
  pg_createcluster "$version" main >/dev/null
fi
pg_ctlcluster "$version" main start 2>/dev/null || true
for _ in $(seq 1 50); do
  runuser -u postgres -- pg_isready -q -h 127.0.0.1 -p 5432 && break
  sleep 0.2
done
psql_() { runuser -u postgres -- psql -v ON_ERROR_STOP=1 -qAtc "$1"; }
psql_ "DO \$\$BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname='orch_ci') THEN
         CREATE ROLE orch_ci LOGIN CREATEDB PASSWORD 'orch_ci'; END IF; END\$\$;"
# Dropping a test database WITH (FORCE) ends its other sessions, autovacuum's among them.
psql_ "GRANT pg_signal_backend TO orch_ci"
if [ -z "$(psql_ "SELECT 1 FROM pg_database WHERE datname='orch_ci'")" ]; then
  psql_ "CREATE DATABASE orch_ci OWNER orch_ci"
fi
echo "PostgreSQL $version ready: postgresql+psycopg://orch_ci:orch_ci@127.0.0.1:5432/orch_ci"
