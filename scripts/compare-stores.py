#!/usr/bin/env python3
"""Compare two wxpipe stores table by table, ignoring row ids and ingest times.

    compare-stores.py A.sqlite B.sqlite [B2.sqlite …] [--tables records|derived|all] [--rel 1e-12]

With several B stores, A is compared with their union: the location parts of `wxpipe merge
--shard K/M` and the scores store of `merge-scores` (docs/SCALING.md, "Merge by location"). Each
table's rows are the B stores' rows together; the rows of one source (`sources`, one per part
holding its records) are one row with the counts added (SOURCE_SHARES); `meta` is a set (every
part has the store's own keys) without the merge's `merge.*` keys; `part_locations` (an aggregate
part's copy of its locations) is not a table of a store; and the views other than the record views
are left out (they join tables the union keeps in different files; those tables are compared).
A scores store written with `merge-scores --rows-in-parts` holds no `forecast_pairs` (nor the other
per-location tables, nor `forecast_consistency`): its table `part_tables` names the aggregate part
of each shard (the statistics file of each share for `forecast_consistency`) that holds them, and
the union reads those tables' rows from those files (a file named there and missing is an error).

The tables come from the stores themselves (`sqlite_master`), so a table added to the schema is
compared without a change here:
- records: the record tables and the record views `observations` and `forecasts` (the rows with
  their text back), compared as multisets of rows without `id`, `source_id` (replaced by the
  source's path and member) and `ingested_at_utc`;
- derived: every other table and view of either store, except those in EXCLUDED (each named
  with its reason, and listed in the output), as multisets of rows with reals equal to a
  relative 1e-12.
A table in one store and not the other is a difference. Exit 0 when equal, 1 with the first
differences otherwise. Used by scripts/slurm-test.sh (docs/SCALING.md) and the shard tests.
"""
import math
import sqlite3
import sys

RECORDS = ["sources", "locations", "observations", "forecasts", "rejects", "warnings"]
# Tables not compared directly, and why. Their content is compared all the same, through the
# record views, which read them with the keys turned back into text.
EXCLUDED = {
    "observation_rows": "compared through the view observations (its feed_key/location_key are store-local numbers)",
    "forecast_rows": "compared through the view forecasts (its feed_key/location_key are store-local numbers)",
    "feeds": "store-local numbers for (provider, product, model) text: compared through the record views",
    "location_keys": "store-local numbers for location ids: compared through the record views",
    # `wxpipe merge`'s own bookkeeping: only a merged store has it, a store ingested whole never does.
    "merged_stores": "wxpipe merge's record of the shard stores merged so far (what makes a rerun skip them)",
    "merged_source_ranks": "wxpipe merge's ingest order of each merged source (keeps the single run's order of precedence)",
    "merged_location_ranks": "wxpipe merge's rank of each location's first record (keeps the single run's location fields)",
}
IGNORED = {"id", "ingested_at_utc", "forecast_id", "observation_id"}
SOURCE_SHARES = {"documents", "accepted", "rejected", "duplicates", "records"}
NOT_A_STORE_TABLE = {"part_locations", "part_pair_groups", "part_tables"}
KEYED = {"locations"}  # their id is the location id, not a row id


def names(db):
    return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%'")}


def views(db):
    return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'view'")} - {"observations", "forecasts"}


def tables(a, bs, which):
    everything = names(a).union(*(names(b) for b in bs), set(referenced(bs))) - NOT_A_STORE_TABLE
    if len(bs) > 1:
        # A view other than the record views joins tables that the union keeps in different files
        # (daily_named: the scores store's daily_observed with a part's locations); its tables are compared.
        everything -= views(a).union(*(views(b) for b in bs))
    derived = sorted(everything - set(RECORDS) - set(EXCLUDED))
    return {"records": RECORDS, "derived": derived, "all": RECORDS + derived}[which]


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


def referenced(bs):
    """The tables the B stores left in other files (`part_tables`): table -> those files' stores."""
    out = {}
    for b in bs:
        if "part_tables" not in names(b):
            continue
        for table, path in b.execute("SELECT table_name, path FROM part_tables ORDER BY table_name, shard_index"):
            try:
                part = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
                names(part)
            except sqlite3.Error as e:
                print(f"{table}: the file {path} that part_tables names cannot be read: {e}")
                sys.exit(1)
            out.setdefault(table, []).append(part)
    return out


def union_rows(bs, t, parts=None):
    """The rows of table t over the B stores (see the module's text); None when none has it."""
    holders = [b for b in bs if t in names(b)] + (parts or {}).get(t, [])
    if not holders:
        return None, None
    cols, out = None, []
    for b in holders:
        c, r = rows(b, t)
        if cols is not None and c != cols:
            return c, None
        cols = c
        out += r
    if len(bs) > 1 and t == "sources":
        shares = [i for i, c in enumerate(cols) if c in SOURCE_SHARES]
        merged = {}
        for r in out:
            key = tuple(x for i, x in enumerate(r) if i not in shares)
            if key in merged:
                merged[key] = [x + y if i in shares else x for i, (x, y) in enumerate(zip(merged[key], r))]
            else:
                merged[key] = list(r)
        out = [tuple(r) for r in merged.values()]
    if len(bs) > 1 and t == "meta":
        out = [r for r in set(out) if not str(r[0]).startswith("merge.")]
    return cols, sorted(out, key=lambda r: [(x is None, str(x)) for x in r])


def main():
    args = [x for i, x in enumerate(sys.argv[1:], 1) if not x.startswith("--") and not sys.argv[i - 1] in ("--tables", "--rel")]
    a, bs = sqlite3.connect(args[0]), [sqlite3.connect(p) for p in args[1:]]
    which = sys.argv[sys.argv.index("--tables") + 1] if "--tables" in sys.argv else "records"
    rel = float(sys.argv[sys.argv.index("--rel") + 1]) if "--rel" in sys.argv else 1e-12
    parts = referenced(bs)
    failed = False
    for t, reason in sorted(EXCLUDED.items()):
        print(f"{t}: not compared directly: {reason}")
    for t in tables(a, bs, which):
        ca, ra = rows(a, t) if t in names(a) else (None, None)
        cb, rb = union_rows(bs, t, parts)
        if ca is None or cb is None:
            print(f"{t}: only in {args[0] if ca is not None else ' '.join(args[1:])}")
            failed = True
            continue
        if ca != cb or rb is None:
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
