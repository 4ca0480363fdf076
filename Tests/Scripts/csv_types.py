#!/usr/bin/env python3
"""Reads every CSV that schema.json lists in a folder with DuckDB's read_csv_auto (type
inference as a data tool does it) and prints, as JSON per table and column: the inferred type,
the number of non-empty values, and the type DuckDB gives when loading with the types the schema
declares (so an empty file or column still loads typed). The Swift tests compare them with the
schema. Usage: csv_types.py FOLDER"""
import json
import os
import sys

import duckdb

DUCKDB_TYPES = {"integer": "BIGINT", "double": "DOUBLE", "string": "VARCHAR", "date": "DATE", "dateTime": "TIMESTAMP"}


def declared(column):
    datatype = column["datatype"]
    base = datatype if isinstance(datatype, str) else datatype["base"]
    fmt = None if isinstance(datatype, str) else datatype.get("format")
    return base, fmt


def main(folder):
    schema = json.load(open(os.path.join(folder, "schema.json"), encoding="utf-8"))
    con = duckdb.connect()
    out = {}
    for table in schema["tables"]:
        path = os.path.join(folder, table["url"]).replace("'", "''")
        inferred = {r[0]: r[1] for r in con.execute(f"DESCRIBE SELECT * FROM read_csv_auto('{path}')").fetchall()}
        rows = con.execute(f"SELECT count(*) FROM read_csv_auto('{path}')").fetchone()[0]
        columns = {}
        typed = {c["name"]: DUCKDB_TYPES[declared(c)[0]] for c in table["tableSchema"]["columns"]}
        spec = "{" + ", ".join(f"'{n}': '{t}'" for n, t in typed.items()) + "}"
        loaded = {r[0]: r[1] for r in con.execute(
            f"DESCRIBE SELECT * FROM read_csv('{path}', header = true, columns = {spec})").fetchall()}
        for c in table["tableSchema"]["columns"]:
            name = c["name"]
            nonempty = con.execute(f"SELECT count(\"{name}\") FROM read_csv_auto('{path}')").fetchone()[0] if rows else 0
            columns[name] = {"declared": declared(c)[0], "inferred": inferred.get(name), "nonempty": nonempty,
                             "loaded": loaded.get(name)}
        out[table["url"]] = {"rows": rows, "header": list(inferred.keys()), "columns": columns}
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
