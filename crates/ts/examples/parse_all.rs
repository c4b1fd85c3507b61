//! Parses every AIGER file named on the command line and prints its header counts.
fn main() {
    for p in std::env::args().skip(1) {
        let t = std::time::Instant::now();
        match pdrkit_ts::aiger::read_file(&p) {
            Ok(a) => {
                let back = pdrkit_ts::aiger::parse(&pdrkit_ts::aiger::write_aag(&a))
                    .expect("aag roundtrip");
                assert_eq!(back, a, "aag roundtrip {p}");
                let bin = pdrkit_ts::aiger::parse(&pdrkit_ts::aiger::write_aig(&a))
                    .expect("aig roundtrip");
                assert_eq!(bin.ands.len(), a.ands.len());
                println!(
                    "{p}: I={} L={} O={} A={} B={} C={} {:?}",
                    a.inputs.len(),
                    a.latches.len(),
                    a.outputs.len(),
                    a.ands.len(),
                    a.bads.len(),
                    a.constraints.len(),
                    t.elapsed()
                )
            }
            Err(e) => println!("{p}: ERROR {e}"),
        }
    }
}
