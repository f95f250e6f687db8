"""The last step: plain words from a tool's result, and the words of a request the router will
not act on: what it understood, what is missing, and one phrasing that works. Every sentence is
a template of the lexicon (`LEXICON.answers`).

A listing names its filters and says what a default left out ("No pending todos; 1 completed —
ask for all todos"); a page that came back full says there may be more. A failed call says so
(`status`, never the body's shape; and a write whose whole result is the server's words opening
with a refusal, "REJECTED — ledger left unchanged.", though not flagged an error), and a call the
user did not approve says it needs confirmation. A time a server gives with another offset than
the user's is shown in its own zone, with the user's time beside it ("01:18 in Tokyo (17:18
here)").
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Any

from orchestrator._records import metadata_branch
from orchestrator.messages import DECLINED, CallStatus
from orchestrator.offline._dates import local_now
from orchestrator.offline._items import item_id, item_title, items_of, json_text, one_item
from orchestrator.offline._tokens import singular, words_of
from orchestrator.offline._tools import Param, ToolView
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = [
    "LLM_HINT",
    "call_failure",
    "describe_result",
    "example",
    "failed_result",
    "humanize",
    "noun_of",
    "past",
    "plural_of",
    "say",
    "unsure",
]

LLM_HINT = LEX.llm_hint
_LIMIT = 2000


def say(key: str, **values: Any) -> str:
    """The lexicon's sentence `key`, filled in."""
    return LEX.answers[key].format(**values)


def noun_of(tool: ToolView) -> str:
    """The tool's main noun: `update_todo` -> todo, `start_agent_task` -> task."""
    base = tool.name.rpartition("__")[2]
    parts = [p for p in words_of(base) if p and p != tool.verb]
    for part in reversed(parts):
        if singular(part) in tool.nouns:
            return singular(part)
    return sorted(tool.nouns)[0] if tool.nouns else say("item")


def plural_of(noun: str) -> str:
    if noun.endswith("s"):
        return noun
    if noun.endswith("y") and noun[-2:-1] not in LEX.vowels:
        return noun[:-1] + "ies"
    return noun + "s"


def past(tool: ToolView) -> str:
    verb = (tool.verb or "").lower()
    return LEX.past_by_verb.get(verb, LEX.past_by_kind.get(tool.kind or "", say("done")))


def zone_label(zone: str | None, moment: datetime) -> str:
    """ "Tokyo" for Asia/Tokyo, "New York" for America/New_York; else "UTC+09:00"."""
    if zone and "/" in zone:
        return zone.rsplit("/", 1)[1].replace("_", " ")
    if zone:
        return zone
    offset = moment.strftime("%z")
    return f"{say('utc')}{offset[:3]}:{offset[3:]}" if offset else say("utc")


def humanize(
    value: str, now: datetime | None = None, zone: str | None = None, clock: bool = False
) -> str:
    """'2025-12-22T15:00:00+01:00' -> 'tomorrow (Mon 22 Dec) at 15:00'; a time with another
    offset than the user's is shown in its own, the user's beside it: 'tomorrow (Tue 23 Dec)
    at 01:18 in Tokyo (17:18 here)'. `zone` names the time's zone, when the result says it."""
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return value
    now = now or local_now()
    # a midnight is the day alone: a due day without an hour is stored as that day at 00:00;
    # not in a result that names its zone (a time converted, "00:00 in London")
    midnight = (moment.hour, moment.minute, moment.second, moment.microsecond) == (0, 0, 0, 0)
    timed = zone is not None or clock or not midnight  # `clock`: a time was said, 00:00 too
    if moment.tzinfo is None:
        return _day_and_time(moment, now, timed)
    local = moment.astimezone(now.tzinfo)
    if local.utcoffset() == moment.utcoffset() or not timed:
        return _day_and_time(local, now, timed)
    here = f"{local:%H:%M}"  # another zone's time: in that zone, the user's beside it
    if local.date() != moment.date():
        here = say("day_at", day=_date(local, now), time=here)
    there = say("day_at", day=_date(moment, now), time=f"{moment:%H:%M}")
    return say("in_zone", time=there, zone=zone_label(zone, moment), local=here)


def _date(moment: datetime, now: datetime) -> str:
    return f"{moment:%a %d %b}" if moment.year == now.year else f"{moment:%a %d %b %Y}"


