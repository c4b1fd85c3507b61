//! Prints the size of the transition system and of its n-ary AND view for each model given.
fn main() {
    for p in std::env::args().skip(1) {
        let aig = pdrkit_ts::aiger::read_file(&p).expect("read");
        let ts = pdrkit_ts::TransitionSystem::from_aig(&aig, None).expect("ts");
        let nary = ts.nary_ands();
        let roots = nary.iter().filter(|r| r.is_some()).count();
        let lits: usize = nary.iter().flatten().map(|l| l.len()).sum();
        println!(
            "{p}: latches {} gates {} roots {} clauses {} (binary {})",
            ts.num_latches(),
            ts.gates.len(),
            roots,
            lits + roots,
            3 * ts.gates.len()
        );
    }
}
