#!/usr/bin/env python3
"""SQLite's own insert floor for a store wxpipe just wrote: the same rows inserted by SQLite alone.

`python3 scripts/bench_floor.py STORE [--rounds N]` creates an empty database with STORE's row
tables (`forecast_rows`, `observation_rows`: columns, UNIQUE keys and indexes as written) and the
store's pragmas (WAL, synchronous=NORMAL), then copies every row of STORE's row tables into it
in id order (the order ingest wrote them) in one transaction, with the sqlite3 shell — the same
libsqlite3 wxpipe links. No JSON, no decoding, no binding from a host language: what is left of
ingest's time above this is wxpipe's own. Prints `floor SECONDS ROWS` (median of the rounds).
"""
import argparse, os, statistics, subprocess, sys, tempfile, time

TABLES = ("observation_rows", "forecast_rows")


def schema(store):
    """CREATE statements of the row tables and their indexes, as stored."""
    q = ("SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL AND tbl_name IN (%s) ORDER BY type DESC, name"
         % ",".join("'%s'" % t for t in TABLES))
    out = subprocess.run(["sqlite3", store, q], capture_output=True, text=True, check=True).stdout
    # Each statement may span lines; sqlite3 prints them one after another: split on the
    # starts of CREATE statements.
    parts, current = [], []
    for line in out.splitlines():
        if line.startswith("CREATE ") and current:
            parts.append("\n".join(current))
            current = []
        current.append(line)
    if current:
        parts.append("\n".join(current))
    # REFERENCES sources(id): the floor database has no sources table and foreign keys are off.
    return [p.rstrip(";") + ";" for p in parts]


def floor(store, workdir):
    target = os.path.join(workdir, "floor.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(target + suffix):
            os.remove(target + suffix)
    statements = ["PRAGMA journal_mode=WAL;", "PRAGMA synchronous=NORMAL;"] + schema(store)
    subprocess.run(["sqlite3", target], input="\n".join(statements), text=True, check=True, stdout=subprocess.DEVNULL)
    copy = ["PRAGMA synchronous=NORMAL;", "ATTACH DATABASE '%s' AS src;" % store.replace("'", "''"), "BEGIN;"]
    copy += ["INSERT INTO main.%s SELECT * FROM src.%s ORDER BY id;" % (t, t) for t in TABLES]
    copy += ["COMMIT;"]
    start = time.monotonic()
    subprocess.run(["sqlite3", target], input="\n".join(copy), text=True, check=True, stdout=subprocess.DEVNULL)
    secs = time.monotonic() - start
    rows = sum(int(subprocess.run(["sqlite3", target, "SELECT COUNT(*) FROM %s" % t], capture_output=True, text=True,
                                  check=True).stdout) for t in TABLES)
    return secs, rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("store")
    ap.add_argument("--rounds", type=int, default=1)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(dir=os.path.dirname(os.path.abspath(a.store))) as work:
        runs = [floor(a.store, work) for _ in range(a.rounds)]
    print("floor %.3f %d" % (statistics.median(s for s, _ in runs), runs[0][1]))


if __name__ == "__main__":
    sys.exit(main())