def _day_and_time(moment: datetime, now: datetime, timed: bool) -> str:
    delta = (moment.date() - now.date()).days
    rel = {0: "today", 1: "tomorrow", -1: "yesterday"}.get(delta)
    if rel:
        text = f"{say(rel)} ({moment:%a %d %b})"
    else:
        text = f"{moment:%a %d %b}" if moment.year == now.year else f"{moment:%a %d %b %Y}"
    if timed:
        text += say("at_time", time=f"{moment:%H:%M}")
    return text


def _is_time(value: Any) -> bool:
    return isinstance(value, str) and len(value) >= 10 and value[:4].isdigit() and value[4] == "-"


def _value(name: str, value: Any, zone: str | None = None) -> str:
    if _is_time(value):
        return humanize(value, zone=zone)
    if isinstance(value, list):
        return ", ".join(_value(name, v) for v in value) or say("none")
    if isinstance(value, dict):
        inner = _zone_of(value)
        return "; ".join(f"{_label(k)} {_value(k, v, inner)}" for k, v in value.items())
    return str(value)


def _zone_of(item: dict[str, Any]) -> str | None:
    """The IANA zone an item says its times are in (`timezone: Asia/Tokyo`)."""
    for key, value in item.items():
        if key.lower() in LEX.zone_keys and isinstance(value, str):
            return value
    return None


def _label(name: str) -> str:
    return " ".join(words_of(name)) or name


def details(args: dict[str, Any], tool: ToolView, skip: set[str]) -> str:
    parts = []
    for name, value in args.items():
        param = tool.params.get(name)
        if name in skip or param is None or param.role in ("id", "const") or value is None:
            continue
        if param.role in ("flag",) and value is True:
            parts.append(_label(name))
            continue
        label = _label(name)
        if param.role == "moment" and any(w in param.words for w in LEX.due_words):
            label = say("due")
        if param.role == "moment" and _is_time(value) and "T" in value:  # a time sent: said
            parts.append(say("noun_value", label=label, value=humanize(value, clock=True)))
            continue
        parts.append(say("noun_value", label=label, value=_value(name, value)))
    return ", ".join(parts)


def describe_item(item: dict[str, Any], full: bool = False) -> str:
    """The item on a line, its fields in parentheses; a field of several lines (a patch, a
    file) after that line, as it is, in a fenced block."""
    title = item_title(item)
    zone = _zone_of(item)
    extras = []
    blocks = []
    for key, value in item.items():
        low = key.lower()
        if value in (None, "", [], {}) or (isinstance(value, str) and value == title):
            continue
        if not full and (low.endswith(LEX.hidden_suffixes) or low in LEX.hidden_keys):
            continue
        if isinstance(value, dict) and not full:
            continue
        if (
            isinstance(value, list)
            and not full
            and not all(isinstance(v, (str, int, float)) for v in value)
        ):
            continue
        if isinstance(value, str) and "\n" in value.rstrip("\n"):
            blocks.append(_block(value))
            continue
        label = say("due") if say("due") in low else _label(key)
        extras.append(say("noun_value", label=label, value=_value(key, value, zone)))
    branch = None if full else metadata_branch(item)  # its metadata's, as a listing shows it
    if branch is not None and branch[1] not in (None, ""):
        extras.append(say("noun_value", label=_label(branch[0]), value=branch[1]))
    ident = item_id(item)
    text = title or json.dumps(item, ensure_ascii=False)[:200]
    if extras:
        text += f" ({'; '.join(extras)})"
    if ident and not full and ident != title:
        text += f" [{ident}]"
    return "\n".join([text, *blocks])


_UNIFIED_DIFF = re.compile(r"(?:diff |--- |@@ )")


def _block(text: str) -> str:
    """``text`` as is in a fenced block (marked diff when it is a unified diff), the fence
    longer than any run of backticks in it."""
    body = text.rstrip("\n")
    fence = "`" * max([3, *(len(run) + 1 for run in re.findall(r"`+", body))])
    return f"{fence}{'diff' if _UNIFIED_DIFF.match(body) else ''}\n{body}\n{fence}"


