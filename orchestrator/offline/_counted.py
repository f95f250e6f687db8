"""What a question of "how many" or "how much" asks of a tool's description: a count it says it
returns ("how many words: ..." for a "word count"), statistics it says it gives of the thing
asked about, or, for a sum ("how much did I spend"), never a count."""

from __future__ import annotations

from orchestrator.offline._read import Request
from orchestrator.offline._tokens import singular, words_of
from orchestrator.offline._tools import ToolView
from orchestrator.offline.lexicon import LEXICON as LEX
from orchestrator.offline.lexicon import WEIGHTS as W

__all__ = ["counted", "counts_for_a_sum"]


def counts_for_a_sum(reading: Request, tool: ToolView) -> bool:
    """Whether the request asks a sum ("how much did I spend", lexicon `SUM_WORDS_ASKED`, and
    no "how many") of a tool whose description says it gives counts ("Calendar entry counts
    for a month"), and no amount of money: a number of things, not an amount."""
    asked = reading.words & LEX.amount_words_asked
    if not asked or not asked <= LEX.sum_words_asked:
        return False
    said = {singular(w) for w in words_of(tool.description)}
    money = LEX.amount_words - LEX.report_nouns  # "Returns counts ... and total cost basis":
    return LEX.count_word in said and not said & money  # the sum too


def counted(reading: Request, tool: ToolView) -> bool:
    """Whether the request asks how many of a thing ("how many words: ...") the tool's
    description says it returns the count of ("return word count, char count"), or the count
    of a word said after it in the clause ("how many problems have I solved": "solved
    counts"), or whose statistics it says it gives ("how many todos have I got": "statistics
    about the todo list", a report noun with the thing within `counted_reach` words after)."""
    norms = [t.norm for t in reading.text.tokens]
    described = tool.description.lower()
    for phrase in LEX.amount_questions:
        said = phrase.split()
        for k in range(len(norms) - len(said)):
            if norms[k : k + len(said)] == said:
                thing = singular(norms[k + len(said)])
                if thing.isalpha() and f"{thing} {LEX.count_word}" in described:
                    return True
                if phrase not in LEX.count_questions:
                    continue
                if thing.isalpha() and _reported(thing, tool):
                    return True
                if any(  # "how many journal entries": "Calendar entry counts"
                    f"{form} {LEX.count_word}" in described
                    for word in _clause_after(norms, k + len(said) + 1)
                    for form in {word, singular(word)}
                ):
                    return True
    return False


def _clause_after(norms: list[str], start: int) -> list[str]:
    """The content words from `start` to the end of its clause."""
    out = []
    for word in norms[start:]:
        if word in LEX.clause_breaks or not word.isalpha():
            break
        if word not in LEX.stop_words:
            out.append(word)
    return out


def _reported(thing: str, tool: ToolView) -> bool:
    """Whether the tool's description gives statistics of `thing`: a report noun with the thing
    said within `counted_reach` words after it ("statistics about the todo list")."""
    words = [singular(w) for w in words_of(tool.description.lower())]
    return any(
        word in LEX.report_nouns and thing in words[i + 1 : i + 1 + W.counted_reach]
        for i, word in enumerate(words)
    )
