"""The values a free-text parameter's description lists: "One of high, med, low", "(a/b/c)",
"status: open|done|all", a range of capitals ("(A-Z)"), or a kind of thing the tool's first
paragraph lists ("Create a new issue, todo, feature, epic, or diary entry"). A parameter that
lists its values is filled as an enum of them (`_tools.ToolView.of`). Words joined by slashes
before a word for a name ("Player/character/Pokemon name") are kinds of that name, no values."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from orchestrator.offline._tokens import words_of
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["described_enum", "glossed_values", "listed_values", "spelled"]

_ENDS = "|".join(LEX.list_ends)
_EITHER = "|".join(LEX.either_joins)  # "confirmed or cancelled", never "objectives and constraints"
_ONE_OF = re.compile(  # "One of high, med, low." / "one of: a, b or c"
    rf"\b(?:{'|'.join(LEX.one_of_markers)})\s*:?\s*([\w-]+(?:\s*(?:,|/|\b(?:{_ENDS})\b)\s*[\w-]+)+)",
    re.I,
)
_ALTERNATIVES = re.compile(r"\(\s*([\w-]+(?:\s*/\s*[\w-]+)+)\s*\)")  # "(high/med/low)"
_SLASHED = re.compile(
    r"(?<![\w/|])([\w-]+(?:([/|])[\w-]+)(?:\2[\w-]+)+)(?![\w/|])"
)  # "a/b/c", "a|b|c"
_LEADING = re.compile(  # "status: open, done, or all (default)": its description is the list
    rf"\s*([\w-]+(?:\s*,\s*[\w-]+)+,?\s+(?:{_ENDS})\s+[\w-]+)\s*(?:[.(]|$)", re.I
)
_AFTER_DASH = re.compile(  # "New status — want_to_read, reading, or finished": after a dash
    rf"(?:—|–|\s-\s)\s*([\w-]+(?:\s*,\s*[\w-]+)+,?\s+(?:{_ENDS})\s+[\w-]+)\s*(?:[.(]|$)", re.I
)
_BRACKETED = re.compile(  # "Filter by status (want_to_read, reading, finished)": three or more
    r"\(\s*([\w-]+(?:\s*,\s*[\w-]+){2,})\s*\)"
)
_LATIN = r"[A-Za-z][A-Za-z0-9_-]*"
_UNSPACED_EITHER = re.compile(  # "cat或dog", in a description written without spaces
    rf"(?<![A-Za-z0-9_])({_LATIN})(?:{'|'.join(LEX.unspaced_either_joins)})({_LATIN})"
    r"(?![A-Za-z0-9_])"
)
_MARKS = "".join(re.escape(m) for m in LEX.unspaced_list_marks)
_EQUALS_GLOSSED = re.compile(  # "cabin=客舱、cargo=托运、both=两者": each value glossed after "="
    rf"(?<![A-Za-z0-9_])({_LATIN})\s*=\s*[^{_MARKS}\s=]+(?:[{_MARKS}]\s*(?:{_LATIN})\s*="
    rf"\s*[^{_MARKS}\s=]+)+"
)
_COUNTED = re.compile(r"\s+[a-z]", re.I)  # numbers before a word: what they count
_SPLIT_VALUES = re.compile(rf"\s*(?:,|/|\|)\s*(?:(?:{_ENDS})\s+)?|\s+(?:{_ENDS})\s+", re.I)
_WHOLE_LIST = re.compile(  # "compounding: annually | quarterly | monthly": three or more
    r"\s*([\w-]+(?:\s*[,|]\s*[\w-]+){2,})\s*\.?\s*"
)
_LITERAL = re.compile(r"\bLiteral\[([^\]]*)\]")
_GLOSSED = r"[\w-]+(?:\s*\([^()]{1,40}\))?"  # "P0 (critical)": a value, what it means after it
_DOTTED = re.compile(  # "P0 (critical) · P1 (high) · P2 (medium)", "opus · sonnet · haiku"
    rf"{_GLOSSED}(?:\s*[{''.join(LEX.value_dots)}]\s*{_GLOSSED})+"
)
_DOTS = re.compile(rf"\s*[{''.join(LEX.value_dots)}]\s*")
_PART = re.compile(r"([\w-]+)(?:\s*\(([^()]{1,40})\))?")
_BULLET = re.compile(  # '- "prerequisite": Source must be learned before target'
    r"^[ \t]*[-*\u2022][ \t]*[\"'`]?([\w-]+)[\"'`]?[ \t]*:[ \t]*(.*)$", re.M
)
_GLOSS_WORDS = 3  # a value's meaning said in as many words at most names it ("Just the JSON")
_LETTERS = re.compile(r"\(\s*([A-Z])\s*(?:-|–|\.\.)\s*([A-Z])\s*\)")
_SPLIT = re.compile(rf"\s*,\s*(?:(?:{_ENDS})\s+)?|\s+(?:{_ENDS})\s+", re.I)
_LISTED = re.compile(  # "an issue, todo, feature, epic, or diary entry": three or more words
    rf"(\w+(?:\s*,\s*\w+(?: \w+)?)+,?\s+(?:{_ENDS})\s+\w+)", re.I
)
_OPEN = "|".join(LEX.open_list_words)  # "(mean, median, mode, etc.)": the list goes on
_QUOTED = re.compile(r"[\"'`]([^\"'`]+)[\"'`]")  # a value quoted in a description
_BRACKETS = re.compile(r"\(([^()]+)\)")
_IN_BRACKETS = re.compile(rf"\((\w+(?:\s*,\s*\w+){{2,}})(?:\s*,?\s*(?:{_OPEN})\.?)?\)")


def described_enum(
    name: str, schema: dict[str, Any], words: tuple[str, ...], description: str
) -> dict[str, Any]:
    """A free-text kind of thing (`item_type`) whose values the description lists, in the
    parameter's own line ("item_type: Filter by type (issue, feature, epic)") or else in the
    tool's first paragraph ("Create a new issue, todo, feature, epic, or diary entry"): those
    words become its enum, so it is filled only with one of them, never with any other word."""
    if schema.get("enum") or schema.get("type") not in ("string", None) or not words:
        return schema
    letters = _letter_range(name, schema, description)
    if letters:  # "priority: Priority level (A-Z)": one of those letters, nothing else
        return {**schema, "enum": letters}
    if words[-1] not in LEX.kind_param_words or name.endswith("s"):  # `source_types`: a list
        return schema
    if _examples(str(schema.get("description") or "")):
        return schema  # "What kind of workout, e.g. "running", "cycling". Free-form.": its own
        # examples, none of the kinds the tool's first paragraph lists
    own = re.search(
        rf"^\s*{re.escape(name)}\s*:\s*(.+(?:\n\s+(?![\w-]+\s*:).+)*)", description, re.M
    )
    found = None  # its own description first ("Statistical operation (mean, median, etc.)")
    for text in (
        str(schema.get("description") or ""),
        own.group(1) if own else re.split(r"\n\s*\n", description)[0],
    ):
        text = re.sub(r"['\"`]", "", text)
        found = _IN_BRACKETS.search(text) or _LISTED.search(text)
        if found is not None:
            break
    if found is None:
        return schema
    items = [i.split() for i in _SPLIT.split(found.group(1)) if i.strip()]
    values = [item[-1] if n == 0 else item[0] for n, item in enumerate(items) if item]
    if len(set(values)) < 3:
        return schema
    return {**schema, "enum": list(dict.fromkeys(v.lower() for v in values))}


_RULED = "|".join(re.escape(v) for v in LEX.value_rule_verbs)


_QUOTED = re.compile(r"""['"]([\w-]+)['"]""")


