#!/usr/bin/env python3
"""Reads an XLSX file with openpyxl (a real reader, not ours) and prints what it found as JSON:
per sheet its name, frozen pane, autofilter range, column widths, and every cell's value, type
(openpyxl's data_type: n number, s string, d date) and number format; header cells also say
whether they are bold; and whether every zip entry's CRC-32 matches its data (`zip_ok`). The Swift tests (Tests/WxpipeCommandsTests/SpreadsheetReaderTests.swift)
check the JSON. Usage: xlsx_dump.py FILE.xlsx"""
import datetime
import json
import sys
import zipfile

import openpyxl


def cell_json(cell):
    value = cell.value
    if isinstance(value, datetime.datetime):
        value = value.isoformat(sep=" ")
    elif isinstance(value, datetime.date):
        value = value.isoformat()
    return {"value": value, "type": cell.data_type, "format": cell.number_format, "bold": bool(cell.font and cell.font.b)}


def main(path):
    book = openpyxl.load_workbook(path)
    sheets = []
    for ws in book.worksheets:
        rows = [[cell_json(c) for c in row] for row in ws.iter_rows()]
        widths = {k: d.width for k, d in ws.column_dimensions.items() if d.width}
        sheets.append({"name": ws.title, "freeze": ws.freeze_panes, "filter": ws.auto_filter.ref,
                       "widths": widths, "rows": rows})
    with zipfile.ZipFile(path) as z:
        zip_ok = z.testzip() is None
    json.dump({"sheets": sheets, "zip_ok": zip_ok}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
