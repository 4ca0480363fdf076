#!/usr/bin/env python3
"""The tools a user would pick instead of wxpipe, each writing the same normalized rows to disk.

    bench_peers.py orjson|json|duckdb  owm|onecall|openmeteo  INPUT  OUT

Rows (the same as wxpipe writes for these corpora):
- owm: one observation per current-weather reply (Kelvin -> °C);
- onecall: one observation per reply (its `current`), one forecast per hourly and per daily entry;
- openmeteo: one forecast per hour of each file, 13 variables converted to °C, m/s, mm, hPa,
  local times made UTC with `utc_offset_seconds`, the issue time from the file name.
SQLite: WAL, synchronous=NORMAL, a primary key on the natural key with INSERT OR IGNORE (wxpipe
also refuses duplicates), one transaction per 50,000 rows. DuckDB: CREATE TABLE AS ... read_json
into a .duckdb file (no key: DuckDB checks nothing). Prints "observations forecasts".
"""
import datetime, glob, gzip, os, re, sqlite3, sys

tool, kind, src, out = sys.argv[1:5]
K = lambda t: None if t is None else round(t - 273.15, 2)
F = lambda t: None if t is None else round((t - 32) * 5 / 9, 2)
MPH, INCH = 0.44704, 25.4
iso = lambda t: datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
OBS = "lat, lon, observed_at, temp_c, feels_c, pressure_hpa, humidity, wind_ms, wind_deg, clouds, rain_1h_mm, code"
FC = "lat, lon, issued_at, valid_at, kind, temp_c, temp_min_c, temp_max_c, humidity, pressure_hpa, wind_ms, wind_deg, " \
     "wind_gust_ms, clouds, pop, precip_mm, rain_mm, snow_cm, dew_point_c, feels_c, code"


def issue_from_name(path):
    m = re.search(r"(\d{4})-(\d\d)-(\d\d)T(\d\d)-(\d\d)-(\d\d)Z", path)
    return "%s-%s-%sT%s:%s:%sZ" % m.groups()


def owm_rows(d):
    m, w = d["main"], d.get("wind", {})
    return [(d["coord"]["lat"], d["coord"]["lon"], iso(d["dt"]), K(m["temp"]), K(m.get("feels_like")), m.get("pressure"),
             m.get("humidity"), w.get("speed"), w.get("deg"), d.get("clouds", {}).get("all"), d.get("rain", {}).get("1h"),
             d["weather"][0]["id"])]


def onecall_rows(d):
    c, issued = d["current"], iso(d["current"]["dt"])
    obs = [(d["lat"], d["lon"], issued, K(c["temp"]), K(c.get("feels_like")), c.get("pressure"), c.get("humidity"),
            c.get("wind_speed"), c.get("wind_deg"), c.get("clouds"), None, c["weather"][0]["id"])]
    fc = [(d["lat"], d["lon"], issued, iso(h["dt"]), "hourly", K(h["temp"]), None, None, h.get("humidity"), h.get("pressure"),
           h.get("wind_speed"), h.get("wind_deg"), h.get("wind_gust"), h.get("clouds"), h.get("pop"), None, None, None,
           K(h.get("dew_point")), K(h.get("feels_like")), h["weather"][0]["id"]) for h in d["hourly"]]
    fc += [(d["lat"], d["lon"], issued, iso(x["dt"]), "daily", K(x["temp"]["day"]), K(x["temp"]["min"]), K(x["temp"]["max"]),
            x.get("humidity"), x.get("pressure"), x.get("wind_speed"), x.get("wind_deg"), None, x.get("clouds"), x.get("pop"),
            x.get("rain"), x.get("rain"), None, K(x.get("dew_point")), K(x["feels_like"]["day"]), x["weather"][0]["id"])
           for x in d["daily"]]
    return obs, fc


def openmeteo_rows(d, issued):
    h, off = d["hourly"], d["utc_offset_seconds"]
    g = lambda name, k, f=1.0: None if h[name][k] is None else round(h[name][k] * f, 3)
    rows = []
    for k, t in enumerate(h["time"]):
        valid = iso(datetime.datetime.strptime(t, "%Y-%m-%dT%H:%M").replace(tzinfo=datetime.timezone.utc).timestamp() - off)
        rows.append((d["latitude"], d["longitude"], issued, valid, "hourly", F(h["temperature_2m"][k]), None, None,
                     h["relativehumidity_2m"][k], h["pressure_msl"][k], g("windspeed_10m", k, MPH), h["winddirection_10m"][k],
                     g("windgusts_10m", k, MPH), h["cloudcover"][k], None, g("precipitation", k, INCH), g("rain", k, INCH),
                     g("snowfall", k, 2.54), F(h["dewpoint_2m"][k]), F(h["apparent_temperature"][k]), h["weathercode"][k]))
    return rows


