#!/usr/bin/env python3
"""Counts the documents and records of wxpipe inputs from the written rules, without wxpipe.

    count_documents.py [--units standard|metric|imperial] PATH... [--units U PATH...]
    count_documents.py --pipeline PIPELINE.json

Prints JSON: {"documents", "accepted", "rejected", "duplicates", "observations", "forecasts",
"rejected_by_reason": {reason: n}, "sources": [{"path", "member", "documents", "accepted",
"rejected", "duplicates", "observations", "forecasts"}]}. The end-to-end tests compare it with
wxpipe's summary line and its store. Standard library only (gzip via zlib, tarfile, json).

Every rule below is one that README.md ("Inputs", "Reject reasons"), docs/PROVIDERS.md
("Recognising a reply", "Envelope"), docs/ARCHITECTURE.md (a failing container) or
../shared/DESIGN.md writes down; where the counter must simplify, the comment says so.

Reading (README "Inputs"):
- Paths are read in the order given; a folder recursively, its entries sorted byte-wise, names
  starting with `.` and the listed non-reply extensions skipped.
- gzip is recognised by its magic bytes `1f 8b`, whatever the name, and may have several members;
  a tar by a first header whose checksum is valid. A tar's members go through the same detection
  (one level: a member may be gzipped). A plain file or each tar member is one source.
- A UTF-8 byte-order mark is skipped. An empty stream, or whitespace only, is one document
  (`empty`). NDJSON (`.ndjson`, `.jsonl`, or a first document alone on its first line): one
  document per non-empty line. Otherwise JSON values back to back (one reply per file being the
  case of one value).
- A container that fails (docs/ARCHITECTURE.md: a gzip stream cut short or corrupt, a decompression
  bomb, a damaged tar header) loses the document in progress: one rejected document, with
  `truncated_input`, `corrupt_input` or `too_large`. Simplification: the counter drops the whole
  failing gzip member (each fixture's failing member holds one document) and keeps the members
  before it.
- A value that does not parse ends the splitting of a non-NDJSON stream: the rest is one rejected
  document (`truncated_input` when the input ends inside it, else `invalid_json`).

Deciding (docs/PROVIDERS.md): an envelope (`fetched_at` + `response`) or a wrapper holding exactly
one reply is unwrapped; error bodies are `provider_error`; a body of none of the documented shapes
is `unknown_format`. For OpenWeatherMap current weather (the shape of the fixtures' bad inputs) the
required `main.temp` (`missing_field`, `wrong_type`) and the README's example ranges (temperature
-90...60 degC in the units assumed: envelope URL `units=`, else the input's, else standard; humidity
0...100 %; precipitation >= 0: `implausible_value`) are checked. Other shapes are taken as accepted:
the counter does not decode values.

Records (README "Formats decoded"): per documented block, one record per time step: observations
from current-weather blocks, history, archives and stations; forecasts from the forecast blocks.
An observation is a duplicate when one with the same format, place (the body's coordinates to
2 decimals, or the station) and instant was counted before (README, "Reject reasons": a duplicate
is an observation with the same provider, product, location and instant as one already stored);
forecasts only when the same document was read before. A document all of whose records are
duplicates is a duplicate document (DESIGN.md: documents read = accepted + rejected + duplicates).
"""
import hashlib
import json
import os
import re
import sys
import tarfile
import io
import zlib
from urllib.parse import parse_qs, urlparse

SKIPPED_EXTENSIONS = {".cfg", ".csv", ".db", ".expected", ".gif", ".ini", ".jpeg", ".jpg", ".log", ".md", ".pdf",
                      ".png", ".py", ".rst", ".sh", ".shm", ".sqlite", ".sqlite3", ".svg", ".swp", ".tmp", ".toml",
                      ".tsv", ".txt", ".wal", ".xml", ".yaml", ".yml"}
MAX_DOCUMENT_BYTES = 16 << 20           # README: a document may be at most 16 MiB
BOMB_FREE_BYTES = 64 << 20              # README: more than 200:1 beyond its first 64 MiB is a bomb
BOMB_RATIO = 200


class ContainerFailure(Exception):
    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


# --- reading -------------------------------------------------------------------------------------

def walk(path):
    """The files of an input path in reading order."""
    if not os.path.isdir(path):
        return [path]
    out = []
    for name in sorted(os.listdir(path), key=os.fsencode):
        full = os.path.join(path, name)
        if name.startswith("."):
            continue
        if os.path.isdir(full):
            out += walk(full)
        elif os.path.splitext(name)[1].lower() not in SKIPPED_EXTENSIONS:
            out.append(full)
    return out


