//! A simulated BTOR2 witness ([`crate::simulate_btor2`]) as a VCD waveform at the word level:
//! each bit-vector input and state is one signal of its own width, named by its BTOR2 symbol,
//! with the values the checker's simulator computed (not the bit-blasted model's).
//!
//! A state without a symbol takes the symbol of an `output` line that outputs it (yosys's
//! `write_btor` names a register driving a module output that way only), else `state<N>`
//! (its position among the states, as a witness numbers it); an input without one is
//! `input<N>`. Every `bad` (1: violated) and every `constraint` is shown too, in the scopes
//! `properties` (`b<N>` or `b<N>_<symbol>`) and `constraints`. Array inputs and states are not
//! shown (a VCD has no arrays); a `$comment` lists them. One witness step is 10 time units, as
//! in [`crate::write_vcd`].

use std::collections::HashSet;
use std::fmt::Write;

use crate::btor2::{Btor2Model, Btor2Op, Btor2Sort};
use crate::btor2_sim::{Btor2Simulation, Btor2Value};
use crate::waveform::{vcd_id, vcd_name};

/// Where a signal's value comes from in the simulation.
#[derive(Clone, Copy)]
enum Source {
    Input(usize),
    State(usize),
    Bad(usize),
    Constraint(usize),
}

struct Signal {
    name: String,
    width: u32,
    reg: bool,
    source: Source,
    id: String,
}

/// Makes `name` unique among `taken` (a second signal of the same name is kept, renamed).
fn unique(taken: &mut HashSet<String>, mut name: String) -> String {
    while taken.contains(&name) {
        name.push('_');
    }
    taken.insert(name.clone());
    name
}

