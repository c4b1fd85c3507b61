//! Converts a BTOR2 file to binary AIGER: `cargo run --example btor2aig -- IN.btor2 OUT.aig`.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = &args[..] else {
        eprintln!("usage: btor2aig IN.btor2 OUT.aig");
        return ExitCode::from(2);
    };
    let run = || -> Result<(), Box<dyn std::error::Error>> {
        let text = std::fs::read_to_string(input)?;
        let blasted = pdrkit_btor2::blast(&pdrkit_btor2::parse(&text)?)?;
        std::fs::write(output, pdrkit_ts::aiger::write_aig(&blasted.aig))?;
        Ok(())
    };
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{input}: {e}");
            ExitCode::FAILURE
        }
    }
}
