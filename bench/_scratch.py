"""A database for one bench run: an SQLite file in a temporary folder, or a database created for
the run on a PostgreSQL server and dropped afterwards (the database the URL names is only used to
connect; nothing is written to it)."""

from __future__ import annotations

import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def scratch_database(server_url: str | None, name: str) -> Iterator[str]:
    """The URL of an empty database: on ``server_url``'s PostgreSQL server if given, else a
    fresh SQLite file ``name``.db."""
    if not server_url or server_url.startswith("sqlite"):
        with tempfile.TemporaryDirectory() as folder:
            yield f"sqlite:///{folder}/{name}.db"
        return
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    admin_url = make_url(server_url.replace("postgresql://", "postgresql+psycopg://", 1))
    database = f"bench_{name}_{uuid.uuid4().hex[:8]}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{database}"'))
        try:
            yield admin_url.set(database=database).render_as_string(hide_password=False)
        finally:
            with admin.connect() as conn:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)'))
    finally:
        admin.dispose()
