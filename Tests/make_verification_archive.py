#!/usr/bin/env python3
"""Writes a synthetic multi-city archive for the verification cross-check (Tests/crosscheck_scores.py).

Four cities in four time zones, six days. Truth: OpenWeatherMap current-weather replies every hour
(observed). Forecasts: an Open-Meteo reply (fetched with &timezone=, so its days are local days) at
03:00 local and a One Call reply (its `current` block is a nowcast) at 04:00 and 05:00 local every
day, so issue selection has something to choose. Values come from a seeded generator: the same
archive every time. Usage: make_verification_archive.py OUT_DIR [DAYS [CITY,CITY… [FIRST_DAY]]]
(default 6 days from 2024-05-01, all four cities; the forecast-accuracy fixture is 45 days of
London and Sydney from 2024-06-01, after every other fixture, so no reply duplicates another).
"""
import json
import os
import random
import sys
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

CITIES = [  # id, lat, lon, IANA zone, mean temperature
    ("london", 51.5085, -0.1257, "Europe/London", 12.0),
    ("new-york", 40.7143, -74.006, "America/New_York", 16.0),
    ("sydney", -33.8679, 151.2073, "Australia/Sydney", 15.0),
    ("tokyo", 35.6895, 139.6917, "Asia/Tokyo", 19.0),
]
FIRST_DAY = datetime(2024, 5, 1)
DAYS = 6
WEATHER = [{"id": 803, "main": "Clouds", "description": "broken clouds", "icon": "04d"}]


def iso(t):
    return t.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def truth_temp(rng, mean, local_hour):
    return round(mean + 5 * (1 - abs(local_hour - 14) / 12) + rng.uniform(-1.5, 1.5), 2)


def current_replies(rng, city):
    cid, lat, lon, zone, mean = city
    tz = ZoneInfo(zone)
    start = FIRST_DAY.replace(tzinfo=tz) - timedelta(hours=1)
    out = []
    for h in range(DAYS * 24 + 2):
        t = start + timedelta(hours=h)
        local = t.astimezone(tz)
        body = {"coord": {"lon": lon, "lat": lat}, "weather": WEATHER, "base": "stations",
                "main": {"temp": truth_temp(rng, mean, local.hour), "pressure": 1012, "humidity": 70},
                "visibility": 10000, "wind": {"speed": 3.0, "deg": 200}, "clouds": {"all": 60},
                "dt": int(t.timestamp()), "sys": {"country": "XX"}, "timezone": int(local.utcoffset().total_seconds()),
                "id": 1, "name": zone.split("/")[-1].replace("_", " "), "cod": 200}
        if rng.random() < 0.3:
            body["rain"] = {"1h": round(rng.uniform(0.1, 3.0), 2)}
        out.append({"fetched_at": iso(t), "url": f"https://api.openweathermap.org/data/2.5/weather?lat={lat}&lon={lon}&units=metric&appid=X",
                    "provider": "openweathermap", "location": {"id": cid}, "response": body})
    return out


def open_meteo_reply(rng, city, issue_day):
    cid, lat, lon, zone, mean = city
    tz = ZoneInfo(zone)
    issued = (FIRST_DAY + timedelta(days=issue_day)).replace(hour=3, tzinfo=tz)
    days = [(issued + timedelta(days=k)).date() for k in range(4)]
    hours = [issued.replace(tzinfo=None) + timedelta(hours=k) for k in range(1, 49)]
    body = {"latitude": lat, "longitude": lon, "generationtime_ms": 0.2,
            "utc_offset_seconds": int(issued.utcoffset().total_seconds()), "timezone": zone, "elevation": 10,
            "hourly_units": {"time": "iso8601", "temperature_2m": "°C"},
            "hourly": {"time": [h.strftime("%Y-%m-%dT%H:%M") for h in hours],
                       "temperature_2m": [truth_temp(rng, mean, h.hour) for h in hours]},
            "daily_units": {"time": "iso8601", "temperature_2m_max": "°C", "temperature_2m_min": "°C",
                            "precipitation_sum": "mm", "precipitation_probability_max": "%"},
            "daily": {"time": [d.isoformat() for d in days],
                      "temperature_2m_max": [round(mean + 5 + rng.uniform(-3, 3), 2) for _ in days],
                      "temperature_2m_min": [round(mean - 5 + rng.uniform(-3, 3), 2) for _ in days],
                      "precipitation_sum": [round(rng.choice([0, 0, 0.1, 1.5, 6.0]) * rng.random(), 2) for _ in days],
                      "precipitation_probability_max": [rng.randrange(0, 101) for _ in days]}}
    return {"fetched_at": iso(issued), "url": f"https://api.open-meteo.com/v1/forecast?latitude={lat}&longitude={lon}&timezone=auto",
            "provider": "open-meteo", "location": {"id": cid}, "response": body}


