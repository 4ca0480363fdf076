#!/usr/bin/env python3
"""Reads the first sheet of an XLSX file with openpyxl in streaming (read-only) mode and prints
JSON: its row count, the rows asked for (1-based, header = 1) as values, and whether every zip
entry's CRC-32 matches (`zip_ok`). For sheets too large for xlsx_dump.py's per-cell detail.
Usage: xlsx_rows.py FILE.xlsx ROW..."""
import json
import sys
import zipfile

import openpyxl


def main(path, wanted):
    with zipfile.ZipFile(path) as z:
        zip_ok = z.testzip() is None
    book = openpyxl.load_workbook(path, read_only=True)
    sheet = book.worksheets[0]
    count, rows = 0, {}
    for count, row in enumerate(sheet.iter_rows(values_only=True), start=1):
        if count in wanted:
            rows[str(count)] = list(row)
    json.dump({"rows": count, "selected": rows, "zip_ok": zip_ok, "dimension": sheet.calculate_dimension()}, sys.stdout, default=str)


if __name__ == "__main__":
    main(sys.argv[1], {int(a) for a in sys.argv[2:]})
