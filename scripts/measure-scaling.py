#!/usr/bin/env python3
"""Measures the per-stage costs of the scaling model in docs/SCALING.md on a generated archive.

    measure-scaling.py WXPIPE [--cities N] [--days D] [--shards K] [--statistics-tasks S] [--keep DIR]

Generates a multi-city archive (scripts/make-city-archive.py), then times the path `make
test-slurm` runs (docs/SCALING.md, "Merge by location"): one whole ingest (the anchor); K shard
ingests at once (one process each) and their `merge --prepare`; the merge by location, as one task (`merge --shard 0/1`: one
location pass and every record copied) and as K tasks at once (`merge --shard i/K`: each resolves
the locations of all stores and copies its share), the difference being the location pass each
task repeats; one whole aggregate; K aggregates of the location parts at once; merge-scores of
their parts into a scores store; and merge-scores split: the pooled statistics as one task
(`merge-scores --shard 0/1`) and as S tasks (`--shard j/S`, each timed alone: the longest is the
split stage's critical path), then the last step (`merge-scores --statistics`: the concatenation
and the pooled sums, what stays serial), with the pairs copied and with them left in the parts
(`--rows-in-parts`). The single-writer merge of the K stores is timed too, for the
ratio. Prints each stage's wall and CPU seconds (user + system of its processes: on a shared
machine the figure that carries over to dedicated cores) and a JSON line with the figures.
Checks that the location parts and the scores store equal the whole run (scripts/compare-stores.py).
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
    a.add_argument("--statistics-tasks", type=int, default=4)
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
        stores = [f"{d}/shard-{i}.sqlite" for i in range(k)]
        # What each ingest array task does after its ingest: its locations' first records, for the merge tasks.
        r["prepare_s"] = timed([[w, "merge", "--prepare", s] for s in stores], "prepare")
        r["location_merge_1_s"] = timed([[w, "merge", "--shard", "0/1", "--db", f"{d}/whole-part.sqlite"] + stores], "location_merge_1")
        r["location_merge_shards_s"] = timed([[w, "merge", "--shard", f"{i}/{k}", "--db", f"{d}/locations-{i}.sqlite"] + stores
                                              for i in range(k)], "location_merge_shards")
        locations = count(f"{d}/single.sqlite", "SELECT COUNT(*) FROM locations")
        r["locations"] = locations
        r["aggregate_1_s"] = timed([[w, "aggregate", "--db", f"{d}/single.sqlite"]], "aggregate_1")
        r["aggregate_shards_s"] = timed([[w, "aggregate", "--db", f"{d}/locations-{i}.sqlite", "--shard", f"{i}/{k}",
                                          "--out", f"{d}/part-{i}.sqlite"] for i in range(k)], "aggregate_shards")
        r["merge_scores_s"] = timed([[w, "merge-scores", "--db", f"{d}/scores.sqlite"] + [f"{d}/part-{i}.sqlite" for i in range(k)]],
                                    "merge_scores")
        aggregates = [f"{d}/part-{i}.sqlite" for i in range(k)]
        st = args.statistics_tasks
        r["statistics_tasks"] = st
        r["statistics_whole_s"] = timed([[w, "merge-scores", "--shard", "0/1", "--out", f"{d}/stats-whole/stats-0.sqlite"] + aggregates],
                                    "statistics_whole")
        for j in range(st):
            r[f"statistics_{j}_s"] = timed([[w, "merge-scores", "--shard", f"{j}/{st}", "--out", f"{d}/stats/stats-{j}.sqlite"] + aggregates],
                                           f"statistics_{j}")
        r["merge_scores_split_s"] = timed([[w, "merge-scores", "--db", f"{d}/scores-split.sqlite", "--statistics", f"{d}/stats"] + aggregates],
                                          "merge_scores_split")
        r["merge_scores_parts_s"] = timed([[w, "merge-scores", "--db", f"{d}/scores-parts.sqlite", "--statistics", f"{d}/stats", "--rows-in-parts"]
                                           + aggregates], "merge_scores_parts")
        r["pairs"] = count(f"{d}/single.sqlite", "SELECT COUNT(*) FROM forecast_pairs")
        same = subprocess.run([sys.executable, os.path.join(HERE, "compare-stores.py"), f"{d}/single.sqlite"]
                              + [f"{d}/locations-{i}.sqlite" for i in range(k)] + [f"{d}/scores.sqlite", "--tables", "all"],
                              capture_output=True, text=True)
        same_split = subprocess.run([sys.executable, os.path.join(HERE, "compare-stores.py"), f"{d}/single.sqlite"]
                                    + [f"{d}/locations-{i}.sqlite" for i in range(k)] + [f"{d}/scores-split.sqlite", "--tables", "all"],
                                    capture_output=True, text=True)
        same_parts = subprocess.run([sys.executable, os.path.join(HERE, "compare-stores.py"), f"{d}/single.sqlite"]
                                    + [f"{d}/locations-{i}.sqlite" for i in range(k)] + [f"{d}/scores-parts.sqlite", "--tables", "all"],
                                    capture_output=True, text=True)
        r["equal"] = same.returncode == 0 and same_split.returncode == 0 and same_parts.returncode == 0
        c = CPU
        per_m = 1e6 / rows
        print(f"archive: {files} files, {mb:.1f} MB of JSON, {rows} records, {locations} locations, {r['pairs']} pairs")
        print(f"{'stage':34} {'wall s':>7} {'CPU s':>7}")
        for name, label in [("ingest_1", "ingest, 1 process"), ("ingest_shards", f"ingest, {k} shards at once"),
                            ("merge", f"merge of {k} stores, 1 writer"),
                            ("prepare", f"merge --prepare of {k} stores at once"), ("location_merge_1", "merge by location, 1 task"),
                            ("location_merge_shards", f"merge by location, {k} tasks at once"), ("aggregate_1", "aggregate, 1 process"),
                            ("aggregate_shards", f"aggregate, {k} location parts at once"), ("merge_scores", f"merge-scores of {k} parts"),
                            ("statistics_whole", "pooled statistics, 1 task")] + [
                            (f"statistics_{j}", f"pooled statistics, task {j}/{st}") for j in range(st)] + [
                            ("merge_scores_split", f"merge-scores --statistics ({st})"),
                            ("merge_scores_parts", "  the same, --rows-in-parts")]:
            print(f"{label:34} {r[name + '_s']:7.2f} {c[name]:7.2f}")
        tasks = [c[f"statistics_{j}"] for j in range(st)]
        r["statistics_sum_cpu_s"], r["statistics_max_cpu_s"] = round(sum(tasks), 2), max(tasks)
        print(f"  split statistics: {st} tasks {sum(tasks):.2f} CPU s in all (1 task: {c['statistics_whole']:.2f}), the longest {max(tasks):.2f} "
              f"({max(tasks) / c['statistics_whole']:.2f} of one task); last step {c['merge_scores_split'] / r['pairs'] * 1e6:.1f} CPU s per million pairs "
              f"(merge-scores unsplit {c['merge_scores'] / r['pairs'] * 1e6:.1f}); statistics {c['statistics_whole'] / r['pairs'] * 1e6:.1f} CPU s per million pairs")
        print(f"  the longest task is {max(tasks) / sum(tasks):.2f} of the split work (1/{st} = {1 / st:.2f}); the last step with the pairs left in the parts "
              f"{c['merge_scores_parts']:.2f} CPU s ({c['merge_scores_parts'] / r['pairs'] * 1e6:.2f} per million pairs, "
              f"{c['merge_scores_parts'] / locations:.4f} per location)")
        # The K tasks do the location pass K times and copy every record once; one task does both once.
        location_pass = max(0.0, (c["location_merge_shards"] - c["location_merge_1"]) / (k - 1)) if k > 1 else 0.0
        r["location_pass_cpu_s"] = round(location_pass, 2)
        print(f"  ingest {mb / c['ingest_1']:.1f} MB per CPU second; prepare {c['prepare'] * per_m:.2f} CPU s per million records; single-writer merge {c['merge'] * per_m:.1f} CPU s per million records; "
              f"merge by location {c['location_merge_1'] * per_m:.1f} CPU s per million records in one task, of which the location pass "
              f"(repeated by every task) {location_pass * per_m:.1f}; aggregate {c['aggregate_1'] * per_m:.1f} CPU s per million records "
              f"({c['aggregate_1'] / locations:.3f} per location); merge-scores {c['merge_scores'] / r['pairs'] * 1e6:.1f} CPU s per million pairs")
        r["cpu"] = CPU
        print("location parts + scores store equal the whole run:", r["equal"])
        print(json.dumps(r))
        if not r["equal"]:
            print(same.stdout, same_split.stdout, same_parts.stdout)
            sys.exit(1)
    finally:
        if not args.keep:
            shutil.rmtree(d, ignore_errors=True)


if __name__ == "__main__":
    main()
