//! Every BTOR2 file of the shared HWMCC'20 bit-vector set parses, bit-blasts, and makes a
//! transition system; the AIG has the inputs, latches and bad-state properties the file
//! declares.

use std::path::Path;

use pdrkit_btor2::{blast, parse, NodeKind};
use pdrkit_ts::TransitionSystem;

#[test]
fn hwmcc20_bv_files_blast() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/btor2/hwmcc20-bv");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        println!("note: {} is absent, skipping", dir.display());
        return;
    };
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "btor2"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .btor2 file in {}", dir.display());
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy();
        let text = std::fs::read_to_string(path).unwrap();
        let model = parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let blasted = blast(&model).unwrap_or_else(|e| panic!("{name}: {e}"));
        let aig = &blasted.aig;
        // What the file declares, counted from the model.
        let with_next: std::collections::HashSet<_> = model
            .nodes
            .iter()
            .filter_map(|n| match n.kind {
                NodeKind::Next { state, .. } => Some(state),
                _ => None,
            })
            .collect();
        let with_init: std::collections::HashSet<_> = model
            .nodes
            .iter()
            .filter_map(|n| match n.kind {
                NodeKind::Init { state, .. } => Some(state),
                _ => None,
            })
            .collect();
        let width = |id| model.width_of(id).unwrap() as usize;
        let input_bits: usize = model.inputs().map(|n| width(n.id)).sum();
        let free_state_bits: usize = model
            .states()
            .filter(|n| !with_next.contains(&n.id))
            .map(|n| width(n.id))
            .sum();
        let latch_bits: usize = model
            .states()
            .filter(|n| with_next.contains(&n.id) || with_init.contains(&n.id))
            .map(|n| width(n.id))
            .sum();
        let bads = model
            .nodes
            .iter()
            .filter(|n| matches!(n.kind, NodeKind::Bad(_)))
            .count();
        assert_eq!(
            aig.inputs.len(),
            input_bits + free_state_bits,
            "{name}: inputs"
        );
        assert_eq!(aig.latches.len(), latch_bits, "{name}: latches");
        assert_eq!(bads, 1, "{name}: one bad");
        assert_eq!(aig.bads.len(), 1, "{name}: bads");
        assert_eq!(blasted.inputs.len(), model.inputs().count(), "{name}");
        assert_eq!(blasted.states.len(), model.states().count(), "{name}");
        TransitionSystem::from_aig(aig, None).unwrap_or_else(|e| panic!("{name}: {e}"));
        println!(
            "{name}: {} inputs, {} latches, {} ands",
            aig.inputs.len(),
            aig.latches.len(),
            aig.ands.len()
        );
    }
}