def gunzip(data):
    """The decompressed bytes of the members that ended well, and the failure of the next, if any."""
    out = bytearray()
    rest = data
    while rest:
        d = zlib.decompressobj(16 + zlib.MAX_WBITS)
        member = bytearray()
        pending = rest
        try:
            while not d.eof:
                chunk = d.decompress(pending, 1 << 20)
                member += chunk
                pending = d.unconsumed_tail
                total = len(out) + len(member)
                if total > BOMB_FREE_BYTES and total > BOMB_RATIO * len(data):
                    return bytes(out), ContainerFailure("too_large")
                if not chunk and not pending:
                    break  # the input ran out inside the member
        except zlib.error:  # a bad CRC or length trailer, or deflate data that is not
            return bytes(out), ContainerFailure("corrupt_input")
        if not d.eof:
            return bytes(out), ContainerFailure("truncated_input")
        out += member
        rest = d.unused_data
        if rest[:2] != b"\x1f\x8b":
            break  # no further member
    return bytes(out), None


def is_tar(data):
    if len(data) < 512:
        return False
    header = data[:512]
    try:
        stored = int(header[148:156].replace(b"\0", b" ").strip() or b"-1", 8)
    except ValueError:
        return False
    return stored == sum(header[:148]) + 8 * 32 + sum(header[156:512])


def sources_of(path, data):
    """(member, stream bytes, failure) for each source of one file: itself, or its tar members."""
    failure = None
    if data[:2] == b"\x1f\x8b":
        data, failure = gunzip(data)
    if failure is None and is_tar(data):
        out = []
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:") as tf:
            for info in tf:
                if not info.isfile():
                    continue
                body = tf.extractfile(info).read()
                member_failure = None
                if body[:2] == b"\x1f\x8b":
                    body, member_failure = gunzip(body)
                out.append((info.name, body, member_failure))
        return out
    return [(None, data, failure)]


def split(name, stream):
    """The documents of one stream: (bytes, parsed value or None, reason when it cannot be one)."""
    if stream.startswith(b"\xef\xbb\xbf"):
        stream = stream[3:]
    if not stream.strip():
        return [(stream, None, "empty")]
    base = name[:-3] if name.endswith(".gz") else name
    lines = stream.split(b"\n")
    ndjson = base.endswith((".ndjson", ".jsonl")) or (len(lines) > 1 and any(l.strip() for l in lines[1:])
                                                       and parses(lines[0]))
    if ndjson:
        return [document(line.rstrip(b"\r")) for line in lines if line.strip()]
    text = stream.decode("utf-8", errors="replace")
    decoder = json.JSONDecoder()
    out, at = [], 0
    while True:
        while at < len(text) and text[at] in " \t\r\n":
            at += 1
        if at == len(text):
            return out
        try:
            value, end = decoder.raw_decode(text, at)
        except json.JSONDecodeError as e:
            rest = text[at:]
            out.append((rest.encode(), None, "truncated_input" if ends_early(rest, e.pos - at, e.msg) else "invalid_json"))
            return out
        out.append((text[at:end].encode(), value, None))
        at = end


def parses(line):
    try:
        json.loads(line)
        return True
    except ValueError:
        return False


def document(raw):
    if len(raw) > MAX_DOCUMENT_BYTES:
        return (raw, None, "too_large")
    try:
        return (raw, json.loads(raw), None)
    except json.JSONDecodeError as e:
        text = raw.decode("utf-8", errors="replace")
        return (raw, None, "truncated_input" if ends_early(text, e.pos, e.msg) else "invalid_json")
    except UnicodeDecodeError:
        return (raw, None, "invalid_json")


def ends_early(text, pos, msg):
    """Whether a parse failed because the input ran out (README: the document stops early)."""
    tail = text[pos:].rstrip()
    return (msg.startswith("Unterminated string") or not tail
            or any(word.startswith(tail) for word in ("true", "false", "null"))
            or re.fullmatch(r"-?[0-9]*\.?[0-9]*([eE][+-]?[0-9]*)?", tail) is not None)


# --- deciding ------------------------------------------------------------------------------------

def keys(value, *names):
    return isinstance(value, dict) and all(n in value for n in names)


