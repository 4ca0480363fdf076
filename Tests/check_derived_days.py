#!/usr/bin/env python3
"""Recomputes, from the replies Tests/make_derived_days_archive.py wrote and with no wxpipe code,
the pairs and scores wxpipe should make of them, and compares them with its store.

Plain arithmetic and zoneinfo only. The rules are those of docs/VERIFICATION.md:
- an Open-Meteo reply's local `time` strings are instants at the reply's one `utc_offset_seconds`
  (with --iana they are placed with the IANA zone instead: the check must then fail, which shows
  that it can tell the two apart);
- local days are America/New_York days (23 or 25 hours across DST); truth per day from the
  archive: max/min of the readings in the day, complete at 0.75 of its hours; rain by the hour
  holding the middle of each 1-hour window, complete at 0.75 of its hours, rounded to 2 decimals;
- hour pairs: a temperature valid at T against the reading within 30 minutes of T (the earlier on
  a tie); a value valid before the issue is not a forecast, one whose hour began before it is a
  partial hindcast (not scored);
- the provider's own days: the labelled date's window at the reply's offset, target = local date
  of its middle, accepted within 1 hour of the local midnights;
- derived days (`derived_from` = hour): per reply and local day, max/min of the temperatures valid
  in it when they cover 0.75 of its hours, the sum of the hourly amounts wholly inside it when
  every hour has one, the highest probability; window = the local day, lead measured to its middle;
- day pairs against the day's truth when complete (rain when rain-complete); lead_days = target −
  local date of issue; day 0 (issued after midnight) is a partial hindcast.

Compares every row of forecast_pairs (variable, source, target, valid instant, issue, lead, bin,
forecast, observed, lead_hours) and every forecast_scores group's n, bias and MAE (to 1e-9 from
the sums, to 4 decimals as shown). Prints one line, then a JSON summary; exit 1 on any difference.
Usage: check_derived_days.py ARCHIVE_DIR STORE.sqlite [--iana]
"""
import json
import math
import os
import sqlite3
import sys
from collections import defaultdict
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

ZONE = ZoneInfo("America/New_York")
LOCATION = "new-york"
COVERAGE = 0.75
MATCH_S = 30 * 60
TOLERANCE_S = 3600
BINS = [("0-6", 0, 6), ("6-12", 6, 12), ("12-24", 12, 24), ("24-48", 24, 48), ("48-72", 48, 72), ("72-120", 72, 120),
        ("120-168", 120, 168), ("168-240", 168, 240), ("240-360", 240, 360), ("360+", 360, math.inf)]


def utc(text):
    return int(datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc).timestamp())


