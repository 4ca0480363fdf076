#!/usr/bin/env python3
"""The three corpora of `make bench`, generated deterministically and cached.

- owm_current.ndjson.gz: OpenWeatherMap current-weather replies, one per line
  (wxpipe: one observation row per reply);
- onecall.ndjson.gz: One Call 2.5 replies (current + 48 hourly + 8 daily), one per line
  (wxpipe: one forecast row per hourly and per daily entry; the `current` block is one
  observation row per reply, counted separately);
- openmeteo/: a folder of Open-Meteo 14-day hourly replies in the shape of real archives:
  old-style names (`windspeed_10m`, `relativehumidity_2m`), °F / mph / inch, local times with
  `utc_offset_seconds`, one file per hour of issue (the issue time is in the file name)
  (wxpipe: one forecast row per hour of each file, 13 variables each);
- openmeteo-truth/: `open-meteo/archive` replies (one per place and month) observing every hour
  the folder's forecasts are valid at: the truth of the aggregate stage's bench;
- grow_store: a store built from one wxpipe wrote, larger in places and in time, in SQL (the
  aggregate's memory check on a store 10× larger).
Run alone to (re)generate: `python3 scripts/bench_corpora.py --dir bench --mb 100`.
"""
import json, os, random, shutil, subprocess

OWM_T0 = 1577836800            # 2020-01-01T00:00:00Z
OM_VARIABLES = [               # (name, unit, low, high): 13 variables, old-style names, US units
    ("temperature_2m", "°F", 10, 95), ("relativehumidity_2m", "%", 10, 100),
    ("dewpoint_2m", "°F", 0, 70), ("apparent_temperature", "°F", 5, 100),
    ("precipitation", "inch", 0, 0.3), ("rain", "inch", 0, 0.3), ("snowfall", "inch", 0, 0.1),
    ("weathercode", "wmo code", 0, 3), ("pressure_msl", "hPa", 990, 1035),
    ("cloudcover", "%", 0, 100), ("windspeed_10m", "mph", 0, 25),
    ("winddirection_10m", "°", 0, 359), ("windgusts_10m", "mph", 0, 40),
]


