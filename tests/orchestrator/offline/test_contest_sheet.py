"""A contest's score sheet whose descriptions are in Chinese (`contest-score` 1.0.3, user trial
37): the values a description lists after its parameter's name and "只能是" / "为" ("stage
只能是:理论/实操/编程") are its enum; a name in Chinese among English words is the name alone,
never the words around it, nor with "for the contest" (the server's name) after it; two names
joined are two players, asked about, never one; the one number of a tool named for it is its
value ("record 张三 92 in 实操": the score), "a score of 95" too, and "top 2" the count of a
`top_ranking`; a write whose result says in Chinese that it failed ("报名失败:裁判令牌无效。")
is said to have failed, and "oh sorry, it's 智元" after it is asked about, never a player named
智元. Before, each of these wrote a wrong record, or sent the whole request as a name."""

from __future__ import annotations

import json

import pytest

from orchestrator.offline.router import OfflineRouter
from tests.orchestrator.offline import _contest_sheet
from tests.orchestrator.offline._routing import conversation
from tests.orchestrator.offline.test_files_and_games import TODOS

TOOLS = [*TODOS, *_contest_sheet.TOOLS]
FAILED = {"register_player": json.dumps({"result": "报名失败:裁判令牌无效。"})}
# user trial 38: a tea stock's "not found in the stock" answered "Created item" before
NOT_FOUND = {
    "register_player": json.dumps({"result": "库存里没找到「吴十」。说「看看库存」列出全部。"})
}


@pytest.mark.parametrize("tool", [_contest_sheet.RECORD, _contest_sheet.RANKING])
def test_the_values_a_chinese_description_rules_are_the_enum(tool: object) -> None:
    view = OfflineRouter()._view(tool)  # type: ignore[arg-type]
    assert list(view.params["stage"].enum) == ["理论", "实操", "编程"]


@pytest.mark.parametrize(
    ("said", "call"),
    [
        (
            "register 王五 for the contest, judge token 智元",
            ("register_player", {"name": "王五", "judge_token": "智元"}),
        ),
        (
            "record 张三 92 in 实操, token is 智元",
            ("record_score", {"name": "张三", "stage": "实操", "score": 92, "judge_token": "智元"}),
        ),
        (
            "enter a score for 张三: 85 in 实操, token 智元",
            ("record_score", {"name": "张三", "stage": "实操", "score": 85, "judge_token": "智元"}),
        ),
        ("top 2 in 实操 pls", ("top_ranking", {"stage": "实操", "n": 2})),
        ("is 赵六 even in the system? whats his score", ("query_score", {"name": "赵六"})),
        ("what did the guy surnamed 王 score", ("query_score", {"name": "王"})),
    ],
)
async def test_each_value_in_its_place(said: str, call: tuple[str, dict[str, object]]) -> None:
    made, _ = await conversation(TOOLS, said)
    assert made == [call]


@pytest.mark.parametrize(
    "said", ["pls register 孙七 and 周八, token 智元", "register Anna and Ben, token 智元"]
)
async def test_two_names_joined_are_never_one_player(said: str) -> None:
    made, answers = await conversation(TOOLS, said)
    assert made == [] and ("周八" in answers[0] or "Ben" in answers[0])


async def test_a_score_of_said_so_is_the_score() -> None:
    made, answers = await conversation(TOOLS, "log a score of 95 for 李四")
    assert made == [] and "score 95" in answers[0] and "name 李四" in answers[0]


@pytest.mark.parametrize(("outputs", "said_back"), [(FAILED, "报名失败"), (NOT_FOUND, "没找到")])
async def test_a_failure_said_in_chinese_is_a_failure_and_no_name_is_guessed_after_it(
    outputs: dict[str, str], said_back: str
) -> None:
    made, answers = await conversation(
        TOOLS, "register 吴十, token 123456", "oh sorry, it's 智元", outputs=outputs
    )
    assert made == [("register_player", {"name": "吴十", "judge_token": "123456"})]
    assert "did not work" in answers[0] and said_back in answers[0]


async def test_a_todo_with_names_stays_whole() -> None:
    made, _ = await conversation(TOOLS, "add a todo: call Anna and Ben")
    assert made == [("create_todo", {"title": "call Anna and Ben"})]
