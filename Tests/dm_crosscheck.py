#!/usr/bin/env python3
"""Independent reference for the Diebold-Mariano / HLN test and Student's t in
Sources/WeatherAnalytics/Statistics (numpy + scipy, written from the papers, not from the Swift).

  python3 Tests/dm_crosscheck.py            # the fixed cases whose numbers are hard-coded in
                                            # Tests/WeatherAnalyticsTests/StatisticsDieboldMarianoTests.swift
  python3 Tests/dm_crosscheck.py --stdin    # cases from JSON on stdin (used by that test when
                                            # python3 with scipy is installed)

Input JSON: {"dm": [{"a": [...], "b": [...], "h": 2, "loss": "absolute"|"squared"}],
             "t": [{"t": 1.5, "df": 7}]}
Output JSON: {"dm": [{"mean", "var", "dm", "hln", "p", "low", "high", "lag0"}],
              "t": [{"cdf", "p2", "q975"}]}
Floats are printed with repr, so they round-trip exactly.
"""
import json
import sys

import numpy as np
from scipy import stats

# Fixed cases: errors of two forecasts of 20 consecutive days (A, B), each tested at h = 1, 2, 3
# with both losses. Regenerate the Swift constants with `python3 Tests/dm_crosscheck.py`.
FIXED_A = [1.2, -0.8, 2.1, 0.4, -1.5, 0.9, 1.7, -0.3, 0.6, -2.2,
           1.1, 0.2, -0.7, 1.9, -1.0, 0.5, 1.4, -0.6, 0.8, -1.3]
FIXED_B = [1.9, -1.4, 2.5, 1.2, -2.1, 0.3, 2.6, -1.1, 1.5, -2.0,
           1.8, -0.9, -1.6, 2.4, -0.4, 1.3, 2.2, -1.7, 0.1, -2.5]
FIXED = {
    "dm": [{"a": FIXED_A, "b": FIXED_B, "h": h, "loss": loss}
           for loss in ("absolute", "squared") for h in (1, 2, 3)],
    "t": [{"t": t, "df": df} for (t, df) in [(0.0, 5), (1.0, 1), (-2.5, 3), (2.086, 20), (0.3, 19.5), (-4.0, 100), (7.5, 12)]],
}


def dm_test(a, b, h, loss, level=0.95):
    e1, e2 = np.asarray(a, float), np.asarray(b, float)
    d = np.abs(e1) - np.abs(e2) if loss == "absolute" else e1 ** 2 - e2 ** 2
    n = d.size
    mean = d.mean()
    c = d - mean
    # gamma_k with divisor n, k = 0..h-1
    gammas = [np.dot(c[k:], c[:n - k]) / n for k in range(h)]
    long_run = gammas[0] + 2.0 * sum(gammas[1:])
    lag0 = bool(long_run <= 0)
    var = (gammas[0] if lag0 else long_run) / n
    dm = mean / np.sqrt(var)
    k = np.sqrt((n + 1 - 2 * h + h * (h - 1) / n) / n)
    hln = dm * k
    p = 2.0 * stats.t.sf(abs(hln), df=n - 1)
    half = stats.t.ppf(1 - (1 - level) / 2, df=n - 1) * np.sqrt(var) / k
    return {"mean": float(mean), "var": float(var), "dm": float(dm), "hln": float(hln), "p": float(p),
            "low": float(mean - half), "high": float(mean + half), "lag0": lag0}


def t_case(t, df):
    return {"cdf": float(stats.t.cdf(t, df)), "p2": float(2.0 * stats.t.sf(abs(t), df)),
            "q975": float(stats.t.ppf(0.975, df))}


def main():
    cases = json.load(sys.stdin) if "--stdin" in sys.argv else FIXED
    out = {"dm": [dm_test(c["a"], c["b"], c["h"], c["loss"]) for c in cases.get("dm", [])],
           "t": [t_case(c["t"], c["df"]) for c in cases.get("t", [])]}
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
