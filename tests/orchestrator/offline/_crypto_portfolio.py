"""A crypto portfolio the offline router's tests share (`iflow-mcp-crypto-portfolio-mcp` 0.1.0,
met in user trial 38): its parameters are described only in each tool's docstring, "Parameters:"
then "coin_symbol (str): The trading pair symbol (e.g., "BTC/USDT" or "btc")"; beside two tools
of a Chinese tea planner (`tea-chay-advisor` 0.1.0) that record and add teas, described in
Chinese alone."""

# ruff: noqa: E501  (the servers' descriptions, as their `tools/list` gives them)

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = ["PORTFOLIO", "TEA", "TOOLS"]

PORTFOLIO = [
    ToolDefinition(
        "get_portfolio_summary",
        '\n    Get current portfolio summary with total value using Binance prices.\n    \n    Returns:\n        A string containing a formatted summary of all holdings with current\n        prices and total portfolio value in USDT.\n    \n    Example:\n        "Portfolio Summary (Binance Prices):\nBTC/USDT: 0.1 @ $60000.00 = $6000.00\nETH/USDT: 2.0 @ $2000.00 = $4000.00\nTotal Value: $10000.00"\n    ',
        {"properties": {}, "title": "get_portfolio_summaryArguments", "type": "object"},
        server="cryptofolio",
    ),
    ToolDefinition(
        "add_holding",
        '\n    Add a cryptocurrency holding to the portfolio.\n    \n    Parameters:\n        coin_symbol (str): The trading pair symbol (e.g., "BTC/USDT" or "btc").\n            If no "/USDT" is provided, it will be appended automatically.\n            Case-insensitive.\n        amount (float): The quantity of the cryptocurrency to add.\n            Must be a positive number.\n    \n    Returns:\n        A confirmation message indicating the holding was added.\n    \n    Example:\n        add_holding("BTC", 0.1) -> "Added 0.1 BTC/USDT to portfolio"\n    ',
        {
            "properties": {
                "coin_symbol": {"title": "Coin Symbol", "type": "string"},
                "amount": {"title": "Amount", "type": "number"},
            },
            "required": ["coin_symbol", "amount"],
            "title": "add_holdingArguments",
            "type": "object",
        },
        server="cryptofolio",
    ),
    ToolDefinition(
        "get_price",
        '\n    Get current price for a cryptocurrency from Binance.\n    \n    Parameters:\n        coin_symbol (str): The trading pair symbol (e.g., "ETH/USDT" or "eth").\n            If no "/USDT" is provided, it will be appended automatically.\n            Case-insensitive.\n    \n    Returns:\n        A string with the current price in USDT.\n    \n    Example:\n        get_price("ETH") -> "Current price of ETH/USDT on Binance: $2000.50"\n    ',
        {
            "properties": {"coin_symbol": {"title": "Coin Symbol", "type": "string"}},
            "required": ["coin_symbol"],
            "title": "get_priceArguments",
            "type": "object",
        },
        server="cryptofolio",
    ),
    ToolDefinition(
        "portfolio_value_history",
        "\n    Generate a chart of portfolio value over time using Binance prices.\n    \n    Parameters:\n        ctx (Context): MCP context object for progress reporting.\n            Automatically provided by the MCP framework.\n    \n    Returns:\n        An Image object containing a PNG chart of portfolio value history.\n    \n    Notes:\n        - Uses current prices for historical points (simplified implementation)\n        - Chart shows value progression as holdings were added\n    ",
        {"properties": {}, "title": "portfolio_value_historyArguments", "type": "object"},
        server="cryptofolio",
    ),
]

TEA = [
    ToolDefinition(
        "record",
        "记录「我刚喝了XX」，用于疲劳降权与库存轮换。茶名可模糊匹配。",
        {
            "type": "object",
            "properties": {"name": {"title": "Name", "type": "string"}},
            "required": ["name"],
            "title": "recordArguments",
        },
        server="teaplanner",
    ),
    ToolDefinition(
        "undo_record",
        "撤销最近一条喝茶记录（记错了可悔）。",
        {"type": "object", "properties": {}, "title": "undo_recordArguments"},
        server="teaplanner",
    ),
    ToolDefinition(
        "add_tea",
        "「我买了XX」：新茶入库。支持批量：「我买了龙井、铁观音、正山小种」一次入库多款。\n    与内置茶全名相同的会恢复原参数（搬家清空后可用）；新茶自动按类别套默认壶泡参数。\n    参数:\n      name:     茶名（必填）。多个茶名可用顿号/逗号/分号/换行分隔\n      category: 可选类别（可模糊，「普洱」会归到黑茶）；批量导入时用于无法从茶名推断的茶\n      note:     可选备注，如「明前」「2024年」「朋友送的」\n      g/temp/minutes/rinse: 可选自定义壶泡参数（400ml一泡）。0 或 -1 表示用类别默认；批量模式不支持显式参数\n    ",
        {
            "type": "object",
            "properties": {
                "name": {"title": "Name", "type": "string"},
                "category": {"default": "", "title": "Category", "type": "string"},
                "note": {"default": "", "title": "Note", "type": "string"},
                "g": {"default": 0.0, "title": "G", "type": "number"},
                "temp": {"default": 0, "title": "Temp", "type": "integer"},
                "minutes": {"default": 0.0, "title": "Minutes", "type": "number"},
                "rinse": {"default": -1, "title": "Rinse", "type": "integer"},
            },
            "required": ["name"],
            "title": "add_teaArguments",
        },
        server="teaplanner",
    ),
]

TOOLS = [*PORTFOLIO, *TEA]
