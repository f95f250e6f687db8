"""Documents made from Markdown the offline router's tests share (`mcp-docgen` 0.8.0, met in user
trial 24): Word, PowerPoint, PDF and HTML files read, made, merged, split and converted, each
tool named for its kind of file; no parameter has a description."""

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = [
    "APPEND_DOCX",
    "APPEND_PPTX",
    "CONVERT_DOCUMENT",
    "CREATE_DOCX",
    "CREATE_HTML",
    "CREATE_PDF",
    "CREATE_PPTX",
    "CREATE_XLSX",
    "EDIT_XLSX",
    "PDF_EXTRACT",
    "PDF_MERGE",
    "PDF_SPLIT",
    "READ_DOCX",
    "READ_HTML",
    "READ_PDF",
    "READ_PPTX",
    "READ_XLSX",
    "TOOLS",
]

CREATE_DOCX = ToolDefinition(
    "create_docx",
    (
        "Create a Word (.docx) document from Markdown.\n\n    Args:\n        "
        "markdown: Document body as Markdown — headings, lists, tables, "
        "bold/italic,\n            inline code, fenced code blocks and block "
        "quotes are supported.\n        output_path: Destination filename, "
        "relative to the server's output directory.\n            The ``.docx`` "
        "suffix is enforced.\n        title: Optional heading rendered with "
        'Word\'s "Title" style at the top.\n        base_dir: Optional absolute '
        "directory to use as the output root for this call,\n            instead "
        "of the server-configured output directory (confined to\n            "
        '``MCP_DOCGEN_INPUT_DIR`` when set).\n\n    Returns:\n        ``{"path": '
        "<absolute path of the written .docx>}``.\n    "
    ),
    {
        "properties": {
            "markdown": {"title": "Markdown", "type": "string"},
            "output_path": {"title": "Output Path", "type": "string"},
            "title": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Title",
            },
            "base_dir": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Base Dir",
            },
        },
        "required": ["markdown", "output_path"],
        "title": "create_docxArguments",
        "type": "object",
    },
    server="docgen",
)

CREATE_PPTX = ToolDefinition(
    "create_pptx",
    (
        "Create a PowerPoint (.pptx) deck from Markdown.\n\n    Slide convention: "
        "each top-level ``# Heading`` starts a new slide and becomes its\n    "
        "title; content beneath becomes bullet points (nested lists indent); a "
        "``---``\n    horizontal rule forces a slide break.\n\n    Args:\n        "
        "markdown: Slide content as Markdown.\n        output_path: Destination "
        "filename, relative to the server's output directory.\n            The "
        "``.pptx`` suffix is enforced.\n        title: Optional text for a "
        "leading title slide.\n        base_dir: Optional per-call output root "
        '(see ``create_docx``).\n\n    Returns:\n        ``{"path": <absolute path '
        "of the written .pptx>}``.\n    "
    ),
    {
        "properties": {
            "markdown": {"title": "Markdown", "type": "string"},
            "output_path": {"title": "Output Path", "type": "string"},
            "title": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Title",
            },
            "base_dir": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Base Dir",
            },
        },
        "required": ["markdown", "output_path"],
        "title": "create_pptxArguments",
        "type": "object",
    },
    server="docgen",
)

CREATE_XLSX = ToolDefinition(
    "create_xlsx",
    (
        "Create an Excel (.xlsx) workbook from structured sheet data.\n\n    "
        'Args:\n        sheets: A list of worksheets, each ``{"name": str, '
        '"rows": [[cell, ...], ...]}``.\n            Cells may be strings, '
        'numbers, booleans or null, or ``{"formula": "=SUM(A1:A2)"}``\n            '
        "to write a live Excel formula. The first row of each sheet is a bold, "
        'frozen header\n            unless the sheet sets ``"header": false``.\n        '
        "output_path: Destination filename, relative to the server's output "
        "directory.\n            The ``.xlsx`` suffix is enforced.\n        "
        "base_dir: Optional per-call output root (see ``create_docx``).\n\n    "
        'Returns:\n        ``{"path": <absolute path of the written .xlsx>}``.\n    '
    ),
    {
        "properties": {
            "sheets": {
                "items": {"additionalProperties": True, "type": "object"},
                "title": "Sheets",
                "type": "array",
            },
            "output_path": {"title": "Output Path", "type": "string"},
            "base_dir": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Base Dir",
            },
        },
        "required": ["sheets", "output_path"],
        "title": "create_xlsxArguments",
        "type": "object",
    },
    server="docgen",
)

