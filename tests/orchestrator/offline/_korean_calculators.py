"""Korean workplace calculators the offline router's tests share (`mcp-korea-worklife` 0.1.1, met in
user trial 36): amounts in won (`total_won`) or in ten thousands of won (`annual_salary_manwon`,
"(만원)"), descriptions in Korean with an English gloss."""

# ruff: noqa: E501  (the servers' descriptions, as their `tools/list` gives them)

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = [
    "CHARACTERS",
    "LEAVE",
    "NET_PAY",
    "SEVERANCE",
    "TOOLS",
    "TO_JEONSE",
    "TO_PYEONG",
    "TO_RENT",
    "TO_SQUARE_METERS",
    "VAT_ADD",
    "VAT_SPLIT",
]

NET_PAY = ToolDefinition(
    "salary_net_pay",
    "한국 연봉 실수령액 계산 (월 세후). Korean net take-home pay from annual salary.",
    {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "annual_salary_manwon": {
                "type": "number",
                "description": "세전 연봉 (만원 단위, 예: 4000 = 4,000만원)",
            },
            "family_count": {
                "default": 1,
                "type": "integer",
                "description": "부양가족 수 (본인 포함, 기본 1)",
            },
            "include_meal_allowance": {
                "default": True,
                "type": "boolean",
                "description": "비과세 식대(월 20만원) 포함 여부",
            },
        },
        "required": ["annual_salary_manwon"],
    },
    server="koreacalc",
)
SEVERANCE = ToolDefinition(
    "retirement_pay",
    "한국 퇴직금 계산. Korean severance (retirement) pay.",
    {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "join_date": {"type": "string", "description": "입사일 YYYY-MM-DD"},
            "leave_date": {"type": "string", "description": "퇴사(예정)일 YYYY-MM-DD"},
            "recent_3m_total_manwon": {
                "type": "number",
                "description": "퇴사 직전 3개월 임금 총액 (만원)",
            },
        },
        "required": ["join_date", "leave_date", "recent_3m_total_manwon"],
    },
    server="koreacalc",
)
TO_RENT = ToolDefinition(
    "jeonse_to_monthly_rent",
    "전세 → 월세 전환 계산. Convert Korean jeonse deposit to monthly rent.",
    {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "jeonse_manwon": {"type": "number", "description": "전세 보증금 (만원)"},
            "deposit_manwon": {"type": "number", "description": "월세 보증금 (만원)"},
            "conversion_rate_pct": {
                "default": 5.5,
                "type": "number",
                "description": "전월세전환율 % (기본 5.5)",
            },
        },
        "required": ["jeonse_manwon", "deposit_manwon"],
    },
    server="koreacalc",
)
TO_JEONSE = ToolDefinition(
    "monthly_rent_to_jeonse",
    "월세 → 전세 환산 계산. Convert Korean monthly rent to jeonse-equivalent deposit.",
    {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "deposit_manwon": {"type": "number", "description": "월세 보증금 (만원)"},
            "monthly_rent_manwon": {"type": "number", "description": "월세 (만원)"},
            "conversion_rate_pct": {
                "default": 5.5,
                "type": "number",
                "description": "전월세전환율 % (기본 5.5)",
            },
        },
        "required": ["deposit_manwon", "monthly_rent_manwon"],
    },
    server="koreacalc",
)
LEAVE = ToolDefinition(
    "annual_leave_days",
    "한국 연차휴가 일수 계산 (근로기준법, 입사일 기준). Korean annual leave days.",
    {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "join_date": {"type": "string", "description": "입사일 YYYY-MM-DD"},
            "base_date": {
                "default": "",
                "type": "string",
                "description": "기준일 YYYY-MM-DD (생략 시 오늘)",
            },
        },
        "required": ["join_date"],
    },
    server="koreacalc",
)
VAT_SPLIT = ToolDefinition(
    "vat_split",
    "합계금액에서 공급가액·부가세(10%) 분리. Split Korean VAT from total amount (KRW).",
    {
        "type": "object",
        "additionalProperties": False,
        "properties": {"total_won": {"type": "number"}},
        "required": ["total_won"],
    },
    server="koreacalc",
)
VAT_ADD = ToolDefinition(
    "vat_add",
    "공급가액에 부가세(10%) 가산. Add Korean VAT to supply value (KRW).",
    {
        "type": "object",
        "additionalProperties": False,
        "properties": {"supply_value_won": {"type": "number"}},
        "required": ["supply_value_won"],
    },
    server="koreacalc",
)
TO_SQUARE_METERS = ToolDefinition(
    "pyeong_to_square_meters",
    "평 → 제곱미터 변환. Convert Korean pyeong to square meters.",
    {
        "type": "object",
        "additionalProperties": False,
        "properties": {"pyeong": {"type": "number"}},
        "required": ["pyeong"],
    },
    server="koreacalc",
)
TO_PYEONG = ToolDefinition(
    "square_meters_to_pyeong",
    "제곱미터 → 평 변환. Convert square meters to Korean pyeong.",
    {
        "type": "object",
        "additionalProperties": False,
        "properties": {"square_meters": {"type": "number"}},
        "required": ["square_meters"],
    },
    server="koreacalc",
)
CHARACTERS = ToolDefinition(
    "count_characters",
    "글자수 세기 (공백 포함/제외·UTF-8 바이트·줄수) — 자소서 글자수 제한 확인용.\nCount characters in Korean/any text (with/without spaces, UTF-8 bytes, lines).",
    {
        "type": "object",
        "additionalProperties": False,
        "properties": {"text": {"type": "string"}},
        "required": ["text"],
    },
    server="koreacalc",
)
TOOLS = [
    NET_PAY,
    SEVERANCE,
    TO_RENT,
    TO_JEONSE,
    LEAVE,
    VAT_SPLIT,
    VAT_ADD,
    TO_SQUARE_METERS,
    TO_PYEONG,
    CHARACTERS,
]
