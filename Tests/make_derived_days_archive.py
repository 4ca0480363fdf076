#!/usr/bin/env python3
"""Writes a real-shaped archive of hourly 16-day Open-Meteo forecasts for the derived-day check
(Tests/check_derived_days.py).

One place, New York, across the end of daylight saving time (2024-11-03 02:00 EDT -> 01:00 EST).
Every reply is shaped as the API answers with `&timezone=auto`: one `utc_offset_seconds` (the
offset in force when it was fetched) for the whole reply, local wall-clock `time` strings with no
DST switch inside the series, so a 16-day reply fetched in EDT labels the hours after the change
in EDT (docs/PROVIDERS.md, Time).

- Forecasts: one `/v1/forecast?...&forecast_days=16&timezone=auto` reply per day, fetched at 02:30
  local, with `hourly` temperature_2m, precipitation (the preceding hour) and
  precipitation_probability for 384 hours from the fetch date's (labelled) midnight, plus the
  `daily` block (the provider's own day forecast, a source of its own beside the derived days).
  Some replies have nulls: a run of missing temperatures that leaves one day below coverage, and
  a missing precipitation hour that leaves another day without a total.
- Truth: one `archive-api.open-meteo.com/v1/archive` reply per past day, fetched the next morning
  at 08:00 local, so the reply for 2024-11-02 (an EDT day) is labelled in EST, as the API does.

Values come from a seeded generator: the same archive every time.
Usage: make_derived_days_archive.py OUT_DIR
"""
import json
import os
import random
import sys
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

PLACE = ("new-york", 40.7143, -74.006, "America/New_York")
ZONE = ZoneInfo(PLACE[3])
FIRST_ISSUE = datetime(2024, 10, 27)  # local dates of the forecast replies
ISSUES = 12
TRUTH_FIRST, TRUTH_LAST = datetime(2024, 10, 26), datetime(2024, 11, 23)
HOURS = 16 * 24


def iso(t):
    return t.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def temperature(rng, t_utc, spread):
    """A diurnal curve in true local time plus noise, to two decimals."""
    local = t_utc.astimezone(ZONE)
    day = (local.date() - TRUTH_FIRST.date()).days
    base = 14.0 - 0.4 * day + 6.0 * (1 - abs(local.hour - 15) / 12)
    return round(base + rng.uniform(-spread, spread), 2)


def rain(rng, chance):
    return round(rng.choice([0.1, 0.2, 0.4, 0.8, 1.5, 3.0]), 1) if rng.random() < chance else 0.0


def labels(start_label, count):
    return [(start_label + timedelta(hours=k)).strftime("%Y-%m-%dT%H:%M") for k in range(count)]


