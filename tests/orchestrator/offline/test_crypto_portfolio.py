"""A crypto portfolio whose parameters only its docstrings describe (user trial 38,
`_crypto_portfolio.py`):
- "add 0.5 eth to my portfolio" adds a holding: "to my portfolio" is the one server whose tools
  keep a portfolio, and `add_holding` puts things in it (the router asked between it and the tea
  planner's `add_tea`); "eth", right after the amount, is the symbol its `Args:` line shows
  ("e.g., "BTC/USDT" or "btc""; it asked for the symbol);
- "track my 10k doge pls" is no tea recorded: `record(name)` is described in Chinese alone and
  nothing the request says names what it records, so the router asks (it recorded a tea named
  "10k doge");
- a word the lexicon knows after the number (a unit, a function word) is no symbol;
- "compare btc and eth prices" reads each price (it read "eth" alone), "price of sol and doge"
  too (it asked for the price of a symbol "sol and doge"); a read that fails ends them;
- a chart that comes back as an image alone is said to be one, never "Created history";
- "add 0.25 btc and 2 eth" a holding each (it asked which tool), things counted for a todo
  still one todo;
- "show my holdings", "what do i hold?" are the summary, whose description says it shows them
  (it asked);
- "bought 1200 ADA and 3.5 SOL", "got 500 doge" add the holdings got (it asked, or looked for a
  todo so named); "I got 3 eggs" (no code) and money paid add none."""

from __future__ import annotations

import json

import pytest

from tests.orchestrator.offline._crypto_portfolio import TOOLS
from tests.orchestrator.offline._routing import calls, conversation, turn
from tests.orchestrator.offline.test_files_and_games import TODOS


async def test_the_code_after_the_amount_is_the_symbol() -> None:
    assert calls(await turn(TOOLS, "add 0.5 eth to my portfolio")) == [
        ("add_holding", {"amount": 0.5, "coin_symbol": "eth"})
    ]
    assert calls(await turn(TOOLS, "ok add 100 xrp")) == [
        ("add_holding", {"amount": 100, "coin_symbol": "xrp"})
    ]


async def test_a_known_word_after_the_amount_is_no_symbol() -> None:
    assert calls(await turn(TOOLS, "add 2 kg to my portfolio")) == []
    assert calls(await turn(TOOLS, "add 5 of them to my portfolio")) == []


async def test_the_symbol_of_a_price() -> None:
    assert calls(await turn(TOOLS, "get the price of eth")) == [
        ("get_price", {"coin_symbol": "eth"})
    ]


async def test_a_tool_nothing_names_is_asked_about() -> None:
    response = await turn(TOOLS, "track my 10k doge pls")
    assert calls(response) == []
    assert response.items[-1].question is not None  # (a question back, never a refusal)


@pytest.mark.parametrize(
    ("said", "codes"),
    [
        ("compare btc and eth prices for me", ["btc", "eth"]),
        ("price of sol and doge", ["sol", "doge"]),
        ("get the price of btc, eth and xrp", ["btc", "eth", "xrp"]),
    ],
)
async def test_a_read_for_each_code_said(said: str, codes: list[str]) -> None:
    prices = {"get_price": json.dumps({"result": "Current price: $2000.00"})}
    made, answers = await conversation(TOOLS, said, outputs=prices)
    assert made == [("get_price", {"coin_symbol": code}) for code in codes]
    assert answers[0].count("$2000.00") == len(codes)


async def test_a_failed_read_ends_the_reads() -> None:
    failed = {"get_price": json.dumps({"error": "Unknown symbol"})}
    made, answers = await conversation(TOOLS, "price of sol and doge", outputs=failed)
    assert made == [("get_price", {"coin_symbol": "sol"})]
    assert "Unknown symbol" in answers[0]


async def test_a_chart_is_said_to_be_one_never_created() -> None:
    """User trial 38: `portfolio_value_history` returns a PNG alone; the answer said "Created
    history."."""
    chart = {"portfolio_value_history": "[image content (image/png)]"}
    said = "can u show me a chart of my portfolio value"
    made, answers = await conversation(TOOLS, said, outputs=chart)
    assert made == [("portfolio_value_history", {})]
    assert "image content (image/png)" in answers[0] and "Created" not in answers[0]


@pytest.mark.parametrize(
    "said", ["add 0.25 btc and 2 eth", "add 0.25 btc and 2 eth to my portfolio"]
)
async def test_a_holding_for_each_amount_and_its_code(said: str) -> None:
    """User trial 38: the router asked which tool "add 0.25 btc and 2 eth" was for."""
    made, answers = await conversation(TOOLS, said)
    assert made == [
        ("add_holding", {"amount": 0.25, "coin_symbol": "btc"}),
        ("add_holding", {"amount": 2, "coin_symbol": "eth"}),
    ]
    assert "btc" in answers[0] and "eth" in answers[0]


async def test_things_counted_for_a_todo_stay_one_todo() -> None:
    made, _ = await conversation([*TODOS, *TOOLS], "add 2 apples and 3 pears to my todo")
    assert made == [("create_todo", {"title": "2 apples and 3 pears"})]


@pytest.mark.parametrize(
    "said", ["show my holdings", "what are my holdings?", "list my holdings", "what do i hold?"]
)
async def test_holdings_are_shown_by_the_read_that_says_it_shows_them(said: str) -> None:
    """No read is named for holdings, but `get_portfolio_summary` says it returns "a formatted
    summary of all holdings"; the router asked, or ("list my holdings") listed the todos."""
    made, _ = await conversation([*TODOS, *TOOLS], said)
    assert made == [("get_portfolio_summary", {})]


@pytest.mark.parametrize(
    ("said", "added"),
    [
        ("just bought 0.5 btc", [(0.5, "btc")]),
        ("i bought 2 eth", [(2, "eth")]),
        ("got 500 doge", [(500, "doge")]),
        ("bought 1200 ADA and 3.5 SOL", [(1200, "ADA"), (3.5, "SOL")]),
    ],
)
async def test_an_amount_said_bought_is_a_holding_added(
    said: str, added: list[tuple[float, str]]
) -> None:
    """User trial 38: "bought 1200 ADA and 3.5 SOL today, log them both" read "bought" as a
    thing done (it asked between every tool), "got 500 doge" looked for a todo of that name."""
    made, _ = await conversation([*TODOS, *TOOLS], said)
    assert made == [("add_holding", {"amount": n, "coin_symbol": c}) for n, c in added]


@pytest.mark.parametrize("said", ["bought eggs", "I got 3 eggs", "bought 2 eth for $3000"])
async def test_a_thing_bought_with_no_code_or_for_money_adds_no_holding(said: str) -> None:
    made, _ = await conversation([*TODOS, *TOOLS], said)
    assert all(name != "add_holding" for name, _ in made), made