def _quoted_after_name(name: str, description: str) -> tuple[str, ...]:
    """Three values or more, each in quotes, that the tool's description lists in the sentence
    that names the parameter in backticks, joined by commas and "or", a gloss in brackets after
    any ("`rating` is how well it was recalled: 'again' (forgot), 'hard', 'good', or 'easy'");
    else none."""
    said = re.search(rf"`{re.escape(name)}`(.*?)(?:\.\s|\.?$)", description, re.S)
    if said is None:
        return ()
    text = said.group(1)
    found = list(_QUOTED.finditer(text))
    if len(found) < 3:
        return ()
    between = _QUOTED.sub("§", text[found[0].start() : found[-1].end()])
    between = re.sub(r"\([^)]*\)", "", between)
    if not re.fullmatch(rf"§(?:\s*,?\s*(?:(?:{_EITHER})\s+)?§)+", between.strip()):
        return ()
    return tuple(dict.fromkeys(m.group(1) for m in found))


def listed_values(name: str, schema: dict[str, Any], description: str) -> tuple[str, ...]:
    """The values a free-text parameter's own description, or its own line in the tool's, says
    it takes (the lines indented under its own line too): after "one of" or "values are"
    ("priority: One of "high", "med", "low"", "common values are BACKLOG, TODO") or as
    alternatives in brackets ("New priority (high/med/low)"), or one to a line after bullets
    ('- "stalled": Multiple reviews ...'), or three or more joined by slashes or bars ("Filter
    by high/med/low", "status: open|done|all"), or as the whole of its description ("status:
    open, done, or all (default)") or all after a dash ("New status — open, done, or all"), or
    three or more words alone in brackets, nothing else ("Filter by status (open, done, all)";
    not "(fiction, sci-fi, etc.)"); a line break after a bar or a slash goes on with the list
    ("status: open|blocked|" / "done"). Empty when it lists none. Each as written there:
    "(BACKLOG, TODO, DOING, DONE)" keeps its capitals (see `spelled`)."""
    if schema.get("type") not in ("string", None):
        return ()
    bulleted = _bulleted(str(schema.get("description") or ""))
    if bulleted:  # 'Type of query. One of:\n- "prerequisites": ...\n- "stalled": ...'
        return tuple(dict.fromkeys(value for value, _ in bulleted))
    quoted = _quoted_after_name(name, description)
    if (
        quoted
    ):  # "`rating` is how well it was recalled: 'again' (forgot), 'hard', 'good', or 'easy'"
        return quoted
    texts = _own_texts(name, schema, description)
    for text in texts:
        dotted = _dotted(text)
        if dotted:  # "priority: P0 (critical) · P1 (high) · P2 (medium) · P3 (low)"
            return tuple(dict.fromkeys(value for value, _ in dotted))
    own = re.search(  # its own line, and the lines indented under it
        rf"^\s*{re.escape(name)}\s*:\s*(.+(?:\n[ \t]+(?=\S)(?![\w-]+\s*:).+)*)", description, re.M
    ) or re.search(
        rf"\b{re.escape(name)}\s*:\s*([^.\n]+(?:\n\s*[^.\n:]+)?)", description
    )  # "... Use compounding: annually, quarterly, monthly." inside a line, or on the next
    named = re.search(  # "filtered by assignee (hamza|sana|ali)": bracketed after its name
        rf"\b{re.escape(' '.join(words_of(name)))}\s*(\([\w\s/|-]+\))", description, re.I
    )
    spoken = re.escape(" ".join(words_of(name)))
    two = re.search(  # "filter by status: confirmed or cancelled": two, all after its name
        rf"\b{spoken}\s*:\s*([\w-]+)\s+(?:{_EITHER})\s+([\w-]+)\s*\.?\s*$",
        str(schema.get("description") or ""),
        re.I,
    )
    if two and not set(words_of(name)) & (LEX.title_words | LEX.query_words):  # (a name's not)
        return (two.group(1), two.group(2))
    ruled = re.search(  # "bios_type must be one of: ami_legacy, ami_aptio, award_phoenix",
        rf"\b{re.escape(name)}\s*(?:{_RULED})\s*:?\s*([^—.;。；]+)",  # "stage 只能是:理论/实操"
        description,  # in the tool's
    )
    for text in (
        str(schema.get("description") or ""),
        own.group(1) if own else "",
        named.group(1) if named else "",
        ruled.group(1) if ruled else "",
    ):
        text = " ".join(text.split())
        unspaced = _unspaced_values(text)
        if unspaced:  # "宠物类型，cat或dog，默认cat"; "cabin=客舱、cargo=托运、both=两者"
            return unspaced
        examples = _examples(text)
        held = _holding(text, examples)
        if held:  # 'e.g. "steps", "mood" ... (steps, sleep_hours, mood, out of the box)'
            return held
        text = re.sub(r"['\"`]", "", text)
        text = _LITERAL.sub(r"\1", text)  # "Options: Literal[add, remove]": a type's values
        text = re.sub(r"(?<=[\w-])([|/]) (?=[\w-])", r"\1", text)  # "open|blocked|\n done"
        found = (
            _ONE_OF.search(text)
            or _ALTERNATIVES.search(text)
            or _SLASHED.search(text)
            or _LEADING.match(text)
            or _AFTER_DASH.search(text)
            or _BRACKETED.search(text)
            or _WHOLE_LIST.fullmatch(text)
        )
        if found is not None:
            values = [v.strip() for v in _SPLIT_VALUES.split(found.group(1))]
            if all(v.isdigit() for v in values) and _COUNTED.match(text, found.end()):
                continue  # "#hex (3/4/6/8 digits)": how long a value is, not the values
            before = text[: found.start(1)].split()[-1:]
            if before and before[0].lower() in LEX.purpose_words:
                continue  # "Datetime string for convert/format/timestamp": what it is for
            after = words_of(text[found.end(1) :])[:1]
            if after and after[0] in LEX.title_words:
                continue  # "Player/character/Pokemon name": kinds of name, not its values
            if examples and not examples <= {v.lower() for v in values}:
                continue  # 'e.g. "steps" ... a known method (sum/mean/last)': not its values
            if len(values) >= 2 and all(values):
                return tuple(dict.fromkeys(values))
    return _holding_default(schema, description)


