#!/usr/bin/env python3
"""Splits a suite into two halves by family, for choosing defaults honestly.

    python3 benches/halves/split.py ../shared/benchmarks/MANIFEST.tsv benches/halves

writes half-a.txt and half-b.txt (paths relative to the suite). An option is tuned on one half
and must win on the other (`cargo xtask bench --half a|b`).

A file's family key is the leading letters of its name (`6s` style keys keep their leading
digits), lower-cased. Keys are joined when they share their first three letters or one
contains the other (`dme`, `irstdme`, `cmudme`; `brpptimo`, `brpptimoneg`; `pdtvisns`, `vis`):
near-relatives never sit on both sides, and joining two unrelated families only makes the
split coarser. The families are then dealt to the halves so that both hold as many files, hard
files (`abc_limit_s` 60), unsafe files and files of `hwmcc20` and `hwmcc08` as can be: the best
of 500 seeded random deals, each improved by moving one family at a time. Only the manifest's
columns are used, never a result of pdrkit's.
"""
import collections
import csv
import random
import re
import sys
from pathlib import Path


def key(path):
    name = path.split("/")[-1]
    m = re.match(r"[A-Za-z]+", name) or re.match(r"[0-9]+[A-Za-z]+", name)
    return m.group(0).lower()


def families(rows):
    keys = sorted({key(r["file"]) for r in rows})
    parent = {k: k for k in keys}

    def find(k):
        while parent[k] != k:
            k = parent[k]
        return k

    for a in keys:
        for b in keys:
            related = a[:3] == b[:3] or a in b or b in a
            if a < b and len(a) >= 3 and len(b) >= 3 and related:
                parent[find(a)] = find(b)
    fams = collections.defaultdict(list)
    for r in rows:
        fams[find(key(r["file"]))].append(r)
    return fams


def measures(rs):
    return (
        len(rs),
        sum(r["abc_limit_s"] == "60" for r in rs),
        sum(r["expected"] == "unsafe" for r in rs),
        sum(r["suite"] == "hwmcc20" for r in rs),
        sum(r["suite"] == "hwmcc08" for r in rs),
    )


WEIGHTS = (2, 2, 1, 1, 1)


def split(fams):
    names = sorted(fams)
    size = {f: measures(fams[f]) for f in names}
    total = [sum(size[f][i] for f in names) for i in range(len(WEIGHTS))]

    def cost(a):
        s = [sum(size[f][i] for f in a) for i in range(len(WEIGHTS))]
        return sum(w * abs(2 * x - t) for w, x, t in zip(WEIGHTS, s, total))

    rng = random.Random(1)
    best = None
    for _ in range(500):
        a = {f for f in names if rng.random() < 0.5}
        c = cost(a)
        improved = True
        while improved:
            improved = False
            for f in names:
                c2 = cost(a ^ {f})
                if c2 < c:
                    a, c, improved = a ^ {f}, c2, True
        if best is None or c < best[0]:
            best = (c, a)
    return best[1], set(names) - best[1]


def main():
    manifest, out = Path(sys.argv[1]), Path(sys.argv[2])
    rows = list(csv.DictReader(manifest.open(), delimiter="\t"))
    fams = families(rows)
    for label, half in zip("ab", split(fams)):
        rs = [r for f in half for r in fams[f]]
        n, hard, unsafe, h20, h08 = measures(rs)
        lines = [
            f"# half {label} of {manifest.parent.name}: {n} files, {hard} hard, {unsafe} unsafe,"
            f" {h20} hwmcc20, {h08} hwmcc08",
            "# written by benches/halves/split.py (the rule is there); families: "
            + ", ".join(sorted("+".join(sorted({key(r["file"]) for r in fams[f]})) for f in half)),
        ]
        lines += sorted(r["file"] for r in rs)
        (out / f"half-{label}.txt").write_text("\n".join(lines) + "\n")


main()
