import csv,json,sys,statistics as st,math,re
rows=list(csv.DictReader(open(sys.argv[1])))
T=float(rows[0]['timeout_s'])
hard=set(open('/work/dev/hard.txt').read().split())
by={}
for r in rows: by.setdefault(r['file'],{})[r['config']]=r
cfgs=sorted({r['config'] for r in rows})
ok=lambda r: r['judgement']=='ok'
def table(files,label):
    print(f"## {label} ({len(files)} files)")
    for c in cfgs:
        rs=[by[f][c] for f in files if c in by[f]]
        s=[r for r in rs if ok(r)]
        par=sum(float(r['wall_s']) if ok(r) else 2*T for r in rs)
        bad=[r['file'] for r in rs if r['judgement'] in('wrong','unchecked')]
        print(f"  {c:10s} solved {len(s):3d} (safe {sum(r['verdict']=='unsat' for r in s)}, unsafe {sum(r['verdict']=='sat' for r in s)}) PAR-2 {par:8.1f} wrong/unchecked {len(bad)}")
def q(r,k='sat_queries'):
    try: return json.loads(r['stats_json']).get(k)
    except: return None
def cmp(a,b,files):
    both=[f for f in files if ok(by[f][a]) and ok(by[f][b])]
    w=lambda f,c: max(float(by[f][c]['wall_s']),0.01)
    tr=[w(f,a)/w(f,b) for f in both]
    big=[f for f in both if max(w(f,a),w(f,b))>1]
    g=math.exp(sum(math.log(w(f,a)/w(f,b)) for f in big)/len(big)) if big else float('nan')
    print(f"  {a} vs {b}: both {len(both)}, time median {st.median(tr):.2f}, total {sum(w(f,a) for f in both)/sum(w(f,b) for f in both):.2f}, geomean on {len(big)} files >1 s: {g:.2f}")
    qr=[q(by[f][a])/q(by[f][b]) for f in both if q(by[f][a]) and q(by[f][b])]
    ur=[q(by[f][a],'sat_mean_us')/q(by[f][b],'sat_mean_us') for f in both if q(by[f][a],'sat_mean_us') and q(by[f][b],'sat_mean_us')]
    if qr: print(f"    queries median {st.median(qr):.2f}, >2x {sum(x>2 for x in qr)}; µs/query median {st.median(ur):.2f}")
    print(f"    only {a}: {[f for f in files if ok(by[f][a]) and not ok(by[f][b])]}")
    print(f"    only {b}: {[f for f in files if ok(by[f][b]) and not ok(by[f][a])]}")
allf=sorted(by)
table(allf,"whole set")
for a,b in [("ic3","minisat"),("ic3","ric3"),("ic3","abc"),("ric3","abc")]:
    if a in cfgs and b in cfgs: cmp(a,b,allf)
hf=[f for f in allf if f in hard]
table(hf,"hard tier")
for a,b in [('ic3','ric3'),('ic3','minisat')]:
    if a in cfgs and b in cfgs: cmp(a,b,hf)
