"""A Chinese trip planner the offline router's tests share (`travel-planning-mcp` 0.1.0, met in
user trial 38): a `destination` or `city` and values only its docstrings' `Args:` lines list,
in Chinese ("住宿档次 (经济/中档/高档)", "行程节奏 (紧凑/适中/轻松)")."""

# ruff: noqa: E501  (the server's descriptions, as its `tools/list` gives them)

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = ["TOOLS"]

TOOLS = [
    ToolDefinition(
        "calculate_trip_budget",
        "计算旅行预算\n    \n    Args:\n        destination: 目的地城市\n        days: 旅行天数\n        accommodation_level: 住宿档次 (经济/中档/高档)\n        include_flights: 是否包含机票\n    ",
        {
            "properties": {
                "destination": {"title": "Destination", "type": "string"},
                "days": {"title": "Days", "type": "integer"},
                "accommodation_level": {
                    "default": "中档",
                    "title": "Accommodation Level",
                    "type": "string",
                },
                "include_flights": {"default": True, "title": "Include Flights", "type": "boolean"},
            },
            "required": ["destination", "days"],
            "title": "calculate_trip_budgetArguments",
            "type": "object",
        },
        server="tripplan",
    ),
    ToolDefinition(
        "suggest_attractions",
        "推荐景点\n    \n    Args:\n        city: 城市名称\n        interests: 兴趣类型 (历史文化/自然风光/美食/购物/全部)\n        days: 旅行天数\n    ",
        {
            "properties": {
                "city": {"title": "City", "type": "string"},
                "interests": {"default": "全部", "title": "Interests", "type": "string"},
                "days": {"default": 3, "title": "Days", "type": "integer"},
            },
            "required": ["city"],
            "title": "suggest_attractionsArguments",
            "type": "object",
        },
        server="tripplan",
    ),
    ToolDefinition(
        "create_itinerary",
        "生成旅行行程\n    \n    Args:\n        destination: 目的地\n        start_date: 开始日期 (YYYY-MM-DD)\n        days: 天数\n        pace: 行程节奏 (紧凑/适中/轻松)\n    ",
        {
            "properties": {
                "destination": {"title": "Destination", "type": "string"},
                "start_date": {"title": "Start Date", "type": "string"},
                "days": {"title": "Days", "type": "integer"},
                "pace": {"default": "轻松", "title": "Pace", "type": "string"},
            },
            "required": ["destination", "start_date", "days"],
            "title": "create_itineraryArguments",
            "type": "object",
        },
        server="tripplan",
    ),
    ToolDefinition(
        "check_weather_suggestion",
        "查询最佳旅行时间和天气建议\n    \n    Args:\n        city: 城市名称\n        month: 月份 (1-12)\n    ",
        {
            "properties": {
                "city": {"title": "City", "type": "string"},
                "month": {"title": "Month", "type": "integer"},
            },
            "required": ["city", "month"],
            "title": "check_weather_suggestionArguments",
            "type": "object",
        },
        server="tripplan",
    ),
    ToolDefinition(
        "pack_checklist",
        "生成打包清单\n    \n    Args:\n        destination: 目的地\n        days: 天数\n        season: 季节 (春季/夏季/秋季/冬季)\n    ",
        {
            "properties": {
                "destination": {"title": "Destination", "type": "string"},
                "days": {"title": "Days", "type": "integer"},
                "season": {"default": "春季", "title": "Season", "type": "string"},
            },
            "required": ["destination", "days"],
            "title": "pack_checklistArguments",
            "type": "object",
        },
        server="tripplan",
    ),
]
