"""Misses of user trial 30 (read since; first sight was recorded before any of these), over the
servers' own schemas (`_glossary_vault_parts.py`) beside the bundled todo server's tools:
- "add idempotent to my glossary: <definition>. tag it cs": the glossary named as a place is
  all its tools' (one of eight, `glossary_stats`, has it for its noun); a `lemma` is the
  entry's name, a `definition` its text, the one text of two it requires, after a colon or a
  dash; an "it" in a definition is the term it defines;
- "what does idempotent mean?", "define monad", "the definition of backpressure": the entry of
  that word, read where a server keeps definitions;
- a secret said with its value ("my bank pin 0000", "token ghp_test123abc") fits the tool that
  keeps secret material; "in the vault" is the place, never the title; a secret's value is never
  a todo's title (asked instead: a wrong write at first sight was one "yes" away);
- electrical values with SI prefixes ("100nF", "1 kHz", "10uH", "4.7kΩ") in the unit the
  parameter's name says (`capacitance_farads`: 1e-07);
- colour bands said in a row fill `band1` .. `band4` in order;
- "color bands for 330 ohm": a part's rating records nothing; of one server's two tools the one
  that reads the value said; "actually make it 1%" then sets the tolerance left to its default;
- "<a term added>. also what's the closest standard value to 4.6k": a sentence opened by "also"
  is a request of its own, made after the first;
- "add two terms: ...": a count is never a term's name (a wrong write in the replay);
- "resistor value for yellow violet orange gold?": of one server's reads the one that reads the
  bands, whose description says the value it gives; "5 band resistor: ..." counts the bands;
- ", api key key-test-123": a field named in two words (`api_key`), never a title "api" (a
  wrong write in the replay);
- "which of my terms mention ...": terms in the plural are never one term looked up by a
  sentence; "in the definition" asks no meaning;
- "glossary: 'jitter' = variation ...": the server a heading names, and a quoted name parted
  from its text by "=" or a dash."""

from __future__ import annotations

import pytest

from tests.orchestrator.offline import _glossary_vault_parts as fixture
from tests.orchestrator.offline._routing import calls, conversation, run_with, turn
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *fixture.TOOLS]


@pytest.mark.parametrize(
    ("said", "args"),
    [
        (
            "add idempotent to my glossary: an operation that gives the same result no matter"
            " how many times you run it. tag it cs",
            {
                "lemma": "idempotent",
                "definition": "an operation that gives the same result no matter how many"
                " times you run it",
                "tags": ["cs"],
            },
        ),
        (
            "add tcp to my glossary pls - transmission control protocol, reliable ordered byte"
            " stream over IP. tag networking",
            {
                "lemma": "tcp",
                "definition": "transmission control protocol, reliable ordered byte stream"
                " over IP.",
                "tags": ["networking"],
            },
        ),
    ],
)
async def test_a_term_added_to_the_glossary(said: str, args: dict[str, object]) -> None:
    assert calls(await turn(TOOLS, said)) == [("add_term", args)]


async def test_a_term_with_no_definition_is_asked_for() -> None:
    response = await turn(TOOLS, "add sharding to my glossary")
    assert not response.tool_calls and "add_term" in response.text, response.text
    assert "lemma sharding" in response.text, response.text


@pytest.mark.parametrize(
    ("said", "lemma"),
    [
        ("what does idempotent mean?", "idempotent"),
        ("define monad for me", "monad"),
        ("whats the definition of backpressure", "backpressure"),
        ("what's the meaning of yak shaving", "yak shaving"),
    ],
)
async def test_the_meaning_asked_reads_the_entry(said: str, lemma: str) -> None:
    assert calls(await turn(TOOLS, said)) == [("lookup_term", {"lemma": lemma})]


async def test_a_secret_goes_to_the_vault_never_into_a_title() -> None:
    response = await turn(TOOLS, "save my bank pin 0000 in the vault")
    assert not response.tool_calls, response.tool_calls  # its category is asked for
    assert "trove_add_secret" in response.text and "pin 0000" in response.text, response.text
    assert "title vault" not in response.text, response.text


async def test_a_secret_is_never_a_todo_title() -> None:
    said = (
        "save my home assistant token sk-test-ha-999 in the vault and put 'rotate HA token'"
        " on my todo list, high priority"
    )
    response = await turn(TOOLS, said)
    assert not response.tool_calls
    assert "holds what reads as a secret" in response.text, response.text
    plain = calls(await turn(TOOLS, "remind me to change the wifi password tomorrow"))
    assert [name for name, _ in plain] == ["create_todo"]


@pytest.mark.parametrize(
    ("said", "name", "args"),
    [
        (
            "reactance of a 100nF cap at 1 kHz?",
            "calculate_capacitive_reactance",
            {"capacitance_farads": 1e-07, "frequency_hz": 1000},
        ),
        (
            "rc time constant for 10k and 100uF",
            "calculate_rc_time_constant",
            {"resistance_ohms": 10000, "capacitance_farads": 0.0001},
        ),
        (
            "resonant freq for 10uH and 100pF?",
            "calculate_resonant_frequency",
            {"inductance_henries": 1e-05, "capacitance_farads": 1e-10},
        ),
        (
            "what cap do i need for a low pass at 1khz with a 10k resistor",
            "suggest_capacitor_for_filter",
            {"cutoff_frequency_hz": 1000, "resistance_ohms": 10000, "filter_type": "low-pass"},
        ),
    ],
)
async def test_electrical_values_in_the_parameters_unit(
    said: str, name: str, args: dict[str, object]
) -> None:
    assert calls(await turn(TOOLS, said)) == [(name, args)]


