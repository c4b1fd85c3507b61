import os
# Paths relative to this script: the repository's shared folder sits beside the repository.
HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, '..', '..', '..', '..', '..', '..', 'shared'))
import sys, glob, os, random, io
sys.path.insert(0, os.path.join(SHARED, 'peers'))
import btorsim as B
D=os.path.join(SHARED, 'btor2')
out=sys.argv[1]
os.makedirs(out, exist_ok=True)
def gen(M, seed, steps, retries=20):
    nodes=M.nodes
    roots=[nodes[b].args[0] for b in M.bads]+[nodes[c].args[0] for c in M.constraints]
    sim=B.Simulator(M, roots)
    def draw_free(rng, states):
        frees={}
        for s in states:
            srt=nodes[s].sort
            frees[s]=[(None,B._rand_bv(rng,srt[1]))] if srt[0]=='bv' else [('*',B._rand_bv(rng,srt[2]))]
        return frees
    no_init=[s for s in M.states if s not in M.init]
    no_next=[s for s in M.states if s not in M.next]
    rng=random.Random(seed)
    ts=[]; ti=[]; state_vals=None
    for k in range(steps):
        for _ in range(retries+1):
            inputs={i:B._rand_input(rng,nodes[i].sort) for i in M.inputs}
            if k==0:
                frees=draw_free(rng,no_init)
                cand=B.initial_states(M,M.states,frees,inputs,{'state_defaults':0})
            else:
                frees=draw_free(rng,no_next)
                cand=dict(state_vals)
                for s,ent in frees.items():
                    srt=nodes[s].sort; val=ent[0][1]
                    cand[s]=val if srt[0]=='bv' else B.ArrayVal(srt[1],srt[2],val)
            sim.run({s:cand[s] for s in sim.coi_states}, inputs)
            if all(sim.value(nodes[c].args[0]) for c in M.constraints): break
        ts.append(frees); ti.append(inputs)
        for s in sim.coi_states:
            if s in M.next: cand[s]=sim.value(M.next[s])
        state_vals=cand
    f=io.StringIO()
    B._write_witness(f,M,0,ts,ti)
    return f.getvalue()
for mp in sorted(glob.glob(D+'/hwmcc20-*/*.btor*')):
    name=os.path.basename(mp)
    M=B.load_model(mp)
    for seed in range(2):
        steps = 12
        try:
            text=gen(M,'%s/%d'%(name,seed),steps)
        except Exception as e:
            print('gen fail',name,e); continue
        wp='%s/%s.%d.wit'%(out,name,seed)
        open(wp,'w').write(text)
        try:
            W=B.parse_witness(text); res,_,_=B.check_witness(M,W); v='ok %d'%res[0][1]
        except B.WitnessError as e:
            v='FAIL %s'%e
        open(wp+'.verdict','w').write(v+'\n')
