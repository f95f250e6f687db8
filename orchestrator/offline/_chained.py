"""A request of two halves whose second works on what the first returns ("base64 decode
VGhl... and tell me how readable that sentence is", "pull out what's between <key> and </key>
in ... and give me its md5"): the first is a read or a computation, the second points back at
its result ("that sentence", "it", "its md5"). Once the first is made, its result's one value
(the text or number it returned, never an argument it echoes back, such as the algorithm it
was asked for) is put where the second points, quoted, and the second is read with it. Only a
read or a computation takes it: a value nobody has seen is never written into a record ("buy
that much" stays undone, `_halves`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from orchestrator.offline._items import json_text
from orchestrator.offline._read import Request
from orchestrator.offline.lexicon import LEXICON as LEX

__all__ = ["result_value", "with_result"]

_LONGEST = 200  # characters of a value put into a request: longer ones are no text to quote


def result_value(arguments: Mapping[str, Any], output: Any) -> str | None:
    """The one value a call returned: its text, or the one longest text or number among its
    fields that is not an argument it was given; None when no one value stands out."""
    inner = json_text(output)
    payload = inner if inner is not None else output
    if isinstance(payload, Mapping) and len(payload) == 1:
        only = next(iter(payload.values()))
        payload = only if isinstance(only, str | int | float) else payload
    if isinstance(payload, str | int | float) and not isinstance(payload, bool):
        text = str(payload).strip()
        return text if 0 < len(text) <= _LONGEST else None
    if not isinstance(payload, Mapping):
        return None
    given = {str(v).lower() for v in arguments.values()}
    texts = [
        str(v)
        for k, v in payload.items()
        if isinstance(v, str)
        and v.strip()
        and v.lower() not in given
        and k not in LEX.success_flags
    ]
    if not texts:
        return None
    texts.sort(key=len, reverse=True)
    if len(texts) > 1 and len(texts[0]) == len(texts[1]):
        return None  # two as long: which one is unclear
    return texts[0] if len(texts[0]) <= _LONGEST else None


def with_result(second: Request, value: str) -> str | None:
    """The second half with `value`, quoted, where it points back: "that sentence" and "it"
    become the value, "its md5" the md5 "of" it; None when it points nowhere."""
    tokens = second.text.tokens
    text = second.text.original
    quoted = f"'{value}'"
    for i, tok in enumerate(tokens):
        if tok.norm in LEX.pointing_words and i + 1 < len(tokens) and tokens[i + 1].kind == "word":
            end = tokens[i + 1].end  # "that sentence"
            return text[: tok.start] + quoted + text[end:]
        if tok.norm in LEX.object_pronouns:  # "hash it"
            return text[: tok.start] + quoted + text[tok.end :]
        if tok.norm in LEX.possessive_pronouns and i + 1 < len(tokens):  # "its md5"
            noun = tokens[i + 1]
            return f"{text[: tok.start]}{noun.text} {LEX.of_word} {quoted}{text[noun.end :]}"
    return None