def describe_result(
    tool: ToolView,
    args: dict[str, Any],
    status: CallStatus,
    payload: Any,
    title: str | None = None,
    left_out: str = "",
) -> str:
    """The answer for a call that was made (or refused approval)."""
    noun = noun_of(tool)
    if status == "not_executed":
        verb = LEX.infinitive_by_kind.get(tool.kind or "", "run")
        what = f"{noun} “{title}”" if title else say("the_noun", noun=noun)
        return say("declined" if payload == DECLINED else "not_confirmed", verb=verb, what=what)
    if status == "error":
        return say("failed", tool=tool.shown, message=_message(payload))
    error = failed_result(tool, payload)
    if error is not None:  # `{"error": "Rate limit reached"}`, without the error flag
        return say("failed", tool=tool.shown, message=error)
    media = _media(payload)
    if media:  # a chart drawn: "The history came back as an image (image/png)", not made
        return say("media_made", noun=noun, media=media)
    if tool.kind in ("read", "check") or (tool.kind is None and not args):
        return _read(tool, noun, args, payload, left_out)
    refused = _refused(payload)
    if refused is not None:  # "REJECTED — ledger left unchanged.", without the error flag
        return say("failed", tool=tool.shown, message=refused)
    titles = tool.role("title")
    title = title or (str(args[titles[0].name]) if titles and titles[0].name in args else None)
    if tool.kind is None and isinstance(payload, dict) and not items_of(payload):
        return _read(tool, noun, args, payload, left_out)
    text = f"{past(tool)} {noun}"
    if title:
        text += f" “{title}”"
    shown = details(args, tool, {titles[0].name} if titles else set())
    new = str(args[titles[0].name]) if titles and titles[0].name in args else None
    if tool.kind == "update" and title and new is not None and new != title:
        renamed = say("renamed_to", title=new)  # "rename X to Y": Y said in the answer
        shown = f"{renamed}, {shown}" if shown else renamed
    if shown:
        text += (": " if tool.kind == "update" else ", ") + shown
    ident = item_id(payload) if isinstance(payload, dict) else None
    if ident and tool.kind == "create" and ident != title:
        text += say("id_made", id=ident)
    made = _ids_made(payload) if tool.kind == "create" and not ident else []
    if made:  # `submit_rfq` -> `{"rfq_ids": [...]}`: the ids a later request needs, shown
        text += say("ids_made", ids=", ".join(map(str, made)))
    reply = _reply(payload) or _names_a_path(payload) or _document(payload)
    warned = warnings_of(payload)
    if warned and warned not in reply:  # shown once: not again after the text that holds it
        reply = "\n".join(r for r in (reply, say("warned", tool=tool.shown, warning=warned)) if r)
    return text + "." + (f"\n{reply}" if reply else "")


_MEDIA = re.compile(r"\[(image|audio) content(?: \(([^)]+)\))?\]")


def _media(payload: Any) -> str:
    """What a result holds when it is images or sounds alone (`payload_of` writes each as
    "[image content (image/png)]"): "image content (image/png)", "2 pieces of media"; else
    ""."""
    if not isinstance(payload, str):
        return ""
    lines = [line.strip() for line in payload.strip().splitlines() if line.strip()]
    found = [m for line in lines if (m := _MEDIA.fullmatch(line)) is not None]
    if not lines or len(found) != len(lines):
        return ""
    if len(found) > 1:
        return say("media_several", count=len(found))
    mime = found[0].group(2)
    return say("media_one", kind=found[0].group(1), mime=f" ({mime})" if mime else "")


def warnings_of(payload: Any) -> str:
    """What a write's result warns of, though the call succeeded: its lines that open with a
    warning (lexicon `WARNING_MARKS`: "⚠ Unknown ingredient: eggs"), in its text or the text of
    a one-field wrapper, or a field for warnings (`WARNING_KEYS`); "" when it warns of nothing."""
    if isinstance(payload, dict):
        for key in LEX.warning_keys:
            found = payload.get(key)
            if isinstance(found, str) and found.strip():
                return found.strip()[:_LIMIT]
            if isinstance(found, list) and found:
                return "; ".join(str(w) for w in found)[:_LIMIT]
        if len(payload) == 1:
            payload = next(iter(payload.values()))
    if not isinstance(payload, str):
        return ""
    lines = [
        line.strip()
        for line in payload.splitlines()
        if line.strip().lower().startswith(LEX.warning_marks)
    ]
    return "; ".join(lines)[:_LIMIT]