def iso(t):
    return datetime.fromtimestamp(t, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def local_date(t):
    return datetime.fromtimestamp(t, timezone.utc).astimezone(ZONE).date()


def midnight(d):
    return int(datetime(d.year, d.month, d.day, tzinfo=ZONE).timestamp())


def hours_in_day(d):
    return (midnight(d + timedelta(days=1)) - midnight(d)) // 3600


def hour_key(t):
    off = int(datetime.fromtimestamp(t, timezone.utc).astimezone(ZONE).utcoffset().total_seconds())
    return ((t + off) // 3600, off)


def half_away(x, places):
    s = 10 ** places
    return math.copysign(math.floor(abs(x) * s + 0.5), x) / s


def place(label, offset, iana):
    naive = datetime.strptime(label, "%Y-%m-%dT%H:%M")
    if iana:
        return int(naive.replace(tzinfo=ZONE).timestamp())
    return int(naive.replace(tzinfo=timezone(timedelta(seconds=offset))).timestamp())


def lead_bin(hours):
    return next(name for name, lo, hi in BINS if lo <= hours < hi)


def read(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def truth_days(replies, iana):
    readings = []
    for doc in replies:
        body = doc["response"]
        h = body["hourly"]
        for label, temp, mm in zip(h["time"], h["temperature_2m"], h["precipitation"]):
            readings.append((place(label, body["utc_offset_seconds"], iana), temp, mm))
    readings.sort()
    days = defaultdict(lambda: {"temps": [], "hours": set(), "rain": {}})
    for t, temp, mm in readings:
        if temp is not None:
            d = days[local_date(t)]
            d["temps"].append(temp)
            d["hours"].add(hour_key(t))
        if mm is not None:  # the hour [t - 1 h, t]: its middle fixes the date and the clock hour
            middle = t - 1800
            days[local_date(middle)]["rain"].setdefault(hour_key(middle), mm)
    out = {}
    for d, v in days.items():
        need = COVERAGE * hours_in_day(d)
        out[d] = {"max": max(v["temps"]) if v["temps"] else None, "min": min(v["temps"]) if v["temps"] else None,
                  "complete": len(v["hours"]) >= need,
                  "rain": half_away(sum(v["rain"].values()), 2) if v["rain"] else None, "rain_complete": len(v["rain"]) >= need}
    return out, [(t, temp) for t, temp, _ in readings if temp is not None]


def nearest(readings, t):
    best = None
    for rt, temp in readings:
        if abs(rt - t) <= MATCH_S and (best is None or abs(rt - t) < abs(best[0] - t)):
            best = (rt, temp)
    return best


def day_pairs(days, truth, issued, derived, out):
    """Pairs of day forecasts [(window from, to, valid_at, tmax, tmin, mm, prob)] against the day truth."""
    for start, end, valid_at, tmax, tmin, mm, prob in days:
        target = local_date(start + (end - start) // 2)
        if abs(start - midnight(target)) > TOLERANCE_S or abs(end - midnight(target + timedelta(days=1))) > TOLERANCE_S:
            continue
        lead = (target - local_date(issued)).days
        if lead < 0 or end <= issued or start < issued:  # past, or a partial hindcast (not scored)
            continue
        day = truth.get(target)
        if day is None:
            continue
        common = (target.isoformat(), iso(valid_at), iso(issued), lead, None, (valid_at - issued) / 3600)
        if day["complete"]:
            for variable, f, o in (("temp_max_c", tmax, day["max"]), ("temp_min_c", tmin, day["min"])):
                if f is not None and o is not None:
                    out.append((variable, derived, "day") + common + (f, o))
        if day["rain_complete"] and mm is not None and day["rain"] is not None:
            out.append(("precip_mm", derived, "day") + common + (mm, day["rain"]))


def derived_days(steps):
    """steps: [(valid_from, valid_at, temp, mm, prob)] of one reply, in order."""
    by_day = defaultdict(lambda: {"temps": [], "hours": set(), "rain": {}, "probs": {}})
    for start, at, temp, mm, prob in steps:
        if temp is not None:
            d = by_day[local_date(at)]
            d["temps"].append(temp)
            d["hours"].add(hour_key(at))
        if mm is not None or prob is not None:
            day = local_date(start)
            if local_date(at - 1) != day:
                continue
            d = by_day[day]
            key = hour_key(start + 1800)
            if mm is not None and key not in d["rain"]:
                d["rain"][key] = mm
            if prob is not None:
                d["probs"][key] = max(prob, d["probs"].get(key, prob))
    out = []
    for day in sorted(by_day):
        v = by_day[day]
        n = hours_in_day(day)
        covered = min(n, len(v["hours"])) >= COVERAGE * n
        total = 0.0
        for mm in v["rain"].values():  # in time order, as the amounts come
            total += mm
        start, end = midnight(day), midnight(day + timedelta(days=1))
        out.append((start, end, start + (end - start) // 2, max(v["temps"]) if covered else None,
                    min(v["temps"]) if covered else None, half_away(total, 2) if len(v["rain"]) >= n else None,
                    max(v["probs"].values()) if len(v["probs"]) >= COVERAGE * n else None))
    return out


def expected_pairs(folder, iana):
    truth, readings = truth_days(read(os.path.join(folder, "data", "archive.ndjson")), iana)
    out = []
    for doc in read(os.path.join(folder, "data", "forecasts.ndjson")):
        issued = utc(doc["fetched_at"])
        body = doc["response"]
        offset = body["utc_offset_seconds"]
        h = body["hourly"]
        steps = []
        for label, temp, mm, prob in zip(h["time"], h["temperature_2m"], h["precipitation"], h["precipitation_probability"]):
            at = place(label, offset, iana)
            steps.append((at - 3600, at, temp, mm, prob))
            if temp is None or at < issued or at - 3600 < issued:
                continue
            match = nearest(readings, at)
            if match is None or (local_date(at) not in truth):
                continue
            lead = (at - issued) / 3600
            out.append(("temp_c", "", "hour", None, iso(at), iso(issued), None, lead_bin(lead), lead, temp, match[1]))
        daily = body["daily"]
        own = []
        for label, tmax, tmin, mm, prob in zip(daily["time"], daily["temperature_2m_max"], daily["temperature_2m_min"],
                                                 daily["precipitation_sum"], daily["precipitation_probability_max"]):
            start = place(label + "T00:00", offset, iana)
            end = place((date.fromisoformat(label) + timedelta(days=1)).isoformat() + "T00:00", offset, iana)
            own.append((start, end, place(label + "T12:00", offset, iana), tmax, tmin, mm, prob))
        day_pairs(own, truth, issued, "", out)
        day_pairs(derived_days(steps), truth, issued, "hour", out)
    return out


def stored_pairs(db):
    return [tuple(r) for r in db.execute("""
        SELECT variable, IFNULL(derived_from, ''), period, target_date, valid_at_utc, issued_at_utc, lead_days, lead_hours_bin,
               lead_hours, forecast, observed FROM forecast_pairs WHERE location_id = ?""", (LOCATION,))]


def key(p):
    return p[:8]


def main(argv):
    folder, store, iana = argv[1], argv[2], "--iana" in argv
    db = sqlite3.connect(store)
    mine = {key(p): p for p in expected_pairs(folder, iana)}
    theirs = {key(p): p for p in stored_pairs(db)}
    problems = []
    for k in sorted(set(mine) | set(theirs), key=str):
        if k not in mine or k not in theirs:
            problems.append(f"{k}: only in {'forecast_pairs' if k in theirs else 'the recomputation'}")
            continue
        a, b = mine[k], theirs[k]
        for name, x, y in (("lead_hours", a[8], b[8]), ("forecast", a[9], b[9]), ("observed", a[10], b[10])):
            if abs(x - y) > 1e-9:
                problems.append(f"{k} {name}: recomputed {x!r}, wxpipe {y!r}")
    groups = defaultdict(list)
    for p in mine.values():
        lead = str(p[6]) if p[6] is not None else p[7]
        groups[(p[1], p[0], lead)].append(p[9] - p[10])
    scores = {}
    for r in db.execute("""SELECT IFNULL(derived_from, ''), variable, COALESCE(CAST(lead_days AS TEXT), lead_hours_bin), location_id,
                                  n, (sum_f - sum_o) / n, sum_abs_error / n, bias, mae
                           FROM forecast_scores WHERE provider = 'open-meteo' AND product = 'forecast'"""):
        scores[(r[0], r[1], r[2], r[3])] = r[4:]
    compared = 0
    for g, errors in sorted(groups.items()):
        n = len(errors)
        bias, mae = sum(errors) / n, sum(abs(e) for e in errors) / n
        for location in (LOCATION, "*"):
            row = scores.get(g + (location,))
            if row is None:
                problems.append(f"{g} {location}: no forecast_scores row")
                continue
            if row[0] != n:
                problems.append(f"{g} {location}: n {row[0]} in forecast_scores, {n} recomputed")
            for name, x, exact, shown in (("bias", bias, row[1], row[3]), ("mae", mae, row[2], row[4])):
                if abs(x - exact) > 1e-9 or abs(x - shown) > 5e-5 + 1e-9:
                    problems.append(f"{g} {location} {name}: recomputed {x!r}, wxpipe {exact!r} (shown {shown!r})")
                compared += 1
    extra = set((k[0], k[1], k[2]) for k in scores) - set(groups)
    problems += [f"{g}: in forecast_scores, not recomputed" for g in sorted(extra)]
    derived_leads = sorted({int(g[2]) for g in groups if g[0] == "hour"})
    summary = {"pairs": len(mine), "hour_pairs": sum(1 for p in mine.values() if p[2] == "hour"),
               "derived_day_pairs": sum(1 for p in mine.values() if p[1] == "hour"),
               "own_day_pairs": sum(1 for p in mine.values() if p[2] == "day" and p[1] == ""),
               "groups": len(groups), "numbers": compared, "derived_leads": derived_leads,
               "hour_bins": sorted({g[2] for g in groups if g[1] == "temp_c"}, key=lambda b: [x[0] for x in BINS].index(b))}
    if problems:
        print(f"derived days FAILED on {store}: {len(problems)} difference(s)" + (" (instants placed with the IANA zone)" if iana else ""))
        for p in problems[:30]:
            print("  " + p)
        print(json.dumps(summary))
        return 1
    print(f"derived days: {len(mine)} pairs and {len(groups)} score groups agree to 1e-9")
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
