#!/usr/bin/env python3
"""`make bench`: ingest throughput of wxpipe as a ratio to `gzip -dc` of the same file.

Generates a synthetic archive (OpenWeatherMap current-weather replies) in bench/:
- replies.ndjson.gz: gzipped NDJSON, >= 200 MB of JSON;
- replies.tar.gz: a tar.gz of single .json files;
then, in this one run, times `gzip -dc FILE > /dev/null` and `wxpipe ingest` of the same file,
and reports MB/s of JSON, documents/s, peak resident memory (from /usr/bin/time), and the ratio.
Memory is measured at half and full size to show it does not grow with the input.
"""
import argparse, gzip, io, json, os, random, shutil, subprocess, sys, tarfile, time

ap = argparse.ArgumentParser()
ap.add_argument("--wxpipe", required=True)
ap.add_argument("--wxbench", required=True)
ap.add_argument("--mb", type=int, default=220, help="MB of JSON in the NDJSON archive")
ap.add_argument("--dir", default="bench")
ap.add_argument("--large-gb", type=float, default=1.0, help="GB of JSON streamed through stdin for the memory bound (0 to skip)")
args = ap.parse_args()
os.makedirs(args.dir, exist_ok=True)
rnd = random.Random(7)

def reply(k):
    t = 1577836800 + 3600 * (k // 50)
    lat = round(-60 + (k % 50) * 2.4, 4)
    lon = round(-170 + (k % 50) * 6.8, 4)
    return {"coord": {"lon": lon, "lat": lat},
            "weather": [{"id": rnd.choice([500, 800, 801, 804]), "main": "Clouds", "description": "broken clouds", "icon": "04d"}],
            "base": "stations",
            "main": {"temp": round(rnd.uniform(260, 310), 2), "feels_like": round(rnd.uniform(260, 310), 2),
                     "temp_min": 280.1, "temp_max": 290.2, "pressure": rnd.randint(980, 1040), "humidity": rnd.randint(10, 100)},
            "visibility": 10000, "wind": {"speed": round(rnd.uniform(0, 15), 2), "deg": rnd.randint(0, 359), "gust": 7.2},
            "rain": {"1h": round(rnd.uniform(0, 4), 2)}, "clouds": {"all": rnd.randint(0, 100)}, "dt": t,
            "sys": {"type": 2, "id": 2000 + k % 50, "country": "XX", "sunrise": t - 20000, "sunset": t + 20000},
            "timezone": 0, "id": 1000 + k % 50, "name": "Station %d" % (k % 50), "cod": 200}

def make_ndjson(path, mb):
    if os.path.exists(path) and os.path.exists(path + ".size"):
        return int(open(path + ".size").read())
    size = 0
    k = 0
    gz = subprocess.Popen(["gzip", "-6"], stdin=subprocess.PIPE, stdout=open(path, "wb"))
    while size < mb * 1_000_000:
        chunk = "".join(json.dumps(reply(k + j), separators=(",", ":")) + "\n" for j in range(2000)).encode()
        k += 2000
        size += len(chunk)
        gz.stdin.write(chunk)
    gz.stdin.close()
    gz.wait()
    open(path + ".size", "w").write(str(size))
    return size

def make_tar(path, files):
    if os.path.exists(path) and os.path.exists(path + ".size"):
        return int(open(path + ".size").read())
    size = 0
    with tarfile.open(path, "w:gz", compresslevel=6) as tf:
        for k in range(files):
            data = json.dumps(reply(k), indent=1).encode()
            size += len(data)
            info = tarfile.TarInfo("archive/%07d.json" % k)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    open(path + ".size", "w").write(str(size))
    return size

def timed(cmd):
    """(seconds, peak RSS in MB) of one command, via GNU time."""
    start = time.monotonic()
    r = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    secs = time.monotonic() - start
    if r.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), r.stderr))
    return secs, int(r.stderr.strip().splitlines()[-1]) / 1024

