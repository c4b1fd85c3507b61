//! Waveforms of designs written by yosys's `write_aiger -zinit` (`tests/models/zinit.*`, the
//! form yosys gives, written by hand): registers under their Verilog names with the values the
//! design has, whether the names come from the symbol table, the `.aim` map or both.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use pdrkit_check::{parse_witness, read_witness, simulate, write_vcd, Model, SignalNames};

fn models() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/models")
}

/// A VCD read back: each variable's full name (scopes joined by `.`) → (id, width), and the
/// value changes by time.
struct Vcd {
    vars: HashMap<String, (String, usize)>,
    changes: BTreeMap<u64, Vec<(String, String)>>,
}

impl Vcd {
    fn parse(text: &str) -> Vcd {
        let mut vars = HashMap::new();
        let mut changes: BTreeMap<u64, Vec<(String, String)>> = BTreeMap::new();
        let mut scopes: Vec<String> = Vec::new();
        let mut time = 0;
        for line in text.lines() {
            let t: Vec<&str> = line.split_whitespace().collect();
            match t.as_slice() {
                ["$scope", _, name, "$end"] => scopes.push(name.to_string()),
                ["$upscope", "$end"] => {
                    scopes.pop();
                }
                ["$var", _, width, id, name, ..] => {
                    let full = format!("{}.{name}", scopes.join("."));
                    let old = vars.insert(full.clone(), (id.to_string(), width.parse().unwrap()));
                    assert!(old.is_none(), "{full} twice");
                }
                [t] if t.starts_with('#') => time = t[1..].parse().unwrap(),
                [v, id] if v.starts_with('b') => changes
                    .entry(time)
                    .or_default()
                    .push((id.to_string(), v[1..].to_string())),
                [t] if t.len() > 1 && !t.starts_with('$') => {
                    let (v, id) = t.split_at(1);
                    changes
                        .entry(time)
                        .or_default()
                        .push((id.to_string(), v.to_string()));
                }
                _ => {}
            }
        }
        Vcd { vars, changes }
    }

    /// The value of `name` at `time` (MSB first for a vector).
    fn at(&self, name: &str, time: u64) -> String {
        let (id, _) = self
            .vars
            .get(name)
            .unwrap_or_else(|| panic!("no {name} in {:?}", self.vars.keys()));
        self.changes
            .range(..=time)
            .rev()
            .find_map(|(_, cs)| cs.iter().rev().find(|(i, _)| i == id))
            .map(|(_, v)| v.clone())
            .unwrap_or_else(|| panic!("{name} has no value at {time}"))
    }

    fn names(&self) -> Vec<String> {
        let mut v: Vec<String> = self.vars.keys().cloned().collect();
        v.sort();
        v
    }
}

/// The waveform of `witness` on `model`, named by its symbols (unless `bare`) and by the
/// `.aim` map (if `aim`).
fn waveform(model: &str, witness: &str, bare: bool, aim: Option<&str>) -> Vcd {
    let mut m = Model::read(models().join(model)).unwrap();
    if bare {
        m.symbols.clear();
    }
    let w = read_witness(models().join(witness)).unwrap();
    let (_, sim) = simulate(&m, &w).unwrap();
    let mut names = SignalNames::from_symbols(&m);
    if let Some(aim) = aim {
        names
            .read_aim(&std::fs::read_to_string(models().join(aim)).unwrap())
            .unwrap();
    }
    Vcd::parse(&write_vcd(&m, &sim, &names, "zinit", "test"))
}

/// The registers `r` (starts at 1, bit 0 stored inverted) and `u` (uninitialized, its first
/// value an input) under their names, and nothing of yosys's encoding.
#[test]
fn zinit_registers_show_the_design_values_under_their_names() {
    for (bare, aim) in [
        (false, Some("zinit.aim")),
        (false, None),
        (true, Some("zinit.aim")),
    ] {
        let what = format!("symbols: {}, map: {aim:?}", !bare);
        let vcd = waveform("zinit.aag", "zinit_b0.wit", bare, aim);
        let (b0, b1) = if bare {
            ("properties.b0", "properties.b1")
        } else {
            ("properties.b0_r_is_3_and_u", "properties.b1_r_is_3")
        };
        assert_eq!(
            vcd.names(),
            [b0, b1, "zinit.clk", "zinit.en", "zinit.r", "zinit.u"],
            "{what}"
        );
        assert_eq!(vcd.vars["zinit.r"].1, 2, "{what}");
        // r counts 1, 2, 3; u starts at the witness's 1 and toggles.
        for (step, r, u) in [(0, "01", "1"), (1, "10", "0"), (2, "11", "1")] {
            assert_eq!(vcd.at("zinit.r", 10 * step), r, "{what}: r at step {step}");
            assert_eq!(vcd.at("zinit.u", 10 * step), u, "{what}: u at step {step}");
        }
        assert_eq!(vcd.at(b0, 20), "1", "{what}");
    }
}

/// An uninitialized register whose first value the witness leaves free shows `x` there.
#[test]
fn a_free_first_value_shows_x() {
    for aim in [Some("zinit.aim"), None] {
        let vcd = waveform("zinit.aag", "zinit_b1.wit", false, aim);
        assert_eq!(vcd.at("zinit.u", 0), "x", "map: {aim:?}");
        // Replay took it as 0: u toggles to 1.
        assert_eq!(vcd.at("zinit.u", 10), "1", "map: {aim:?}");
        assert_eq!(vcd.at("zinit.r", 0), "01");
        assert_eq!(vcd.at("properties.b1_r_is_3", 20), "1");
    }
    // So does an uninitialized AIGER latch (`u`, which keeps its value; b0 is the input):
    // `x` where the witness leaves it free, the witness's value where it gives one.
    let m = Model::parse(b"aag 2 1 1 0 0 1\n2\n4 4 4\n2\ni0 go\nl0 u\n").unwrap();
    for (init, want) in [("x", "x"), ("1", "1"), ("0", "0")] {
        let w = parse_witness(format!("1\nb0\n{init}\n0\n1\n.\n").as_bytes()).unwrap();
        let (_, sim) = simulate(&m, &w).unwrap();
        let names = SignalNames::from_symbols(&m);
        let vcd = Vcd::parse(&write_vcd(&m, &sim, &names, "top", "test"));
        assert_eq!(vcd.at("top.u", 0), want, "witness {init}");
        // Replay took an `x` as 0, and u keeps it.
        let later = if init == "1" { "1" } else { "0" };
        assert_eq!(vcd.at("top.u", 10), later, "witness {init}");
    }
}

/// A map line `ninitff` alone is yosys's, not a malformed line.
#[test]
fn ninitff_lines_are_read() {
    let m = Model::read(models().join("zinit.aag")).unwrap();
    let mut names = SignalNames::from_symbols(&m);
    names.read_aim("ninitff 3\n").unwrap();
    assert!(
        names.read_aim("ninitff 4\n").is_err(),
        "latch 4 does not exist"
    );
    assert!(names.read_aim("ninitff\n").is_err());
    assert!(names.read_aim("ninitff 3 0 x\n").is_err());
}