@pytest.mark.parametrize(
    ("said", "bands"),
    [
        ("whats brown black red gold", ["brown", "black", "red", "gold"]),
        ("resistor is red red brown gold", ["red", "red", "brown", "gold"]),
    ],
)
async def test_colour_bands_fill_the_numbered_bands(said: str, bands: list[str]) -> None:
    args = {f"band{k}": band for k, band in enumerate(bands, 1)}
    assert calls(await turn(TOOLS, said)) == [("decode_resistor_color_bands", args)]


async def test_a_rating_is_read_by_the_tool_that_takes_it() -> None:
    said = "color bands for 330 ohm"
    assert calls(await turn(TOOLS, said)) == [("encode_resistor_value", {"resistance_ohms": 330})]
    made, _ = await conversation(TOOLS, said, "actually make it 1%")
    assert made[-1] == ("encode_resistor_value", {"resistance_ohms": 330, "tolerance_percent": 1})


async def test_a_sentence_opened_by_also_is_a_request_of_its_own() -> None:
    said = (
        "add 'pull-up resistor' to my glossary: a resistor that ties an input to Vcc so it reads"
        " high by default. tag electronics. also what's the closest standard value to 4.6k"
    )
    made = await run_with(TOOLS, {t.name: '{"ok": true}' for t in TOOLS}, said)
    assert [name for name, _ in made] == ["add_term", "find_standard_resistor"], made
    assert made[1][1] == {"target_ohms": 4600}


async def test_a_count_is_never_a_name() -> None:
    said = (
        "add two terms: 'master branch' - old default branch name in git, and 'main branch' -"
        " the default branch name in git now. tag both git"
    )
    response = await turn(TOOLS, said)  # a wrong write in the replay: a term named "two"
    assert not response.tool_calls, response.tool_calls


@pytest.mark.parametrize(
    ("said", "bands"),
    [
        ("resistor value for yellow violet orange gold?", ["yellow", "violet", "orange", "gold"]),
        (
            "5 band resistor: brown black black red brown",
            ["brown", "black", "black", "red", "brown"],
        ),
    ],
)
async def test_the_read_that_takes_the_bands(said: str, bands: list[str]) -> None:
    args = {f"band{k}": band for k, band in enumerate(bands, 1)}
    assert calls(await turn(TOOLS, said)) == [("decode_resistor_color_bands", args)]


async def test_a_field_named_in_two_words() -> None:
    said = (
        "save the mailgun creds: username postmaster@example.test, password hunter2,"
        " api key key-test-123"
    )
    made = await run_with(TOOLS, {t.name: '{"results": []}' for t in TOOLS}, said)
    (name, args) = made[-1]
    assert name == "trove_add_secret", made
    assert args["fields"] == {
        "username": "postmaster@example.test",
        "password": "hunter2",
        "api_key": "key-test-123",
    }
    assert args["title"] != "api"


@pytest.mark.parametrize(
    "said",
    [
        "which of my terms mention cache in the definition",
        "find the terms whose name starts with work",
    ],
)
async def test_terms_in_the_plural_are_no_one_term_looked_up(said: str) -> None:
    made = calls(await turn(TOOLS, said))  # (at first sight: lookup_term of "mention cache in
    assert not any(name == "lookup_term" for name, _ in made), made  # the definition")


@pytest.mark.parametrize(
    ("said", "lemma", "definition", "tag"),
    [
        (
            "glossary: 'jitter' = variation in packet delay over time. tag it perf",
            "jitter",
            "variation in packet delay over time.",
            "perf",
        ),
        (
            "glossary: 'flaky test' - a test that passes and fails without code changes."
            " tag testing",
            "flaky test",
            "a test that passes and fails without code changes.",
            "testing",
        ),
    ],
)
async def test_a_heading_names_the_glossary_and_a_mark_parts_name_and_text(
    said: str, lemma: str, definition: str, tag: str
) -> None:
    made = calls(await turn(TOOLS, said))
    assert made == [("add_term", {"lemma": lemma, "definition": definition, "tags": [tag]})]


async def test_a_member_named_by_its_first_word_only_where_no_other_name_follows() -> None:
    """ "pwm pins on an arduino mega?": "arduino" opens "Arduino UNO" but "mega" is another
    board's name (the board is asked; at trial 30's replay the UNO's pins were read); "five
    band" is `bands` 5 of 4 or 5, never a value asked about."""
    response = await turn(TOOLS, "pwm pins on an arduino mega?")
    assert calls(response) == [] and "board_type" in response.text
    assert calls(await turn(TOOLS, "pwm pins on an arduino?")) == [
        ("find_pwm_pins", {"board_type": "Arduino UNO"})
    ]
    response = await turn(TOOLS, "what colours is a 220 ohm 1% five band resistor")
    assert "five" not in response.text.split("is for:")[-1], response.text
