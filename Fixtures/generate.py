#!/usr/bin/env python3
"""Regenerates Fixtures/inputs deterministically (the generated files are committed).

Realistic OpenWeatherMap current-weather replies (/data/2.5/weather) for three cities in all
three unit systems, packed the ways archives come: plain JSON, gzip, multi-member gzip,
tar / tar.gz (with long member names), NDJSON, envelopes; plus bad inputs, each listed with
the reject it must produce in Fixtures/expected/rejects.tsv.
Run: python3 Fixtures/generate.py
"""
import gzip, io, json, math, os, random, shutil, tarfile, time

ROOT = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(ROOT, "inputs")
rnd = random.Random(20240501)

CITIES = {
    "london": dict(lat=51.5085, lon=-0.1257, name="London", country="GB", tz=3600, id=2643743, base_c=12, amp=5),
    "new-york": dict(lat=40.7143, lon=-74.006, name="New York", country="US", tz=-14400, id=5128581, base_c=16, amp=6),
    "sydney": dict(lat=-33.8679, lon=151.2073, name="Sydney", country="AU", tz=36000, id=2147714, base_c=14, amp=4),
}
START = 1714521600  # 2024-05-01T00:00:00Z

def reply(city, t, units):
    c = CITIES[city]
    local_hour = ((t + c["tz"]) % 86400) / 3600
    temp_c = c["base_c"] + c["amp"] * math.sin((local_hour - 9) / 24 * 2 * math.pi) + rnd.uniform(-0.5, 0.5)
    feels_c = temp_c - rnd.uniform(0, 2.5)
    wind_ms = round(rnd.uniform(0.5, 9), 2)
    gust_ms = round(wind_ms + rnd.uniform(0.5, 4), 2)
    raining = rnd.random() < 0.25
    conv_t = {"standard": lambda x: round(x + 273.15, 2), "metric": lambda x: round(x, 2),
              "imperial": lambda x: round(x * 9 / 5 + 32, 2)}[units]
    conv_w = (lambda x: round(x / 0.44704, 2)) if units == "imperial" else (lambda x: x)
    body = {
        "coord": {"lon": round(c["lon"], 4), "lat": round(c["lat"], 4)},
        "weather": [{"id": 500 if raining else rnd.choice([800, 801, 802, 803, 804]),
                     "main": "Rain" if raining else "Clouds",
                     "description": "light rain" if raining else "scattered clouds", "icon": "10d" if raining else "03d"}],
        "base": "stations",
        "main": {"temp": conv_t(temp_c), "feels_like": conv_t(feels_c), "temp_min": conv_t(temp_c - 1),
                 "temp_max": conv_t(temp_c + 1), "pressure": rnd.randint(995, 1030), "humidity": rnd.randint(40, 98)},
        "visibility": rnd.choice([10000, 9000, 8000, 6000]),
        "wind": {"speed": conv_w(wind_ms), "deg": rnd.randint(0, 359), "gust": conv_w(gust_ms)},
        "clouds": {"all": rnd.randint(0, 100)},
        "dt": t,
        "sys": {"type": 2, "id": 2000000 + c["id"] % 1000, "country": c["country"],
                "sunrise": t - (t % 86400) + 18000, "sunset": t - (t % 86400) + 72000},
        "timezone": c["tz"], "id": c["id"], "name": c["name"], "cod": 200,
    }
    if raining:
        body["rain"] = {"1h": round(rnd.uniform(0.1, 3.5), 2)}
    return body

def compact(doc):
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))

def write(path, data, mtime=START):
    full = os.path.join(OUT, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "wb") as f:
        f.write(data)
    os.utime(full, (mtime, mtime))

def gz(data):
    return gzip.compress(data, mtime=0)

def tar_bytes(members, fmt, compress):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=fmt) as tf:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = START
            tf.addfile(info, io.BytesIO(data))
    raw = buf.getvalue()
    return gz(raw) if compress else raw

def hours(n, start=START):
    return [start + 3600 * k for k in range(n)]