def _unspaced_values(text: str) -> tuple[str, ...]:
    """Values in Latin letters a description written without spaces lists: two joined by its
    word for "or" ("cat或dog"), or each glossed after "=" ("cabin=客舱、cargo=托运")."""
    if not any(unicodedata.category(c) == "Lo" for c in text):
        return ()  # ("Tolerance (Gold=±5%, Silver=±10%)": no list of values, in English)
    glossed = _EQUALS_GLOSSED.search(text)
    if glossed is not None:
        return tuple(dict.fromkeys(re.findall(rf"({_LATIN})\s*=", glossed.group(0))))
    either = _UNSPACED_EITHER.search(text)
    return (either.group(1), either.group(2)) if either is not None else ()


def glossed_values(
    name: str, schema: dict[str, Any], description: str
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """What each value its description lists between dots means, in the words in brackets
    after it ("P0 (critical) · P1 (high) · P3 (low)": "low" names P3), lower case; none where
    it says none."""
    if schema.get("type") not in ("string", None):
        return ()
    bulleted = _bulleted(str(schema.get("description") or ""))
    if bulleted:  # '- "upstream": Follow edges where center is target (prerequisites)'
        return tuple(
            (value.lower(), tuple(words_of(gloss.lower())))
            for value, gloss in bulleted
            if 0 < len(words_of(gloss)) <= _GLOSS_WORDS
        )
    for text in _own_texts(name, schema, description):
        dotted = _dotted(text)
        if dotted:
            return tuple(
                (value.lower(), tuple(words_of(gloss.lower())))
                for value, gloss in dotted
                if gloss and words_of(gloss)
            )
    return ()


def _bulleted(text: str) -> list[tuple[str, str]]:
    """The values a description lists one to a line, each after a bullet and before a colon,
    quoted or not, with what follows the colon ('- "due_for_review": Nodes where ...'): two
    lines or more, else none."""
    found = [(m.group(1), m.group(2).strip()) for m in _BULLET.finditer(text)]
    return found if len(found) >= 2 else []


def _own_texts(name: str, schema: dict[str, Any], description: str) -> list[str]:
    """Its own description, then its own line in the tool's (`Args:`), in one line each."""
    own = re.search(rf"^\s*{re.escape(name)}\s*:\s*(.+)$", description, re.M)
    return [
        " ".join(text.split())
        for text in (str(schema.get("description") or ""), own.group(1) if own else "")
    ]


def _dotted(text: str) -> list[tuple[str, str]]:
    """The values a text lists between dots, each with the words in brackets after it."""
    found = _DOTTED.search(text)
    if found is None:
        return []
    out = []
    for part in _DOTS.split(found.group(0)):
        match = _PART.fullmatch(part.strip())
        if match is None:
            return []
        out.append((match.group(1), match.group(2) or ""))
    return out


def _holding_default(schema: dict[str, Any], description: str) -> tuple[str, ...]:
    """The words listed after a heading in the tool's description, three or more parted by
    commas, when one of them is the parameter's default ("Modi: monochrome, analogic, triad,
    quad." for a `mode` whose default is "analogic", in any language), or three or more parted
    by slashes ("redact/mask/hash" for a `mode` whose default is "redact"): its values."""
    default = schema.get("default")
    if not isinstance(default, str) or not default:
        return ()
    text = " ".join(description.split())
    for listed in re.findall(
        r":\s*([\w-]+(?:\s*\([^)]*\))?(?:\s*,\s*[\w-]+(?:\s*\([^)]*\))?){2,})", text
    ):
        values = [re.sub(r"\s*\(.*\)$", "", v).strip() for v in listed.split(",")]
        if default in values:
            return tuple(dict.fromkeys(values))
    for slashed in re.findall(r"(?<![\w/])([a-z][\w-]*(?:/[a-z][\w-]*){2,})(?![\w/])", text, re.I):
        values = slashed.split("/")  # "Detect and redact/mask/hash secrets": for `mode`
        if default.lower() in (v.lower() for v in values):  # whose default is "redact"
            return tuple(dict.fromkeys(values))
    return ()


def _examples(text: str) -> frozenset[str]:
    """The quoted values a description gives after a word that leads examples (lexicon
    `EXAMPLE_LEADS`: 'Name of the metric, e.g. "resting_heart_rate", "steps"'), two or more."""
    lowered = text.lower()
    for lead in LEX.example_leads:
        at = lowered.find(lead)
        if at >= 0:
            values = _QUOTED.findall(text[at + len(lead) :].split(")")[0].split(".")[0])
            if len(values) >= 2:
                return frozenset(v.strip() for v in values)
    return frozenset()


def _holding(text: str, examples: frozenset[str]) -> tuple[str, ...]:
    """The words of a bracketed list that holds every example given ("(steps, sleep_hours,
    mood, out of the box)"), those of one word each; empty when no list holds them all."""
    if not examples:
        return ()
    for inside in _BRACKETS.findall(text):
        items = [i.strip() for i in _SPLIT.split(inside) if i.strip()]
        words = [i for i in items if re.fullmatch(r"[\w-]+", i)]
        if len(words) >= 3 and examples <= set(words):
            return tuple(dict.fromkeys(words))
    return ()


def spelled(values: tuple[str, ...]) -> list[str]:
    """The values a description lists, as they are sent: in capitals when it writes every one
    in capitals, as constants are ("Optional column filter (BACKLOG, TODO, DOING, DONE)": a
    server that compares them as written refuses "doing"), else in lower case ("One of High,
    med, low": a sentence's capital is no spelling)."""
    if all(v.isupper() for v in values):
        return list(values)
    return [v.lower() for v in values]


def _letter_range(name: str, schema: dict[str, Any], description: str) -> list[str]:
    """The letters a free-text parameter takes when its own description, or its own line in the
    tool's, gives a range of capitals in brackets ("Priority level (A-Z)")."""
    own = re.search(rf"^\s*{re.escape(name)}\s*:\s*(.+)$", description, re.M)
    for text in (str(schema.get("description") or ""), own.group(1) if own else ""):
        found = _LETTERS.search(text)
        if found and found.group(1) < found.group(2):
            return [chr(c) for c in range(ord(found.group(1)), ord(found.group(2)) + 1)]
    return []
