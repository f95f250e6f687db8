"""User trial 23's wrong writes and misses over a tabletop campaign kit and a résumé kit
(`_tabletop.py`, `_resume.py`) beside the bundled todo server's tools, each now right or a
question:
- "remind me what the grapple rules are" asks the rules (it made a todo);
- "make a pdf cover letter for Lumen Labs: '...'" goes to the tool whose nouns are said, the
  letter inside the quotes its content (it made a campaign of it);
- "export my resume as docx named X and remind me to ..." keeps the second request out of the
  first's text, X the file's name, and asks for the content (it exported that sentence);
- a reply that gives an order after a comma ("..., add that to her private bio") is a request
  of its own, never the description asked for (it made a quest of it);
- "create a quest 'The Smuggler's Ledger': ..." (a quote with an apostrophe inside) and "start a
  new campaign called X - what it is" make the record with its title and its text;
- "save a monster: Ash Wraith, CR 3, AC 13, 45 hp, ..." reads AC and HP by their initials and
  never names the monster with the whole list;
- "load my master resume" loads it ("resume" is a noun in `load_master_resume`, not a verb,
  and "load" a verb of getting), and so does a question about what is on my résumé, never a
  character's skills;
- "what's the weather gonna be like in Portland this weekend?" calls nothing;
- "for saturday's session": the day's, no word left over (it asked to confirm the todo);
- "clear out the 'email Priya' todo, done it" finds the todo by its quoted words;
- a request said after a question is never the value asked for when it opens with another
  tool's own verb ("roll 2d6+3 ..."), heads its text with another tool's noun ("session 2
  notes: ..."), or states a fact about someone the request never named ("Ilsa learns ...");
  a first replay of the trial wrote each of them into an export;
- a question ("is my resume a good fit ...?") never calls a tool that exports;
- "... and put a todo to ...", "... and bookmark https://..." are requests of their own;
- dice said in the notation the parameter's examples show ("e.g. d20, 1d20+5, 2d6+1d4+3"):
  "roll a d20+5 for Torvald's perception" is d20+5, never "Torvald's"; "secretly" the flag
  `secret`."""

from __future__ import annotations

from orchestrator import ToolDefinition, UserMessage
from orchestrator.messages import ToolCallItem, ToolResultItem
from orchestrator.models import ModelRequest
from orchestrator.offline import OfflineRouter
from servers._common.schema import tool_schema
from servers.todo.tools import TODO_TOOLS
from tests.orchestrator.offline import _resume, _tabletop
from tests.orchestrator.offline._routing import calls, turn

TODOS = [
    ToolDefinition(s.name, s.description, tool_schema(s.input_model), server="todo")
    for s in TODO_TOOLS
]
TOOLS = [*TODOS, *_tabletop.TOOLS, *_resume.TOOLS]


async def test_remind_me_what_asks_it_and_makes_no_todo() -> None:
    made = calls(await turn(TOOLS, "remind me what the grapple rules are"))
    assert made == [("lookup_rule", {"topic": "grapple"})], made


async def test_a_cover_letter_made_is_exported_never_a_campaign() -> None:
    said = "make a cover letter docx called northwind_letter: 'Hi Northwind, thank you'"
    made = calls(await turn(TOOLS, said))
    letter = {
        "format": "docx",
        "filename": "northwind_letter",
        "content": "Hi Northwind, thank you",
    }
    assert made == [("export_cover_letter", letter)], made
    said = "make a pdf cover letter for Lumen Labs: 'Hello Lumen Labs hiring team'"
    response = await turn(TOOLS, said)
    assert all(c.name == "export_cover_letter" for c in response.tool_calls), response.tool_calls
    assert "export_cover_letter" in (response.text or "") or response.tool_calls


async def test_a_second_request_stays_out_of_an_export() -> None:
    said = (
        "export my resume as docx named sam_okafor_northwind and remind me to send it to"
        " northwind tomorrow"
    )
    response = await turn(TOOLS, said)
    assert not response.tool_calls, response.tool_calls
    assert "filename sam_okafor_northwind" in response.text, response.text
    assert "content" in response.text, response.text


async def test_an_order_after_a_comma_is_no_answer_to_the_question() -> None:
    router = OfflineRouter()
    first = UserMessage(
        "create a quest about the ledger, giver Pell, reward Pell's favor"  # (no description)
    )
    asked = await router.respond(ModelRequest("", [first], TOOLS))
    assert not asked.tool_calls and "description" in asked.text, asked.text
    reply = UserMessage("Old Marta is actually in on the smuggling, add that to her private bio")
    history = [first, *asked.items, reply]
    response = await router.respond(ModelRequest("", history, TOOLS))
    assert all(c.name != "create_quest" for c in response.tool_calls), response.tool_calls


async def test_a_quest_and_a_campaign_get_their_title_and_their_text() -> None:
    said = "create a quest 'The Smuggler's Ledger': recover the ledger from the cellar, giver Pell"
    quest = {
        "title": "The Smuggler's Ledger",
        "description": "recover the ledger from the cellar",
        "giver": "Pell",
    }
    assert calls(await turn(TOOLS, said)) == [("create_quest", quest)]
    said = "start a new campaign called Ashes of Varrow - a low-magic frontier story"
    made = calls(await turn(TOOLS, said))
    assert [name for name, _ in made] == ["create_campaign"], made
    assert made[0][1]["name"] == "Ashes of Varrow", made
    assert "low-magic frontier story" in made[0][1]["description"], made