def call_failure(tool: ToolView, status: CallStatus, payload: Any) -> str | None:
    """The server's words when a call failed: marked an error, or saying so (`failed_result`)."""
    if status == "error":
        return _message(payload)
    return failed_result(tool, payload) if status == "ok" else None


def failed_result(tool: ToolView, payload: Any) -> str | None:
    """The server's words when its result, though not marked an error, says the call failed:
    an error it gives (`{"error": "Rate limit reached ..."}`, also as the JSON text of a
    one-field wrapper: `{"result": "{\\"error\\": ...}"}`) or a success flag that is false,
    with no items beside it, or a write's status that says nothing was done (a read's status,
    "failed" of a build, is what it read), or a text that opens by saying it is an error
    ("Error: '2pm'"), or a write's words that open by saying it did not do it (`_refused`).
    None for a check, whose finding an error may be."""
    if tool.kind == "check":
        return None
    if tool.kind in _WRITES and (refused := _refused(payload)) is not None:
        return refused  # "REJECTED — ledger left unchanged.", "报名失败:裁判令牌无效。"
    for _ in range(3):
        if isinstance(payload, str) and payload.lstrip().lower().startswith(LEX.error_openings):
            return payload.strip()  # "Error: '2pm'": the server's words, no result
        if isinstance(payload, str):
            payload = json_text(payload)
        if not isinstance(payload, dict):
            return None
        if _a_record(payload):  # `{"id": 3, "status": "failed", "error": "timeout ..."}`: the
            return None  # record made, its own fields, never the call's failure
        for key, said in LEX.failed_statuses.items():  # a write "unconfirmed": not done
            if (
                tool.kind not in (None, "read")
                and str(payload.get(key, "")).lower() in said.split()
            ):
                return _message(payload)
        if items_of(payload):
            return None
        for key in LEX.error_keys:
            error = payload.get(key)
            if error and isinstance(error, (str, dict, list)):
                return _message({LEX.error_keys[0]: error} if isinstance(error, dict) else error)
        if any(payload.get(flag) is False for flag in LEX.success_flags):
            return _message(payload)
        if len(payload) != 1:
            return None
        payload = next(iter(payload.values()))
    return None


_WRITES = ("create", "update", "delete")  # tools whose words may say they did not do it
_RECORD_FIELDS = 4  # an id and this many fields or more: a record, not an error's wrapper


def _a_record(payload: dict[str, Any]) -> bool:
    """Whether a result is a record echoed back: an id of its own (a number or a text) among
    four fields or more, its `error` a text (a JSON-RPC error is an object)."""
    ids = [k for k in payload if k.lower() in LEX.id_words and isinstance(payload[k], str | int)]
    errors = [payload[k] for k in LEX.error_keys if k in payload]
    return bool(ids) and len(payload) >= _RECORD_FIELDS and all(isinstance(e, str) for e in errors)


_PUNCTUATION = re.compile(r"[^\w\s]")


def _refused(payload: Any) -> str | None:
    """The server's own words, when they are all its result holds and open by saying it did
    not do it (lexicon `REFUSAL_LEADS`; in a language written without spaces, a mark of
    failure in its first clause, `REFUSAL_MARKS`: "报名失败:裁判令牌无效。")."""
    if isinstance(payload, dict) and len(payload) == 1:
        payload = next(iter(payload.values()))
    if not isinstance(payload, str):
        return None
    opening = words_of(_PUNCTUATION.sub(" ", payload[:40]))[:3]  # "Error: ..." as "error"
    for lead in LEX.refusal_leads:
        said = lead.split()
        if opening[: len(said)] == said:
            return payload.strip()[:_LIMIT]
    clause = _PUNCTUATION.split(payload.strip(), maxsplit=1)[0][: LEX.refusal_clause_letters]
    if any(mark in clause for mark in LEX.refusal_marks):  # "报名失败:裁判令牌无效。"
        return payload.strip()[:_LIMIT]
    return None


def _reply(payload: Any) -> str:
    """A run tool's own words (an agent's answer), when its result has them."""
    if isinstance(payload, dict):
        for key in LEX.reply_keys:
            if isinstance(payload.get(key), str) and payload[key]:
                return str(payload[key])[:_LIMIT]
    return ""