def run_sqlite(loads):
    db = sqlite3.connect(out, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("CREATE TABLE observations (%s, PRIMARY KEY (lat, lon, observed_at))" % OBS)
    db.execute("CREATE TABLE forecasts (%s, PRIMARY KEY (lat, lon, issued_at, valid_at, kind))" % FC)
    ins_o = "INSERT OR IGNORE INTO observations VALUES (%s)" % ",".join("?" * OBS.count(",") + "?")
    ins_f = "INSERT OR IGNORE INTO forecasts VALUES (%s)" % ",".join("?" * FC.count(",") + "?")
    obs, fc, n = [], [], [0, 0]

    def flush():
        db.execute("BEGIN")
        db.executemany(ins_o, obs)
        db.executemany(ins_f, fc)
        db.execute("COMMIT")
        n[0] += len(obs); n[1] += len(fc)
        obs.clear(); fc.clear()

    if kind == "openmeteo":
        for path in sorted(glob.glob(os.path.join(src, "*.json"))):
            with open(path, "rb") as f:
                fc += openmeteo_rows(loads(f.read()), issue_from_name(path))
            if len(fc) >= 50000: flush()
    else:
        with gzip.open(src, "rb") as f:
            for line in f:
                d = loads(line)
                if kind == "owm": obs += owm_rows(d)
                else:
                    o, r = onecall_rows(d); obs += o; fc += r
                if len(obs) + len(fc) >= 50000: flush()
    flush()
    print(n[0], n[1])


def run_duckdb():
    import duckdb
    db = duckdb.connect(out)
    k = "round(%s - 273.15, 2)"
    if kind == "owm":
        db.execute(f"""CREATE TABLE observations AS SELECT coord.lat AS lat, coord.lon AS lon, to_timestamp(dt) AS observed_at,
            {k % 'main.temp'} AS temp_c, {k % 'main.feels_like'} AS feels_c, main.pressure AS pressure_hpa, main.humidity AS humidity,
            wind.speed AS wind_ms, wind.deg AS wind_deg, clouds."all" AS clouds, rain."1h" AS rain_1h_mm, weather[1].id AS code
            FROM read_json(?, format='newline_delimited')""", [src])
        print(db.execute("SELECT count(*) FROM observations").fetchone()[0], 0)
    elif kind == "onecall":
        db.execute(f"""CREATE TABLE forecasts AS
            WITH r AS (SELECT * FROM read_json(?, format='newline_delimited', maximum_object_size=16777216))
            SELECT lat, lon, to_timestamp(current.dt) AS issued_at, to_timestamp(h.dt) AS valid_at, 'hourly' AS kind,
                   {k % 'h.temp'} AS temp_c, NULL::DOUBLE AS temp_min_c, NULL::DOUBLE AS temp_max_c, h.humidity, h.pressure AS pressure_hpa,
                   h.wind_speed AS wind_ms, h.wind_deg, h.wind_gust AS wind_gust_ms, h.clouds, h.pop, NULL::DOUBLE AS rain_mm,
                   {k % 'h.dew_point'} AS dew_point_c, {k % 'h.feels_like'} AS feels_c, h.weather[1].id AS code
              FROM (SELECT lat, lon, current, unnest(hourly) AS h FROM r)
            UNION ALL
            SELECT lat, lon, to_timestamp(current.dt), to_timestamp(x.dt), 'daily', {k % 'x.temp.day'}, {k % 'x.temp.min'},
                   {k % 'x.temp.max'}, x.humidity, x.pressure, x.wind_speed, x.wind_deg, NULL, x.clouds, x.pop, x.rain,
                   {k % 'x.dew_point'}, {k % 'x.feels_like.day'}, x.weather[1].id
              FROM (SELECT lat, lon, current, unnest(daily) AS x FROM r)""", [src])
        db.execute(f"""CREATE TABLE observations AS SELECT lat, lon, to_timestamp(current.dt) AS observed_at,
            {k % 'current.temp'} AS temp_c, current.humidity AS humidity, current.weather[1].id AS code
            FROM read_json(?, format='newline_delimited', maximum_object_size=16777216)""", [src])
        print(db.execute("SELECT count(*) FROM observations").fetchone()[0], db.execute("SELECT count(*) FROM forecasts").fetchone()[0])
    else:
        f = "round((%s - 32) * 5 / 9, 2)"
        db.execute(f"""CREATE TABLE forecasts AS
            SELECT latitude AS lat, longitude AS lon,
                   strptime(regexp_extract(filename, '(\\d{{4}}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d)Z', 1), '%Y-%m-%dT%H-%M-%S') AS issued_at,
                   strptime(t, '%Y-%m-%dT%H:%M') - to_seconds(utc_offset_seconds) AS valid_at, 'hourly' AS kind,
                   {f % 'temp'} AS temp_c, rh AS humidity, p AS pressure_hpa, ws * 0.44704 AS wind_ms, wd AS wind_deg,
                   wg * 0.44704 AS wind_gust_ms, cc AS clouds, pr * 25.4 AS precip_mm, ra * 25.4 AS rain_mm, sn * 2.54 AS snow_cm,
                   {f % 'dp'} AS dew_point_c, {f % 'ap'} AS feels_c, wc AS code
            FROM (SELECT filename, latitude, longitude, utc_offset_seconds, unnest(hourly.time) AS t,
                         unnest(hourly.temperature_2m) AS temp, unnest(hourly.relativehumidity_2m) AS rh,
                         unnest(hourly.pressure_msl) AS p, unnest(hourly.windspeed_10m) AS ws, unnest(hourly.winddirection_10m) AS wd,
                         unnest(hourly.windgusts_10m) AS wg, unnest(hourly.cloudcover) AS cc, unnest(hourly.precipitation) AS pr,
                         unnest(hourly.rain) AS ra, unnest(hourly.snowfall) AS sn, unnest(hourly.dewpoint_2m) AS dp,
                         unnest(hourly.apparent_temperature) AS ap, unnest(hourly.weathercode) AS wc
                  FROM read_json(?, filename=true, format='auto'))""", [os.path.join(src, "*.json")])
        print(0, db.execute("SELECT count(*) FROM forecasts").fetchone()[0])
    db.close()


if tool == "duckdb":
    run_duckdb()
elif tool == "orjson":
    import orjson
    run_sqlite(orjson.loads)
else:
    import json
    run_sqlite(json.loads)
