import os
# Paths relative to this script: the repository's shared folder sits beside the repository.
HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, '..', '..', '..', '..', '..', '..', 'shared'))
import glob, os, gzip, re
out=[]
files=[f for f in sorted(glob.glob('rw/*.0.wit')) if os.path.getsize(f)<=12000]
files+=sorted(glob.glob('rand/*.wit'))
import subprocess
for f in files:
    name=os.path.basename(f)
    name=name[:-6] if name.endswith('.0.wit') else name[:-4]
    if f.startswith('rw/'):
        v=open(f+'.verdict').read().strip()
    else:
        mp=glob.glob(os.path.join(SHARED, 'btor2', 'hwmcc20-*', name))[0]
        r=subprocess.run(['python3',os.path.join(SHARED, 'peers', 'btorsim.py'),'check',mp,f],capture_output=True,text=True).stdout
        v='ok %s'%re.search(r'step (\d+)',r).group(1)
    m=re.match(r'FAIL constraint (\d+) \(node \d+, line (\d+)\) violated at step (\d+)',v)
    if m: v='constraint %s line %s step %s'%m.groups()
    m=re.match(r'FAIL bad b0 not reached within the (\d+) frame',v)
    if m: v='not-reached %s'%m.group(1)
    assert v.startswith(('ok','constraint','not-reached')), v
    out.append('=== %s %s\n'%(name,v)+open(f).read())
data=''.join(out).encode()
with gzip.GzipFile(os.path.join(HERE, '..', 'btor2_random_witnesses.txt.gz'),'wb',mtime=0) as g:
    g.write(data)
print(len(files), len(data))
