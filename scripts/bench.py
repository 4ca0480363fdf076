#!/usr/bin/env python3
"""`make bench`: wxpipe beside the tools a user would pick instead, in one run.

Corpora (scripts/bench_corpora.py, cached in bench/): OWM current replies and One Call replies as
gzipped NDJSON (--mb each), and a folder of --files Open-Meteo 14-day hourly replies. For each,
in interleaved rounds (--rounds; medians reported): `gzip -dc`, `wxpipe ingest`, DuckDB
`CREATE TABLE AS ... read_json`, Python orjson + sqlite3 and Python json + sqlite3
(scripts/bench_peers.py), each writing the same normalized rows to a fresh file on disk. Every
tool's row counts are checked against wxpipe's. Peak RSS comes from /usr/bin/time.
Then: wxpipe's peak RSS at --mb and at --large-mb of each shape (memory flat?), --jobs 1 vs 2,
and an incremental run with nothing new over the folder. --quick: a small smoke run.
"""
import argparse, importlib.util, os, shutil, statistics, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_corpora as corpora

ap = argparse.ArgumentParser()
ap.add_argument("--wxpipe", required=True)
ap.add_argument("--wxbench", help="the JSON parser comparison (skipped without it)")
ap.add_argument("--dir", default="bench")
ap.add_argument("--mb", type=int, default=100, help="MB of JSON in each NDJSON corpus")
ap.add_argument("--files", type=int, default=2000, help="Open-Meteo files in the folder")
ap.add_argument("--large-mb", type=int, default=1000, help="MB of JSON for the memory check (0: skip)")
ap.add_argument("--rounds", type=int, default=3)
ap.add_argument("--quick", action="store_true", help="smoke run: 4 MB, 40 files, 1 round, 12 MB memory check")
args = ap.parse_args()
if args.quick:
    args.mb, args.files, args.rounds, args.large_mb = 4, 40, 1, 12
    args.dir = os.path.join(args.dir, "quick")
os.makedirs(args.dir, exist_ok=True)
PEERS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench_peers.py")


def ensure_python_packages():
    """DuckDB and orjson for the peers: installed with pip when missing (bench only)."""
    missing = [m for m in ("duckdb", "orjson") if importlib.util.find_spec(m) is None]
    if missing:
        print("installing for the bench: " + " ".join(missing), flush=True)
        base = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        if subprocess.run(base + ["--root-user-action=ignore"] + missing).returncode != 0:
            subprocess.run(base + ["--user"] + missing, check=True)


def fresh(path):
    for suffix in ("", "-wal", "-shm", ".wal", ".lock"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    return path


GOALS = []                                    # (stage, goal, measured, met): the summary at the end


def goal(stage, text, measured, met):
    GOALS.append((stage, text, measured, met))
    print("  goal %s: %s — %s" % ("met" if met else "NOT met", text, measured))


def timed(cmd, stdout=subprocess.DEVNULL):
    """(seconds, peak RSS MB, stdout) of one command under GNU time; its CPU seconds (user +
    system) in `timed.cpu`."""
    start = time.monotonic()
    r = subprocess.run(["/usr/bin/time", "-f", "%M %U %S"] + cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    secs = time.monotonic() - start
    if r.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), r.stderr[-2000:]))
    rss, user, system = r.stderr.strip().splitlines()[-1].split()
    timed.cpu = float(user) + float(system)
    return secs, int(rss) / 1024, r.stdout


def wxpipe(path, db, jobs=None):
    cmd = [args.wxpipe, "ingest", "--quiet", "--db", fresh(db), path] + (["--jobs", str(jobs)] if jobs else [])
    secs, rss, _ = timed(cmd)
    q = "SELECT (SELECT COUNT(*) FROM observations), (SELECT COUNT(*) FROM forecasts)"
    counts = subprocess.run(["sqlite3", db, q], capture_output=True, text=True).stdout.strip().split("|")
    return secs, rss, (int(counts[0]), int(counts[1]))


FLOOR = "SQLite floor"


def sqlite_floor(store):
    """SQLite alone inserting the rows of the store wxpipe just wrote (scripts/bench_floor.py)."""
    secs, rss, text = timed([sys.executable, os.path.join(os.path.dirname(PEERS), "bench_floor.py"), store])
    return float(text.split()[1]), rss, None


