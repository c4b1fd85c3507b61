//! Prints the size of the transition system and of its n-ary AND view for each model given.
fn main() {
    for p in std::env::args().skip(1) {
        let aig = pdrkit_ts::aiger::read_file(&p).expect("read");
        let ts = pdrkit_ts::TransitionSystem::from_aig(&aig, None).expect("ts");
        let mapped = pdrkit_ts::cnf::MappedCnf::new(&ts);
        println!(
            "{p}: latches {} gates {} luts {} lut clauses {} (plain Tseitin: {} vars, {} clauses)",
            ts.num_latches(),
            ts.gates.len(),
            mapped.luts.len(),
            mapped.num_clauses(),
            ts.gates.len(),
            3 * ts.gates.len()
        );
    }
}
