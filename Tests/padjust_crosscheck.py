"""Adjusts p-values with statsmodels' multipletests, for StatisticsMultipleTestingTests.

Reads {"p": [[...], ...]} on stdin and prints {"holm": [[...]], "bh": [[...]]}: the
Holm and Benjamini-Hochberg adjusted p-values of each list (statsmodels method names
"holm" and "fdr_bh"). An independent implementation of PAdjustment.adjust.
"""
import json
import sys

from statsmodels.stats.multitest import multipletests


def main():
    data = json.load(sys.stdin)
    out = {"holm": [], "bh": []}
    for p in data["p"]:
        out["holm"].append([float(x) for x in multipletests(p, method="holm")[1]])
        out["bh"].append([float(x) for x in multipletests(p, method="fdr_bh")[1]])
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
