"""Values said one after another between marks: "physics - electrostatics, wrong, concept gap,
300 seconds" logs an attempt with its subject, its concept, its result, its kind of error
("concept gap", never the concept "gap") and its seconds; "log: chemistry, thermodynamics,
unattempted" takes the one part left whole as the concept. In user trial 22 each asked for the
concept, or read the list as a question. A text said after the verb ("add Lena Fischer to my
contacts - CTO at Acme") is never split in two (blind set E's `network:1`)."""

from __future__ import annotations

from tests.orchestrator.offline._routing import calls, turn
from tests.orchestrator.offline._study import LOG_PERFORMANCE_INPUT, TOOLS


async def test_a_list_of_values_is_a_record_to_log() -> None:
    made = calls(await turn(TOOLS, "physics - electrostatics, wrong, concept gap, 300 seconds"))
    attempt = {
        "subject": "physics",
        "concept": "electrostatics",
        "result": "wrong",
        "error_type": "concept_gap",
        "time_seconds": 300,
    }
    assert made == [(LOG_PERFORMANCE_INPUT.name, attempt)], made


async def test_the_one_part_left_whole_is_the_text_still_needed() -> None:
    made = calls(await turn(TOOLS, "log: chemistry, thermodynamics, unattempted"))
    attempt = {"subject": "chemistry", "concept": "thermodynamics", "result": "unattempted"}
    assert made == [(LOG_PERFORMANCE_INPUT.name, attempt)], made


async def test_a_remark_is_no_value_and_is_asked_about() -> None:
    response = await turn(TOOLS, "log: chemistry, thermodynamics, unattempted, ran out of time")
    assert calls(response) == [], calls(response)


async def test_the_kind_of_record_its_description_names_is_accounted_for() -> None:
    # "Records one attempt (a question the student answered ...)": "i misread the question"
    # says the kind of error (`misread`); "question" names the record, no value left out
    made = calls(
        await turn(TOOLS, "chemistry: chemical equilibrium, wrong, i misread the question")
    )
    attempt = {
        "subject": "chemistry",
        "concept": "chemical equilibrium",
        "result": "wrong",
        "error_type": "misread",
    }
    assert made == [(LOG_PERFORMANCE_INPUT.name, attempt)], made
