#!/usr/bin/env python3
"""Measures the per-stage costs of the scaling model in docs/SCALING.md on a generated archive.

    measure-scaling.py WXPIPE [--cities N] [--days D] [--shards K] [--keep DIR]

Generates a multi-city archive (scripts/make-city-archive.py), then times: one whole ingest;
K shard ingests run at once (one process each); the merge of the K shard stores; one whole
aggregate; K location-shard aggregates at once and their merge-scores. Prints each stage's
wall time, throughput (MB/s of JSON, rows/s, s per location) and a JSON line with the figures.
Checks that the merged result equals the whole run (scripts/compare-stores.py).
"""
import argparse
import json
import os
import resource
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


CPU = {}


def timed(commands, name):
    """Runs the commands at once; returns the wall time in seconds and notes their CPU seconds
    (user + system, all processes) in CPU[name]: on a shared machine the CPU time is the figure
    that carries over to dedicated cores."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    procs = [subprocess.Popen(c, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for c in commands]
    for p, c in zip(procs, commands):
        _, err = p.communicate()
        if p.returncode != 0:
            sys.exit(f"failed ({p.returncode}): {' '.join(c)}\n{err.decode()}")
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU[name] = round(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, 2)
    return wall


def count(db, sql):
    return sqlite3.connect(db).execute(sql).fetchone()[0]


def main():
    a = argparse.ArgumentParser()
    a.add_argument("wxpipe")
    a.add_argument("--cities", type=int, default=100)
    a.add_argument("--days", type=int, default=30)
    a.add_argument("--shards", type=int, default=2)
    a.add_argument("--keep")
    args = a.parse_args()
    w = os.path.abspath(args.wxpipe)
    d = args.keep or tempfile.mkdtemp(prefix="wxpipe-scaling-")
    os.makedirs(d, exist_ok=True)
    try:
        out = subprocess.run([sys.executable, os.path.join(HERE, "make-city-archive.py"), d, "--cities", str(args.cities),
                              "--days", str(args.days)], check=True, capture_output=True, text=True).stdout
        files, json_bytes = int(out.split()[0]), int(out.split()[2])
        mb = json_bytes / 1e6
        data = os.path.join(d, "data")
        k = args.shards
        r = {"files": files, "json_mb": round(mb, 1), "shards": k}
        r["ingest_1_s"] = timed([[w, "ingest", "--quiet", "--db", f"{d}/single.sqlite", data]], "ingest_1")
        r["ingest_shards_s"] = timed([[w, "ingest", "--quiet", "--shard", f"{i}/{k}", "--db", f"{d}/shard-{i}.sqlite", data]
                                      for i in range(k)], "ingest_shards")
        rows = count(f"{d}/single.sqlite", "SELECT (SELECT COUNT(*) FROM observations) + (SELECT COUNT(*) FROM forecasts)")
        r["rows"] = rows
        r["merge_s"] = timed([[w, "merge", "--db", f"{d}/merged.sqlite"] + [f"{d}/shard-{i}.sqlite" for i in range(k)]], "merge")
        locations = count(f"{d}/single.sqlite", "SELECT COUNT(*) FROM locations")
        r["locations"] = locations
        r["aggregate_1_s"] = timed([[w, "aggregate", "--db", f"{d}/single.sqlite"]], "aggregate_1")
        r["aggregate_shards_s"] = timed([[w, "aggregate", "--db", f"{d}/merged.sqlite", "--shard", f"{i}/{k}",
                                          "--out", f"{d}/part-{i}.sqlite"] for i in range(k)], "aggregate_shards")
        r["merge_scores_s"] = timed([[w, "merge-scores", "--db", f"{d}/merged.sqlite"] + [f"{d}/part-{i}.sqlite" for i in range(k)]], "merge_scores")
        r["pairs"] = count(f"{d}/single.sqlite", "SELECT COUNT(*) FROM forecast_pairs")
        same = subprocess.run([sys.executable, os.path.join(HERE, "compare-stores.py"), f"{d}/single.sqlite", f"{d}/merged.sqlite",
                               "--tables", "all"], capture_output=True, text=True)
        r["equal"] = same.returncode == 0
        print(f"archive: {files} files, {mb:.1f} MB of JSON, {rows} records, {locations} locations, {r['pairs']} pairs")
        print(f"ingest, 1 process:        {r['ingest_1_s']:.2f} s = {mb / r['ingest_1_s']:.1f} MB/s")
        print(f"ingest, {k} shards at once: {r['ingest_shards_s']:.2f} s = {mb / r['ingest_shards_s']:.1f} MB/s "
              f"({mb / r['ingest_shards_s'] / k:.1f} MB/s per shard)")
        print(f"merge of {k} stores:        {r['merge_s']:.2f} s = {r['merge_s'] / rows * 1e6:.1f} s per million records")
        print(f"aggregate, 1 process:     {r['aggregate_1_s']:.2f} s = {r['aggregate_1_s'] / locations:.3f} s per location")
        print(f"aggregate, {k} shards:      {r['aggregate_shards_s']:.2f} s; merge-scores {r['merge_scores_s']:.2f} s")
        print("CPU seconds (user + system) per stage:", CPU)
        c = CPU
        print(f"  ingest {mb / c['ingest_1']:.1f} MB per CPU second; merge {c['merge'] / rows * 1e6:.1f} CPU s per million records; "
              f"aggregate {c['aggregate_1'] / rows * 1e6:.1f} CPU s per million records ({c['aggregate_1'] / locations:.3f} per location); "
              f"merge-scores {c['merge_scores'] / r['pairs'] * 1e6:.1f} CPU s per million pairs")
        r["cpu"] = CPU
        print("merged result equals the whole run:", r["equal"])
        print(json.dumps(r))
        if not r["equal"]:
            print(same.stdout)
            sys.exit(1)
    finally:
        if not args.keep:
            shutil.rmtree(d, ignore_errors=True)


if __name__ == "__main__":
    main()
