"""SAT query ratios at three seeds: pdrkit against rIC3 at the same seed, each tool against
itself at another seed, and the medians of three seeds. Run from anywhere:
`python3 docs/bench/2026-12-05-over-2x/noise.py`."""
import csv, itertools, json, os, statistics as st


def pdr(path, cfg):
    out = {}
    for r in csv.DictReader(open(path)):
        if r['config'] != cfg or r['judgement'] != 'ok' or r['verdict'] not in ('sat', 'unsat'):
            continue
        try:
            q = json.loads(r['stats_json']).get('sat_queries')
        except Exception:
            q = None
        if q:
            out[r['file']] = q
    return out


def ric(path):
    out = {}
    for line in open(path):
        f, q, res = line.rstrip('\n').split('\t')
        if q and res.startswith('RESULT: '):
            out[f] = int(q)
    return out

# The bench folder, whatever the working directory.
B = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..') + '/'
P = [pdr(B + '2026-12-05-peers-retry-20s/results.csv', 'ic3'),
     pdr(B + '2026-12-05-core-retry-20s/seed1/results.csv', 'r2'),
     pdr(B + '2026-12-05-core-retry-20s/seed2/results.csv', 'r2')]
R = [pdr(B + '2026-12-05-peers-retry-20s/results.csv', 'ric3'),
     ric(B + '2026-12-05-over-2x/ric3-seed1.tsv'), ric(B + '2026-12-05-over-2x/ric3-seed2.tsv')]
files = set(P[0]) & set(R[0])
for d in P + R:
    files &= set(d)
files = sorted(files)
print(f'files solved by all six runs: {len(files)}')
def cmp(a, b, name):
    rs = [a[f] / b[f] for f in files]
    over = sorted(((a[f] / b[f], f) for f in files if a[f] > 2 * b[f]), reverse=True)
    under = sum(1 for f in files if 2 * a[f] < b[f])
    print(f'{name}: median {st.median(rs):.2f}, over 2x {len(over)}, under 1/2 {under}')
    for r, f in over:
        print(f'    {f}: {a[f]} / {b[f]} = {r:.2f}')
for i in range(3):
    cmp(P[i], R[i], f'pdrkit seed {i} / rIC3 seed {i}')
for i, j in itertools.permutations(range(3), 2):
    cmp(R[i], R[j], f'rIC3 seed {i} / rIC3 seed {j}')
for i, j in itertools.permutations(range(3), 2):
    cmp(P[i], P[j], f'pdrkit seed {i} / pdrkit seed {j}')
med = lambda ds: {f: st.median(d[f] for d in ds) for f in files}
cmp(med(P), med(R), 'pdrkit median of 3 seeds / rIC3 median of 3 seeds')
