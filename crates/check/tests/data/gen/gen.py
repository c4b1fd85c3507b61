import os
# Paths relative to this script: the repository's shared folder sits beside the repository.
HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, '..', '..', '..', '..', '..', '..', 'shared'))
import sys, random
sys.path.insert(0, os.path.join(SHARED, 'peers'))
import btorsim as B
rng = random.Random(45)
bin_ops = ['iff','implies','eq','neq','sgt','ugt','sgte','ugte','slt','ult','slte','ulte','and','nand','nor','or','xnor','xor','rol','ror','sll','sra','srl','add','mul','sdiv','udiv','smod','srem','urem','sub','saddo','uaddo','sdivo','smulo','umulo','ssubo','usubo','concat']
un_ops = ['not','inc','dec','neg','redand','redor','redxor']
widths = [1, 5, 64, 65, 128, 130]
out = []
for w in widths:
    m = (1<<w)-1; mn = 1<<(w-1)
    special = [0, 1, m, mn, mn-1 if w>1 else 0]
    def r(): 
        x = rng.random()
        if x < 0.6: return rng.getrandbits(w)
        return rng.choice(special)
    for op in un_ops:
        for a in [0, 1, m, mn, rng.getrandbits(w), rng.getrandbits(w)]:
            rw = 1 if op.startswith('red') else w
            f = B.make_op(op, rw, [w])
            out.append((op, w, a, None, f(a), rw))
    for op in bin_ops:
        if op in ('iff','implies') and w != 1: continue
        pairs = [(rng.getrandbits(w), rng.getrandbits(w)), (r(), 0), (mn, m), (m, m), (r(), r()), (mn, 1), (rng.getrandbits(w), rng.randrange(0, 2*w+2) & m)]
        for a, b in pairs:
            if op in ('eq','neq') or op in B.PRED2 or op in ('iff','implies'):
                rw = 1
            elif op == 'concat':
                rw = 2*w
            else:
                rw = w
            f = B.make_op(op, rw, [w, w])
            out.append((op, w, a, b, f(a, b), rw))
with open(sys.argv[1], 'w') as fh:
    fh.write('# op width a b result (hexadecimal; b is - for unary operators), computed with the\n')
    fh.write("# reference semantics of the project's btorsim.py (make_op), seed 45\n")
    for op, w, a, b, res, rw in out:
        fh.write('%s %d %x %s %x\n' % (op, w, a, '-' if b is None else '%x' % b, int(res)))
print(len(out))