def owm_current(k, rnd):
    t = OWM_T0 + 3600 * (k // 50)
    return {"coord": {"lon": round(-170 + (k % 50) * 6.8, 4), "lat": round(-60 + (k % 50) * 2.4, 4)},
            "weather": [{"id": rnd.choice([500, 800, 801, 804]), "main": "Clouds", "description": "broken clouds", "icon": "04d"}],
            "base": "stations",
            "main": {"temp": round(rnd.uniform(260, 310), 2), "feels_like": round(rnd.uniform(260, 310), 2),
                     "temp_min": 280.1, "temp_max": 290.2, "pressure": rnd.randint(980, 1040), "humidity": rnd.randint(10, 100)},
            "visibility": 10000, "wind": {"speed": round(rnd.uniform(0, 15), 2), "deg": rnd.randint(0, 359), "gust": 7.2},
            "rain": {"1h": round(rnd.uniform(0, 4), 2)}, "clouds": {"all": rnd.randint(0, 100)}, "dt": t,
            "sys": {"type": 2, "id": 2000 + k % 50, "country": "XX", "sunrise": t - 20000, "sunset": t + 20000},
            "timezone": 0, "id": 1000 + k % 50, "name": "Station %d" % (k % 50), "cod": 200}


def _weather(rnd):
    return [{"id": rnd.choice([500, 800, 801, 804]), "main": "Clouds", "description": "broken clouds", "icon": "04d"}]


def onecall(k, rnd):
    """One reply of 50 locations fetched hourly: 48 hourly and 8 daily entries."""
    t = OWM_T0 + 3600 * (k // 50)
    hour = t - t % 3600
    day = t - t % 86400 + 43200
    hourly = [{"dt": hour + 3600 * h, "temp": round(rnd.uniform(260, 310), 2), "feels_like": round(rnd.uniform(260, 310), 2),
               "pressure": rnd.randint(980, 1040), "humidity": rnd.randint(10, 100), "dew_point": round(rnd.uniform(250, 290), 2),
               "uvi": round(rnd.uniform(0, 9), 2), "clouds": rnd.randint(0, 100), "visibility": 10000,
               "wind_speed": round(rnd.uniform(0, 15), 2), "wind_deg": rnd.randint(0, 359), "wind_gust": round(rnd.uniform(0, 20), 2),
               "weather": _weather(rnd), "pop": round(rnd.uniform(0, 1), 2)} for h in range(48)]
    daily = [{"dt": day + 86400 * d, "sunrise": day + 86400 * d - 20000, "sunset": day + 86400 * d + 20000,
              "temp": {"day": 290.1, "min": round(rnd.uniform(260, 285), 2), "max": round(rnd.uniform(285, 310), 2),
                       "night": 280.2, "eve": 285.3, "morn": 281.4},
              "feels_like": {"day": 289.0, "night": 279.1, "eve": 284.2, "morn": 280.3},
              "pressure": rnd.randint(980, 1040), "humidity": rnd.randint(10, 100), "dew_point": 275.5,
              "wind_speed": round(rnd.uniform(0, 15), 2), "wind_deg": rnd.randint(0, 359), "weather": _weather(rnd),
              "clouds": rnd.randint(0, 100), "pop": round(rnd.uniform(0, 1), 2), "rain": round(rnd.uniform(0, 9), 2),
              "uvi": 5.1} for d in range(8)]
    return {"lat": round(-60 + (k % 50) * 2.4, 4), "lon": round(-170 + (k % 50) * 6.8, 4), "timezone": "Etc/UTC",
            "timezone_offset": 0,
            "current": {"dt": t, "sunrise": t - 20000, "sunset": t + 20000, "temp": round(rnd.uniform(260, 310), 2),
                        "feels_like": 280.0, "pressure": 1012, "humidity": 50, "dew_point": 270.1, "uvi": 1.0, "clouds": 20,
                        "visibility": 10000, "wind_speed": 3.2, "wind_deg": 120, "weather": _weather(rnd)},
            "hourly": hourly, "daily": daily}


def make_ndjson(path, mb, make, seed):
    """Writes gzipped NDJSON of `make(k, rnd)` documents until `mb` MB of JSON; cached by size."""
    marker = path + ".meta"
    if os.path.exists(path) and os.path.exists(marker):
        meta = json.load(open(marker))
        if meta.get("mb") == mb:
            return meta
    rnd = random.Random(seed)
    size, k = 0, 0
    with open(path, "wb") as out:
        gz = subprocess.Popen(["gzip", "-6"], stdin=subprocess.PIPE, stdout=out)
        while size < mb * 1_000_000:
            chunk = "".join(json.dumps(make(k + j, rnd), separators=(",", ":")) + "\n" for j in range(200)).encode()
            k += 200
            size += len(chunk)
            gz.stdin.write(chunk)
        gz.stdin.close()
        gz.wait()
    meta = {"mb": mb, "bytes": size, "documents": k}
    json.dump(meta, open(marker, "w"))
    return meta


def openmeteo_reply(issue, hours, rnd):
    """A 14-day hourly forecast for New York issued at `issue` (Unix seconds, on the hour),
    in local time (UTC-5, no DST in January so every hour is unambiguous)."""
    offset = -5 * 3600
    local0 = issue + offset - (issue + offset) % 86400        # local midnight of the issue day
    times = []
    for h in range(hours):
        s = local0 + 3600 * h
        days, rem = divmod(s, 86400)
        y, m, d = _civil(days)
        times.append("%04d-%02d-%02dT%02d:00" % (y, m, d, rem // 3600))
    hourly = {"time": times}
    units = {"time": "iso8601"}
    for name, unit, low, high in OM_VARIABLES:
        units[name] = unit
        if unit == "wmo code" or unit == "%" or unit == "°":
            hourly[name] = [rnd.randint(int(low), int(high)) for _ in range(hours)]
        else:
            hourly[name] = [round(rnd.uniform(low, high), 2 if unit == "inch" else 1) for _ in range(hours)]
    return {"latitude": 40.710335, "longitude": -73.99307, "generationtime_ms": 1.2, "utc_offset_seconds": offset,
            "timezone": "America/New_York", "timezone_abbreviation": "EST", "elevation": 51.0,
            "hourly_units": units, "hourly": hourly}


def _civil(days):
    """(year, month, day) of days since 1970-01-01 (Howard Hinnant's algorithm)."""
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    return yoe + era * 400 + (1 if m <= 2 else 0), m, d


def make_openmeteo(folder, files, hours=336):
    """`files` replies, one per hour of issue from 2024-01-01T00Z, as pretty-printed JSON."""
    marker = os.path.join(folder, ".meta")
    if os.path.exists(marker):
        meta = json.load(open(marker))
        if meta.get("files") == files and meta.get("hours") == hours:
            return meta
    os.makedirs(folder, exist_ok=True)
    for name in os.listdir(folder):
        os.remove(os.path.join(folder, name))
    rnd = random.Random(12)
    size = 0
    t0 = 1704067200
    for k in range(files):
        issue = t0 + 3600 * k
        days, rem = divmod(issue, 86400)
        y, m, d = _civil(days)
        name = "open-meteo_new-york_%04d-%02d-%02dT%02d-00-00Z.json" % (y, m, d, rem // 3600)
        data = json.dumps(openmeteo_reply(issue, hours, rnd)).encode()
        size += len(data)
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
    meta = {"files": files, "hours": hours, "bytes": size, "documents": files}
    json.dump(meta, open(marker, "w"))
    return meta


def make_openmeteo_truth(folder, files, hours=336, locations=1):
    """The observed hours for the Open-Meteo folder's forecasts: one `open-meteo/archive` reply
    per location and month (°F and inch, as the forecasts), covering every hour the folder's
    forecasts are valid at. `locations` > 1 adds places beside New York (for a multi-city store,
    with `make_openmeteo_cities`). Cached like the others."""
    marker = os.path.join(folder, ".meta")
    want = {"files": files, "hours": hours, "locations": locations}
    if os.path.exists(marker) and json.load(open(marker)) == want:
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    rnd = random.Random(13)
    t0 = 1704067200
    end = t0 + 3600 * (files + hours + 24)
    for place in range(locations):
        lat, lon, name = _place(place)
        month_start = t0
        while month_start < end:
            y, m, _ = _civil(month_start // 86400)
            ny, nm = (y + 1, 1) if m == 12 else (y, m + 1)
            next_start = _days_from_civil(ny, nm, 1) * 86400
            times = list(range(month_start, min(next_start, end), 3600))
            reply = {"latitude": lat, "longitude": lon, "generationtime_ms": 3.1, "utc_offset_seconds": 0, "timezone": "GMT",
                     "timezone_abbreviation": "GMT", "elevation": 51.0,
                     "hourly_units": {"time": "unixtime", "temperature_2m": "°F", "precipitation": "inch"},
                     "hourly": {"time": times, "temperature_2m": [round(rnd.uniform(10, 95), 1) for _ in times],
                                "precipitation": [round(rnd.choice([0, 0, 0, rnd.uniform(0, 0.3)]), 2) for _ in times]}}
            doc = {"url": "https://archive-api.open-meteo.com/v1/archive?latitude=%s&longitude=%s" % (lat, lon),
                   "fetched_at": next_start + 5 * 86400, "provider": "open-meteo", "response": reply}
            with open(os.path.join(folder, "open-meteo_archive_%s_%04d-%02d.json" % (name, y, m)), "w") as f:
                json.dump(doc, f)
            month_start = next_start
    json.dump(want, open(marker, "w"))
    return folder


def _place(k):
    """(latitude, longitude, name) of place k: New York first, then points 300 km apart."""
    if k == 0:
        return 40.710335, -73.99307, "new-york"
    return round(30 + (k % 10) * 2.7, 4), round(-120 + (k // 10) * 3.6, 4), "city-%02d" % k


def _days_from_civil(y, m, d):
    """Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm)."""
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def count(db, sql):
    return int(subprocess.run(["sqlite3", db, sql], capture_output=True, text=True, check=True).stdout.strip() or 0)


def columns(db, table, keep_id=False):
    """The table's columns; without its integer `id` unless keep_id (a copy gets new ids)."""
    out = subprocess.run(["sqlite3", db, "SELECT name FROM pragma_table_info('%s')" % table], capture_output=True, text=True,
                         check=True).stdout.split()
    return [c for c in out if keep_id or c != "id"]


def grow_store(src, dst, places=2, periods=5, shift_days=112):
    """A store `places` × `periods` times the size of `src`, built in SQL: its records copied to
    a second place (1° north) and shifted by whole multiples of `shift_days` (beyond the
    corpus's span, so no key repeats), with the observations alongside. Each place then spans
    `periods` times the corpus's months: memory must be flat in both directions."""
    marker = dst + ".meta"
    want = "%s %d %d %d" % (count(src, "SELECT COUNT(*) FROM forecast_rows"), places, periods, shift_days)
    if os.path.exists(dst) and os.path.exists(marker) and open(marker).read() == want:
        return dst                            # built from the same corpus before (it takes a minute or two)
    shutil.copy(src, _fresh(dst))
    originals = "SELECT key FROM location_keys WHERE key <= %d" % count(src, "SELECT MAX(key) FROM location_keys")
    sql = ["PRAGMA journal_mode=WAL;", "BEGIN;"]
    loc_cols = columns(src, "locations", keep_id=True)
    for p in range(1, places):
        values = ", ".join({"id": "id || '-%d'" % p, "name": "COALESCE(name, id) || ' %d'" % p, "lat": "lat + %d" % p}.get(c, c)
                           for c in loc_cols)
        sql.append("INSERT INTO locations(%s) SELECT %s FROM locations WHERE id IN (SELECT location_id FROM location_keys WHERE key IN (%s));"
                   % (", ".join(loc_cols), values, originals))
    shifted = {"forecast_rows": ("issued_at_unix", "valid_from_unix", "valid_to_unix", "valid_at_unix", "target_date"),
               "observation_rows": ("observed_at_unix", "sunrise_unix", "sunset_unix")}
    for table, times in shifted.items():
        cols = columns(src, table)
        for p in range(places):
            for k in range(periods):
                if p == 0 and k == 0:
                    continue
                def value(c):
                    if c == "location_key" and p > 0:
                        return ("(SELECT b.key FROM location_keys a JOIN location_keys b ON b.location_id = a.location_id || '-%d'"
                                " WHERE a.key = location_key)" % p)
                    if c == "target_date":
                        return "date(target_date, '+%d days')" % (k * shift_days)
                    if c in times:
                        return "%s + %d" % (c, k * shift_days * 86400)
                    return c
                # Every copy reads the original rows only: their ids are at most the source's largest.
                sql.append("INSERT INTO %s(%s) SELECT %s FROM %s WHERE id <= %d ORDER BY id;"
                           % (table, ", ".join(cols), ", ".join(value(c) for c in cols), table,
                              count(src, "SELECT COALESCE(MAX(id), 0) FROM %s" % table)))
    sql.append("COMMIT;")
    subprocess.run(["sqlite3", "-bail", dst], input="\n".join(sql), text=True, check=True, stdout=subprocess.DEVNULL)
    open(marker, "w").write(want)
    return dst


def _fresh(path):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    return path


def big_copy(src, dst, times):
    """`src` (gzip) concatenated `times` times: a ~1 GB input of the same shape (multi-member gzip)."""
    if not os.path.exists(dst) or os.path.getsize(dst) != os.path.getsize(src) * times:
        with open(dst, "wb") as out:
            for _ in range(times):
                with open(src, "rb") as f:
                    out.write(f.read())
    return dst


def grow_openmeteo(small, folder, times):
    """`times` copies of the files of `small` (times <= 60), copy i issued i minutes after the
    original (the name carries the issue time: new forecast rows of the same shape) and with its
    own `generationtime_ms`, so no two files are equal."""
    meta = json.load(open(os.path.join(small, ".meta")))
    marker = os.path.join(folder, ".meta")
    if os.path.exists(marker) and json.load(open(marker)) == {"times": times, "files": meta["files"] * times}:
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    for name in sorted(n for n in os.listdir(small) if n.endswith(".json")):
        data = open(os.path.join(small, name), "rb").read()
        for i in range(min(times, 60)):
            copy = data.replace(b'"generationtime_ms": 1.2', b'"generationtime_ms": %d.2' % (i + 1), 1)
            with open(os.path.join(folder, name.replace("-00-00Z", "-%02d-00Z" % i)), "wb") as f:
                f.write(copy)
    json.dump({"times": times, "files": meta["files"] * times}, open(marker, "w"))
    return folder


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default="bench")
    ap.add_argument("--mb", type=int, default=100)
    ap.add_argument("--files", type=int, default=2000)
    a = ap.parse_args()
    os.makedirs(a.dir, exist_ok=True)
    print(make_ndjson(os.path.join(a.dir, "owm_current.ndjson.gz"), a.mb, owm_current, 7))
    print(make_ndjson(os.path.join(a.dir, "onecall.ndjson.gz"), a.mb, onecall, 8))
    print(make_openmeteo(os.path.join(a.dir, "openmeteo"), a.files))
