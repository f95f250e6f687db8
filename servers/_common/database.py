"""What a SQL-backed server needs before it touches its database, without loading a SQL library:
the database URL (from the command line, the environment or the data folder), checked and
redacted, and the storage error every SQL layer raises.

The server answers the MCP handshake with only this module loaded; ``servers._common.sql`` (and
SQLAlchemy with it) is imported when storage is opened, off the event loop
(``servers._common.storage``).

It also keeps what a server's real database calls said last (:class:`DatabaseHealth`), which
``GET /health`` reads (:func:`database_problem`) without loading SQL or running a query per probe.
"""

from __future__ import annotations

import argparse
import logging
import os
import re
import threading
import time
from collections.abc import Callable, Mapping
from typing import Literal
from urllib.parse import urlsplit, urlunsplit

from servers._common.app import StartupError
from servers._common.paths import data_dir

__all__ = [
    "ANSWER_DEADLINE_SECONDS",
    "STATEMENT_TIMEOUT_SECONDS",
    "DatabaseHealth",
    "FailureKind",
    "StorageError",
    "add_database_argument",
    "check_database_url",
    "connection_failure",
    "database_problem",
    "redact_url",
    "resolve_database_url",
    "unwatch_health",
    "watch_health",
]

logger = logging.getLogger(__name__)

STATEMENT_TIMEOUT_SECONDS = 5
# How long a PostgreSQL connection may go without answering a call before it is closed (the
# server's own statement timeout, plus a margin for its answer to arrive): a server that never
# answers (a frozen host, a dropped path) cannot hold a call longer than this.
ANSWER_DEADLINE_SECONDS = STATEMENT_TIMEOUT_SECONDS + 2
# A /health probe pings a database at most this often: when the last call failed to reach it,
# or when no call has reached it for this long (a replica with no traffic).
HEALTH_PING_SECONDS = 5
SUPPORTED_BACKENDS = ("sqlite", "postgresql")

FailureKind = Literal["connection", "timeout", "conflict", "query"]

_PHRASES: dict[FailureKind, str] = {
    "connection": "database connection failed",
    "timeout": f"query timeout after {STATEMENT_TIMEOUT_SECONDS}s",
    "conflict": "the change conflicts with data already stored",
    "query": "the database rejected the query",
}


class StorageError(Exception):
    """The database failed. ``kind`` says how; the message is safe to show to anyone."""

    def __init__(self, kind: FailureKind, detail: str | None = None) -> None:
        self.kind = kind
        super().__init__(detail or _PHRASES[kind])


def add_database_argument(parser: argparse.ArgumentParser, *, env_var: str) -> None:
    """Add ``--database-url`` to a server's command line (see :func:`resolve_database_url`)."""
    parser.add_argument(
        "--database-url",
        help=f"SQLAlchemy URL (default: ${env_var}, else an SQLite file in the user data folder)",
    )


def resolve_database_url(
    explicit: str | None,
    *,
    env_var: str,
    filename: str,
    env: Mapping[str, str] | None = None,
) -> str:
    """The database URL: ``--database-url``, else ``$env_var``, else ``DATABASE_URL`` (read from
    ``env``, by default the process's environment), else an SQLite file named ``filename`` in
    the per-user data folder."""
    env = os.environ if env is None else env
    for candidate in (explicit, env.get(env_var), env.get("DATABASE_URL")):
        if candidate:
            return normalise_url(candidate)
    return f"sqlite:///{data_dir() / filename}"


