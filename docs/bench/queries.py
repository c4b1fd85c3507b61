"""SAT queries of two bench runs, file by file: configuration A of one results.csv against
configuration B of another (or the same) one, on the files both solve. Prints the median of the
per-file ratios A/B and every file over 2× (or under 1/2 with --both-ways). Made to put a number
on how far one file's query count moves between two runs of the same tool that differ only in
the seed, beside the same ratio between two tools.

    python3 docs/bench/queries.py A.csv:CONFIG B.csv:CONFIG [--both-ways]
"""
import csv, json, statistics as st, sys


def load(spec):
    path, config = spec.rsplit(":", 1)
    out = {}
    for r in csv.DictReader(open(path)):
        if r["config"] != config or r["judgement"] != "ok":
            continue
        try:
            q = json.loads(r["stats_json"]).get("sat_queries")
        except ValueError:
            q = None
        if q:
            out[r["file"]] = q
    return out


args = [a for a in sys.argv[1:] if not a.startswith("--")]
both = "--both-ways" in sys.argv
a, b = load(args[0]), load(args[1])
rows = sorted((a[f] / b[f], f, a[f], b[f]) for f in a.keys() & b.keys())
if not rows:
    sys.exit("no file both solve with queries counted")
print(f"{args[0]} against {args[1]}: {len(rows)} files both solve, "
      f"median ratio {st.median(r[0] for r in rows):.2f}")
far = [r for r in rows if r[0] > 2 or (both and r[0] < 0.5)]
print(f"{len(far)} files {'beyond 2× either way' if both else 'over 2×'}:")
for ratio, f, qa, qb in far:
    print(f"  {f}: {qa} against {qb} ({ratio:.2f}×)")