CREATE_PDF = ToolDefinition(
    "create_pdf",
    (
        "Create a PDF document from Markdown (same Markdown features as "
        "create_docx).\n\n    Args:\n        markdown: Document body as Markdown.\n        "
        "output_path: Destination filename (``.pdf`` enforced), relative to the "
        "output dir.\n        title: Optional title rendered at the top.\n        "
        "base_dir: Optional per-call output root (see ``create_docx``).\n\n    "
        'Returns:\n        ``{"path": <absolute path of the written .pdf>}``.\n    '
    ),
    {
        "properties": {
            "markdown": {"title": "Markdown", "type": "string"},
            "output_path": {"title": "Output Path", "type": "string"},
            "title": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Title",
            },
            "base_dir": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Base Dir",
            },
        },
        "required": ["markdown", "output_path"],
        "title": "create_pdfArguments",
        "type": "object",
    },
    server="docgen",
)

CREATE_HTML = ToolDefinition(
    "create_html",
    (
        "Create a self-contained HTML (.html) document from Markdown.\n\n    The "
        "IR maps cleanly onto semantic HTML5, so this is the highest-fidelity "
        "target after\n    Markdown itself. A small inline stylesheet gives the "
        "standalone file readable defaults.\n\n    Args:\n        markdown: "
        "Document body as Markdown (same features as create_docx).\n        "
        "output_path: Destination filename (``.html`` enforced), relative to "
        "the output dir.\n        title: Optional title — used for the page "
        "``<title>`` and a top-level heading.\n        base_dir: Optional "
        "per-call output root (see ``create_docx``).\n\n    Returns:\n        "
        '``{"path": <absolute path of the written .html>}``.\n    '
    ),
    {
        "properties": {
            "markdown": {"title": "Markdown", "type": "string"},
            "output_path": {"title": "Output Path", "type": "string"},
            "title": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Title",
            },
            "base_dir": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Base Dir",
            },
        },
        "required": ["markdown", "output_path"],
        "title": "create_htmlArguments",
        "type": "object",
    },
    server="docgen",
)

READ_DOCX = ToolDefinition(
    "read_docx",
    (
        "Read an existing Word (.docx) file and return its content as Markdown.\n\n    "
        "Args:\n        input_path: Existing .docx, relative to the input "
        "directory (or to ``base_dir``).\n        base_dir: Optional absolute "
        "directory to use as the input root for this call,\n            instead "
        "of the server-configured input directory. When the server has\n            "
        "``MCP_DOCGEN_INPUT_DIR`` set, ``base_dir`` must stay within it.\n    "
    ),
    {
        "properties": {
            "input_path": {"title": "Input Path", "type": "string"},
            "base_dir": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Base Dir",
            },
        },
        "required": ["input_path"],
        "title": "read_docxArguments",
        "type": "object",
    },
    server="docgen",
)

READ_PPTX = ToolDefinition(
    "read_pptx",
    (
        "Read an existing PowerPoint (.pptx) file and return its content as "
        "Markdown.\n\n    ``base_dir`` optionally overrides the input root for "
        "this call (see ``read_docx``).\n    "
    ),
    {
        "properties": {
            "input_path": {"title": "Input Path", "type": "string"},
            "base_dir": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Base Dir",
            },
        },
        "required": ["input_path"],
        "title": "read_pptxArguments",
        "type": "object",
    },
    server="docgen",
)

