#!/usr/bin/env python3
"""One table per engine from several `cargo xtask bench` results.csv files (the runs may differ
in --jobs; each row says which runs it came from). A later file's record for a configuration and
file replaces an earlier one (to re-run a few files). `unique` counts files only that row solves
among all rows given.

usage: table.py RESULTS.csv [RESULTS.csv ...]

e.g. (from the repository root): python3 docs/bench/2026-12-02-engines-60s/table.py
    docs/bench/2026-12-02-portfolio-vs-ic3-60s/results.csv docs/bench/2026-12-02-engines-60s/results.csv"""
import csv, os, sys

rows = {}      # config -> {file: record}
origin = {}    # config -> [run directories, in order]
for path in sys.argv[1:]:
    for r in csv.DictReader(open(path)):
        if r["peer"] == "true":
            continue
        rows.setdefault(r["config"], {})[r["file"]] = r
        run = os.path.basename(os.path.dirname(os.path.abspath(path)))
        if run not in origin.setdefault(r["config"], []):
            origin[r["config"]].append(run)

def solved(r):
    return r["judgement"] == "ok" and r["verdict"] in ("sat", "unsat")

files = sorted(set().union(*[set(v) for v in rows.values()]))
solvers = {f: [c for c in rows if f in rows[c] and solved(rows[c][f])] for f in files}
print("| configuration | solved safe | solved unsafe | solved | unique | wrong | unchecked | PAR-2 s | run |")
print("|---|---|---|---|---|---|---|---|---|")
for c, recs in rows.items():
    ok = [r for r in recs.values() if solved(r)]
    safe = sum(r["verdict"] == "unsat" for r in ok)
    uniq = sum(1 for f in recs if solvers[f] == [c])
    wrong = sum(r["judgement"] == "WRONG" for r in recs.values())
    unch = sum(r["judgement"] == "UNCHECKED" for r in recs.values())
    par2 = sum(float(r["wall_s"]) if solved(r) else 2 * float(r["timeout_s"]) for r in recs.values())
    print(f"| {c} | {safe} | {len(ok) - safe} | {len(ok)} | {uniq} | {wrong} | {unch} | {par2:.0f} | {' + '.join(origin[c])} |")
for c in rows:
    only = [f for f in files if solvers[f] == [c]]
    if only:
        print(f"\nonly {c}: " + ", ".join(only))