/// Writes `sim` (a simulation of a witness on `m`) as a VCD. `top` names the outer scope (the
/// design); `version` goes into the header.
pub fn write_btor2_vcd(m: &Btor2Model, sim: &Btor2Simulation, top: &str, version: &str) -> String {
    // The symbol of an `output` of each node, for states yosys names only there.
    let mut output_name: Vec<Option<&str>> = vec![None; m.nodes.len()];
    for &o in &m.outputs {
        let arg = m.condition(o);
        if let (false, Some(s)) = (arg.negated, m.nodes[o].symbol.as_deref()) {
            output_name[arg.node].get_or_insert(s);
        }
    }
    let mut taken = HashSet::new();
    let mut design = Vec::new();
    let mut arrays = Vec::new();
    for (list, kind) in [(&m.inputs, "input"), (&m.states, "state")] {
        for (pos, &node) in list.iter().enumerate() {
            let n = &m.nodes[node];
            let own = n.symbol.as_deref().or(if n.op == Btor2Op::State {
                output_name[node]
            } else {
                None
            });
            let name = own.map_or_else(|| format!("{kind}{pos}"), vcd_name);
            let Btor2Sort::BitVec(width) = m.sort(node) else {
                arrays.push(name);
                continue;
            };
            let source = if kind == "input" {
                Source::Input(pos)
            } else {
                Source::State(pos)
            };
            design.push(Signal {
                name: unique(&mut taken, name),
                width,
                reg: kind == "state",
                source,
                id: String::new(),
            });
        }
    }
    let property = |letter: char, k: usize, node: usize, source: Source| Signal {
        name: match &m.nodes[node].symbol {
            Some(s) => format!("{letter}{k}_{}", vcd_name(s)),
            None => format!("{letter}{k}"),
        },
        width: 1,
        reg: false,
        source,
        id: String::new(),
    };
    let mut props: Vec<Signal> = (m.bads.iter().enumerate())
        .map(|(k, &b)| property('b', k, b, Source::Bad(k)))
        .collect();
    let mut cons: Vec<Signal> = (m.constraints.iter().enumerate())
        .map(|(k, &c)| property('c', k, c, Source::Constraint(k)))
        .collect();
    for (k, s) in design
        .iter_mut()
        .chain(&mut props)
        .chain(&mut cons)
        .enumerate()
    {
        s.id = vcd_id(k);
    }

    let mut out = String::new();
    let _ = writeln!(out, "$version {version} $end");
    out.push_str("$comment one witness step is 10 time units $end\n");
    if !arrays.is_empty() {
        let _ = writeln!(out, "$comment arrays not shown: {} $end", arrays.join(" "));
    }
    out.push_str("$timescale 1ns $end\n");
    for (scope, signals) in [
        (vcd_name(top), &design),
        ("properties".into(), &props),
        ("constraints".into(), &cons),
    ] {
        if signals.is_empty() && scope != vcd_name(top) {
            continue;
        }
        let _ = writeln!(out, "$scope module {scope} $end");
        for s in signals {
            let kind = if s.reg { "reg" } else { "wire" };
            if s.width == 1 {
                let _ = writeln!(out, "$var {kind} 1 {} {} $end", s.id, s.name);
            } else {
                let _ = writeln!(
                    out,
                    "$var {kind} {} {} {} [{}:0] $end",
                    s.width,
                    s.id,
                    s.name,
                    s.width - 1
                );
            }
        }
        out.push_str("$upscope $end\n");
    }
    out.push_str("$enddefinitions $end\n");

    let bits = |v: Option<&Btor2Value>| -> Option<String> {
        match v? {
            Btor2Value::Bv(b) => Some(b.to_bits()),
            Btor2Value::Array(_) => None,
        }
    };
    let flag = |v: Option<&bool>| v.map(|&b| if b { "1" } else { "0" }.to_string());
    let text = |s: &Signal, step: usize| -> String {
        let v = match s.source {
            Source::Input(k) => bits(sim.inputs.get(step).and_then(|r| r.get(k))),
            Source::State(k) => bits(sim.states.get(step).and_then(|r| r.get(k))),
            Source::Bad(k) => flag(sim.bads.get(step).and_then(|r| r.get(k))),
            Source::Constraint(k) => flag(sim.constraints.get(step).and_then(|r| r.get(k))),
        };
        match (v, s.width) {
            (Some(v), 1) => format!("{v}{}", s.id),
            (Some(v), _) => format!("b{v} {}", s.id),
            (None, 1) => format!("x{}", s.id),
            (None, _) => format!("bx {}", s.id),
        }
    };
    let signals: Vec<&Signal> = design.iter().chain(&props).chain(&cons).collect();
    let mut last: Vec<String> = Vec::with_capacity(signals.len());
    let steps = sim.states.len();
    for step in 0..steps {
        let values = signals.iter().map(|s| text(s, step));
        crate::waveform::dump_step(&mut out, step, values, &mut last);
    }
    let _ = writeln!(out, "#{}", 10 * steps);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_btor2, parse_btor2_witness, simulate_btor2};

    /// A 3-bit counter `cnt` stepping by input `by`, named through an output as yosys does;
    /// an unnamed 1-bit input; an array state, not shown.
    #[test]
    fn word_level_signals_under_btor2_names() {
        let m = parse_btor2(
            "1 sort bitvec 3\n2 input 1 by\n3 sort bitvec 1\n4 input 3\n5 zero 1\n\
             6 state 1\n7 init 1 6 5\n8 add 1 6 2\n9 next 1 6 8\n10 output 6 cnt\n\
             11 sort array 1 1\n12 state 11 mem\n13 ones 1\n14 eq 3 6 13\n15 bad 14 full\n\
             16 constraint 4\n",
        )
        .unwrap();
        let w =
            parse_btor2_witness("sat\nb0\n@0\n0 011 by\n1 1\n@1\n0 100\n1 1\n@2\n0 000\n1 1\n.\n")
                .unwrap();
        let sim = simulate_btor2(&m, &w).unwrap();
        let vcd = write_btor2_vcd(&m, &sim, "top", "test");
        for decl in [
            "$scope module top $end",
            "$var wire 3 ! by [2:0] $end",
            "$var wire 1 \" input1 $end",
            "$var reg 3 # cnt [2:0] $end",
            "$scope module properties $end",
            "$var wire 1 $ b0_full $end",
            "$scope module constraints $end",
            "$var wire 1 % c0 $end",
            "$comment arrays not shown: mem $end",
        ] {
            assert!(vcd.contains(decl), "{decl:?} missing:\n{vcd}");
        }
        // cnt: 0, 3, 7 (full at step 2); only changes are dumped after step 0.
        let body = vcd.split("$enddefinitions $end\n").nth(1).unwrap();
        assert_eq!(
            body,
            "#0\n$dumpvars\nb011 !\n1\"\nb000 #\n0$\n1%\n$end\n\
             #10\nb100 !\nb011 #\n\
             #20\nb000 !\nb111 #\n1$\n#30\n"
        );
    }

    #[test]
    fn names_are_made_unique_and_readable() {
        let mut taken = HashSet::new();
        assert_eq!(unique(&mut taken, vcd_name("a b")), "a_b");
        assert_eq!(unique(&mut taken, "a_b".into()), "a_b_");
    }
}