READ_XLSX = ToolDefinition(
    "read_xlsx",
    (
        'Read an existing Excel (.xlsx) file into ``{"sheets": [{"name", '
        '"rows"}]}``.\n\n    ``base_dir`` optionally overrides the input root for '
        "this call (see ``read_docx``).\n    "
    ),
    {
        "properties": {
            "input_path": {"title": "Input Path", "type": "string"},
            "base_dir": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Base Dir",
            },
        },
        "required": ["input_path"],
        "title": "read_xlsxArguments",
        "type": "object",
    },
    server="docgen",
)

READ_PDF = ToolDefinition(
    "read_pdf",
    (
        "Read an existing PDF and extract text. Returns ``{num_pages, pages, "
        "text}``.\n\n    ``base_dir`` optionally overrides the input root for "
        "this call (see ``read_docx``).\n    "
    ),
    {
        "properties": {
            "input_path": {"title": "Input Path", "type": "string"},
            "base_dir": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Base Dir",
            },
        },
        "required": ["input_path"],
        "title": "read_pdfArguments",
        "type": "object",
    },
    server="docgen",
)

READ_HTML = ToolDefinition(
    "read_html",
    (
        "Read an existing HTML (.html/.htm) file and return its content as "
        "Markdown.\n\n    ``base_dir`` optionally overrides the input root for "
        "this call (see ``read_docx``).\n    "
    ),
    {
        "properties": {
            "input_path": {"title": "Input Path", "type": "string"},
            "base_dir": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Base Dir",
            },
        },
        "required": ["input_path"],
        "title": "read_htmlArguments",
        "type": "object",
    },
    server="docgen",
)

PDF_MERGE = ToolDefinition(
    "pdf_merge",
    (
        "Merge several PDFs, in the given order, into one PDF.\n\n    "
        "``base_dir`` optionally roots both inputs and output for this call "
        "(see ``create_docx``).\n    "
    ),
    {
        "properties": {
            "input_paths": {"items": {"type": "string"}, "title": "Input Paths", "type": "array"},
            "output_path": {"title": "Output Path", "type": "string"},
            "base_dir": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Base Dir",
            },
        },
        "required": ["input_paths", "output_path"],
        "title": "pdf_mergeArguments",
        "type": "object",
    },
    server="docgen",
)

PDF_SPLIT = ToolDefinition(
    "pdf_split",
    (
        "Split a PDF into one file per page under ``output_dir`` (relative to "
        "output dir).\n\n    ``base_dir`` optionally roots both input and output "
        "for this call (see ``create_docx``).\n    "
    ),
    {
        "properties": {
            "input_path": {"title": "Input Path", "type": "string"},
            "output_dir": {"default": "split", "title": "Output Dir", "type": "string"},
            "base_dir": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Base Dir",
            },
        },
        "required": ["input_path"],
        "title": "pdf_splitArguments",
        "type": "object",
    },
    server="docgen",
)

PDF_EXTRACT = ToolDefinition(
    "pdf_extract",
    (
        'Extract a subset of pages (1-based spec like ``"1-3,5"``) into one '
        "PDF.\n\n    ``base_dir`` optionally roots both input and output for this "
        "call (see ``create_docx``).\n    "
    ),
    {
        "properties": {
            "input_path": {"title": "Input Path", "type": "string"},
            "pages": {"title": "Pages", "type": "string"},
            "output_path": {"title": "Output Path", "type": "string"},
            "base_dir": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Base Dir",
            },
        },
        "required": ["input_path", "pages", "output_path"],
        "title": "pdf_extractArguments",
        "type": "object",
    },
    server="docgen",
)

EDIT_XLSX = ToolDefinition(
    "edit_xlsx",
    (
        "Apply in-place edits to an existing Excel workbook (other "
        "sheets/formulas kept).\n\n    Args:\n        input_path: Existing .xlsx, "
        "relative to the input dir.\n        output_path: Destination .xlsx, "
        'relative to the output dir.\n        edits: ``{"set_cells": '
        '[{"sheet","cell","value"}], "append_rows":\n            '
        '[{"sheet","rows"}], "add_sheet": [{"name","rows"}]}``.\n        '
        "base_dir: Optional per-call root for both input and output (see "
        "``create_docx``).\n    "
    ),
    {
        "properties": {
            "input_path": {"title": "Input Path", "type": "string"},
            "output_path": {"title": "Output Path", "type": "string"},
            "edits": {"additionalProperties": True, "title": "Edits", "type": "object"},
            "base_dir": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Base Dir",
            },
        },
        "required": ["input_path", "output_path", "edits"],
        "title": "edit_xlsxArguments",
        "type": "object",
    },
    server="docgen",
)