def forecast_reply(rng, index):
    date = FIRST_ISSUE + timedelta(days=index)
    fetched = date.replace(hour=2, minute=30, tzinfo=ZONE)
    offset = int(fetched.utcoffset().total_seconds())
    start = date  # the fetch date's midnight, labelled with the fetch-time offset
    times = labels(start, HOURS)
    instants = [datetime.strptime(s, "%Y-%m-%dT%H:%M").replace(tzinfo=timezone(timedelta(seconds=offset))) for s in times]
    temps = [temperature(rng, t, 1.5 + 0.1 * k / 24) for k, t in enumerate(instants)]
    precip = [rain(rng, 0.15) for _ in instants]
    prob = [rng.randrange(0, 101, 5) for _ in instants]
    if index == 3:  # seven hours of temperatures missing on the reply's second day: 17 of 24 < 0.75
        for k in range(24 + 8, 24 + 15):
            temps[k] = None
    if index == 5:  # one hour's amount missing on the third day: no total for it
        precip[48 + 13] = None
    days = [(date + timedelta(days=k)).strftime("%Y-%m-%d") for k in range(16)]
    body = {"latitude": PLACE[1], "longitude": PLACE[2], "generationtime_ms": 0.5, "utc_offset_seconds": offset,
            "timezone": PLACE[3], "timezone_abbreviation": "EDT" if offset == -14400 else "EST", "elevation": 51.0,
            "hourly_units": {"time": "iso8601", "temperature_2m": "°C", "precipitation": "mm", "precipitation_probability": "%"},
            "hourly": {"time": times, "temperature_2m": temps, "precipitation": precip, "precipitation_probability": prob},
            "daily_units": {"time": "iso8601", "temperature_2m_max": "°C", "temperature_2m_min": "°C",
                            "precipitation_sum": "mm", "precipitation_probability_max": "%"},
            "daily": {"time": days,
                      "temperature_2m_max": [round(20.0 - 0.4 * k + rng.uniform(-2, 2), 1) for k in range(16)],
                      "temperature_2m_min": [round(9.0 - 0.4 * k + rng.uniform(-2, 2), 1) for k in range(16)],
                      "precipitation_sum": [round(rng.choice([0.0, 0.0, 0.5, 2.0, 6.0]), 1) for _ in range(16)],
                      "precipitation_probability_max": [rng.randrange(0, 101, 5) for _ in range(16)]}}
    url = (f"https://api.open-meteo.com/v1/forecast?latitude={PLACE[1]}&longitude={PLACE[2]}"
           "&hourly=temperature_2m,precipitation,precipitation_probability"
           "&daily=temperature_2m_max,temperature_2m_min,precipitation_sum,precipitation_probability_max"
           "&forecast_days=16&timezone=auto")
    return {"fetched_at": iso(fetched), "url": url, "provider": "open-meteo", "location": {"id": PLACE[0]}, "response": body}


def archive_reply(rng, date):
    fetched = (date + timedelta(days=1)).replace(hour=8, tzinfo=ZONE)
    offset = int(fetched.utcoffset().total_seconds())
    times = labels(date, 24)
    instants = [datetime.strptime(s, "%Y-%m-%dT%H:%M").replace(tzinfo=timezone(timedelta(seconds=offset))) for s in times]
    body = {"latitude": PLACE[1], "longitude": PLACE[2], "generationtime_ms": 0.3, "utc_offset_seconds": offset,
            "timezone": PLACE[3], "timezone_abbreviation": "EDT" if offset == -14400 else "EST", "elevation": 51.0,
            "hourly_units": {"time": "iso8601", "temperature_2m": "°C", "precipitation": "mm"},
            "hourly": {"time": times, "temperature_2m": [temperature(rng, t, 1.0) for t in instants],
                       "precipitation": [rain(rng, 0.15) for _ in instants]}}
    day = date.strftime("%Y-%m-%d")
    url = (f"https://archive-api.open-meteo.com/v1/archive?latitude={PLACE[1]}&longitude={PLACE[2]}"
           f"&start_date={day}&end_date={day}&hourly=temperature_2m,precipitation&timezone=auto")
    return {"fetched_at": iso(fetched), "url": url, "provider": "open-meteo", "location": {"id": PLACE[0]}, "response": body}


def main():
    out = sys.argv[1]
    data = os.path.join(out, "data")
    os.makedirs(data, exist_ok=True)
    rng = random.Random(20241103)
    with open(os.path.join(data, "forecasts.ndjson"), "w") as f:
        for k in range(ISSUES):
            f.write(json.dumps(forecast_reply(rng, k), ensure_ascii=False) + "\n")
    with open(os.path.join(data, "archive.ndjson"), "w") as f:
        day = TRUTH_FIRST
        while day <= TRUTH_LAST:
            f.write(json.dumps(archive_reply(rng, day), ensure_ascii=False) + "\n")
            day += timedelta(days=1)
    pipeline = {"name": "derived-days", "inputs": ["data"], "store": "store.sqlite",
                "locations": [{"id": PLACE[0], "lat": PLACE[1], "lon": PLACE[2], "timezone": PLACE[3]}]}
    with open(os.path.join(out, "pipeline.json"), "w") as f:
        json.dump(pipeline, f, indent=1)


if __name__ == "__main__":
    main()