def tools(kind, path):
    """Each tool as a function giving (seconds, peak MB, (observations, forecasts) or None)."""
    out = os.path.join(args.dir, "peer")
    def peer(name):
        def run():
            secs, rss, text = timed([sys.executable, PEERS, name, kind, path, fresh(out + (".duckdb" if name == "duckdb" else ".sqlite"))])
            return secs, rss, tuple(int(x) for x in text.split())
        return run
    t = {}
    if kind != "openmeteo":
        t["gzip -dc"] = lambda: timed(["sh", "-c", "gzip -dc '%s' > /dev/null" % path])[:2] + (None,)
    t["wxpipe"] = lambda: wxpipe(path, os.path.join(args.dir, "wx.sqlite"))
    t[FLOOR] = lambda: sqlite_floor(os.path.join(args.dir, "wx.sqlite"))
    for name in ("duckdb", "orjson", "json"):
        t[{"duckdb": "DuckDB read_json", "orjson": "orjson + sqlite3", "json": "json + sqlite3"}[name]] = peer(name)
    return t


def compare(label, kind, path, json_bytes):
    runs = {name: [] for name in tools(kind, path)}
    counts = {}
    for _ in range(args.rounds):              # interleaved: every tool once per round
        for name, run in tools(kind, path).items():
            secs, rss, c = run()
            runs[name].append((secs, rss, timed.cpu))
            if c is not None:
                counts[name] = c
    wx = counts["wxpipe"]
    rows = wx[0] + wx[1] if kind == "owm" else wx[1]
    for name, c in counts.items():
        if c != wx:
            print("  !! %s wrote %s (observations, forecasts); wxpipe %s" % (name, c, wx))
    med = {name: statistics.median(x[0] for x in r) for name, r in runs.items()}
    cpu = {name: statistics.median(x[2] for x in r) for name, r in runs.items()}
    wx_secs = med["wxpipe"]
    print("\n%s: %.1f MB of JSON, %s rows (observations, forecasts: %s)" % (label, json_bytes / 1e6, format(rows, ","), wx))
    print("  %-18s %9s %9s %9s %12s %10s %9s" % ("tool", "seconds", "CPU s", "MB/s", "rows/s", "× wxpipe", "peak MB"))
    for name, r in runs.items():
        secs = med[name]
        print("  %-18s %9.2f %9.2f %9.1f %12s %10.2f %9.0f" % (name, secs, cpu[name], json_bytes / 1e6 / secs,
              "–" if name == "gzip -dc" else format(int(rows / secs), ","), wx_secs / secs, max(x[1] for x in r)))
    # wxpipe's speed as a multiple of the peer's: by wall time (the goal), and by CPU seconds
    # (steadier on a shared machine; wxpipe's CPU counts both of its threads).
    speed = lambda peer: med[peer] / wx_secs
    per_cpu = lambda peer: cpu[peer] / cpu["wxpipe"] if cpu["wxpipe"] else float("nan")
    goal("ingest " + label, "≥ 0.8× the SQLite floor", "%.2f× (CPU %.2f×)" % (speed(FLOOR), per_cpu(FLOOR)), speed(FLOOR) >= 0.8)
    for peer, want in PEER_GOALS.get(kind, []):
        goal("ingest " + label, "≥ %g× %s" % (want, peer), "%.2f× (CPU %.2f×)" % (speed(peer), per_cpu(peer)), speed(peer) >= want)
    return wx_secs


# The peer goals: wxpipe's speed as a multiple of each peer's, per corpus.
PEER_GOALS = {"owm": [("DuckDB read_json", 2), ("gzip -dc", 0.3)], "onecall": [("orjson + sqlite3", 3)],
              "openmeteo": [("orjson + sqlite3", 2)]}


def memory_check(label, kind, small_path, small_bytes):
    """wxpipe's peak RSS at --mb and at --large-mb of the same shape."""
    if args.large_mb <= 0:
        return
    times = max(2, round(args.large_mb / (small_bytes / 1e6)))
    if kind == "openmeteo":
        times = min(times, 60)
    if kind == "openmeteo":
        big = corpora.grow_openmeteo(small_path, os.path.join(args.dir, "openmeteo-large"), times)
    else:
        big = corpora.big_copy(small_path, small_path.replace(".ndjson.gz", "-large.ndjson.gz"), times)
    _, rss_small, _ = wxpipe(small_path, os.path.join(args.dir, "mem.sqlite"))
    secs, rss_big, c = wxpipe(big, os.path.join(args.dir, "mem.sqlite"))
    print("  memory %s: peak %.0f MB at %.0f MB of JSON, %.0f MB at %.0f MB (%+.0f %%; %s rows in %.0f s)"
          % (label, rss_small, small_bytes / 1e6, rss_big, small_bytes * times / 1e6, 100 * (rss_big / rss_small - 1),
             format(sum(c), ","), secs))


