"""Summarizes `cargo xtask bench` runs: solved / PAR-2 per configuration on the whole set and on
the hard tier (the MANIFEST rows whose abc_limit_s is 60), and for each pair of configurations on
the files both solve: time ratios (median, total, geometric mean on files over 1 s), SAT-query
and time-per-query ratios where both report them, the files whose query counts lie more than 2x
apart (named, either way), and the files only one solves.

    python3 docs/bench/compare.py RUN.csv[:LABEL] [RUN.csv[:LABEL] ...] [--pair A B]
                                  [--manifest MANIFEST.tsv]

With one results.csv the configurations keep their names. With several, each is named
LABEL/CONFIG, where LABEL defaults to the name of the folder that holds the CSV; that is how two
runs (two seeds, two commits, rIC3 from an earlier run) are set side by side. `--pair A B`
prints only that pair.
"""
import csv, itertools, json, math, os, statistics as st, sys


def parse(argv):
    # The shared benchmarks sit beside the repository, as the README's set-up puts them.
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    runs, pair, manifest = [], None, os.path.join(root, "..", "shared", "benchmarks", "MANIFEST.tsv")
    i = 0
    while i < len(argv):
        if argv[i] == "--pair" and i + 2 < len(argv):
            pair, i = (argv[i + 1], argv[i + 2]), i + 3
        elif argv[i] == "--manifest" and i + 1 < len(argv):
            manifest, i = argv[i + 1], i + 2
        elif argv[i].startswith("--"):
            sys.exit(__doc__)
        else:
            runs.append(argv[i])
            i += 1
    if not runs:
        sys.exit(__doc__)
    return runs, pair, manifest


def load(runs):
    """Rows by file, then by configuration name."""
    by, labels = {}, set()
    for spec in runs:
        if os.path.exists(spec) or ":" not in spec:
            path, label = spec, ""
        else:
            path, _, label = spec.rpartition(":")
        label = label or os.path.basename(os.path.dirname(os.path.abspath(path)))
        if label in labels:
            sys.exit(f"two runs labelled {label!r}: give one a label (RUN.csv:LABEL)")
        labels.add(label)
        for r in csv.DictReader(open(path)):
            name = r["config"] if len(runs) == 1 else f"{label}/{r['config']}"
            by.setdefault(r["file"], {})[name] = r
    return by


runs, pair, manifest = parse(sys.argv[1:])
by = load(runs)
hard = {r["file"] for r in csv.DictReader(open(manifest), delimiter="\t") if r["abc_limit_s"] == "60"}
order = ["ic3", "minisat", "ric3", "abc"]
rank = lambda c: (order.index(c.split("/")[-1]) if c.split("/")[-1] in order else len(order), c)
cfgs = sorted({c for cs in by.values() for c in cs}, key=rank)
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
        par = sum(float(r["wall_s"]) if ok(r) else 2 * float(r["timeout_s"]) for r in rs)
        bad = [r for r in rs if r["judgement"] in ("wrong", "unchecked")]
        print(f"  {c:10s} solved {len(s):3d} (safe {sum(r['verdict'] == 'unsat' for r in s)}, "
              f"unsafe {sum(r['verdict'] == 'sat' for r in s)}) PAR-2 {par:8.1f} wrong/unchecked {len(bad)}")


def ratios(a, b, both, key):
    """Per-file ratios a/b of a statistic, on the files where both report it."""
    out = {}
    for f in both:
        x, y = stat(by[f][a], key), stat(by[f][b], key)
        if x and y:
            out[f] = x / y
    return out


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
    qr, ur = ratios(a, b, both, "sat_queries"), ratios(a, b, both, "sat_mean_us")
    if qr:
        per_query = f"; µs/query median {st.median(ur.values()):.2f}" if ur else ""
        print(f"    queries on {len(qr)} files: median {st.median(qr.values()):.2f}, "
              f">2x {sum(x > 2 for x in qr.values())}, <1/2 {sum(x < 0.5 for x in qr.values())}{per_query}")
        for f, x in sorted(qr.items(), key=lambda e: -e[1]):
            if x > 2 or x < 0.5:
                qa, qb = stat(by[f][a], "sat_queries"), stat(by[f][b], "sat_queries")
                print(f"      {f}: {qa} against {qb} ({x:.2f}x)")
    print(f"    only {a}: {[f for f in files if ok(by[f][a]) and not ok(by[f][b])]}")
    print(f"    only {b}: {[f for f in files if ok(by[f][b]) and not ok(by[f][a])]}")


pairs = [pair] if pair else list(itertools.combinations(cfgs, 2))
for c in (c for p in pairs for c in p):
    if c not in cfgs:
        sys.exit(f"no configuration {c!r}; the runs have {cfgs}")
sections = [("whole set", sorted(by)), ("hard tier", sorted(f for f in by if f in hard))]
if sections[0][1] == sections[1][1]:
    sections = sections[1:]  # a run on the hard tier alone: one section, not the same twice
for label, files in sections:
    table(files, label)
    for a, b in pairs:
        compare(a, b, files)
