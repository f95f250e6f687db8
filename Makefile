# The few commands people run. `make install test` is what a new contributor needs.
PY ?= .venv/bin/python

.PHONY: install test test-postgres lint bench

install:
	python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]'

test:
	$(PY) -m pytest -q -n 3

test-postgres:  ## needs root: installs and starts Debian's PostgreSQL
	bash scripts/postgres-up.sh
	TEST_DATABASE_URL=postgresql+psycopg://orch_ci:orch_ci@127.0.0.1:5432/orch_ci $(PY) -m pytest -q -n 3

lint:
	$(PY) -m ruff check . && $(PY) -m ruff format --check . && $(PY) -m mypy

bench:
	$(PY) bench/todo.py
	$(PY) bench/tasks.py
	$(PY) bench/startup.py
	$(PY) bench/oneshot.py
	$(PY) bench/offline_eval.py
	$(PY) bench/fleet.py
	$(PY) bench/server_startup.py
	$(PY) bench/http_load.py
	$(PY) bench/fuzz.py
