//! A front end in a few lines (the README points here): `cargo run --release -p pdrkit-engine
//! --example front_end` from the repository root.

use pdrkit_engine::{check, EngineChoice, Options, Outcome};
use pdrkit_logic::Lit;
use pdrkit_ts::{aiger, Aig, Latch, Reset};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // From a file, with the CLI's defaults (the portfolio, no time limit):
    let aig = aiger::read_file("tests/models/counter_unsafe.aag")?;
    println!("{}", check(&aig, &Options::default())?.word());
    // Or built in code: a latch that toggles from 0 is 1 after one step.
    let mut aig = Aig {
        max_var: 1,
        ..Aig::default()
    };
    let x = Lit::from_code(2);
    aig.latches.push(Latch {
        lit: x,
        next: !x,
        reset: Reset::Zero,
    });
    aig.bads.push(x);
    let opts = Options {
        engine: EngineChoice::Ic3,
        ..Options::default()
    };
    if let Outcome::Unsafe(trace) = check(&aig, &opts)? {
        println!("fails after {} step(s)", trace.depth());
    }
    Ok(())
}
