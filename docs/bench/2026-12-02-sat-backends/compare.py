"""Compares two pdrkit binaries (here: MiniSat and CaDiCaL builds) on the quick tier by CPU time.

The quick tier is the manifest's files that ABC solves in under 2 s. Each file runs under
`ulimit -t LIMIT` (CPU seconds), the two binaries one after the other, so that both see the same
load; CPU time (user + system, from getrusage) is what is compared, because this machine was
busy with other work at the time and wall time would have measured that.

usage: python3 compare.py LIMIT OUT.tsv BINARY_A BINARY_B -- PDRKIT_CHECK_ARGS...
e.g.   python3 compare.py 10 ic3.tsv ./pdrkit-minisat ./pdrkit-cadical -- --engine ic3
Each output row: file, expected, then answer and CPU seconds for A, then for B ("killed" when
the CPU limit ended the run). A contradicted verdict is marked WRONG.
"""
import resource
import subprocess
import sys

BENCH = '../shared/benchmarks'

lim, out, bins, extra = int(sys.argv[1]), sys.argv[2], sys.argv[3:5], sys.argv[6:]
expected, files = {}, []
for line in open(f'{BENCH}/MANIFEST.tsv').read().splitlines()[1:]:
    f = line.split('\t')
    expected[f[0]] = f[8]
    try:
        if float(f[9]) < 2:
            files.append(f[0])
    except ValueError:
        pass  # "timeout" or "-": not quick


def run(binary, f):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    cmd = f'ulimit -t {lim}; exec {binary} check {BENCH}/{f} ' + ' '.join(extra)
    p = subprocess.run(['bash', '-c', cmd], capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return (p.stdout.split('\n')[0] if p.stdout else 'killed'), cpu


with open(out, 'w') as o:
    for f in files:
        row = [f, expected[f]]
        for b in bins:
            answer, cpu = run(b, f)
            right = {'sat': 'unsafe', 'unsat': 'safe'}.get(answer)
            if right is not None and right != expected[f]:
                row.append('WRONG')
            row += [answer, '%.2f' % cpu]
        o.write('\t'.join(row) + '\n')
        o.flush()