def scaling(kind, path, json_bytes):
    r = {j: [] for j in (1, 2)}
    for _ in range(args.rounds):
        for j in (1, 2):
            r[j].append(wxpipe(path, os.path.join(args.dir, "jobs.sqlite"), jobs=j)[0])
    one, two = statistics.median(r[1]), statistics.median(r[2])
    print("  --jobs 1: %.2f s (%.1f MB/s), --jobs 2: %.2f s (%.1f MB/s): %.2f×"
          % (one, json_bytes / 1e6 / one, two, json_bytes / 1e6 / two, one / two))


def incremental(folder):
    db = os.path.join(args.dir, "incremental.sqlite")
    first, _, _ = wxpipe(folder, db)
    again = [timed([args.wxpipe, "ingest", "--quiet", "--db", db, folder])[0] for _ in range(max(3, args.rounds))]
    print("  incremental, %d files: first run %.1f s; nothing new: %.3f s (median of %d)"
          % (args.files, first, statistics.median(again), len(again)))


def export_bench(paths):
    """CSV export of the forecasts beside the sqlite3 shell writing the same view as CSV, and
    the XLSX workbook beside wxpipe's own CSV, on one store of the corpora (interleaved rounds)."""
    db = os.path.join(args.dir, "export.sqlite")
    fresh(db)
    for path in paths:
        timed([args.wxpipe, "ingest", "--quiet", "--db", db, path])
    rows = int(subprocess.run(["sqlite3", db, "SELECT COUNT(*) FROM forecasts"], capture_output=True, text=True).stdout)
    out = os.path.join(args.dir, "export-out")
    shell_csv = os.path.join(args.dir, "export-shell.csv")
    runs = {"wxpipe export csv": [], "sqlite3 -csv": [], "wxpipe export xlsx": []}
    for _ in range(args.rounds):
        shutil.rmtree(out, ignore_errors=True)
        runs["wxpipe export csv"].append(timed([args.wxpipe, "export", "--db", db, "--format", "csv", "--out", out, "--table", "forecasts"]))
        runs["sqlite3 -csv"].append(timed(["sh", "-c", "sqlite3 -csv -header '%s' 'SELECT * FROM forecasts' > '%s'" % (db, shell_csv)]))
        runs["wxpipe export xlsx"].append(timed([args.wxpipe, "export", "--db", db, "--format", "xlsx", "--out", out + ".xlsx",
                                                 "--table", "forecasts"]))
    with open(os.path.join(out, "forecasts.csv"), "rb") as f:
        lines = sum(1 for _ in f)
    if lines != rows + 1:
        print("  !! wxpipe's forecasts.csv has %d lines for %d rows" % (lines, rows))
    med = {name: statistics.median(s for s, _, _ in r) for name, r in runs.items()}
    print("\nexport: %s forecast rows" % format(rows, ","))
    print("  %-20s %9s %12s %9s" % ("tool", "seconds", "rows/s", "peak MB"))
    for name, r in runs.items():
        print("  %-20s %9.2f %12s %9.0f" % (name, med[name], format(int(rows / med[name]), ","), max(m for _, m, _ in r)))
    csv_speed = med["sqlite3 -csv"] / med["wxpipe export csv"]
    xlsx_time = med["wxpipe export xlsx"] / med["wxpipe export csv"]
    goal("export", "CSV ≥ 2× the sqlite3 shell's speed", "%.2f×" % csv_speed, csv_speed >= 2)
    goal("export", "XLSX ≤ 2× wxpipe's CSV time", "%.2f×" % xlsx_time, xlsx_time <= 2)
    # What a writer deflating on one core pays at least: the sheet's XML deflated by gzip (zip entries are deflate).
    import zipfile
    sheet = os.path.join(args.dir, "export-sheet.xml")
    with zipfile.ZipFile(out + ".xlsx") as z, open(sheet, "wb") as f:
        name = next(n for n in z.namelist() if n.startswith("xl/worksheets/sheet"))
        with z.open(name) as src:
            shutil.copyfileobj(src, f, 1 << 20)
    deflate = {level: timed(["sh", "-c", "gzip -%d -c '%s' > /dev/null" % (level, sheet)])[0] for level in (1, 6)}
    print("  the sheet's XML alone (%.0f MB): gzip -1 takes %.2f×, gzip -6 %.2f× wxpipe's CSV time"
          % (os.path.getsize(sheet) / 1e6, deflate[1] / med["wxpipe export csv"], deflate[6] / med["wxpipe export csv"]))
    os.remove(sheet)


