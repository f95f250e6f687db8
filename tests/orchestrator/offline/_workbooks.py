"""Excel workbooks and CSV files the offline router's tests share (`excel-writer-mcp` 1.0.4, met in
user trial 24): sheets, cells, rows and columns, each value described only in the tool's
docstring."""

from __future__ import annotations

from orchestrator import ToolDefinition

__all__ = [
    "COPY_FILE",
    "CREATE_WORKBOOK",
    "FORMAT_CELLS",
    "GET_WORKBOOK_INFO",
    "MANAGE_SHEETS",
    "MERGE_CELLS",
    "MODIFY_ROWS_COLUMNS",
    "READ_CSV",
    "READ_DATA",
    "TOOLS",
    "WRITE_CELLS",
    "WRITE_CSV",
    "WRITE_DATA",
]

CREATE_WORKBOOK = ToolDefinition(
    "create_workbook",
    (
        "Create a new empty .xlsx workbook. For .xlsm, use copy_file from an "
        "existing template instead.\n\nArgs:\n    path: File path for the new "
        "workbook (.xlsx).\n    sheet_name: Name of the initial worksheet."
    ),
    {
        "properties": {
            "path": {"type": "string"},
            "sheet_name": {"default": "Sheet1", "type": "string"},
        },
        "required": ["path"],
        "type": "object",
    },
    server="excel",
)

COPY_FILE = ToolDefinition(
    "copy_file",
    (
        "Safely copy any file to a new path. Will NOT overwrite an existing "
        "file.\nPreserves VBA macros when copying .xlsm files.\n\nArgs:\n    "
        "source_path: Path of the source file.\n    dest_path: Path for the "
        "destination file."
    ),
    {
        "properties": {"source_path": {"type": "string"}, "dest_path": {"type": "string"}},
        "required": ["source_path", "dest_path"],
        "type": "object",
    },
    server="excel",
)

GET_WORKBOOK_INFO = ToolDefinition(
    "get_workbook_info",
    (
        "Get workbook metadata: sheet names, dimensions, file type, and VBA "
        "status.\n\nArgs:\n    path: Path to the workbook (.xlsx or .xlsm)."
    ),
    {"properties": {"path": {"type": "string"}}, "required": ["path"], "type": "object"},
    server="excel",
)

MANAGE_SHEETS = ToolDefinition(
    "manage_sheets",
    (
        "Create, delete, or rename a worksheet.\n\nArgs:\n    path: Path to the "
        'workbook.\n    action: One of "create", "delete", "rename".\n    '
        "sheet_name: Target sheet name (for delete/rename: existing name; for "
        'create: new name).\n    new_name: New name when action is "rename".\n    '
        'position: Optional index (0-based) when action is "create".'
    ),
    {
        "properties": {
            "path": {"type": "string"},
            "action": {"type": "string"},
            "sheet_name": {"type": "string"},
            "new_name": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            "position": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None},
        },
        "required": ["path", "action", "sheet_name"],
        "type": "object",
    },
    server="excel",
)

READ_DATA = ToolDefinition(
    "read_data",
    (
        "Read data from a worksheet range.\n\nArgs:\n    path: Path to the "
        "workbook.\n    sheet_name: Sheet name (defaults to active sheet).\n    "
        "start_row: First row (1-based).\n    start_col: First column (1-based).\n    "
        "end_row: Last row (defaults to max row).\n    end_col: Last column "
        "(defaults to max column).\n    include_merged_cells: If true, include "
        "merged cell ranges in the response. Enable this before using "
        "write_cells on sheets with merged cells."
    ),
    {
        "properties": {
            "path": {"type": "string"},
            "sheet_name": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            "start_row": {"default": 1, "type": "integer"},
            "start_col": {"default": 1, "type": "integer"},
            "end_row": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None},
            "end_col": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None},
            "include_merged_cells": {"default": False, "type": "boolean"},
        },
        "required": ["path"],
        "type": "object",
    },
    server="excel",
)

WRITE_DATA = ToolDefinition(
    "write_data",
    (
        "Write a 2D array of data to a worksheet. Works with both .xlsx and "
        ".xlsm\n(VBA macros are automatically preserved for .xlsm).\nAlso "
        'supports formulas — just include "=SUM(...)" as a cell value.\n\nArgs:\n    '
        "path: Path to the workbook. Created automatically for .xlsx if not "
        "exists.\n    sheet_name: Target sheet (defaults to active sheet).\n    "
        "start_row: Starting row (1-based).\n    start_col: Starting column "
        "(1-based).\n    data: 2D list of values, e.g. "
        '[["Name","Age"],["Alice",30],["Total","=SUM(B2:B2)"]].\n    '
        "auto_fit_width: Auto-adjust column widths to fit content."
    ),
    {
        "properties": {
            "path": {"type": "string"},
            "sheet_name": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            "start_row": {"default": 1, "type": "integer"},
            "start_col": {"default": 1, "type": "integer"},
            "data": {
                "anyOf": [
                    {"items": {"items": {}, "type": "array"}, "type": "array"},
                    {"type": "null"},
                ],
                "default": None,
            },
            "auto_fit_width": {"default": False, "type": "boolean"},
        },
        "required": ["path"],
        "type": "object",
    },
    server="excel",
)

