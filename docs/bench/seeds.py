"""SAT queries of pdrkit's IC3 and rIC3's IC3 on a few files over several seeds, one run at a
time: a file's query count moves with the seed (rIC3's own on `frogs.5` from 476 to 79607 over
seeds 0–6), so a ratio from one seed each says little about one file. Prints a Markdown table:
per file, each tool's queries per seed, their medians and the ratio of the medians (runs that
time out count as missing; a median needs at least one answer).

    python3 docs/bench/seeds.py [--seeds N] [--timeout S] [--pdrkit BIN] [--ric3 BIN]
                                [--args "PDRKIT ARGS"] [--ric3-args "RIC3 ARGS"] FILE...
"""
import argparse, json, re, statistics as st, subprocess

ap = argparse.ArgumentParser()
ap.add_argument("files", nargs="+")
ap.add_argument("--seeds", type=int, default=5)
ap.add_argument("--timeout", type=float, default=30)
ap.add_argument("--pdrkit", default="target/release/pdrkit")
ap.add_argument("--ric3", default="rIC3")
ap.add_argument("--args", default="--engine ic3", help="pdrkit check arguments")
ap.add_argument("--ric3-args", default="-e ic3", help="rIC3 arguments")
a = ap.parse_args()


def pdrkit(f, s):
    cmd = [a.pdrkit, "check", *a.args.split(), "--seed", str(s), "--timeout", str(a.timeout),
           "--stats-json", "-", f]
    out = subprocess.run(cmd, capture_output=True, text=True).stdout.splitlines()
    st_ = json.loads(out[-1]) if out else {}
    return st_.get("sat_queries") if out and out[0] in ("sat", "unsat") else None


def ric3(f, s):
    cmd = ["timeout", str(a.timeout), a.ric3, *a.ric3_args.split(), "--rseed", str(s), f]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True)
    except FileNotFoundError:
        return None
    log = p.stdout + p.stderr
    m = re.search(r"num_solve: (\d+)", log)
    return int(m.group(1)) if m and "RESULT" in log else None


def med(xs):
    xs = [x for x in xs if x is not None]
    return st.median(xs) if xs else None


print(f"| file | pdrkit `{a.args}` seeds 0–{a.seeds - 1} | median | rIC3 `{a.ric3_args}` seeds 0–{a.seeds - 1} "
      f"| median | ratio of medians |")
print("|---|---|---|---|---|---|")
for f in a.files:
    ours = [pdrkit(f, s) for s in range(a.seeds)]
    theirs = [ric3(f, s) for s in range(a.seeds)]
    mo, mt = med(ours), med(theirs)
    show = lambda xs: " ".join("-" if x is None else str(x) for x in xs)
    ratio = f"{mo / mt:.2f}" if mo is not None and mt else "-"
    print(f"| `{f.split('/')[-1]}` | {show(ours)} | {mo} | {show(theirs)} | {mt} | {ratio} |",
          flush=True)