def one_call_reply(rng, city, issue_day, hour):
    cid, lat, lon, zone, mean = city
    tz = ZoneInfo(zone)
    issued = (FIRST_DAY + timedelta(days=issue_day)).replace(hour=hour, tzinfo=tz)
    offset = int(issued.utcoffset().total_seconds())
    hourly = []
    for k in range(1, 49):
        t = issued + timedelta(hours=k)
        hourly.append({"dt": int(t.timestamp()), "temp": truth_temp(rng, mean, t.astimezone(tz).hour), "pressure": 1012,
                       "humidity": 70, "wind_speed": 3.0, "wind_deg": 200, "clouds": 50, "pop": round(rng.random(), 2),
                       "weather": WEATHER})
    daily = []
    for k in range(4):
        noon = (issued + timedelta(days=k)).replace(hour=12, minute=0)
        d = {"dt": int(noon.timestamp()), "sunrise": int(noon.timestamp()) - 6 * 3600, "sunset": int(noon.timestamp()) + 6 * 3600,
             "temp": {"day": mean, "min": round(mean - 5 + rng.uniform(-3, 3), 2), "max": round(mean + 5 + rng.uniform(-3, 3), 2),
                      "night": mean - 3, "eve": mean, "morn": mean - 2},
             "pressure": 1012, "humidity": 70, "wind_speed": 3.0, "wind_deg": 200, "clouds": 50,
             "pop": round(rng.random(), 2), "weather": WEATHER}
        if rng.random() < 0.6:
            d["rain"] = round(rng.uniform(0.1, 8.0), 2)
        daily.append(d)
    body = {"lat": lat, "lon": lon, "timezone": zone, "timezone_offset": offset,
            "current": {"dt": int(issued.timestamp()), "temp": truth_temp(rng, mean, hour), "pressure": 1012, "humidity": 70,
                        "wind_speed": 3.0, "wind_deg": 200, "clouds": 50, "weather": WEATHER},
            "hourly": hourly, "daily": daily}
    return {"fetched_at": iso(issued), "url": f"https://api.openweathermap.org/data/3.0/onecall?lat={lat}&lon={lon}&units=metric&appid=X",
            "provider": "openweathermap", "location": {"id": cid}, "response": body}


def main():
    global DAYS, CITIES, FIRST_DAY
    out = sys.argv[1]
    if len(sys.argv) > 2:
        DAYS = int(sys.argv[2])
    if len(sys.argv) > 3:
        wanted = sys.argv[3].split(",")
        CITIES = [c for c in CITIES if c[0] in wanted]
    if len(sys.argv) > 4:
        FIRST_DAY = datetime.strptime(sys.argv[4], "%Y-%m-%d")
    data = os.path.join(out, "data")
    os.makedirs(data, exist_ok=True)
    rng = random.Random(20240501)
    for city in CITIES:
        with open(os.path.join(data, f"{city[0]}-current.ndjson"), "w") as f:
            for doc in current_replies(rng, city):
                f.write(json.dumps(doc) + "\n")
        with open(os.path.join(data, f"{city[0]}-forecasts.ndjson"), "w") as f:
            for day in range(DAYS - 1):
                f.write(json.dumps(open_meteo_reply(rng, city, day)) + "\n")
                for hour in (4, 5):
                    f.write(json.dumps(one_call_reply(rng, city, day, hour)) + "\n")
    pipeline = {"name": "crosscheck", "inputs": ["data"], "store": "store.sqlite",
                "locations": [{"id": c[0], "lat": c[1], "lon": c[2], "timezone": c[3]} for c in CITIES]}
    with open(os.path.join(out, "pipeline.json"), "w") as f:
        json.dump(pipeline, f, indent=1)


if __name__ == "__main__":
    main()