def shape(body):
    """The documented format of a body (docs/PROVIDERS.md, "Recognising a reply"), or None."""
    place = lambda p: keys(p, "name", "lat", "lon", "country")
    if isinstance(body, list):
        if all(place(p) for p in body):
            return "openweathermap/geocoding"
        if body and all(keys(r, "icaoId", "obsTime") for r in body):
            return "metar/observations"
        return None
    if not isinstance(body, dict):
        return None
    if place(body):
        return "openweathermap/geocoding"
    if keys(body, "coord", "main", "weather", "dt"):
        return "openweathermap/current"
    if keys(body, "list", "city") and isinstance(body["list"], list) and all(keys(i, "dt", "main") for i in body["list"]):
        return "openweathermap/forecast5"
    if keys(body, "latitude", "longitude", "utc_offset_seconds") and any(b in body for b in ("hourly", "daily", "current", "current_weather")):
        return "open-meteo"
    if keys(body, "lat", "lon") and (any(b in body for b in ("current", "minutely", "hourly", "daily")) or isinstance(body.get("data"), list)):
        return "openweathermap/onecall-or-history"
    if keys(body, "latitude", "longitude", "timezone") and any(b in body for b in ("offset", "currently", "hourly", "daily")):
        return "darksky"
    if any(b in body for b in ("currentWeather", "forecastHourly", "forecastDaily", "forecastNextHour")):
        return "weatherkit/weather"
    features = body.get("features") if body.get("type") == "FeatureCollection" else [body] if body.get("type") == "Feature" else None
    if features and all(keys(f.get("properties"), "timestamp", "station") for f in features):
        return "nws/observations"
    periods = body.get("properties", {}).get("periods") if isinstance(body.get("properties"), dict) else None
    if isinstance(periods, list) and any(k in body["properties"] for k in ("generatedAt", "updateTime", "units")):
        return "nws/forecast"
    if isinstance(body.get("data"), dict) and "METAR" in body["data"]:
        return "metar/observations"
    return None


def error_body(body):
    """docs/PROVIDERS.md: OpenWeatherMap `cod` other than 200 with a message; WeatherKit and NWS `status` bodies."""
    if not isinstance(body, dict):
        return False
    if "cod" in body and "message" in body and str(body["cod"]) != "200":
        return True
    return "status" in body and ("error" in body or "reason" in body or keys(body, "title", "detail"))


def unwrap(value):
    """The body and the envelope's URL: `fetched_at` + `response`, or a wrapper holding exactly one reply."""
    if keys(value, "fetched_at", "response"):
        return value["response"], value.get("url")
    if isinstance(value, dict) and shape(value) is None and not error_body(value):
        inner = [v for v in value.values() if (isinstance(v, dict) or (isinstance(v, list) and v)) and shape(v)]
        if len(inner) == 1:
            return inner[0], value["url"] if isinstance(value.get("url"), str) else None
    return value, None


def owm_current_problem(body, units):
    main = body.get("main")
    temp = main.get("temp") if isinstance(main, dict) else None
    if temp is None:
        return "missing_field"
    if isinstance(temp, bool) or not isinstance(temp, (int, float)):
        return "wrong_type"
    celsius = {"standard": temp - 273.15, "metric": temp, "imperial": (temp - 32) * 5 / 9}[units]
    humidity = main.get("humidity")
    rain = (body.get("rain") or {}).get("1h") if isinstance(body.get("rain"), dict) else None
    if not -90 <= celsius <= 60 or (isinstance(humidity, (int, float)) and not 0 <= humidity <= 100) \
            or (isinstance(rain, (int, float)) and rain < 0):
        return "implausible_value"
    return None


def records(fmt, body, name, url):
    """(observation keys, forecast block sizes) of an accepted body."""
    def at(obj, lat="lat", lon="lon"):
        return (round(float(obj[lat]), 2), round(float(obj[lon]), 2)) if keys(obj, lat, lon) else None
    obs, forecasts = [], 0
    if fmt == "openweathermap/current":
        obs.append((fmt, at(body["coord"]), body["dt"]))
    elif fmt == "openweathermap/forecast5":
        forecasts = len(body["list"])
    elif fmt == "open-meteo":
        archive = "archive-api.open-meteo.com" in (url or "") or "archive" in name or "historical" in name
        hourly = (body.get("hourly") or {}).get("time", [])
        daily = (body.get("daily") or {}).get("time", [])
        current = body.get("current") or body.get("current_weather")
        if archive:
            obs += [("open-meteo/archive", at(body, "latitude", "longitude"), t) for t in hourly]
        else:
            forecasts = len(hourly) + len(daily)
            if current:
                obs.append(("open-meteo/forecast", at(body, "latitude", "longitude"), current.get("time")))
    elif fmt == "openweathermap/onecall-or-history":
        history = "timemachine" in (url or "") or isinstance(body.get("data"), list) or (
            "current" in body and "hourly" in body and "daily" not in body and "minutely" not in body)
        if history:
            steps = body.get("data") or ([body["current"]] if "current" in body else []) + body.get("hourly", [])
            obs += [("openweathermap/timemachine", at(body), s["dt"]) for s in steps]
        else:
            if "current" in body:
                obs.append(("openweathermap/onecall", at(body), body["current"]["dt"]))
            forecasts = sum(len(body.get(b, [])) for b in ("minutely", "hourly", "daily"))
    elif fmt == "darksky":
        hourly = (body.get("hourly") or {}).get("data", [])
        daily = (body.get("daily") or {}).get("data", [])
        timemachine = re.search(r"/-?[0-9.]+,-?[0-9.]+,[0-9]+$", urlparse(url or "").path) is not None or (
            len(daily) == 1 and "minutely" not in body and len(hourly) <= 25)
        place = at(body, "latitude", "longitude")
        if timemachine:
            steps = ([body["currently"]] if "currently" in body else []) + hourly
            obs += [("darksky/timemachine", place, s["time"]) for s in steps]
        else:
            if "currently" in body:
                obs.append(("darksky/forecast", place, body["currently"]["time"]))
            forecasts = len(hourly) + len(daily) + len((body.get("minutely") or {}).get("data", []))
    elif fmt == "weatherkit/weather":
        if "currentWeather" in body:
            obs.append((fmt, None, body["currentWeather"].get("asOf")))
        forecasts = (len((body.get("forecastNextHour") or {}).get("minutes", []))
                     + len((body.get("forecastHourly") or {}).get("hours", []))
                     + len((body.get("forecastDaily") or {}).get("days", [])))
    elif fmt == "nws/observations":
        features = body["features"] if body.get("type") == "FeatureCollection" else [body]
        obs += [(fmt, f["properties"]["station"], f["properties"]["timestamp"]) for f in features]
    elif fmt == "nws/forecast":
        forecasts = len(body["properties"]["periods"])
    elif fmt == "metar/observations":
        reports = body if isinstance(body, list) else body["data"]["METAR"]
        obs += [(fmt, r.get("icaoId") or r.get("station_id"), r.get("obsTime") or r.get("observation_time")) for r in reports]
    return obs, forecasts


