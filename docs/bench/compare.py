"""Summarizes a `cargo xtask bench` results.csv: solved / PAR-2 per configuration on the whole
set and on the hard tier (the MANIFEST rows whose abc_limit_s is 60), and for each pair of
configurations on the files both solve: time ratios (median, total, geometric mean on files over
1 s), SAT-query and time-per-query ratios where both report them, and the files only one solves.

    python3 docs/bench/compare.py RESULTS.csv [MANIFEST.tsv]
"""
import csv, itertools, json, math, statistics as st, sys

rows = list(csv.DictReader(open(sys.argv[1])))
manifest = sys.argv[2] if len(sys.argv) > 2 else "../shared/benchmarks/MANIFEST.tsv"
hard = {r["file"] for r in csv.DictReader(open(manifest), delimiter="\t") if r["abc_limit_s"] == "60"}
T = float(rows[0]["timeout_s"])
by = {}
for r in rows:
    by.setdefault(r["file"], {})[r["config"]] = r
order = ["ic3", "minisat", "ric3", "abc"]
cfgs = sorted({r["config"] for r in rows}, key=lambda c: (order.index(c) if c in order else len(order), c))
ok = lambda r: r["judgement"] == "ok"
wall = lambda f, c: max(float(by[f][c]["wall_s"]), 0.01)


def stat(r, key):
    try:
        return json.loads(r["stats_json"]).get(key)
    except (ValueError, KeyError):
        return None


def table(files, label):
    print(f"## {label} ({len(files)} files)")
    for c in cfgs:
        rs = [by[f][c] for f in files if c in by[f]]
        s = [r for r in rs if ok(r)]
        par = sum(float(r["wall_s"]) if ok(r) else 2 * T for r in rs)
        bad = [r for r in rs if r["judgement"] in ("wrong", "unchecked")]
        print(f"  {c:10s} solved {len(s):3d} (safe {sum(r['verdict'] == 'unsat' for r in s)}, "
              f"unsafe {sum(r['verdict'] == 'sat' for r in s)}) PAR-2 {par:8.1f} wrong/unchecked {len(bad)}")


def compare(a, b, files):
    files = [f for f in files if a in by[f] and b in by[f]]
    both = [f for f in files if ok(by[f][a]) and ok(by[f][b])]
    if not both:
        return
    tr = [wall(f, a) / wall(f, b) for f in both]
    big = [f for f in both if max(wall(f, a), wall(f, b)) > 1]
    g = math.exp(sum(math.log(wall(f, a) / wall(f, b)) for f in big) / len(big)) if big else float("nan")
    total = sum(wall(f, a) for f in both) / sum(wall(f, b) for f in both)
    print(f"  {a} vs {b}: both {len(both)}, time median {st.median(tr):.2f}, total {total:.2f}, "
          f"geomean on {len(big)} files >1 s: {g:.2f}")
    qr = [stat(by[f][a], "sat_queries") / stat(by[f][b], "sat_queries") for f in both
          if stat(by[f][a], "sat_queries") and stat(by[f][b], "sat_queries")]
    ur = [stat(by[f][a], "sat_mean_us") / stat(by[f][b], "sat_mean_us") for f in both
          if stat(by[f][a], "sat_mean_us") and stat(by[f][b], "sat_mean_us")]
    if qr and ur:
        print(f"    queries median {st.median(qr):.2f}, >2x {sum(x > 2 for x in qr)}; µs/query median {st.median(ur):.2f}")
    print(f"    only {a}: {[f for f in files if ok(by[f][a]) and not ok(by[f][b])]}")
    print(f"    only {b}: {[f for f in files if ok(by[f][b]) and not ok(by[f][a])]}")


for label, files in [("whole set", sorted(by)), ("hard tier", sorted(f for f in by if f in hard))]:
    table(files, label)
    for a, b in itertools.combinations(cfgs, 2):
        compare(a, b, files)
