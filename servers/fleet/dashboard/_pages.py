"""The dashboard's pages, rendered on the server: everything readable without JavaScript.

Every value shown comes from the fleet and is escaped (:func:`html.escape`); the live parts
are marked with ``data-*`` attributes that ``static/dashboard.js`` updates from the server-sent
events.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from html import escape
from urllib.parse import quote

from servers.fleet.backend import AgentDiff, AgentState
from servers.fleet.models import DiffFile, LogEntryDetail, Project, QueuedTask, TaskDetail

__all__ = ["agent_page", "error_page", "index_page", "line_key"]

SHOWN_FILES = 50


def _e(value: object) -> str:
    return escape("" if value is None else str(value), quote=True)


def _when(moment: datetime) -> str:
    shown = moment.strftime("%Y-%m-%d %H:%M:%S")
    return f"<time datetime='{_e(moment.isoformat())}'>{_e(shown)}</time>"


def _status(status: str) -> str:
    return f"<span class='status status-{_e(status)}' data-status>{_e(status)}</span>"


def _attention(reason: str | None) -> str:
    if reason is None:
        return "<span class=attention data-attention></span>"
    return f"<span class='attention on' data-attention>needs you: {_e(reason)}</span>"


def _layout(title: str, body: str, *, agent: str = "", said: str = "", error: str = "") -> str:
    notes = ""
    if said:
        notes += f"<p class='note said' role=status>{_e(said)}</p>"
    if error:
        notes += f"<p class='note error' role=alert>{_e(error)}</p>"
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        "<meta name=viewport content='width=device-width, initial-scale=1'>"
        f"<title>{_e(title)} · fleet</title>"
        "<link rel=stylesheet href='/static/dashboard.css'></head>"
        f"<body data-agent='{_e(agent)}'>"
        "<header><a class=brand href='/'>fleet</a>"
        "<span class=live data-live title='live updates'>live</span></header>"
        f"<main>{notes}{body}</main>"
        "<script src='/static/dashboard.js' defer></script></body></html>"
    )


def _agent_link(name: str) -> str:
    return f"<a href='/agents/{quote(name)}'>{_e(name)}</a>"


def index_page(
    agents: Sequence[AgentState],
    queue: Sequence[QueuedTask],
    projects: Sequence[Project],
    *,
    said: str = "",
    error: str = "",
) -> str:
    rows = "".join(
        f"<tr data-row='{_e(a.name)}'><td>{_agent_link(a.name)}</td><td>{_status(a.status)}</td>"
        f"<td>{_attention(a.attention)}</td><td>{_e(a.project)} · {_e(a.role)}</td>"
        f"<td class=task data-last-task>{_e(a.last_task or '')}</td>"
        f"<td data-updated>{_when(a.updated_at)}</td></tr>"
        for a in agents
    )
    empty = "" if agents else "<tr class=empty><td colspan=6>No agents yet.</td></tr>"
    waiting = "".join(
        f"<tr><td>{q.position}</td><td>{_agent_link(q.agent_name)}</td><td>{_e(q.project)}</td>"
        f"<td class=task>{_e(q.task)}</td><td>{_when(q.queued_at)}</td></tr>"
        for q in queue
    )
    options = "".join(f"<option>{_e(p.name)}</option>" for p in projects)
    body = (
        f"<h1>Agents <small data-count>{len(agents)}</small></h1>"
        "<table class=agents><thead><tr><th>Agent</th><th>Status</th><th>Attention</th>"
        "<th>Project · role</th><th>Last task</th><th>Updated</th></tr></thead>"
        f"<tbody data-agents>{rows}{empty}</tbody></table>"
        "<h2>Queue</h2>"
        + (
            "<table><thead><tr><th>#</th><th>Agent</th><th>Project</th><th>Task</th>"
            f"<th>Waiting since</th></tr></thead><tbody>{waiting}</tbody></table>"
            if queue
            else "<p class=muted>No task waits for a slot.</p>"
        )
        + "<h2>New agent</h2><form class=card method=post action='/agents'>"
        "<label>Name <input name=name required maxlength=32 pattern='[A-Za-z0-9-]{1,32}'></label>"
        f"<label>Project <select name=project>{options}</select></label>"
        "<label>Role <input name=role placeholder='the project&#39;s default'></label>"
        "<label class=wide>Task <textarea name=task required rows=3></textarea></label>"
        "<button>Create and start</button></form>"
    )
    return _layout("Agents", body, said=said, error=error)


def line_key(entry: LogEntryDetail) -> str:
    """What tells one log line from another (the live script skips the ones shown already)."""
    dumped = entry.model_dump(mode="json")
    return f"{dumped['timestamp']}|{entry.message}"


def _log(lines: Iterable[LogEntryDetail]) -> str:
    return "".join(
        f"<div class='line level-{_e(e.level)}' data-key='{_e(line_key(e))}'>"
        f"<time>{_e(e.timestamp.strftime('%H:%M:%S'))}</time> <b>{_e(e.level)}</b> "
        f"{_e(e.message)}</div>"
        for e in lines
    )


def _spend(task: TaskDetail) -> str:
    """`12,345 in · 678 out · $0.0123`; `unknown` when its CLI reported nothing."""
    used = task.usage
    if used is None or not used.reported:
        return "unknown"
    cost = "cost unknown" if used.cost_usd is None else f"${used.cost_usd:.4f}"
    return f"{used.input_tokens:,} in · {used.output_tokens:,} out · {cost}"


_TASK_STATUS = {"cancelled": "cancelled: never started", "queued": "queued: not started yet"}


def _history(tasks: Sequence[TaskDetail]) -> str:
    if not tasks:
        return "<p class=muted>No task yet.</p>"
    rows = "".join(
        f"<tr><td>{_when(t.created_at)}</td><td class=task>{_e(t.message)}</td>"
        f"<td class=outcome>{_e(_TASK_STATUS.get(t.status or '', t.status or ''))}</td>"
        f"<td class=usage>{_e(_spend(t))}</td>"
        f"<td>{'needs you' if t.needs_user_attention else ''}</td></tr>"
        for t in tasks
    )
    return (
        "<table><thead><tr><th>Asked</th><th>Task</th><th>Status</th><th>Tokens · cost</th>"
        "<th></th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )


def _patch(file: DiffFile) -> str:
    if file.binary:
        return "<p class=muted>A binary file.</p>"
    out = []
    for line in file.patch.splitlines():
        kind = (
            "hunk"
            if line.startswith("@@")
            else "meta"
            if line.startswith(("diff --git", "index ", "--- ", "+++ ", "new file", "deleted file"))
            else "add"
            if line.startswith("+")
            else "del"
            if line.startswith("-")
            else "ctx"
        )
        out.append(f"<span class={kind}>{_e(line)}</span>")
    cut = "<p class=muted>(cut: the patch is longer)</p>" if file.truncated else ""
    return f"<pre class=diff>{chr(10).join(out)}</pre>{cut}"


def _diff(diff: AgentDiff | None, why: str) -> str:
    if diff is None:
        return f"<p class=muted>{_e(why)}</p>"
    added = sum(f.insertions for f in diff.files)
    removed = sum(f.deletions for f in diff.files)
    commits = "".join(f"<li><code>{_e(c.id)}</code> {_e(c.subject)}</li>" for c in diff.commits)
    pending = ", ".join(_e(f) for f in diff.uncommitted_files)
    files = "".join(
        f"<details open><summary><code>{_e(f.path)}</code> <span class=muted>{_e(f.status)}"
        f"</span> <span class=add>+{f.insertions}</span> <span class=del>−{f.deletions}</span>"
        f"</summary>{_patch(f)}</details>"
        for f in diff.files[:SHOWN_FILES]
    )
    more = len(diff.files) - SHOWN_FILES
    return (
        f"<p class=stat>{len(diff.files)} file(s) changed, <span class=add>+{added}</span> "
        f"<span class=del>−{removed}</span> since <code>{_e(diff.base_commit[:10])}</code>"
        f"{' on ' + _e(diff.branch) if diff.branch else ''}</p>"
        + (f"<ol class=commits>{commits}</ol>" if commits else "")
        + (f"<p>Not committed yet: {pending}</p>" if pending else "")
        + (files or "<p class=muted>No change yet.</p>")
        + (f"<p class=muted>And {more} more file(s): see show_agent_diff.</p>" if more > 0 else "")
    )


def agent_page(
    agent: AgentState,
    tasks: Sequence[TaskDetail],
    logs: Sequence[LogEntryDetail],
    diff: AgentDiff | None,
    diff_why: str,
    *,
    said: str = "",
    error: str = "",
) -> str:
    base = f"/agents/{quote(agent.name)}"
    actions = (
        f"<form class=card method=post action='{base}/start'>"
        "<label class=wide>Next task <textarea name=task required rows=3></textarea></label>"
        "<button>Start task</button></form>"
        "<div class=buttons>"
        f"<form method=post action='{base}/cancel'><button data-action=cancel>Cancel task</button>"
        "</form>"
        f"<form method=post action='{base}/restart'><button data-action=restart>Restart</button>"
        "</form>"
        f"<form method=post action='{base}/merge'><label><input type=checkbox "
        "name=open_pull_request value=1> as a pull request</label> "
        "<button data-action=merge>Merge work</button></form>"
        f"<form method=post action='{base}/delete'><label><input type=checkbox name=force "
        "value=1> even if it holds unmerged work</label> "
        "<button class=danger data-action=delete>Delete</button></form>"
        "</div>"
    )
    body = (
        f"<h1>{_e(agent.name)} {_status(agent.status)}</h1>"
        f"<p>{_attention(agent.attention)}</p>"
        f"<p class=muted>{_e(agent.project)} · {_e(agent.role)} · last task: "
        f"<span data-last-task>{_e(agent.last_task or 'none')}</span></p>"
        f"{actions}"
        f"<h2>Log</h2><div class=log id=log data-log>{_log(logs)}</div>"
        f"<h2>Tasks</h2>{_history(tasks)}"
        f"<h2>Diff</h2>{_diff(diff, diff_why)}"
    )
    return _layout(agent.name, body, agent=agent.name, said=said, error=error)


def error_page(title: str, message: str) -> str:
    return _layout(
        title, f"<h1>{_e(title)}</h1><p>{_e(message)}</p><p><a href='/'>All agents</a></p>"
    )
