import os
# Paths relative to this script: the repository's shared folder sits beside the repository.
HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, '..', '..', '..', '..', '..', '..', 'shared'))
import sys, glob, os, io, contextlib
sys.path.insert(0, os.path.join(SHARED, 'peers'))
import btorsim as B
D=os.path.join(SHARED, 'btor2')
for wf in sorted(glob.glob(D+'/witnesses/*.wit')):
    name=os.path.basename(wf)[:-4]
    mp=[p for p in glob.glob(D+'/hwmcc20-*/'+name)][0]
    M=B.load_model(mp)
    lines=open(wf).read().split('\n')
    # input assignment lines: after an '@k' line until next '#'/'@'/'.'
    idx=[]; inp=False
    for i,l in enumerate(lines):
        s=l.strip()
        if s.startswith('@'): inp=True; continue
        if s.startswith('#') or s=='.': inp=False; continue
        if inp and s: idx.append(i)
    idx=idx[:40]
    rej=0
    for i in idx:
        t=lines.split if False else list(lines)
        toks=t[i].split()
        vi = 2 if toks[1].startswith('[') else 1
        v=toks[vi]; toks[vi]=('1' if v[0]=='0' else '0')+v[1:]
        t[i]=' '.join(toks)
        try:
            W=B.parse_witness('\n'.join(t)); B.check_witness(M,W)
        except (B.WitnessError, B.ModelError):
            rej+=1
    print('%s: %d of %d flips rejected'%(name,rej,len(idx)))
