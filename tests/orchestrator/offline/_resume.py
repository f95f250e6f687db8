"""A résumé kit the offline router's tests share (`resume-tailor-mcp` 0.1.1, met in user trial
23): a master résumé kept as one object, job postings and their keywords, and résumés and cover
letters exported to a file whose content, format and name are its arguments."""

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = [
    "ATS_GAP_CHECK",
    "EXPORT_COVER_LETTER",
    "EXPORT_RESUME",
    "EXTRACT_KEYWORDS",
    "FETCH_JOB_POSTING",
    "LOAD_MASTER_RESUME",
    "SAVE_MASTER_RESUME",
    "TOOLS",
]

SAVE_MASTER_RESUME = ToolDefinition(
    "save_master_resume",
    (
        "Store or update the user's base CV so it persists between sessions. Provide the "
        "CV as structured JSON. Recommended keys: contact - {name, email, phone, "
        "location, links} summary - short professional summary (string) experience - list"
        " of {title, company, location, start, end, bullets[]} projects - list of {name, "
        "description, tech[], link} skills - list of strings (or {category, items[]}) "
        "education - list of {degree, school, location, start, end, details} This is step"
        " 1 of the flow: set it up once, reuse it for every job. Returns a confirmation "
        "with the stored path."
    ),
    {
        "properties": {
            "resume": {
                "additionalProperties": True,
                "title": "Resume",
                "type": "object",
            },
        },
        "required": ["resume"],
        "title": "save_master_resumeArguments",
        "type": "object",
    },
    server="resume",
)

LOAD_MASTER_RESUME = ToolDefinition(
    "load_master_resume",
    (
        "Return the stored master CV so Claude can tailor it to a job. This is the "
        "starting point of every tailoring session. If no resume is stored yet, raises a "
        "clear error telling the user to save one first."
    ),
    {
        "properties": {},
        "title": "load_master_resumeArguments",
        "type": "object",
    },
    server="resume",
)

FETCH_JOB_POSTING = ToolDefinition(
    "fetch_job_posting",
    (
        "Get a job posting as clean readable text. Pass a `url` to fetch and strip a "
        "posting to plain text, OR pass `pasted_text` directly if you already have the "
        "description. URL fetching is best-effort: if the site is blocked or login-"
        "walled, this returns a clear message asking the user to paste the text instead —"
        " it never fails silently. Returns {source, text, char_count}."
    ),
    {
        "properties": {
            "url": {
                "default": "",
                "title": "Url",
                "type": "string",
            },
            "pasted_text": {
                "default": "",
                "title": "Pasted Text",
                "type": "string",
            },
        },
        "title": "fetch_job_postingArguments",
        "type": "object",
    },
    server="resume",
)

EXTRACT_KEYWORDS = ToolDefinition(
    "extract_keywords",
    (
        "Pull the skills/tools/keywords an ATS would scan for from a job posting. "
        "Deterministic (no ML): tokenizes the text, filters filler words, recognizes "
        'known skills and multi-word phrases (e.g. "REST APIs"), and ranks by frequency —'
        " boosting terms that appear in skills/requirements sections. Returns {keywords: "
        "[ranked strings], detail: [{keyword, score, known_skill}]}. Use the ranked "
        "keyword list as input to ats_gap_check."
    ),
    {
        "properties": {
            "job_text": {
                "title": "Job Text",
                "type": "string",
            },
            "top_n": {
                "default": 30,
                "title": "Top N",
                "type": "integer",
            },
        },
        "required": ["job_text"],
        "title": "extract_keywordsArguments",
        "type": "object",
    },
    server="resume",
)

ATS_GAP_CHECK = ToolDefinition(
    "ats_gap_check",
    (
        "Compare a CV against job keywords → match score (%) + missing terms. This is the"
        " tool's killer feature: it tells the user *concretely* what to add. Pass the "
        "resume as plain text and the ranked keyword list from extract_keywords. Returns "
        "which keywords are present, which are missing, and a match percentage — so "
        "Claude knows exactly what to surface in the rewrite. Returns {match_score, "
        "matched, missing, total_keywords}."
    ),
    {
        "properties": {
            "resume_text": {
                "title": "Resume Text",
                "type": "string",
            },
            "keywords": {
                "items": {
                    "type": "string",
                },
                "title": "Keywords",
                "type": "array",
            },
        },
        "required": ["resume_text", "keywords"],
        "title": "ats_gap_checkArguments",
        "type": "object",
    },
    server="resume",
)

EXPORT_RESUME = ToolDefinition(
    "export_resume",
    (
        "Render finished CV content to a clean, ATS-safe PDF or DOCX file. Pass `content`"
        " as either markdown text (use #/##/### headings and `- ` bullets) OR structured "
        'CV JSON (same shape as the master resume). Choose `format` = "pdf" or "docx". '
        "The layout is deliberately single-column with standard fonts and real text "
        "(never image-rendered) so ATS parsers read it. Returns {path, format, blocks} "
        "with the saved file path."
    ),
    {
        "properties": {
            "content": {
                "anyOf": [
                    {
                        "type": "string",
                    },
                    {
                        "additionalProperties": True,
                        "type": "object",
                    },
                ],
                "title": "Content",
            },
            "format": {
                "default": "docx",
                "enum": ["pdf", "docx"],
                "title": "Format",
                "type": "string",
            },
            "filename": {
                "default": "",
                "title": "Filename",
                "type": "string",
            },
        },
        "required": ["content"],
        "title": "export_resumeArguments",
        "type": "object",
    },
    server="resume",
)

EXPORT_COVER_LETTER = ToolDefinition(
    "export_cover_letter",
    (
        "Render a finished cover letter to a clean, ATS-safe PDF or DOCX file. The MCP "
        "does not write the letter — the client (Claude) writes it, tailored to the job "
        "using the master résumé and the ats_gap_check results. This tool just formats "
        "and saves it in the same single-column, real-text layout as the résumé so the "
        "two documents match. Pass `content` as the letter text (plain paragraphs, or "
        "markdown with `#`/`##` headings and `- ` bullets). When `include_header` is true"
        " and a master résumé is stored, the applicant's name + contact line are added at"
        " the top so the letter's letterhead matches the CV. Returns {path, format, "
        "blocks} with the saved file path."
    ),
    {
        "properties": {
            "content": {
                "title": "Content",
                "type": "string",
            },
            "format": {
                "default": "docx",
                "enum": ["pdf", "docx"],
                "title": "Format",
                "type": "string",
            },
            "filename": {
                "default": "",
                "title": "Filename",
                "type": "string",
            },
            "include_header": {
                "default": True,
                "title": "Include Header",
                "type": "boolean",
            },
        },
        "required": ["content"],
        "title": "export_cover_letterArguments",
        "type": "object",
    },
    server="resume",
)

TOOLS = [
    SAVE_MASTER_RESUME,
    LOAD_MASTER_RESUME,
    FETCH_JOB_POSTING,
    EXTRACT_KEYWORDS,
    ATS_GAP_CHECK,
    EXPORT_RESUME,
    EXPORT_COVER_LETTER,
]