def normalise_url(url: str) -> str:
    """A bare ``postgresql://`` (or ``postgres://``) URL means the psycopg 3 driver we ship."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def check_database_url(url: str) -> str:
    """``url``, normalised, if its scheme is one we serve; else a StartupError saying what is."""
    url = normalise_url(url)
    scheme, separator, _ = url.partition("://")
    if not separator or not scheme:
        raise StartupError(f"cannot open storage: the database URL is not valid: {redact_url(url)}")
    if scheme.split("+", 1)[0] not in SUPPORTED_BACKENDS:
        raise StartupError(
            f"cannot open storage at {redact_url(url)}: unsupported database URL scheme "
            f"'{scheme}': use sqlite:///PATH or postgresql+psycopg://USER:PASSWORD@HOST/DB"
        )
    return url


def redact_url(url: str) -> str:
    """The URL with any password hidden (``user:***@host``), for logs and messages."""
    try:
        parts = urlsplit(url)
        if parts.password is None:
            return url
    except ValueError:
        return "<unparseable database URL>"
    userinfo, _, hostport = parts.netloc.rpartition("@")
    user = userinfo.partition(":")[0]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{hostport}"))


# libpq's account of one attempt: `connection to server at "HOST" (ADDRESS), port PORT failed:
# REASON`, or on a socket; the reason is the server's own (`FATAL:  database "x" does not exist`)
# or the network's (`Connection refused`), and lines after it that begin with a tab are hints.
_ATTEMPT = re.compile(
    r'connection to server (?:at "(?P<host>[^"]*)"(?: \((?P<address>[^)]*)\))?, '
    r'port (?P<port>\d+)|on socket "(?P<socket>[^"]*)") failed: (?P<reason>.*)'
)
_SERVER_SAID = re.compile(r"(?:FATAL|ERROR):\s+")
_PASSWORD_IN_URL = re.compile(r"(\w+://[^:/@\s]*:)[^@\s]*@")


def connection_failure(message: str, url: str) -> str:
    """``database connection failed: CAUSE`` for the driver's ``message`` on failing to connect to
    ``url``: what the database server said (``database "x" does not exist``, ``password
    authentication failed for user "u"``) or what the network did (``connection refused at
    127.0.0.1:5439``), each attempt's once. Never the password: the URL's is masked wherever the
    message would hold it, as is any URL's."""
    try:
        password = urlsplit(url).password
    except ValueError:
        password = None
    if password:
        message = message.replace(password, "***")
    message = _PASSWORD_IN_URL.sub(r"\1***@", message)
    causes: list[str] = []
    for line in message.splitlines():
        if not line.strip() or line[0].isspace():  # a hint under the line before
            continue
        cause = line.strip().removeprefix("connection failed: ")
        attempt = _ATTEMPT.search(cause)
        if attempt is not None:
            cause = attempt["reason"].strip()
            said = _SERVER_SAID.match(cause)
            if said is not None:
                cause = cause[said.end() :]
            else:
                cause = cause[:1].lower() + cause[1:] + " at " + _where(attempt)
        if cause and cause not in causes:
            causes.append(cause)
    cause = "; ".join(causes)
    if len(cause) > 300:
        cause = cause[:299] + "…"
    return f"{_PHRASES['connection']}: {cause}" if cause else _PHRASES["connection"]


def _where(attempt: re.Match[str]) -> str:
    if attempt["socket"] is not None:
        return f"the socket {attempt['socket']}"
    host, address = attempt["host"], attempt["address"]
    place = f"[{host}]:{attempt['port']}" if ":" in host else f"{host}:{attempt['port']}"
    return f"{place} ({address})" if address and address != host else place


# --- health: what the real calls said last ----------------------------------------------------


class DatabaseHealth:
    """Whether one open database answers, as its real calls last found it: a call that could not
    reach it (refused, lost, no answer within :data:`ANSWER_DEADLINE_SECONDS`) makes it failing
    with a short reason; any call it answered (a statement's own error included) makes it well
    again. ``ping`` (a bounded round trip, run in a thread of its own) is how a probe finds out
    when no call has told it lately."""

    def __init__(self, ping: Callable[[], None]) -> None:
        self._ping = ping
        self._failing: str | None = None
        self._answered_at = time.monotonic()
        self._pinged_at = 0.0
        self._pinging = False
        self._lock = threading.Lock()

    def answered(self) -> None:
        """A call reached the database and it answered."""
        self._answered_at = time.monotonic()
        if self._failing is not None:
            self._failing = None
            logger.warning("database answers again")

    def failed(self, reason: str) -> None:
        """A call could not reach the database (``reason``: short, no host, no credentials)."""
        self._failing = reason

    def problem(self) -> str | None:
        """Why the database is not answering, or None; at most every
        :data:`HEALTH_PING_SECONDS`, a ping is started when the last call failed or none came
        lately (its outcome is what a later probe reads)."""
        now = time.monotonic()
        stale = now - self._answered_at >= HEALTH_PING_SECONDS
        if (self._failing is not None or stale) and now - self._pinged_at >= HEALTH_PING_SECONDS:
            with self._lock:
                if not self._pinging:
                    self._pinging, self._pinged_at = True, now
                    threading.Thread(target=self._run_ping, name="db-health", daemon=True).start()
        return self._failing

    def _run_ping(self) -> None:
        try:
            self._ping()  # records its own outcome, as every call does
        except Exception as exc:  # a StorageError, recorded already
            logger.debug("database health ping failed: %s", type(exc).__name__)
        finally:
            self._pinging = False


_WATCHED: list[DatabaseHealth] = []


def watch_health(health: DatabaseHealth) -> None:
    """Count ``health`` in :func:`database_problem` (an open database of this process)."""
    _WATCHED.append(health)


def unwatch_health(health: DatabaseHealth) -> None:
    """Stop counting ``health`` (its database was closed)."""
    if health in _WATCHED:
        _WATCHED.remove(health)


def database_problem() -> str | None:
    """Why this process's database does not answer (``GET /health`` then says 503 with it, so a
    load balancer takes the replica out), or None when every open one does. Cheap: the state
    the real calls left, plus at most one bounded ping every few seconds."""
    for health in list(_WATCHED):
        problem = health.problem()
        if problem is not None:
            return problem
    return None
