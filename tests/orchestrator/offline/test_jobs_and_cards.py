"""Misses of user trial 33 (read since; first sight was recorded before any of these), over the
servers' own schemas (`_jobs_and_cards.py`) beside the bundled todo server's tools:
- a company and the job there ("Airbnb data scientist", "Hooli, Receptionist", "a junior data
  analyst opening at Monzo", "to Canva for the content strategist role") fill `company` and
  `role` (at first sight both were asked for every time); two pairs ("Lyft - Data Scientist
  and Uber - ML Engineer") fill neither;
- a verb said last, alone with what it acts on ("..., applied Nov 16. add it", "..., please
  add"), is the order (at first sight: "no verb I know");
- a day said right after a verb in the past tense ("applied on nov 5", "applied back on sept
  15th") is the last one past, and "sept" is September (at first sight "nov 5" was 2027-11-05);
- a number its description sends to a listing for ("Sheet row number of the application (see
  list/get results)") is the record's id: "mark it applied" after the record was made takes the
  row its result gave;
- a new record and what was done with it, said in one request ("add Airbnb data scientist,
  applied on nov 5"), are both written: the record, then the tool whose name says the verb
  (`mark_applied`) on the row the first returned (at first sight the clause was never read);
- a card's two sides said as a pair ("bonjour / hello", "H2O -> water", "front: X back: Y",
  "Question: X Answer: Y") fill the note's `fields` under the keys its description shows, its
  type the first example ("Basic"), its deck the one said after "to"; a deck's name never
  takes the word "card"; "make a deck German Verbs and add laufen = to run" makes the deck, then
  the card in it, and "also la gata -> the cat" another card where that one went (at first
  sight no card was made, and a deck was named "German Verbs and add
  laufen = to run": a wrong write);
- a tool's own `confirm` (a "Token from the dry run the user approved") never takes a reply to
  the router's question (at first sight "oh and I already applied yesterday" was sent as the
  token), and a card's back ends before a remark (", i want it tested both directions");
- a change or a deletion where the listing holds no record says there are none, never "No todo
  matches “clear out whole everything”"."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime

import pytest

from orchestrator.offline._read import read
from tests.orchestrator.offline import _jobs_and_cards as fixture
from tests.orchestrator.offline._routing import calls, conversation, run_with, turn
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *fixture.TOOLS]
NOW = datetime(2026, 1, 7, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("said", "company", "role"),
    [
        ("add Airbnb data scientist", "Airbnb", "data scientist"),
        ("add Acme Corp, QA tester to my applications", "Acme Corp", "QA tester"),
        ("add Miro account executive to the tracker", "Miro", "account executive"),
        ("track this: Notion – Operations Manager", "Notion", "Operations Manager"),
        ("add shopify - senior frontend developer", "shopify", "senior frontend developer"),
        ("add a junior data analyst opening at Monzo", "Monzo", "junior data analyst"),
        ("add Booking.com UX Researcher", "Booking.com", "UX Researcher"),
    ],
)
async def test_a_company_and_the_job_there_fill_both(said: str, company: str, role: str) -> None:
    made = calls(await turn(TOOLS, said))
    assert made == [("add_application", {"company": company, "role": role})], made


async def test_two_jobs_said_are_a_record_each() -> None:
    said = "add two apps: Lyft - Data Scientist and Uber - ML Engineer"
    made = await run_with(TOOLS, {"add_application": json.dumps({"row": 2})}, said)
    assert made == [
        ("add_application", {"company": "Lyft", "role": "Data Scientist"}),
        ("add_application", {"company": "Uber", "role": "ML Engineer"}),
    ], made


@pytest.mark.parametrize(
    "said",
    [
        "Notion – Operations Manager, applied Nov 16. add it",
        "Atlassian, site reliability engineer, applied nov 2. please add",
        "Canonical technical writer, applied on the 3rd of november. pls add to tracker",
    ],
)
def test_a_verb_said_last_alone_is_the_order(said: str) -> None:
    action = read(said).action
    assert (action.kind, action.verb) == ("create", "add")


@pytest.mark.parametrize(
    ("said", "day"),
    [
        ("add Airbnb data scientist, applied on nov 5", date(2025, 11, 5)),
        ("Hooli, Receptionist, I applied back on sept 15th", date(2025, 9, 15)),
        ("GitLab, Support Engineer, applied 25th november via greenhouse", date(2025, 11, 25)),
        ("remind me to call mom on nov 5", date(2026, 11, 5)),  # to come: no verb done
    ],
)
def test_a_day_said_after_a_verb_done_is_the_last_one(said: str, day: date) -> None:
    when = read(said, now=datetime(2026, 1, 7, 9, 0)).when
    assert when is not None and when.start.date() == day


async def test_it_after_a_record_made_is_the_row_its_result_gave() -> None:
    made, _ = await conversation(
        TOOLS,
        "add Airbnb data scientist",
        "mark it applied on nov 5",
        outputs={"add_application": json.dumps({"row": 2, "dry_run": False})},
    )
    assert made[0] == ("add_application", {"company": "Airbnb", "role": "data scientist"})
    assert made[1][0] == "mark_applied" and made[1][1]["row"] == 2, made


@pytest.mark.parametrize(
    ("said", "deck", "front", "back"),
    [
        ("add a flashcard to my French deck: bonjour / hello", "French", "bonjour", "hello"),
        ("add a card to Default: H2O -> water", "Default", "H2O", "water"),
        (
            "add a card to Biology. front: mitochondria  back: powerhouse of the cell",
            "Biology",
            "mitochondria",
            "powerhouse of the cell",
        ),
        ("add a card to Math. Question: What is 7x8?  Answer: 56", "Math", "What is 7x8?", "56"),
    ],
)
async def test_a_cards_two_sides_fill_its_fields(
    said: str, deck: str, front: str, back: str
) -> None:
    made = calls(await turn(TOOLS, said))
    fields = {"Front": front, "Back": back}
    expected = {"deck_name": deck, "note_type_name": "Basic", "fields": fields}
    assert made == [("create_note", expected)], made


@pytest.mark.parametrize(
    "said",
    [
        "make a card. Question: What is 7x8?  Answer: 56",  # no deck said: asked for
        "add milk / eggs to my list",  # no card: "/" says no pair there
        "remind me to call mom - urgent",
    ],
)
async def test_no_card_is_made_where_its_deck_or_its_sides_are_not_said(said: str) -> None:
    made = calls(await turn(TOOLS, said))
    assert not any(name in ("create_note", "create_deck") for name, _ in made), made


@pytest.mark.parametrize(
    ("said", "applied"),
    [
        (
            "add Airbnb data scientist, applied on nov 5",
            {"applied_on": "2025-11-05"},
        ),
        (
            "Hooli, Receptionist, I applied back on sept 15th through indeed. add it",
            {"applied_on": "2025-09-15", "channel": "indeed"},
        ),
        (
            "Deliveroo data engineer - applied 2025-10-20, add it",
            {"applied_on": "2025-10-20"},
        ),
    ],
)
async def test_a_record_and_what_was_done_with_it_are_both_written(
    said: str, applied: dict[str, str]
) -> None:
    outputs = {
        "add_application": json.dumps({"row": 2, "dry_run": False}),
        "mark_applied": json.dumps({"row": 2, "dry_run": False}),
    }
    made, answers = await conversation(TOOLS, said, outputs=outputs, clock=lambda: NOW)
    assert [name for name, _ in made] == ["add_application", "mark_applied"], made
    assert made[1][1] == {"row": 2, **applied}, made
    assert "applied on" in answers[0], answers


async def test_a_day_said_of_a_thing_done_never_goes_to_another_record() -> None:
    outputs = {"create_todo": json.dumps({"id": "t1", "title": "call the bank"})}
    made, _ = await conversation(
        TOOLS, "add call the bank, called them on nov 5", outputs=outputs, clock=lambda: NOW
    )
    assert all(name != "update_todo" for name, _ in made), made


async def test_a_deck_made_and_a_card_added_go_together() -> None:
    outputs = {
        "create_deck": json.dumps({"success": True, "deck_id": 1700000000000}),
        "create_note": json.dumps({"success": True, "note_id": 1}),
    }
    made, _ = await conversation(
        TOOLS, "make a deck German Verbs and add laufen = to run", outputs=outputs
    )
    assert made == [
        ("create_deck", {"deck_name": "German Verbs"}),
        (
            "create_note",
            {
                "fields": {"Front": "laufen", "Back": "to run"},
                "note_type_name": "Basic",
                "deck_name": "German Verbs",
            },
        ),
    ], made


@pytest.mark.parametrize(
    ("said", "answer"),
    [
        ("clear out my whole todo list, delete everything", "There are no todos yet;"),
        ("delete the laundry one", "There are no todos yet, so none is “laundry”;"),
    ],
)
async def test_a_change_where_there_are_no_records_says_so(said: str, answer: str) -> None:
    outputs = {"list_todos": json.dumps({"success": True, "todos": [], "count": 0})}
    made, answers = await conversation(TOOLS, said, outputs=outputs)
    assert [name for name, _ in made] == ["list_todos"], made
    assert answers[0].startswith(answer), answers


async def test_a_reply_never_fills_a_tools_confirm_token() -> None:
    outputs = {"add_application": json.dumps({"row": 2, "dry_run": False})}
    made, _ = await conversation(
        TOOLS,
        "track this one: Duolingo, Learning Scientist, salary ~95k, remote",
        "oh and I already applied yesterday, through their site",
        outputs=outputs,
    )
    assert all("confirm" not in args for _, args in made), made


async def test_a_cards_back_ends_before_a_remark() -> None:
    response = await turn(TOOLS, "add a card to Italian: grazie = thank you, i want it tested")
    assert not calls(response) and "back thank you, note type" in response.text, response.text


async def test_another_card_goes_where_the_one_before_went() -> None:
    outputs = {
        "create_deck": json.dumps({"success": True, "deck_id": 1700000000000}),
        "create_note": json.dumps({"success": True, "note_id": 1}),
    }
    made, _ = await conversation(
        TOOLS,
        "create a deck 'Spanish Vocabulary' and add el perro = the dog",
        "also la gata -> the cat (female)",
        outputs=outputs,
    )
    assert made[-1] == (
        "create_note",
        {
            "fields": {"Front": "la gata", "Back": "the cat (female)"},
            "note_type_name": "Basic",
            "deck_name": "Spanish Vocabulary",
        },
    ), made