# --- counting ------------------------------------------------------------------------------------

class Counter:
    def __init__(self):
        self.sources = []
        self.seen_observations = set()
        self.seen_documents = set()
        self.reasons = {}

    def reject(self, row, reason):
        row["rejected"] += 1
        self.reasons[reason] = self.reasons.get(reason, 0) + 1

    def read(self, path, units):
        with open(path, "rb") as f:
            data = f.read()
        for member, stream, failure in sources_of(path, data):
            row = {"path": os.path.normpath(path), "member": member, "documents": 0, "accepted": 0, "rejected": 0,
                   "duplicates": 0, "observations": 0, "forecasts": 0}
            self.sources.append(row)
            name = os.path.basename(member or path)
            # A failing container's lost document is its one document when nothing before it was read.
            docs = split(name, stream) if stream or failure is None else []
            for raw, value, problem in docs:
                row["documents"] += 1
                self.decide(row, raw, value, problem, name, units)
            if failure is not None:
                row["documents"] += 1
                self.reject(row, failure.reason)

    def decide(self, row, raw, value, problem, name, units):
        if problem:
            return self.reject(row, problem)
        body, url = unwrap(value)
        if error_body(body):
            return self.reject(row, "provider_error")
        fmt = shape(body)
        if fmt is None:
            return self.reject(row, "unknown_format")
        if fmt == "openweathermap/current":
            declared = parse_qs(urlparse(url or "").query).get("units", [None])[0]
            trouble = owm_current_problem(body, declared if declared in ("standard", "metric", "imperial") else units)
            if trouble:
                return self.reject(row, trouble)
        observations, forecasts = records(fmt, body, name, url)
        new_observations = {o for o in observations if o not in self.seen_observations}
        digest = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()
        new_forecasts = 0 if digest in self.seen_documents else forecasts
        self.seen_documents.add(digest)
        self.seen_observations |= new_observations
        if (observations or forecasts) and not new_observations and not new_forecasts:
            row["duplicates"] += 1
            return
        row["accepted"] += 1
        row["observations"] += len(new_observations)
        row["forecasts"] += new_forecasts

    def summary(self):
        total = {k: sum(s[k] for s in self.sources) for k in ("documents", "accepted", "rejected", "duplicates", "observations", "forecasts")}
        total["rejected_by_reason"] = dict(sorted(self.reasons.items()))
        total["sources"] = self.sources
        return total


def inputs_of(argv):
    """(path, units) from `[--units U] PATH...` or `--pipeline FILE` (its `inputs`, relative to the file)."""
    if argv[:1] == ["--pipeline"]:
        pipeline = json.load(open(argv[1], encoding="utf-8"))
        here = os.path.dirname(os.path.abspath(argv[1]))
        out = []
        for item in pipeline["inputs"]:
            item = item if isinstance(item, dict) else {"path": item}
            out.append((os.path.join(here, item["path"]), item.get("units", "standard")))
        return out
    out, units, args = [], "standard", list(argv)
    while args:
        arg = args.pop(0)
        if arg == "--units":
            units = args.pop(0)
        else:
            out.append((arg, units))
    return out


def main():
    counter = Counter()
    for path, units in inputs_of(sys.argv[1:]):
        for file in walk(path):
            counter.read(file, units)
    json.dump(counter.summary(), sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