def aggregate_bench(folder, files):
    """The aggregate on the Open-Meteo folder's store with its truth: seconds and peak RSS with
    the default issue selection and with every issue scored (pairs per second), then peak RSS on
    a store 10× larger (grow_store): memory must not grow with the store."""
    truth = corpora.make_openmeteo_truth(os.path.join(args.dir, "openmeteo-truth"), files)
    db = fresh(os.path.join(args.dir, "aggregate.sqlite"))
    timed([args.wxpipe, "ingest", "--quiet", "--db", db, folder, truth])
    rows = corpora.count(db, "SELECT (SELECT COUNT(*) FROM forecast_rows) + (SELECT COUNT(*) FROM observation_rows)")
    big = corpora.grow_store(db, os.path.join(args.dir, "aggregate-10x.sqlite"))
    big_rows = corpora.count(big, "SELECT (SELECT COUNT(*) FROM forecast_rows) + (SELECT COUNT(*) FROM observation_rows)")
    runs = {"default": [], "all": []}
    pairs = {}
    for _ in range(args.rounds):
        for name, extra in (("default", []), ("all", ["--issue-selection", "all"])):
            secs, rss, _ = timed([args.wxpipe, "aggregate", "--db", db] + extra)
            runs[name].append((secs, rss, timed.cpu))
            pairs[name] = corpora.count(db, "SELECT COUNT(*) FROM forecast_pairs")
    secs_big, rss_big, _ = timed([args.wxpipe, "aggregate", "--db", big])
    pairs_big = corpora.count(big, "SELECT COUNT(*) FROM forecast_pairs")
    print("\naggregate: %s records (the Open-Meteo folder and its truth), %s in the store 10× larger"
          % (format(rows, ","), format(big_rows, ",")))
    print("  %-28s %9s %9s %10s %12s %9s" % ("run", "seconds", "CPU s", "pairs", "pairs/s", "peak MB"))
    med = {}
    for name, r in runs.items():
        secs, cpu = statistics.median(x for x, _, _ in r), statistics.median(c for _, _, c in r)
        med[name] = (secs, max(m for _, m, _ in r))
        print("  %-28s %9.2f %9.2f %10s %12s %9.0f" % ("issue selection " + name, secs, cpu, format(pairs[name], ","),
              format(int(pairs[name] / secs), ","), med[name][1]))
    print("  %-28s %9.2f %9.2f %10s %12s %9.0f" % ("10× store, default", secs_big, timed.cpu, format(pairs_big, ","),
          format(int(pairs_big / secs_big), ","), rss_big))
    rss = med["default"][1]
    goal("aggregate", "peak RSS ≤ 100 MB", "%.0f MB" % rss, rss <= 100)
    goal("aggregate", "peak RSS at 10× within 10 %", "%.0f MB (%+.0f %%)" % (rss_big, 100 * (rss_big / rss - 1)), rss_big <= rss * 1.1)
    rate = pairs["all"] / med["all"][0]
    goal("aggregate", "≥ 100k pairs/s with --issue-selection all", "%s pairs/s" % format(int(rate), ","), rate >= 100_000)
    return db