def main():
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    expected = []
    # --- standard (Kelvin): London -----------------------------------------------------------
    t = hours(48)
    write("standard/london-2024-05-01T00-00-00Z.json", json.dumps(reply("london", t[0], "standard"), indent=2).encode())
    write("standard/london-2024-05-01T01-00-00Z.json.gz", gz(json.dumps(reply("london", t[1], "standard"), indent=2).encode()))
    # multi-member gzip: `curl … | gzip >> archive.gz`, no newline between replies
    write("standard/london-appended.json.gz", b"".join(gz(compact(reply("london", x, "standard")).encode()) for x in t[2:8]))
    # NDJSON
    write("standard/london-2024-05-01.ndjson", "".join(compact(reply("london", x, "standard")) + "\n" for x in t[8:24]).encode())
    # tar.gz with a long member name (GNU) and gzipped members
    long_dir = "cron/openweathermap/current/london/" + "very-long-folder-name-" * 3
    members = [(f"{long_dir}/london-{x}.json", compact(reply("london", x, "standard")).encode()) for x in t[24:30]]
    members += [(f"cron/gz/london-{x}.json.gz", gz(compact(reply("london", x, "standard")).encode())) for x in t[30:36]]
    write("standard/london-archive.tar.gz", tar_bytes(members, tarfile.GNU_FORMAT, True))
    # pax tar (plain .tar) with long names
    members = [(f"{long_dir}/pax/london-{x}.json", json.dumps(reply("london", x, "standard"), indent=1).encode()) for x in t[36:42]]
    write("standard/london-pax.tar", tar_bytes(members, tarfile.PAX_FORMAT, False))
    # envelope whose URL says imperial: the URL wins over the folder's (default) units
    env = [{"fetched_at": "2024-05-02T%02d:00:03Z" % (k - 24), "url": "https://api.openweathermap.org/data/2.5/weather?lat=51.51&lon=-0.13&units=imperial&appid=REDACTED",
            "provider": "openweathermap", "location": {"id": "london"}, "response": reply("london", x, "imperial")} for k, x in enumerate(t[42:48], start=42)]
    write("standard/london-envelopes.jsonl.gz", gz("".join(compact(e) + "\n" for e in env).encode()))

    # --- metric: Sydney ---------------------------------------------------------------------
    t = hours(24)
    write("metric/sydney-2024-05-01.ndjson.gz", gz("".join(compact(reply("sydney", x, "metric")) + "\n" for x in t[:20]).encode()))
    write("metric/sydney-2024-05-01T20-00-00Z.json", json.dumps(reply("sydney", t[20], "metric"), indent=2).encode())
    # concatenated documents in one plain file, no separator
    write("metric/sydney-concatenated.json", "".join(compact(reply("sydney", x, "metric")) for x in t[21:24]).encode())

    # --- imperial: New York -----------------------------------------------------------------
    t = hours(24)
    members = [(f"nyc/{x}.json", compact(reply("new-york", x, "imperial")).encode()) for x in t[:12]]
    write("imperial/new-york.tar", tar_bytes(members, tarfile.USTAR_FORMAT, False))
    write("imperial/new-york.tgz", tar_bytes([(f"nyc/{x}.json.gz", gz(compact(reply("new-york", x, "imperial")).encode())) for x in t[12:22]], tarfile.GNU_FORMAT, True))
    write("imperial/new-york-2024-05-01.jsonl", ("\r\n".join(compact(reply("new-york", x, "imperial")) for x in t[22:24]) + "\r\n").encode())

    # --- mixed: duplicates and a BOM --------------------------------------------------------
    dup = compact(reply("london", START + 3600 * 100, "standard"))
    write("mixed/duplicates.ndjson", (dup + "\n" + dup + "\n").encode())
    write("mixed/bom.json", b"\xef\xbb\xbf" + compact(reply("london", START + 3600 * 101, "standard")).encode())

    # --- bad inputs, each with the reject it must produce -----------------------------------
    good = reply("london", START + 3600 * 200, "standard")
    whole = gz(json.dumps(good, indent=2).encode())
    write("bad/truncated.json.gz", whole[: len(whole) // 2])
    expected.append(("bad/truncated.json.gz", 1, "truncated_input", "", "gzip stream ends inside a member"))
    write("bad/broken.json", b'{"coord": {"lon": -0.13, "lat": 51.51}, "main": {"temp": 281.2,, "humidity": 80}}')
    expected.append(("bad/broken.json", 1, "invalid_json", "", "unexpected character ',' at line 1, column 64"))
    w = json.loads(json.dumps(good)); w["main"]["temp"] = "warm"
    write("bad/wrong-type.json", json.dumps(w, indent=2).encode())
    expected.append(("bad/wrong-type.json", 1, "wrong_type", "main.temp", "field 'main.temp' should be a number but is string"))
    m = json.loads(json.dumps(good)); del m["main"]["temp"]
    write("bad/missing-field.json", json.dumps(m).encode())
    expected.append(("bad/missing-field.json", 1, "missing_field", "main.temp", "required field 'main.temp' is missing"))
    write("bad/empty.json", b"")
    expected.append(("bad/empty.json", 1, "empty", "", "no JSON document"))
    h = json.loads(json.dumps(good)); h["main"]["humidity"] = 140
    write("bad/implausible-humidity.json", json.dumps(h).encode())
    expected.append(("bad/implausible-humidity.json", 1, "implausible_value", "main.humidity", "outside the plausible humidity range"))
    write("bad/error-401.json", b'{"cod":401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}')
    expected.append(("bad/error-401.json", 1, "provider_error", "cod", "OpenWeatherMap error 401: Invalid API key"))
    write("bad/unknown.json", b'{"status": "ok", "payload": [1, 2, 3]}')
    expected.append(("bad/unknown.json", 1, "unknown_format", "", "no known format has these keys: status, payload"))
    write("bad/error-page.json", b"<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n<body>nginx</body></html>\n")
    expected.append(("bad/error-page.json", 1, "invalid_json", "", "not JSON but an HTML page"))
    lines = [compact(reply("london", START + 3600 * (300 + k), "standard")) for k in range(3)]
    lines[1] = lines[1][: len(lines[1]) // 2]
    write("bad/cut-line.ndjson", ("\n".join(lines) + "\n").encode())
    expected.append(("bad/cut-line.ndjson", 2, "truncated_input", "", "unexpected end of input"))

    os.makedirs(os.path.join(ROOT, "expected"), exist_ok=True)
    with open(os.path.join(ROOT, "expected", "rejects.tsv"), "w") as f:
        f.write("# file (under inputs/)\tline\treason\tfield_path\tmessage contains\n")
        for row in expected:
            f.write("\t".join(str(x) for x in row) + "\n")

if __name__ == "__main__":
    main()
