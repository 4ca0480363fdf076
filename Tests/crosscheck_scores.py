#!/usr/bin/env python3
"""Independent cross-check of wxpipe's verification scores with the PyPI `scores` package.

Recomputes bias, MAE, RMSE, Brier score, POD and FAR from `forecast_pairs` with `scores` (and only
with it: `make test` installs it; without it this script fails with ModuleNotFoundError rather than
fall back to another engine) and compares them with `forecast_scores`: every group (provider,
product, model and derived_from, location or the pooled '*', variable, lead) must exist on both sides with the same
n and agree to the tolerance (default 1e-9) with the scores wxpipe derives from its stored sums; the
rounded display columns must agree to their 4 decimals. Exit status 1 on any disagreement.

With --json it also prints, after the summary line, one JSON object: the engine and every group's
recomputed numbers, so that the caller can compare them with the store itself.

Usage: crosscheck_scores.py STORE.sqlite [--tolerance 1e-9] [--json]
"""
import json
import math
import sqlite3
import sys
from collections import defaultdict

import numpy as np
import xarray as xr
import scores
from scores import categorical, continuous, probability

ENGINE = "scores " + scores.__version__


def cases(values):
    return xr.DataArray(np.asarray(values, dtype=float), dims="case")


def continuous_scores(f, o):
    """bias, MAE, RMSE of forecasts f against observations o."""
    fa, oa = cases(f), cases(o)
    return (float(continuous.additive_bias(fa, oa)), float(continuous.mae(fa, oa)), float(continuous.rmse(fa, oa)))


def event_scores(f, o, threshold):
    """POD and FAR (false alarm ratio) of events amount >= threshold; None when undefined."""
    fe = [1.0 if x >= threshold else 0.0 for x in f]
    oe = [1.0 if x >= threshold else 0.0 for x in o]
    table = categorical.BinaryContingencyManager(cases(fe), cases(oe)).transform()
    counts = {name: float(value) for name, value in table.get_counts().items()}
    hits, misses, alarms = counts["tp_count"], counts["fn_count"], counts["fp_count"]
    pod = float(table.probability_of_detection()) if hits + misses else None
    far = float(table.false_alarm_ratio()) if hits + alarms else None
    return pod, far


def brier(probabilities, events):
    if not probabilities:
        return None
    return float(probability.brier_score(cases(probabilities), cases(events)))


def groups_from_pairs(db):
    groups = defaultdict(list)
    for row in db.execute("""SELECT provider, product, IFNULL(model, '') || IFNULL(' (from ' || derived_from || ')', ''),
                                    location_id, variable, CASE WHEN lead_days IS NULL THEN 'hour' ELSE 'day' END,
                                    COALESCE(CAST(lead_days AS TEXT), lead_hours_bin), forecast, observed, precip_prob_pct
                             FROM forecast_pairs"""):
        key, values = row[:7], row[7:]
        groups[key].append(values)
        groups[key[:3] + ("*",) + key[4:]].append(values)
    return groups


def wxpipe_scores(db):
    out = {}
    for r in db.execute("""SELECT provider, product, IFNULL(model, '') || IFNULL(' (from ' || derived_from || ')', ''),
                                  location_id, variable, lead_kind,
                                  COALESCE(CAST(lead_days AS TEXT), lead_hours_bin), n, bias, mae, rmse, sum_f, sum_o,
                                  sum_abs_error, sum_sq_error, threshold_mm, hits, misses, false_alarms, pod, far, brier,
                                  n_brier, sum_brier FROM forecast_scores"""):
        (n, bias, mae, rmse, sum_f, sum_o, sum_abs, sum_sq, threshold, hits, misses, alarms, pod, far, brier_v,
         n_brier, sum_brier) = r[7:]
        exact = {"bias": (sum_f - sum_o) / n, "mae": sum_abs / n, "rmse": math.sqrt(sum_sq / n)}
        if threshold is not None:
            exact["pod"] = hits / (hits + misses) if hits + misses else None
            exact["far"] = alarms / (hits + alarms) if hits + alarms else None
            exact["brier"] = sum_brier / n_brier if n_brier else None
        shown = {"bias": bias, "mae": mae, "rmse": rmse, "pod": pod, "far": far, "brier": brier_v}
        out[r[:7]] = (n, threshold, exact, shown)
    return out


def main(argv):
    path = argv[1]
    tolerance = float(argv[argv.index("--tolerance") + 1]) if "--tolerance" in argv else 1e-9
    db = sqlite3.connect(path)
    groups, table = groups_from_pairs(db), wxpipe_scores(db)
    problems, recomputed = [], []
    for key in sorted(set(groups) | set(table)):
        if key not in groups or key not in table:
            problems.append(f"{key}: only in {'forecast_scores' if key in table else 'forecast_pairs'}")
            continue
        values, (n, threshold, exact, shown) = groups[key], table[key]
        f, o = [v[0] for v in values], [v[1] for v in values]
        mine = dict(zip(("bias", "mae", "rmse"), continuous_scores(f, o)))
        if threshold is not None:
            mine["pod"], mine["far"] = event_scores(f, o, threshold)
            probs = [(v[2] / 100, 1.0 if v[1] >= threshold else 0.0) for v in values if v[2] is not None]
            mine["brier"] = brier([p for p, _ in probs], [e for _, e in probs])
        if n != len(values):
            problems.append(f"{key}: n {n} in forecast_scores, {len(values)} pairs")
        for name, value in mine.items():
            theirs = exact.get(name)
            if (value is None) != (theirs is None) or (value is not None and abs(value - theirs) > tolerance):
                problems.append(f"{key} {name}: recomputed {value!r}, wxpipe {theirs!r}")
            elif value is not None and shown[name] is not None and abs(value - shown[name]) > 5e-5 + 1e-9:  # shown to 4 decimals
                problems.append(f"{key} {name}: recomputed {value!r}, shown {shown[name]!r}")
        recomputed.append({"key": list(key), "n": len(values), **mine})
    pairs = sum(len(v) for k, v in groups.items() if k[3] != "*")
    if problems:
        print(f"crosscheck FAILED on {path} ({ENGINE}): {len(problems)} disagreement(s)")
        for p in problems[:50]:
            print("  " + p)
        return 1
    print(f"crosscheck: {len(table)} score groups from {pairs} pairs agree to {tolerance:g} ({ENGINE})")
    if "--json" in argv:
        print(json.dumps({"engine": ENGINE, "pairs": pairs, "groups": recomputed}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
