"""User trial 26's misses over colour tools described in German, emoji looked up by glyph and a
shop searched by a tool named `search` (`_colors.py`), beside the bundled todo server's tools:
- a hex colour is no tag where a tool takes colours ("is white text on #1a73e8 readable?" had
  listed the todos tagged "1a73e8"), and a colour's name is that colour in hex; the colours
  fill the tool's colour parameters in the schema's order, a palette takes them all; a colour
  parameter whose values are its own (`color: red|green|blue`, a chess side) is never given a
  hex;
- a mode the description lists under a heading in any language ("Modi: monochrome, ...,
  triad") when the parameter's default is one of them;
- an emoji's glyph, for the tool's `character`; an example value said in words ("animals and
  nature" for "animals-and-nature", "the grinning face emoji");
- a request naming a value a tool's description lists as an example query ("search laptops":
  "Example queries ...: headphones, laptop, coffee") is for that tool;
- a tag's own word, "tagged #work", is never a todo's title ("call bob tagged" had been made);
- a read, then a write that needs nothing it returns, both made ("give me a palette from
  #2a9d8f and add a todo ..."); never a write that needs it ("buy that much");
- an id in the shape its parameter's example gives ("is sku-1003 available", "e.g. SKU-1001")
  names the tools that take it."""

from __future__ import annotations

from tests.orchestrator.offline import _colors
from tests.orchestrator.offline._routing import calls, conversation, turn
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_colors.TOOLS]


async def test_colours_by_hex_and_by_name() -> None:
    for said, name, args in (
        (
            "is white text on #1a73e8 readable enough?",
            "tool_check_contrast",
            {"foreground": "#ffffff", "background": "#1a73e8"},
        ),
        (
            "does #777777 on white pass AA?",
            "tool_check_contrast",
            {"foreground": "#777777", "background": "#ffffff"},
        ),
        (
            "check contrast black on yellow #ffff00",
            "tool_check_contrast",
            {"foreground": "#000000", "background": "#ffff00"},
        ),
        (
            "make me a gradient from #ff0000 to #0000ff in 7 steps",
            "tool_generate_gradient",
            {"start_color": "#ff0000", "end_color": "#0000ff", "steps": 7},
        ),
        (
            "turn these into css vars: #264653, #2a9d8f, #e9c46a",
            "tool_get_css_variables",
            {"palette": ["#264653", "#2a9d8f", "#e9c46a"]},
        ),
        (
            "deuteranopia sim for #8fbc8f",
            "tool_simulate_color_blindness",
            {"color_hex": "#8fbc8f", "blindness_type": "deuteranopia"},
        ),
        (
            "generate a triad palette from #ff6347",
            "tool_generate_palette",
            {"base_color": "#ff6347", "mode": "triad"},
        ),
    ):
        assert calls(await turn(TOOLS, said)) == [(name, args)], said


async def test_a_hex_colour_is_no_tag_but_a_tag_is_one() -> None:
    made = calls(await turn(TOOLS, "is white text on #1a73e8 readable enough?"))
    assert "list_todos" not in [name for name, _ in made], made
    made = calls(await turn(TOOLS, "add a todo to call bob tagged #work"))
    assert made == [("create_todo", {"tags": ["work"], "title": "call bob"})], made


async def test_an_emojis_glyph() -> None:
    made = calls(await turn(TOOLS, "what does 🙃 mean"))
    assert made == [("emoji_by_char", {"character": "🙃"})], made


async def test_an_example_query_its_description_lists() -> None:
    for said, query in (("search laptops", "laptops"), ("search for coffee", "coffee")):
        assert calls(await turn(TOOLS, said)) == [("search", {"query": query})], said


async def test_a_read_then_a_write_of_its_own_both_made() -> None:
    made, _ = await conversation(
        TOOLS, "give me a palette from #2a9d8f and add a todo 'redesign site colors'"
    )
    assert made == [
        ("tool_generate_palette", {"base_color": "#2a9d8f"}),
        ("create_todo", {"title": "redesign site colors"}),
    ], made
    made, _ = await conversation(
        TOOLS, "search for coffee and add a todo to buy that much water"
    )  # what the read returns is no value of ours to write
    assert [name for name, _ in made] != ["search", "create_todo"], made


async def test_an_example_value_said_in_words() -> None:
    for said, name, args in (
        (
            "show me 5 emojis from animals and nature",
            "emoji_by_category",
            {"category_slug": "animals-and-nature", "limit": 5},
        ),
        (
            "whats the codepoint of the grinning face emoji",
            "emoji_lookup",
            {"slug": "grinning-face"},
        ),
    ):
        assert calls(await turn(TOOLS, said)) == [(name, args)], said


async def test_a_value_between_the_formats_a_description_lists() -> None:
    for said, args in (
        ("convert #ff8800 to rgb", {"value": "#ff8800", "source": "hex", "target": "rgb"}),
        (
            "convert hsl 200, 50%, 50% to hex",
            {"value": "200, 50%, 50%", "source": "hsl", "target": "hex"},
        ),
    ):
        assert calls(await turn(TOOLS, said)) == [("tool_convert_color", args)], said
    made = calls(await turn(TOOLS, "gradient from teal to coral"))
    assert made == [
        ("tool_generate_gradient", {"start_color": "#008080", "end_color": "#ff7f50"})
    ], made


async def test_a_conversion_then_a_request_of_its_own() -> None:
    made, _ = await conversation(TOOLS, "convert #ff69b4 to rgb and find me a pink emoji")
    assert made == [
        ("tool_convert_color", {"value": "#ff69b4", "source": "hex", "target": "rgb"}),
        ("emoji_search", {"query": "pink"}),  # "find": its terms, never a slug it guesses
    ], made
    said = "what's the complement of #ff4500? then add a todo to paint the door that color"
    made, _ = await conversation(TOOLS, said)  # "that color" is what the read returns
    assert "create_todo" not in [name for name, _ in made], made


async def test_an_id_in_its_examples_shape_names_the_tools_that_take_it() -> None:
    made = calls(await turn(TOOLS, "is sku-1003 available"))
    assert made == [("check_inventory", {"product_id": "sku-1003"})], made
