#!/usr/bin/env python3
"""Compare two wxpipe stores table by table, ignoring row ids and ingest times.

    compare-stores.py A.sqlite B.sqlite [--tables records|derived|all] [--rel 1e-12]

Record tables are compared as multisets of rows without `id`, `source_id` (replaced by the
source's path and member) and `ingested_at_utc`; derived tables as multisets of rows with
reals equal to a relative 1e-12. Exit 0 when equal, 1 with the first differences otherwise.
Used by scripts/slurm-test.sh (docs/SCALING.md).
"""
import math
import sqlite3
import sys

RECORDS = ["sources", "locations", "observations", "forecasts", "rejects", "warnings"]
DERIVED = ["daily_observed", "rainfall_monthly", "forecast_pairs", "excluded_pairs", "forecast_scores",
           "scores_by_lead", "verification_exclusions"]
IGNORED = {"id", "ingested_at_utc", "forecast_id", "observation_id"}
KEYED = {"locations"}  # their id is the location id, not a row id


def rows(db, table):
    cols = [r[1] for r in db.execute(f'PRAGMA table_info("{table}")')]
    if not cols:
        return None, []
    keep = [c for c in cols if c not in IGNORED or (table in KEYED and c == "id")]
    sql = "SELECT " + ", ".join(f't."{c}"' if c != "source_id" else "s.path || '|' || IFNULL(s.member, '')" for c in keep)
    sql += f' FROM "{table}" t' + (" JOIN sources s ON s.id = t.source_id" if "source_id" in cols else "")
    return keep, sorted(db.execute(sql).fetchall(), key=lambda r: [(x is None, str(x)) for x in r])


def same(a, b, rel):
    if isinstance(a, float) or isinstance(b, float):
        if a is None or b is None:
            return a is b
        return math.isclose(a, b, rel_tol=rel, abs_tol=1e-12)
    return a == b


def main():
    a, b = sqlite3.connect(sys.argv[1]), sqlite3.connect(sys.argv[2])
    which = sys.argv[sys.argv.index("--tables") + 1] if "--tables" in sys.argv else "records"
    rel = float(sys.argv[sys.argv.index("--rel") + 1]) if "--rel" in sys.argv else 1e-12
    tables = {"records": RECORDS, "derived": DERIVED, "all": RECORDS + DERIVED}[which]
    failed = False
    for t in tables:
        ca, ra = rows(a, t)
        cb, rb = rows(b, t)
        if ca != cb:
            print(f"{t}: columns differ: {ca} vs {cb}")
            failed = True
            continue
        if len(ra) != len(rb):
            print(f"{t}: {len(ra)} rows vs {len(rb)}")
            failed = True
            continue
        bad = [(x, y) for x, y in zip(ra, rb) if not all(same(p, q, rel) for p, q in zip(x, y))]
        if bad:
            print(f"{t}: {len(bad)} rows differ, first:\n  {bad[0][0]}\n  {bad[0][1]}")
            failed = True
        else:
            print(f"{t}: {len(ra)} rows equal", flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
