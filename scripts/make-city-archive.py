#!/usr/bin/env python3
"""Writes a synthetic multi-city archive for the sharding tests and the scaling model (docs/SCALING.md).

    make-city-archive.py OUT_DIR [--cities N] [--days D] [--gzip]

Cities on a grid over six time zones; per city and day one NDJSON file of hourly OpenWeatherMap
current-weather replies (observed) and one of forecasts (an Open-Meteo reply and two One Call
replies), in a folder per city: many files, so shards get a fair share. The replies come from
Tests/make_verification_archive.py (seeded: the same archive every time). Every third city has
no location id in its envelopes, so its location is found by radius, not by name. Writes
OUT_DIR/data/... and prints the number of files and bytes.
"""
import argparse
import gzip
import importlib.util
import json
import os
import random
from datetime import timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("va", os.path.join(HERE, "..", "Tests", "make_verification_archive.py"))
va = importlib.util.module_from_spec(spec)
spec.loader.exec_module(va)

ZONES = [("Europe/London", 51.5, -0.1), ("America/New_York", 40.7, -74.0), ("Australia/Sydney", -33.9, 151.2),
         ("Asia/Tokyo", 35.7, 139.7), ("Europe/Berlin", 52.5, 13.4), ("America/Chicago", 41.9, -87.6)]


def cities(n):
    out = []
    for k in range(n):
        zone, lat, lon = ZONES[k % len(ZONES)]
        ring = k // len(ZONES)
        out.append((f"city-{k:04d}", round(lat + 0.6 * ring, 4), round(lon + 0.6 * ring, 4), zone, 10.0 + k % 12))
    return out


def write(path, docs, compress):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    text = "".join(json.dumps(d) + "\n" for d in docs).encode()
    if compress:
        with gzip.open(path + ".gz", "wb", compresslevel=6) as f:
            f.write(text)
    else:
        with open(path, "wb") as f:
            f.write(text)
    return len(text)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--cities", type=int, default=12)
    p.add_argument("--days", type=int, default=6)
    p.add_argument("--gzip", action="store_true")
    a = p.parse_args()
    va.DAYS = a.days
    rng = random.Random(20241130)
    files = size = 0
    for k, city in enumerate(cities(a.cities)):
        named = k % 3 != 2
        current = va.current_replies(rng, city)
        for day in range(a.days):
            stamp = (va.FIRST_DAY + timedelta(days=day)).strftime("%Y-%m-%d")
            docs = current[day * 24:(day + 1) * 24 + (2 if day == a.days - 1 else 0)]
            forecasts = []
            if day < a.days - 1:
                forecasts = [va.open_meteo_reply(rng, city, day)] + [va.one_call_reply(rng, city, day, h) for h in (4, 5)]
            for doc in docs + forecasts:
                if not named:
                    doc.pop("location", None)
            base = os.path.join(a.out, "data", city[0], stamp)
            size += write(base + "-current.ndjson", docs, a.gzip)
            files += 1
            if forecasts:
                size += write(base + "-forecasts.ndjson", forecasts, a.gzip)
                files += 1
    print(f"{files} files, {size} bytes of JSON")


if __name__ == "__main__":
    main()