def merge_bench(folder, files):
    """The scale-out path of docs/SCALING.md beside one ingest + aggregate of the same inputs:
    2 ingest shards (`merge --prepare` each), the merge by location (2 tasks, `merge --shard`),
    an aggregate per location part and `merge-scores` into a store without records; and the
    single-writer `merge` for comparison. CPU seconds per million records (merge) and per
    million pairs (merge-scores); the result is checked equal to the single run's pairs."""
    truth = os.path.join(args.dir, "openmeteo-truth")
    work = os.path.join(args.dir, "merge")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    stages = []

    def stage(name, commands):
        secs, cpu = 0.0, 0.0
        for cmd in commands:
            s, _, _ = timed([args.wxpipe] + cmd)
            secs, cpu = secs + s, cpu + timed.cpu
        stages.append((name, secs, cpu, len(commands)))
        return cpu

    single = os.path.join(work, "single.sqlite")
    stage("ingest, 1 process", [["ingest", "--quiet", "--db", single, folder, truth]])
    stage("aggregate, 1 process", [["aggregate", "--db", single]])
    shards = [os.path.join(work, "ingest-%d.sqlite" % k) for k in range(2)]
    stage("ingest, 2 shards", [["ingest", "--quiet", "--shard", "%d/2" % k, "--db", shard, folder, truth]
                               for k, shard in enumerate(shards)])
    stage("merge --prepare", [["merge", "--prepare", shard] for shard in shards])
    parts = [os.path.join(work, "location-%d.sqlite" % k) for k in range(2)]
    merge_cpu = stage("merge by location, 2 tasks", [["merge", "--shard", "%d/2" % k, "--db", part] + shards
                                                      for k, part in enumerate(parts)])
    aggregates = [os.path.join(work, "aggregate-%d.sqlite" % k) for k in range(2)]
    stage("aggregate, 2 location parts", [["aggregate", "--db", part, "--shard", "%d/2" % k, "--out", out]
                                          for k, (part, out) in enumerate(zip(parts, aggregates))])
    scores = os.path.join(work, "scores.sqlite")
    scores_cpu = stage("merge-scores of 2 parts", [["merge-scores", "--db", scores] + aggregates])
    merged = os.path.join(work, "merged.sqlite")
    writer_cpu = stage("single-writer merge (old)", [["merge", "--db", merged] + shards])
    records = corpora.count(single, "SELECT (SELECT COUNT(*) FROM forecast_rows) + (SELECT COUNT(*) FROM observation_rows)")
    pairs = corpora.count(single, "SELECT COUNT(*) FROM forecast_pairs")
    got = corpora.count(scores, "SELECT COUNT(*) FROM forecast_pairs")
    if got != pairs:
        print("  !! merge-scores wrote %d pairs, one aggregate %d" % (got, pairs))
    print("\nmerge: %s records, %s pairs" % (format(records, ","), format(pairs, ",")))
    print("  %-30s %6s %9s %9s" % ("stage", "tasks", "seconds", "CPU s"))
    for name, secs, cpu, n in stages:
        print("  %-30s %6d %9.2f %9.2f" % (name, n, secs, cpu))
    print("  merge by location: %.1f CPU s per million records (all tasks; the single writer: %.1f); merge-scores: %.1f CPU s"
          " per million pairs (serial)" % (merge_cpu / records * 1e6, writer_cpu / records * 1e6, scores_cpu / max(pairs, 1) * 1e6))


ensure_python_packages()
print("generating the corpora in %s/ (cached between runs)…" % args.dir, flush=True)
owm = os.path.join(args.dir, "owm_current.ndjson.gz")
onecall = os.path.join(args.dir, "onecall.ndjson.gz")
folder = os.path.join(args.dir, "openmeteo")
metas = [corpora.make_ndjson(owm, args.mb, corpora.owm_current, 7), corpora.make_ndjson(onecall, args.mb, corpora.onecall, 8),
         corpora.make_openmeteo(folder, args.files)]
load = os.getloadavg()
print("machine: %d cores, load average %.1f %.1f %.1f at the start (other work on the machine slows every tool alike;"
      " compare ratios)" % ((os.cpu_count() or 0,) + load))
shapes = [("OWM current", "owm", owm, metas[0]["bytes"]), ("One Call", "onecall", onecall, metas[1]["bytes"]),
          ("Open-Meteo folder", "openmeteo", folder, metas[2]["bytes"])]
for label, kind, path, size in shapes:
    compare(label, kind, path, size)
    scaling(kind, path, size)
    memory_check(label, kind, path, size)
incremental(folder)
export_bench([folder, onecall])
aggregate_bench(folder, args.files)
merge_bench(folder, args.files)
print("\ngoals (ratios within this run):")
for stage, text, measured, met in GOALS:
    print("  %-8s %-26s %-44s %s" % ("met" if met else "NOT met", stage, text, measured))
print("load average at the end: %.1f %.1f %.1f" % os.getloadavg())
if args.wxbench:
    sample = os.path.join(args.dir, "sample.ndjson")
    subprocess.run("gzip -dc '%s' | head -n 40000 > '%s'" % (owm, sample), shell=True, check=True)
    subprocess.run([args.wxbench, "json", sample], check=True)
