"""Misses of user trials 25 and 26 (read since, never tuned on at first sight), over the servers'
own schemas (`_colors.py`, `_units.py`, `_sqlite.py`) beside the bundled todo server's tools:
- a search's verb said with words after it ("find me some fire emojis", "find a coffee emoji")
  is a search by those words, never a lookup of one key they might be (a search's required
  terms are said; the noun said in the plural, "emojis", even where the typed word is read as
  the tool's own noun);
- one verb said of two things ("show my todos and the emoji categories", "search emoji
  'shopping' and search the store for 'bag'"): both read, one after the other, unless one call
  takes both ("find emojis for rain and snow": one search);
- a conversion to two targets ("what's #ff0000 in rgb and in hsl", "5 km in miles and yards"):
  both made;
- a value between formats said as a question ("what color is 00ff7f in hsv"), in its format's
  own notation ("rgb(34, 139, 34) in hex pls"), and a follow-up that names only the next format
  ("and to hsl?", "what about hsv");
- what a tool of no verb of ours returns, said in its description's words ("the html entity for
  🍕": `emoji_encode`, "Returns ... HTML entity, CSS content value");
- a listing returned as Python prints a list ("[{'name': 'plants'}]") read as its items: "describe
  the plants table" had been answered "No table named plants"."""

from __future__ import annotations

from tests.orchestrator.offline import _colors, _sqlite, _units
from tests.orchestrator.offline._routing import calls, conversation, turn
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_colors.TOOLS]


async def test_a_search_by_the_words_after_its_verb() -> None:
    for said, query in (
        ("find me some fire emojis", "fire"),
        ("find emojis about rain", "rain"),
        ("find emoji for tree pls", "tree"),
    ):
        assert calls(await turn(TOOLS, said)) == [("emoji_search", {"query": query})], said
    for said, slug in (  # a key said in its example's shape is still looked up
        ("look up the grinning-face emoji", "grinning-face"),
        ("lookup red-heart", "red-heart"),
    ):
        assert calls(await turn(TOOLS, said)) == [("emoji_lookup", {"slug": slug})], said


async def test_one_verb_said_of_two_things_reads_both() -> None:
    made, _ = await conversation(TOOLS, "show my todos and the emoji categories")
    assert made == [("list_todos", {}), ("emoji_categories", {})], made
    made, _ = await conversation(TOOLS, "list the emoji categories and my todos")
    assert made == [("emoji_categories", {}), ("list_todos", {})], made
    made, _ = await conversation(TOOLS, "search emoji 'shopping' and search the store for 'bag'")
    assert made == [("emoji_search", {"query": "shopping"}), ("search", {"query": "bag"})], made
    made, _ = await conversation(TOOLS, "search the store for coffee and find a coffee emoji too")
    assert made == [("search", {"query": "coffee"}), ("emoji_search", {"query": "coffee"})], made
    made, _ = await conversation(TOOLS, "find emojis for rain and snow")  # one search
    assert made == [("emoji_search", {"query": "rain and snow"})], made


async def test_a_conversion_to_two_targets_makes_both() -> None:
    made, _ = await conversation(TOOLS, "what's #ff0000 in rgb and in hsl")
    assert made == [
        ("tool_convert_color", {"value": "#ff0000", "source": "hex", "target": "rgb"}),
        ("tool_convert_color", {"value": "#ff0000", "source": "hex", "target": "hsl"}),
    ], made
    made, _ = await conversation(_units.TOOLS, "convert 1.5 kWh to joules and calories")
    assert made == [
        ("convert", {"from_expr": "1.5 kWh", "to_expr": "joules"}),
        ("convert", {"from_expr": "1.5 kWh", "to_expr": "calories"}),
    ], made


async def test_a_value_between_formats_however_it_is_said() -> None:
    for said, args in (
        ("what color is 00ff7f in hsv", {"value": "00ff7f", "source": "hex", "target": "hsv"}),
        ("rgb(34, 139, 34) in hex pls", {"value": "34, 139, 34", "source": "rgb", "target": "hex"}),
        ("whats #ff0000 in hsl", {"value": "#ff0000", "source": "hex", "target": "hsl"}),
    ):
        assert calls(await turn(TOOLS, said)) == [("tool_convert_color", args)], said
    made, _ = await conversation(TOOLS, "convert #ff8800 to rgb", "and to hsl?", "what about hsv")
    assert [args["target"] for _, args in made] == ["rgb", "hsl", "hsv"], made
    assert {name for name, _ in made} == {"tool_convert_color"}, made
    assert {args["value"] for _, args in made} == {"#ff8800"}, made


async def test_a_listing_printed_as_python_is_read() -> None:
    outputs = {
        "list_tables": "[{'name': 'plants'}]",
        "describe_table": "[{'cid': 0, 'name': 'id', 'type': 'INTEGER'}]",
    }
    made, answers = await conversation(_sqlite.TOOLS, "describe the plants table", outputs=outputs)
    assert made == [("list_tables", {}), ("describe_table", {"table_name": "plants"})], made
    assert "No table" not in answers[-1], answers


async def test_what_a_tool_returns_said_in_its_words() -> None:
    """ "the html entity for 🍕": `emoji_encode`, whose description lists "HTML entity, CSS
    content value" among what it returns (its words asked for, never words not understood)."""
    for said, glyph in (
        ("give me the html entity for 🍕", "🍕"),
        ("css content value for ⭐", "⭐"),
        ("encode ❤️ in utf-8 bytes", "❤️"),
    ):
        assert calls(await turn(TOOLS, said)) == [("emoji_encode", {"character": glyph})], said
