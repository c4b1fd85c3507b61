//! Arrays blasted element by element: `read`, `write`, `eq`, `ite` and array states against
//! a direct evaluation; the shared HWMCC'20 array files either blast (arrays of at most
//! `MAX_ARRAY_BITS` bits) or are refused as unsupported.

use std::path::Path;

use pdrkit_btor2::{blast, parse, BlastError, Blasted, MAX_ARRAY_BITS, MAX_ARRAY_INDEX_WIDTH};
use pdrkit_logic::rng::Rng;
use pdrkit_logic::Lit;
use pdrkit_ts::{Reset, TransitionSystem};

/// The outputs' values for these input values (inputs in file order, each LSB first, an
/// array's elements in index order).
fn evaluate(b: &Blasted, inputs: &[Vec<bool>]) -> Vec<Vec<bool>> {
    let aig = &b.aig;
    let mut val = vec![false; aig.max_var as usize + 1];
    for (v, bits) in b.inputs.iter().zip(inputs) {
        assert_eq!(v.bits.len(), bits.len());
        for (l, &x) in v.bits.iter().zip(bits) {
            val[l.var().idx()] = x;
        }
    }
    let lit = |val: &[bool], l: Lit| val[l.var().idx()] ^ l.is_neg();
    for g in &aig.ands {
        val[g.lhs.var().idx()] = lit(&val, g.rhs0) && lit(&val, g.rhs1);
    }
    b.outputs
        .iter()
        .map(|o| o.bits.iter().map(|&l| lit(&val, l)).collect())
        .collect()
}

fn bits(rng: &mut Rng, n: usize) -> Vec<bool> {
    (0..n).map(|_| rng.percent(50)).collect()
}

fn number(bits: &[bool]) -> usize {
    bits.iter().rev().fold(0, |acc, &b| acc << 1 | b as usize)
}

#[test]
fn read_write_eq_ite() {
    let mut rng = Rng::new(7);
    for iw in 1..=4usize {
        for ew in [1usize, 3, 8] {
            let n = 1 << iw;
            let text = format!(
                "1 sort bitvec {iw}\n2 sort bitvec {ew}\n3 sort array 1 2\n4 sort bitvec 1\n\
                 5 input 3 mem\n6 input 1 i\n7 input 1 j\n8 input 2 v\n9 input 4 c\n\
                 10 write 3 5 6 8\n11 read 2 10 7\n12 output 11\n13 eq 4 10 5\n14 output 13\n\
                 15 ite 3 9 10 5\n16 read 2 15 6\n17 output 16\n18 output 15\n"
            );
            let b = blast(&parse(&text).unwrap()).unwrap();
            assert_eq!(b.inputs[0].bits.len(), n * ew);
            for _ in 0..50 {
                let mem = bits(&mut rng, n * ew);
                let i = bits(&mut rng, iw);
                let j = if rng.percent(30) {
                    i.clone()
                } else {
                    bits(&mut rng, iw)
                };
                let v = if rng.percent(20) {
                    // Sometimes the value already there: the write changes nothing.
                    let k = number(&i);
                    mem[k * ew..(k + 1) * ew].to_vec()
                } else {
                    bits(&mut rng, ew)
                };
                let c = vec![rng.percent(50)];
                let got = evaluate(
                    &b,
                    &[mem.clone(), i.clone(), j.clone(), v.clone(), c.clone()],
                );
                let element = |m: &[bool], k: usize| m[k * ew..(k + 1) * ew].to_vec();
                let mut written = mem.clone();
                let (ki, kj) = (number(&i), number(&j));
                written[ki * ew..(ki + 1) * ew].copy_from_slice(&v);
                assert_eq!(got[0], element(&written, kj), "read after write");
                assert_eq!(got[1], vec![written == mem], "eq");
                let chosen = if c[0] { &written } else { &mem };
                assert_eq!(got[2], element(chosen, ki), "read of ite");
                assert_eq!(&got[3], chosen, "ite");
            }
        }
    }
}

#[test]
fn array_states_start_at_their_init_element() {
    // A 4-element memory of bytes, every element 7 at first; step: write 1 at index x.
    let b = blast(
        &parse(
            "1 sort bitvec 2\n2 sort bitvec 8\n3 sort array 1 2\n4 state 3 mem\n\
             5 constd 2 7\n6 init 3 4 5\n7 input 1 x\n8 one 2\n9 write 3 4 7 8\n\
             10 next 3 4 9\n11 sort bitvec 1\n12 read 2 4 7\n13 eq 11 12 8\n14 bad 13\n",
        )
        .unwrap(),
    )
    .unwrap();
    let aig = &b.aig;
    assert_eq!(aig.latches.len(), 32);
    for (k, l) in aig.latches.iter().enumerate() {
        let expected = if 7u8 >> (k % 8) & 1 == 1 {
            Reset::One
        } else {
            Reset::Zero
        };
        assert_eq!(l.reset, expected, "latch {k}");
    }
    assert_eq!(b.states[0].bits.len(), 32);
    TransitionSystem::from_aig(aig, None).unwrap();
}

#[test]
fn hwmcc20_array_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/btor2/hwmcc20-array");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        println!("note: {} is absent, skipping", dir.display());
        return;
    };
    let mut files: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.sort();
    let mut blasted = 0;
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy();
        let model = parse(&std::fs::read_to_string(path).unwrap())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        match blast(&model) {
            Ok(b) => {
                assert_eq!(b.aig.bads.len(), 1, "{name}");
                // Inits over other states are reset functions, which engines see lowered.
                let lowered = b.aig.lower_reset_functions().unwrap();
                let aig = lowered.as_ref().map_or(&b.aig, |l| &l.aig);
                TransitionSystem::from_aig(aig, None).unwrap_or_else(|e| panic!("{name}: {e}"));
                println!(
                    "{name}: {} inputs, {} latches, {} ands",
                    b.aig.inputs.len(),
                    b.aig.latches.len(),
                    b.aig.ands.len()
                );
                blasted += 1;
            }
            Err(e @ BlastError::Unsupported { .. }) => {
                let text = e.to_string();
                assert!(text.contains("arrays"), "{name}: {text}");
                println!(
                    "{name}: {text} (limits {MAX_ARRAY_INDEX_WIDTH} index bits, {MAX_ARRAY_BITS} bits)"
                );
            }
            Err(e) => panic!("{name}: {e}"),
        }
    }
    println!("{blasted} of {} array files blasted", files.len());
}