def _document(payload: Any) -> str:
    """The text a call made for the user to read, when its result is that text alone and it
    runs over lines of its own (a meal plan, a shopping list): a record's one-line "Created
    recipe 'X'" is no more than the answer says."""
    if isinstance(payload, dict) and len(payload) == 1:
        payload = next(iter(payload.values()))
    if isinstance(payload, str) and "\n" in payload.strip():
        return payload.strip()[:_LIMIT]
    return ""


_PATH = re.compile(r"(?:^|\s)(?:/|~/)[^\s]+")


def _names_a_path(payload: Any) -> str:
    """The result's message when it names a file the call made or kept ("its work ... is kept
    in /home/me/.../writer2.patch"): where to find something, which the call's arguments cannot
    say."""
    message = payload.get("message") if isinstance(payload, dict) else None
    if isinstance(message, str) and _PATH.search(message):
        return message.strip()[:_LIMIT]
    return ""


def _message(payload: Any) -> str:
    if isinstance(payload, str):
        return payload.strip()
    if isinstance(payload, dict):
        err = payload.get("error")
        if isinstance(err, dict):
            return str(err.get("message") or err)
        return str(payload.get("message") or err or payload)
    return str(payload)


def _read(tool: ToolView, noun: str, args: dict[str, Any], payload: Any, left_out: str) -> str:
    filters = details(args, tool, set())
    suffix = f" ({filters})" if filters else ""
    items = items_of(payload)
    groups = _lists(payload)
    if len(groups) > 1 and not one_item(payload):  # a graph: its entities and its relations
        return "\n".join(_read(tool, singular(key), {}, {key: value}, "") for key, value in groups)
    if isinstance(payload, str) and not payload.strip():  # an empty answer: nothing found
        return say("none_found", plural=plural_of(noun), suffix=suffix)
    if isinstance(payload, str):
        text = payload if len(payload) <= _LIMIT else payload[:_LIMIT] + " …"
        return f"{tool.name}{suffix}:\n{text}"
    if items == [] and _a_verdict(payload, noun, args):
        items = None  # "fully covered True" beside an empty `gaps`: a check's answer, no listing
    if items is None:
        if isinstance(payload, dict):
            inner = next((v for v in payload.values() if isinstance(v, dict)), None)
            target = inner if inner is not None and len(payload) == 1 else payload
            shown = describe_item(target, full=True)
            if tool.kind == "check":
                return shown
            return say("found_one", noun=noun.capitalize(), shown=shown)
        return f"{tool.name}{suffix}: {payload}"
    plural = plural_of(noun)
    if not items:
        if left_out.startswith(LEX.answers["none_default"].split("{", 1)[0]):
            return left_out.replace(";", f"{suffix};", 1)  # "No pending todos; 1 completed — …"
        found = say("none_found", plural=plural, suffix=suffix)
        totals = _scalars(payload, args, 0)  # "count 9; total dias 12" beside an empty list
        return found + (f"\n{totals}" if totals else "") + (f" {left_out}" if left_out else "")
    head = say(
        "count_head", count=len(items), noun=noun if len(items) == 1 else plural, suffix=suffix
    )
    lines = [head, *(f"- {describe_item(i)}" for i in items[:100])]
    if len(items) > 100:
        lines.append(say("and_more", count=len(items) - 100))
    totals = _scalars(payload, args, len(items))
    if totals:
        lines.append(totals)
    if left_out:
        lines.append(left_out)
    return "\n".join(lines)


def _scalars(payload: Any, args: dict[str, Any], shown: int) -> str:
    """The plain fields beside a listing's items ("total 150.0"), those not asked for, less a
    count of the items the head already says ("3 todos:" then "count 3")."""
    if not isinstance(payload, dict):
        return ""
    parts = [
        say("noun_value", label=_label(k), value=_value(k, v))
        for k, v in payload.items()
        if isinstance(v, (int, float, str))
        and not isinstance(v, bool)
        and k not in args
        and not (v == shown and isinstance(v, int) and LEX.count_fields & set(words_of(k)))
    ]
    return "; ".join(parts)


def _a_verdict(payload: Any, noun: str, args: dict[str, Any]) -> bool:
    """Whether a result with an empty list is an answer of its own, no listing: a yes or no
    (not a success flag) or a text it made (not an argument echoed back: "abc" beside an
    empty `warnings`), and no empty list named for what the tool lists (`todos`)."""
    if not isinstance(payload, dict):
        return False
    given = {str(v) for v in args.values()}
    verdicts = [
        k
        for k, v in payload.items()
        if (isinstance(v, bool) and k not in LEX.success_flags and k not in LEX.more_fields)
        or (isinstance(v, str) and "\n" in v.strip() and v not in given)
    ]
    own = {singular(w) for k, v in payload.items() if isinstance(v, list) for w in words_of(k)}
    return bool(verdicts) and singular(noun) not in own