def ingest(path):
    db = os.path.join(args.dir, "bench.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    return timed([args.wxpipe, "ingest", "--quiet", "--db", db, path])

print("generating synthetic archive in %s/ (cached between runs)..." % args.dir, flush=True)
nd = os.path.join(args.dir, "replies.ndjson.gz")
nd_bytes = make_ndjson(nd, args.mb)
half = os.path.join(args.dir, "half.ndjson.gz")
half_bytes = make_ndjson(half, args.mb // 2)
tar = os.path.join(args.dir, "replies.tar.gz")
tar_bytes = make_tar(tar, 60000)

rows = []
for label, path, size in [("ndjson.gz", nd, nd_bytes), ("tar.gz", tar, tar_bytes)]:
    g_secs, _ = timed(["sh", "-c", "gzip -dc '%s' > /dev/null" % path])
    i_secs, rss = ingest(path)
    docs = int(subprocess.run(["sqlite3", os.path.join(args.dir, "bench.sqlite"), "SELECT SUM(documents) FROM sources"],
                              capture_output=True, text=True).stdout.strip() or 0)
    rows.append((label, size, g_secs, i_secs, rss, docs))

print()
print("%-10s %9s %12s %14s %12s %10s %8s" % ("input", "JSON MB", "gzip -dc MB/s", "ingest MB/s", "docs/s", "peak MB", "ratio"))
for label, size, g, i, rss, docs in rows:
    print("%-10s %9.1f %12.1f %14.1f %12.0f %10.1f %8.2f" % (label, size / 1e6, size / 1e6 / g, size / 1e6 / i, docs / i, rss, g / i))
_, rss_half = ingest(half)
_, rss_full = ingest(nd)
print()
print("peak memory, ndjson.gz: %.1f MB at %.0f MB of JSON, %.1f MB at %.0f MB (flat if close)" % (rss_half, half_bytes / 1e6, rss_full, nd_bytes / 1e6))
print("ratio = ingest throughput / gzip -dc throughput on the same file, same run (target >= 0.5)")

def large_stdin_run(gb):
    """Streams `gb` GB of distinct replies into `wxpipe ingest -` and reports its peak memory."""
    templates = []
    for k in range(1000):
        d = reply(k)
        d["dt"] = 0
        templates.append(json.dumps(d, separators=(",", ":")).replace('"dt":0', '"dt":%d'))
    db = os.path.join(args.dir, "large.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    p = subprocess.Popen(["/usr/bin/time", "-f", "%M", args.wxpipe, "ingest", "--quiet", "--db", db, "-"],
                         stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    target = int(gb * 1e9)
    sent = 0
    n = 0
    start = time.monotonic()
    while sent < target:
        block = "".join(templates[(n + j) % 1000] % (946684800 + (n + j) * 60) + "\n" for j in range(5000)).encode()
        p.stdin.write(block)
        sent += len(block)
        n += 5000
    p.stdin.close()
    err = p.stderr.read().decode()
    p.wait()
    secs = time.monotonic() - start
    peak = int(err.strip().splitlines()[-1]) / 1024
    print("1 GB bound: %.2f GB of JSON (%d documents) through stdin in %.0f s; peak resident memory %.1f MB (bound: 150 MB)"
          % (sent / 1e9, n, secs, peak))
    os.remove(db)

def incremental():
    """A weekly re-run: nothing new (hashes only), then one new file among the old ones."""
    folder = os.path.join(args.dir, "incremental")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    os.symlink(os.path.abspath(nd), os.path.join(folder, "a.ndjson.gz"))
    os.symlink(os.path.abspath(tar), os.path.join(folder, "b.tar.gz"))
    db = os.path.join(args.dir, "incremental.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    first, _ = timed([args.wxpipe, "ingest", "--quiet", "--db", db, folder])
    again, _ = timed([args.wxpipe, "ingest", "--quiet", "--db", db, folder])
    subprocess.run("gzip -dc '%s' | head -n 20000 | gzip > '%s'" % (nd, os.path.join(folder, "c.ndjson.gz")), shell=True, check=True)
    new, _ = timed([args.wxpipe, "ingest", "--quiet", "--db", db, folder])
    print("incremental: first run %.1f s; again with nothing new %.2f s (%.0fx faster); with one new file of 20,000 replies %.2f s"
          % (first, again, first / max(again, 1e-3), new))

print()
incremental()

if args.large_gb > 0:
    print()
    large_stdin_run(args.large_gb)

print()
sample = os.path.join(args.dir, "sample.ndjson")
subprocess.run("gzip -dc '%s' | head -n 40000 > '%s'" % (nd, sample), shell=True, check=True)
subprocess.run([args.wxbench, "json", sample], check=True)