async def test_a_monsters_stats_are_read_by_their_initials() -> None:
    said = "save a monster: Ash Wraith, CR 3, AC 13, 45 hp, life drain attack"
    response = await turn(TOOLS, said)
    assert not response.tool_calls, response.tool_calls  # (CR and the attack: asked about)
    assert "armor class 13" in response.text and "hit points 45" in response.text, response.text
    assert "“Ash Wraith”" in response.text, response.text


async def test_my_master_resume_is_loaded() -> None:
    assert calls(await turn(TOOLS, "load my master resume")) == [("load_master_resume", {})]


async def test_the_weather_is_no_read_of_records() -> None:
    said = "what's the weather gonna be like in Portland this weekend?"
    response = await turn(TOOLS, said)
    assert not response.tool_calls, response.tool_calls
    assert "weather" in response.text, response.text


async def test_a_day_in_the_possessive_owns_the_noun_after_it() -> None:
    said = "todo: print character sheets for saturday's session, tag it dnd"
    made = calls(await turn(TOOLS, said))
    assert len(made) == 1 and made[0][0] == "create_todo", made
    assert made[0][1]["title"] == "print character sheets", made
    assert made[0][1]["tags"] == ["dnd"], made


async def test_a_todo_named_in_quotes_inside_more_words_is_found() -> None:
    listed = (
        '{"todos": [{"id": "t1", "title": "email Priya about the session snacks",'
        ' "status": "pending"}, {"id": "t2", "title": "update linkedin headline",'
        ' "status": "pending"}]}'
    )
    router = OfflineRouter()
    said = UserMessage("clear out the 'email Priya' todo, done it")
    first = await router.respond(ModelRequest("", [said], TOOLS))
    assert [c.name for c in first.tool_calls] == ["list_todos"], first.tool_calls
    (call,) = first.tool_calls
    history = [
        said,
        ToolCallItem(call.call_id, call.name, call.arguments),
        ToolResultItem(call.call_id, call.name, listed),
    ]
    second = await router.respond(ModelRequest("", history, TOOLS))
    wanted = [("update_todo", {"status": "completed", "todo_id": "t1"})]
    assert calls(second) == wanted, second.text


async def _after_question(first: str, then: str) -> list[str]:
    """The tools called for `then`, said after the question `first` was answered with."""
    router = OfflineRouter()
    opening = UserMessage(first)
    asked = await router.respond(ModelRequest("", [opening], TOOLS))
    assert not asked.tool_calls, asked.tool_calls
    history = [opening, *asked.items, UserMessage(then)]
    return [c.name for c in (await router.respond(ModelRequest("", history, TOOLS))).tool_calls]


async def test_the_next_request_is_never_the_value_a_question_asked_for() -> None:
    letter = "make a pdf cover letter for Lumen Labs: 'Hello Lumen Labs hiring team'"
    roll = "roll 2d6+3 damage for brindle's sneak attack, secretly"
    assert "export_cover_letter" not in await _after_question(letter, roll)
    export = "export a docx of my resume called sam_general"
    notes = "session 2 notes: the party fought ash wraiths at the docks and found Pell alive"
    assert "export_resume" not in await _after_question(export, notes)
    named = "export my resume as a pdf named okafor_for_priya and add a todo to ask Priya"
    fact = "Ilsa learns Magic Missile, level 1, prepared"
    assert "export_resume" not in await _after_question(named, fact)


async def test_a_question_never_exports() -> None:
    said = "is my resume a good fit for the northwind platform job? check it"
    response = await turn(TOOLS, said)
    assert all(c.name != "export_resume" for c in response.tool_calls), response.tool_calls


async def test_a_second_request_put_or_bookmarked_is_its_own() -> None:
    router = OfflineRouter()
    said = UserMessage("create an NPC called Pell and put a todo to sketch a map of the docks")
    first = await router.respond(ModelRequest("", [said], TOOLS))
    assert calls(first) == [("create_npc", {"name": "Pell"})], first.text
    said = "add a todo to read the grapple rules before saturday and bookmark https://example.org/g"
    response = await turn(TOOLS, said)
    assert [c.name for c in response.tool_calls] == ["create_todo"], response.tool_calls
    assert response.tool_calls[0].arguments["title"] == "read the grapple rules"


async def test_a_question_about_my_resume_loads_it() -> None:
    for said in ("what skills are on my resume?", "show me what's saved in my resume"):
        assert calls(await turn(TOOLS, said)) == [("load_master_resume", {})], said


async def test_dice_in_the_notation_the_examples_show() -> None:
    made = calls(await turn(TOOLS, "roll a d20 secretly"))
    assert made == [("roll_dice", {"notation": "d20", "secret": True})], made
    response = await turn(TOOLS, "roll a d20+5 for Torvald's perception")
    assert "notation d20+5" in response.text, response.text  # (never "Torvald's")


async def test_a_fact_about_someone_the_request_named_is_the_value_asked_for() -> None:
    router = OfflineRouter()
    first = UserMessage("create a quest called The Ledger, giver Marta")
    asked = await router.respond(ModelRequest("", [first], TOOLS))
    assert not asked.tool_calls and "description" in asked.text, asked.text
    reply = UserMessage("Marta wants the ledger back before the festival")
    response = await router.respond(ModelRequest("", [first, *asked.items, reply], TOOLS))
    made = calls(response)
    assert [name for name, _ in made] == ["create_quest"], made
    assert made[0][1]["description"] == "Marta wants the ledger back before the festival"
