"""A project tracker's task made with its project and epic named: "in project Website Revamp"
takes the name's capitalised words whole (user trial 22 took "Website"), "under epic Bugs" is
where it goes (it asked what "under" meant), and a task it depends on, named after "on the",
never makes the request a change to that task."""

from __future__ import annotations

from tests.orchestrator.offline._projects import CREATE_TASK, TOOLS
from tests.orchestrator.offline._routing import calls, turn


async def test_a_capitalised_name_after_its_label_is_taken_whole() -> None:
    made = calls(await turn(TOOLS, "create a task 'set up CI pipeline' in project Website Revamp"))
    task = {"name": "set up CI pipeline", "project_name": "Website Revamp"}
    assert made == [(CREATE_TASK.name, task)], made


async def test_under_before_a_label_says_where_the_task_goes() -> None:
    said = (
        "new task: fix broken contact form, in Website Revamp under epic Bugs, description: "
        "submit button does nothing on mobile"
    )
    made = calls(await turn(TOOLS, said))
    task = {
        "name": "fix broken contact form",
        "project_name": "Website Revamp",
        "epic_name": "Bugs",
        "description": "submit button does nothing on mobile",
    }
    assert made == [(CREATE_TASK.name, task)], made


async def test_a_new_task_said_first_is_made_whatever_it_depends_on() -> None:
    said = "create a task 'migrate blog to Hugo' in Website Revamp, depends on the CI task"
    response = await turn(TOOLS, said)
    assert calls(response) == [] and "(create_task)" in response.text, response.text
