"""A contest's score sheet the offline router's tests share (`contest-score` 1.0.3, met in user
trial 37): players registered and scores recorded by a judge with a token, stages 理论/实操/编程
listed only in prose, descriptions in Chinese; failures come back as plain text, never as errors."""

# ruff: noqa: E501  (the servers' descriptions, as their `tools/list` gives them)

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = ["RANKING", "RECORD", "REGISTER", "SCHEDULE", "SCORE", "STAGE", "TOOLS"]

REGISTER = ToolDefinition(
    "register_player",
    '裁判为选手报名登记。当用户说"报名/登记某选手/给某某报名"时调用;\n    查询成绩、榜单、赛程时不调用。name 为选手中文姓名。\n    多轮规则:若用户本次没说裁判令牌,以 judge_token="" 调用,工具会返回\n    索要令牌的提示并播报给用户;下一轮用户只回答令牌(如"智元")时,\n    必须再次调用本工具,带上原姓名与该令牌,不要只回一句话了事。',
    {
        "properties": {
            "name": {"title": "Name", "type": "string"},
            "judge_token": {"title": "Judge Token", "type": "string"},
        },
        "required": ["name", "judge_token"],
        "title": "register_playerArguments",
        "type": "object",
    },
    server="contestscore",
)

RECORD = ToolDefinition(
    "record_score",
    '裁判录入选手某环节成绩。仅当裁判报分、录入成绩意图时调用;\n    选手查询自己成绩时不调用(应使用查成绩工具)。stage 只能是:理论/实操/编程;\n    score 为 0 到 100 的分数。\n    多轮规则:若用户本次没说裁判令牌,以 judge_token="" 调用,工具会返回\n    索要令牌的提示并播报给用户;下一轮用户只回答令牌(如"智元")时,\n    必须再次调用本工具,带上原姓名/环节/分数与该令牌。\n    同一选手同一环节重复录入不会覆盖,始终返回首次录入的结果(语音重试的幂等保护)。',
    {
        "properties": {
            "name": {"title": "Name", "type": "string"},
            "stage": {"title": "Stage", "type": "string"},
            "score": {"title": "Score", "type": "number"},
            "judge_token": {"title": "Judge Token", "type": "string"},
        },
        "required": ["name", "stage", "score", "judge_token"],
        "title": "record_scoreArguments",
        "type": "object",
    },
    server="contestscore",
)

SCORE = ToolDefinition(
    "query_score",
    '查询选手成绩。当用户问"某选手考了多少分/成绩如何"时调用;\n    问排名榜单、赛程安排时不调用。name 支持模糊匹配(说出姓氏即可)。',
    {
        "properties": {"name": {"title": "Name", "type": "string"}},
        "required": ["name"],
        "title": "query_scoreArguments",
        "type": "object",
    },
    server="contestscore",
)

RANKING = ToolDefinition(
    "top_ranking",
    "查询指定环节榜单前 N 名,并列名次相同。当用户问排名、榜单、谁最强时调用;\n    查具体某人分数不调用(用查成绩工具)。stage 为:理论/实操/编程。",
    {
        "properties": {
            "stage": {"title": "Stage", "type": "string"},
            "n": {"default": 3, "title": "N", "type": "integer"},
        },
        "required": ["stage"],
        "title": "top_rankingArguments",
        "type": "object",
    },
    server="contestscore",
)

SCHEDULE = ToolDefinition(
    "query_schedule",
    "查询今日赛程安排。当用户问几点比什么、接下来什么环节时调用。",
    {"properties": {}, "title": "query_scheduleArguments", "type": "object"},
    server="contestscore",
)

STAGE = ToolDefinition(
    "current_stage",
    '判断当前正在进行哪个赛程环节。当用户问"现在比到哪了/当前环节"时调用。',
    {"properties": {}, "title": "current_stageArguments", "type": "object"},
    server="contestscore",
)

TOOLS = [REGISTER, RECORD, SCORE, RANKING, SCHEDULE, STAGE]