WRITE_CELLS = ToolDefinition(
    "write_cells",
    (
        "Write values to multiple specific cells by address. Ideal for "
        "worksheets\nwith merged cells or non-contiguous writes. Also supports "
        "formulas.\n\nArgs:\n    path: Path to the workbook (.xlsx or .xlsm).\n    "
        'cells: Mapping of cell address to value, e.g. {"A1": "Name", "B3": '
        '100, "C5": "=SUM(C1:C4)"}.\n    sheet_name: Target sheet (defaults to '
        "active sheet)."
    ),
    {
        "properties": {
            "path": {"type": "string"},
            "cells": {"additionalProperties": True, "type": "object"},
            "sheet_name": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
        },
        "required": ["path", "cells"],
        "type": "object",
    },
    server="excel",
)

MODIFY_ROWS_COLUMNS = ToolDefinition(
    "modify_rows_columns",
    (
        "Insert or delete rows/columns.\n\nArgs:\n    path: Path to the workbook.\n    "
        'action: One of "insert_rows", "delete_rows", "insert_cols", '
        '"delete_cols".\n    index: Row or column number (1-based) at which to '
        "insert/delete.\n    count: Number of rows or columns to insert/delete.\n    "
        "sheet_name: Target sheet (defaults to active sheet)."
    ),
    {
        "properties": {
            "path": {"type": "string"},
            "action": {"type": "string"},
            "index": {"type": "integer"},
            "count": {"default": 1, "type": "integer"},
            "sheet_name": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
        },
        "required": ["path", "action", "index"],
        "type": "object",
    },
    server="excel",
)

MERGE_CELLS = ToolDefinition(
    "merge_cells",
    (
        "Merge or unmerge a range of cells.\n\nArgs:\n    path: Path to the "
        'workbook.\n    range_string: Cell range like "A1:D1".\n    unmerge: Set '
        "to true to unmerge instead of merge.\n    sheet_name: Target sheet "
        "(defaults to active sheet)."
    ),
    {
        "properties": {
            "path": {"type": "string"},
            "range_string": {"type": "string"},
            "unmerge": {"default": False, "type": "boolean"},
            "sheet_name": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
        },
        "required": ["path", "range_string"],
        "type": "object",
    },
    server="excel",
)

FORMAT_CELLS = ToolDefinition(
    "format_cells",
    (
        "Apply formatting to a range of cells. Works with both .xlsx and .xlsm.\n\n"
        "Args:\n    path: Path to the workbook.\n    range_string: Cell range "
        'like "A1:D1" or single cell "A1".\n    sheet_name: Target sheet '
        "(defaults to active sheet).\n    bold: Set font bold.\n    italic: Set "
        "font italic.\n    font_size: Font size in points.\n    font_color: Font "
        'color as hex (e.g. "FF0000" for red).\n    bg_color: Background fill '
        'color as hex.\n    number_format: Excel number format (e.g. "#,##0.00", '
        '"yyyy-mm-dd").\n    horizontal: Horizontal alignment ("left", "center", '
        '"right").\n    vertical: Vertical alignment ("top", "center", '
        '"bottom").\n    wrap_text: Enable text wrapping.\n    border_style: '
        'Border style ("thin", "medium", "thick", "double").\n    column_width: '
        "Set width for all columns in the range.\n    row_height: Set height for "
        "all rows in the range."
    ),
    {
        "properties": {
            "path": {"type": "string"},
            "range_string": {"type": "string"},
            "sheet_name": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            "bold": {"anyOf": [{"type": "boolean"}, {"type": "null"}], "default": None},
            "italic": {"anyOf": [{"type": "boolean"}, {"type": "null"}], "default": None},
            "font_size": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None},
            "font_color": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            "bg_color": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            "number_format": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            "horizontal": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            "vertical": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            "wrap_text": {"anyOf": [{"type": "boolean"}, {"type": "null"}], "default": None},
            "border_style": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            "column_width": {"anyOf": [{"type": "number"}, {"type": "null"}], "default": None},
            "row_height": {"anyOf": [{"type": "number"}, {"type": "null"}], "default": None},
        },
        "required": ["path", "range_string"],
        "type": "object",
    },
    server="excel",
)

WRITE_CSV = ToolDefinition(
    "write_csv",
    (
        "Write a 2D array of data to a CSV file. Useful for saving intermediate\n"
        "data that can be restored later if the conversation is interrupted.\n\n"
        "Args:\n    path: File path for the CSV file.\n    data: 2D list of "
        'values, e.g. [["Name","Age"],["Alice",30]].\n    append: If true, '
        "append rows to the existing file instead of overwriting."
    ),
    {
        "properties": {
            "path": {"type": "string"},
            "data": {"items": {"items": {}, "type": "array"}, "type": "array"},
            "append": {"default": False, "type": "boolean"},
        },
        "required": ["path", "data"],
        "type": "object",
    },
    server="excel",
)

READ_CSV = ToolDefinition(
    "read_csv",
    (
        "Read data from a CSV file with automatic chunking. Call repeatedly\n"
        "with start_row=next_start_row to paginate through large files.\n\nArgs:\n    "
        "path: Path to the CSV file.\n    start_row: First row to return "
        "(1-based, inclusive). Defaults to 1.\n    max_rows: Maximum number of "
        "rows to return per call. Defaults to 100."
    ),
    {
        "properties": {
            "path": {"type": "string"},
            "start_row": {"default": 1, "type": "integer"},
            "max_rows": {"default": 100, "type": "integer"},
        },
        "required": ["path"],
        "type": "object",
    },
    server="excel",
)

TOOLS = [
    CREATE_WORKBOOK,
    COPY_FILE,
    GET_WORKBOOK_INFO,
    MANAGE_SHEETS,
    READ_DATA,
    WRITE_DATA,
    WRITE_CELLS,
    MODIFY_ROWS_COLUMNS,
    MERGE_CELLS,
    FORMAT_CELLS,
    WRITE_CSV,
    READ_CSV,
]
