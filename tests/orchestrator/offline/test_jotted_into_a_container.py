"""Notes jotted into a named container, and records found by what they say, as people talk to a
journal or notes server that keeps dated pages in folders (`add_page(folder, text, tags)`,
`append_page(path, text)`, `get_page(path)`, `find_pages(query)`): the folder said beside the
record's noun ("my Work diary", "my Travel pages"), beside its own word ("Ideas folder: ..."),
as a heading that is a listed folder ("Ideas: ...", "personal diary: ..."), or after "put it in";
the text after the colon the page's, "tags x, y" its tags; a page named by words of its text
found through the server's search, then read or appended to by its path. A folder not said and
not listed is asked for; a search that finds none or two writes nothing. Before, the router
asked for a folder it was given, asked which of two listings was meant, or read a "tag" as the
order (a user trial over the PyPI server the-notebook)."""

from __future__ import annotations

import json

from tests.orchestrator.offline._routing import run_with, text, tool

TAGS = {"type": "array", "items": {"type": "string"}, "description": "Tags"}
PATH = text("Page path (folder/file.md)")
DIARY = [
    tool("diary__list_folders", "List the diary's folders.", {}),
    tool(
        "diary__list_pages",
        "List the pages of a folder.",
        {"folder": text("Folder name"), "day": text("Day (YYYY-MM-DD)")},
        "folder",
    ),
    tool("diary__find_pages", "Search the pages by their text.", {"query": text("Words")}, "query"),
    tool("diary__get_page", "Get one page's full text.", {"path": PATH}, "path"),
    tool(
        "diary__add_page",
        "Add a new diary page.",
        {"folder": text("Folder name"), "text": text("The page's text"), "tags": TAGS},
        "folder",
        "text",
    ),
    tool(
        "diary__append_page",
        "Append text to a page.",
        {"path": PATH, "text": text("Text to append")},
        "path",
        "text",
    ),
]


def _outputs(folders: list[str], found: list[str] | None = None) -> dict[str, str]:
    return {
        "diary__list_folders": json.dumps(folders),
        "diary__list_pages": json.dumps([]),
        "diary__find_pages": json.dumps(found or []),
        "diary__get_page": json.dumps("finally finished the garden fence"),
        "diary__add_page": json.dumps("Work/1.md"),
        "diary__append_page": json.dumps("Appended"),
    }


async def test_a_capitalised_folder_beside_the_page_is_where_it_goes() -> None:
    said = "add a Work page: standup ran long, push back on scope"
    made = await run_with(DIARY, _outputs(["Personal"]), said)
    assert made == [
        ("diary__add_page", {"folder": "Work", "text": "standup ran long, push back on scope"})
    ]


async def test_a_capitalised_folder_beside_the_pages_is_listed() -> None:
    made = await run_with(DIARY, _outputs(["Travel"]), "show my Travel pages")
    assert made[-1] == ("diary__list_pages", {"folder": "Travel"})


async def test_a_folder_named_by_its_word_as_a_heading_with_a_tag() -> None:
    said = "Ideas folder: a bot that waters the plants. tag it garden"
    made = await run_with(DIARY, _outputs([]), said)
    assert made == [
        (
            "diary__add_page",
            {"folder": "Ideas", "tags": ["garden"], "text": "a bot that waters the plants"},
        )
    ]


async def test_a_listed_folder_said_lower_case_before_the_diary() -> None:
    said = "personal diary: rough night, couldnt sleep. tags sleep, mood"
    made = await run_with(DIARY, _outputs(["Personal", "Work"]), said)
    assert made == [
        ("diary__list_folders", {}),
        (
            "diary__add_page",
            {"folder": "Personal", "tags": ["sleep", "mood"], "text": "rough night, couldnt sleep"},
        ),
    ]


async def test_a_word_no_folder_is_before_the_diary_writes_nothing() -> None:
    said = "personal diary: rough night, couldnt sleep"
    made = await run_with(DIARY, _outputs(["Work"]), said)
    assert made == [("diary__list_folders", {})]


async def test_a_heading_of_a_listed_folder_and_a_tag() -> None:
    said = "Work page tagged meetings: 1:1 with Dana, she wants the roadmap by Friday"
    made = await run_with(DIARY, _outputs(["Personal", "Work"]), said)
    assert made[-1] == (
        "diary__add_page",
        {
            "folder": "Work",
            "tags": ["meetings"],
            "text": "1:1 with Dana, she wants the roadmap by Friday",
        },
    )


async def test_a_heading_that_is_no_listed_folder_writes_nothing() -> None:
    said = "Work page tagged meetings: 1:1 with Dana"
    made = await run_with(DIARY, _outputs(["Personal"]), said)
    assert [name for name, _ in made] == ["diary__list_folders"]


async def test_a_one_word_heading_is_a_listed_folder() -> None:
    said = "Dreams: the one where my teeth fall out. tags recurring, weird"
    made = await run_with(DIARY, _outputs(["Dreams", "Work"]), said)
    assert made[-1] == (
        "diary__add_page",
        {
            "folder": "Dreams",
            "tags": ["recurring", "weird"],
            "text": "the one where my teeth fall out",
        },
    )
    unlisted = await run_with(DIARY, _outputs(["Work"]), said)
    assert [name for name, _ in unlisted] == ["diary__list_folders"]


async def test_the_diary_as_a_heading_asks_for_the_folder() -> None:
    said = "diary: had lunch with Amina today, she's moving teams"
    made = await run_with(DIARY, _outputs(["Personal", "Work"]), said)
    assert made == [("diary__list_folders", {})]


async def test_put_in_a_folder_after_the_text() -> None:
    said = "gratitude: a slow sunday morning. put it in Personal with tag gratitude"
    made = await run_with(DIARY, _outputs(["Personal"]), said)
    assert made == [
        (
            "diary__add_page",
            {"folder": "Personal", "tags": ["gratitude"], "text": "a slow sunday morning"},
        )
    ]


async def test_a_page_named_by_its_words_is_found_and_read_by_its_path() -> None:
    outputs = _outputs([], ["Personal/1.md"])
    made = await run_with(DIARY, outputs, "read me the garden fence page")
    assert made[-2:] == [
        ("diary__find_pages", {"query": "garden fence"}),
        ("diary__get_page", {"path": "Personal/1.md"}),
    ]


async def test_two_pages_or_none_found_are_never_read_or_written() -> None:
    two = _outputs([], ["Personal/1.md", "Work/2.md"])
    made = await run_with(DIARY, two, "append to the garden one: the gate is painted")
    assert [name for name, _ in made] == ["diary__find_pages"]
    made = await run_with(DIARY, _outputs([]), 'add "slept 8 hours" to the sleep page')
    assert [name for name, _ in made] == ["diary__find_pages"]


async def test_text_appended_to_a_page_found_by_its_words() -> None:
    outputs = _outputs([], ["Work/1.md"])
    said = "append to the sprint planning one: update - scope got cut by 20%"
    made = await run_with(DIARY, outputs, said)
    assert made == [
        ("diary__find_pages", {"query": "sprint planning"}),
        ("diary__append_page", {"path": "Work/1.md", "text": "update - scope got cut by 20%"}),
    ]
    made = await run_with(DIARY, outputs, 'add "slept 8 hours, finally" to the sleep page')
    assert made == [
        ("diary__find_pages", {"query": "sleep"}),
        ("diary__append_page", {"path": "Work/1.md", "text": "slept 8 hours, finally"}),
    ]