def _lists(payload: Any) -> list[tuple[str, list[Any]]]:
    if not isinstance(payload, dict):
        return []
    return [
        (k, v)
        for k, v in payload.items()
        if isinstance(v, list) and v and all(isinstance(i, dict) for i in v)
    ]


def example(tool: ToolView) -> str:
    """One phrasing that works for the tool: “add a todo called …”."""
    noun = noun_of(tool).replace("_", " ")
    verb = tool.verb or say("example_use")
    required = [p for p in tool.required if p.role != "const"]
    parts = [verb]
    ident = tool.identifier
    if tool.kind == "create":
        parts.append(say("example_an" if noun[:1] in LEX.an_before else "example_a", noun=noun))
    elif tool.kind == "read" and not tool.is_get:
        parts.append(plural_of(noun))
    elif ident is not None and ident.role == "key":
        parts.append(f"<{ident.words[0] if ident.words else LEX.name_word}>")
    else:
        parts.append(say("example_the", noun=noun))
    for param in required:
        if param is ident and tool.kind != "create":
            continue
        parts.append(_example_value(param))
    return "“" + " ".join(parts) + "”"


def _example_value(param: Param) -> str:
    examples = param.schema.get("examples") or []
    shown = str(examples[0]) if examples and not isinstance(examples[0], (list, dict)) else "…"
    if param.role == "title":
        return say("example_title", value=shown)
    if param.role in ("moment", "day"):
        return say("example_moment")
    if param.role == "duration":
        return say("example_duration")
    if param.role == "url":
        return say("example_url")
    if param.role in ("body",) and param.name in LEX.instruction_params:
        return say("example_body", value=shown)
    if param.role == "enum" and param.enum:
        return f"{param.enum[0]}"
    return f"{' '.join(param.words)} {shown}"


def capabilities(tools: list[ToolView]) -> str:
    """What the tools can do, server by server, with a phrasing for a read and one for a write
    of each: the answer to "what can you do?"."""
    servers: dict[str, list[ToolView]] = {}
    for tool in tools:
        servers.setdefault(tool.server, []).append(tool)
    if len(servers) == 1:
        lines = [say("capabilities_one", server=next(iter(servers)))]
    else:
        lines = [say("capabilities", count=len(servers))]
    for server, group in servers.items():
        names = ", ".join(t.name.rpartition("__")[2] for t in group)
        read = next((t for t in group if t.kind == "read"), None)
        write = next((t for t in group if t.kind in ("create", "update")), None)
        shown = [example(t) for t in (read, write) if t is not None] or [example(group[0])]
        lines.append(
            say("capabilities_server", server=server, tools=names, examples=", ".join(shown))
        )
    lines += [say("capabilities_tail"), LLM_HINT]
    return "\n".join(lines)


def unsure(request: str, understood: list[str], missing: list[str], tools: list[ToolView]) -> str:
    """Why nothing was done: what was understood, what is missing, phrasings that work."""
    lines = [say("unsure", request=request)]
    if understood:
        lines.append(say("understood", what="; ".join(understood)))
    if missing:
        lines.append(say("missing", what="; ".join(missing)))
    if tools:
        lines.append(say("tools_fit") if len(tools) < 12 else say("some_tools"))
        lines += [say("tool_example", tool=t.name, example=example(t)) for t in tools[:8]]
        if len(tools) > 8:
            lines.append(say("more_tools", count=len(tools) - 8))
    lines.append(LLM_HINT)
    return "\n".join(lines)


def _ids_made(payload: Any) -> list[str | int]:
    """The ids a write made several records with, as its result lists them under a field
    named for ids (`{"rfq_ids": ["a1b2c3d4", ...]}`)."""
    if not isinstance(payload, dict):
        return []
    for key, value in payload.items():
        words = words_of(str(key))
        if (
            words
            and singular(words[-1]) in LEX.id_words
            and isinstance(value, list)
            and value
            and all(isinstance(v, str | int) and not isinstance(v, bool) for v in value)
        ):
            return list(value)
    return []