APPEND_DOCX = ToolDefinition(
    "append_docx",
    (
        "Append Markdown content to the end of an existing Word document.\n\n    "
        "``base_dir`` optionally roots both input and output for this call (see "
        "``create_docx``).\n    "
    ),
    {
        "properties": {
            "input_path": {"title": "Input Path", "type": "string"},
            "output_path": {"title": "Output Path", "type": "string"},
            "markdown": {"title": "Markdown", "type": "string"},
            "base_dir": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Base Dir",
            },
        },
        "required": ["input_path", "output_path", "markdown"],
        "title": "append_docxArguments",
        "type": "object",
    },
    server="docgen",
)

APPEND_PPTX = ToolDefinition(
    "append_pptx",
    (
        "Append Markdown-derived slides to the end of an existing PowerPoint "
        "deck.\n\n    ``base_dir`` optionally roots both input and output for "
        "this call (see ``create_docx``).\n    "
    ),
    {
        "properties": {
            "input_path": {"title": "Input Path", "type": "string"},
            "output_path": {"title": "Output Path", "type": "string"},
            "markdown": {"title": "Markdown", "type": "string"},
            "base_dir": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Base Dir",
            },
        },
        "required": ["input_path", "output_path", "markdown"],
        "title": "append_pptxArguments",
        "type": "object",
    },
    server="docgen",
)

CONVERT_DOCUMENT = ToolDefinition(
    "convert_document",
    (
        "Convert a document between formats, inferring both from the file "
        "extensions.\n\n    Everything funnels through the Markdown IR, so any "
        "supported source can target any\n    supported format (``.md .markdown "
        ".html .htm .docx .pptx .xlsx .pdf``). Fidelity\n    varies by pair and "
        "is reported honestly in the result:\n\n    * ``clean``      — md / html "
        "/ docx / pdf-output convert losslessly among themselves.\n    * "
        "``lossy``      — ``-> pptx`` (slides split on ``#`` headings) and "
        "``xlsx`` <-> others\n      (only tables map to / from worksheets).\n    "
        "* ``text-only``  — a PDF *source* yields plain text only (pypdf cannot "
        "recover layout).\n\n    Args:\n        input_path: Existing source file, "
        "relative to the input dir.\n        output_path: Destination file, "
        "relative to the output dir. Its extension selects\n            the "
        "target format.\n        base_dir: Optional per-call root for both input "
        'and output (see ``create_docx``).\n\n    Returns:\n        ``{"path", '
        '"source_format", "target_format", "fidelity", "warnings"}`` —\n        '
        "``warnings`` lists anything this particular conversion drops.\n    "
    ),
    {
        "properties": {
            "input_path": {"title": "Input Path", "type": "string"},
            "output_path": {"title": "Output Path", "type": "string"},
            "base_dir": {
                "anyOf": [{"type": "string"}, {"type": "null"}],
                "default": None,
                "title": "Base Dir",
            },
        },
        "required": ["input_path", "output_path"],
        "title": "convert_documentArguments",
        "type": "object",
    },
    server="docgen",
)

TOOLS = [
    CREATE_DOCX,
    CREATE_PPTX,
    CREATE_XLSX,
    CREATE_PDF,
    CREATE_HTML,
    READ_DOCX,
    READ_PPTX,
    READ_XLSX,
    READ_PDF,
    READ_HTML,
    PDF_MERGE,
    PDF_SPLIT,
    PDF_EXTRACT,
    EDIT_XLSX,
    APPEND_DOCX,
    APPEND_PPTX,
    CONVERT_DOCUMENT,
]
