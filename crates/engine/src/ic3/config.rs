//! Every option of the IC3 engine, with its default and why. The defaults are written here
//! once; the command line shows them in `--help` and `-v` prints the values in use.

use super::lift::LiftMode;
use super::solver::SatBackend;

/// Options of the IC3 engine.
#[derive(Clone, Debug)]
pub struct Ic3Config {
    /// Counterexamples to generalization tried per literal drop for every obligation (IC3ref:
    /// 3; 0 turns CTG off); with `ctg_dynamic`, the least every obligation gets, with at least
    /// `ctg_limit` blocking queries each (0: only the dynamic budget). A floor of 3 lost: on
    /// the whole shared set at 20 s, one run, 127 solved against 128 (PAR-2 1162 against
    /// 1103), a median 1.12× the queries per file (docs/bench/2026-12-05-ctg-floor-20s); a
    /// floor of 1 (with `ctg_limit` 1) 127 against 129 (PAR-2 1141 against 1083;
    /// docs/bench/2026-12-06-ctg-cold-20s). Static CTG lost by measurement: with
    /// `po_smallest_first` both solved 118 of the whole shared set at 20 s
    /// (docs/bench/2026-12-03-pos-20s), but on the 24-file hard tier at 60 s CTG solved 9
    /// against 13 without (docs/bench/2026-12-03-hard-60s-ctgpos, `-pos`). (Without
    /// `po_smallest_first`, CTG solved 118 against 116 at 20 s: docs/bench/2026-12-03-ctg-20s.)
    pub ctg_max: usize,
    /// Recursion depth of CTG blocking (IC3ref: 1).
    pub ctg_depth: usize,
    /// Blocking queries per counterexample to generalization, those of its own predecessors
    /// (blocked a level lower, recursively) included (rIC3's `ctg_limit`: 1, one query).
    pub ctg_limit: usize,
    /// The lowest level, as a fraction of the frontier `k`, where a counterexample to
    /// generalization's own predecessors are blocked (when `ctg_limit` or the dynamic budget
    /// allows more than one query; 0: down to level 1). Near the bottom the frames are close
    /// to the states reachable in a few steps, and lemmas learned there for a predecessor of
    /// a predecessor seldom push: on `6s109` three quarters of those lemmas stayed at
    /// levels 1–4 and filled them with hundreds each. A quarter of `k` by measurement
    /// (docs/bench/2026-12-06-recursion-floor): on the whole shared set at 20 s, 129 solved
    /// against 128 without (PAR-2 1076 against 1113), at seed 1 127 against 127 (1143
    /// against 1146), at seed 2 128 against 127 (1126 against 1154); hard tier at 60 s 18
    /// against 18 (894 against 892). `6s109` is solved in all three runs (152k and 154k
    /// queries at seeds 0 and 1, 1.20× and 1.33× rIC3's, against over 245k unfinished). In
    /// a trial on the seven `zipcpu-zipmmu` files that need the recursion, half of `k` lost
    /// six of them and a third of `k` one.
    pub ctg_recursion_floor: f64,
    /// Dynamic generalization (DynAMic, Su et al., 2025): each blocked obligation gets its own
    /// CTG budget from how often its successors on the way to the bad state were handled
    /// (`CtgBudget::dynamic`): none for most, more for those that keep coming back.
    /// `ctg_max` and `ctg_limit` are then a floor (none by default). On by measurement: on
    /// the whole shared set at 20 s, one run, it solved 128 against 124 without (PAR-2 1100
    /// against 1262; rIC3 124, 1236), 16 against 11 of the hard tier; with its blocking budget
    /// capped at one query per counterexample (no recursion) it solved 123
    /// (docs/bench/2026-12-05-dyn-20s).
    /// Against static CTG as rIC3 runs it (`ctg_max` 3, `ctg_limit` 1), later: 129 against
    /// 119, hard tier 16 against 8 (docs/bench/2026-12-05-static-ctg-20s).
    pub ctg_dynamic: bool,
    /// Shrink a counterexample to generalization by lifting before trying to block it (one
    /// more query each); without, the full predecessor state is tried, and the core of its
    /// blocking query shrinks it anyway (rIC3).
    pub ctg_lift: bool,
    /// CTG's queries (blocking a counterexample, and generalizing its lemma) require their
    /// predecessors outside the cube being generalized (rIC3), which lets more of them be
    /// blocked; `generalize.rs` says why that is sound. On by measurement, with dynamic
    /// generalization (docs/bench/2026-12-05-ctg-outside-20s): on the whole shared set at
    /// 20 s it solved 131 against 129 without (PAR-2 1035 against 1079), at seed 1 129
    /// against 127 (1079 against 1150), each time every file solved without it; on the hard
    /// tier at 60 s 18 against 18 (PAR-2 855 against 892). Files both solve in over 1 s take
    /// 1.05–1.17× the time (geometric mean). With static CTG it had lost
    /// (docs/bench/2026-12-04-ctg-20s: 122 against 121 solved at 1.23× the time).
    pub ctg_outside: bool,
    /// With CTG, a failed candidate is joined with its lifted predecessor (rIC3) rather than
    /// with the whole predecessor state: fewer literals stay. Off by measurement: with
    /// `ctg_outside` and dynamic generalization, on the whole shared set at 20 s, it solved
    /// 130 against 131 without (PAR-2 1061 against 1035;
    /// docs/bench/2026-12-05-ctg-outside-20s); with static CTG see `ctg_outside`.
    pub ctg_join_lifted: bool,
    /// Stop dropping literals after this many failures in a row (IC3ref's `micAttempts`: 3;
    /// 0: try every literal).
    pub mic_attempts: usize,
    /// Queries one literal drop may ask without CTG (0: no limit). Bradley's `down` joins a
    /// failed candidate with its predecessor and asks again until it is blocked or would lose
    /// a kept literal, but a candidate whose first query failed is seldom saved by the join:
    /// of the drops that needed more than one query, 2.4% succeeded on `frogs.5`, 1.8% on
    /// `6s109` and 0.6% on `zipcpu-zipmmu-p02` (seed 0), and those extra queries were a
    /// third of the literal-dropping queries. Off by measurement all the same: without the
    /// joins lemmas come out a little longer and more are needed (per file, a mean 1.13× the
    /// lemmas with a cap of 1); on the whole shared set at 20 s, one run,
    /// a cap of 1 solved 127 and of 2 128, against 128 without (PAR-2 1144 and 1133 against
    /// 1087), the median file asking as many queries (docs/bench/2026-12-05-down-queries-20s).
    pub down_queries: usize,
    /// Probability of trying a lemma's literals in a random order rather than by increasing
    /// activity (rIC3: 0.2): a little diversity keeps one bad order from repeating.
    pub mic_shuffle: f64,
    /// Try the literals of the parent lemma (the lemma one level below that blocks the cube)
    /// last (Xia et al., CAV'23).
    pub parent_lemma: bool,
    /// Assume a relative-induction query's literals in decreasing activity, so that cores
    /// prefer the literals of earlier lemmas. On by measurement: on the whole shared set at
    /// 20 s, one run, 129 solved against 127 without (PAR-2 1082 against 1178; hard tier 16
    /// against 13; docs/bench/2026-12-05-order-20s).
    pub order_assumptions: bool,
    /// With `order_assumptions`, order also the blocking query's literals (an obligation's
    /// first query, whose core becomes the lemma MIC starts from); off, they are assumed in
    /// the cube's own order (by latch index). On by measurement: on the whole shared set at
    /// 20 s, one run, 129 solved against 126 off (PAR-2 1082 against 1186); off asks far
    /// fewer queries on small unsafe files (`irstdme6` 1/26, `dme5ptimonegnv` 1/3.9) and more
    /// on safe ones (`zipmmu-p02` 7.7×; docs/bench/2026-12-05-order-block-20s).
    pub order_block: bool,
    /// When a blocking query's core has at least this many literals, the query is asked again
    /// with the core's literals assumed last, and the second core is kept unless the first is
    /// shorter (0: never). The literal order decides which conflict the solver finds first;
    /// ordered by activity, a blocked predecessor's core gathers the literals of earlier
    /// lemmas, and MIC, which only drops literals, cannot reach a lemma over others. The
    /// second core is seldom shorter (on `6s109` in 704 of 9246 retries), but on ties it is
    /// kept, and that breaks the lock-in: `dme5ptimonegnv` asks 137 queries instead of 676
    /// without a single shorter core, `irstdme6` 8318 instead of 272541. On by
    /// measurement: on the whole shared set at 20 s, one run per seed, 128, 127 and 127 solved
    /// at seeds 0, 1 and 2 against 129, 125 and 126 without (PAR-2 1092, 1121 and 1124 against
    /// 1084, 1260 and 1165; docs/bench/2026-12-05-core-retry-20s).
    pub block_core_retry: usize,
    /// What a literal's activity keeps per new lemma (IC3ref: 0.99; rIC3: 0.9).
    pub activity_decay: f64,
    /// Both literals of a latch share one activity (rIC3), instead of one per literal. On by
    /// measurement: the whole shared set at 20 s, one run, solved 115 with it against 112
    /// without (PAR-2 1603 against 1722; queries per file median 1.00).
    pub activity_by_var: bool,
    /// When a literal drop fails, drop from the candidate also the literals the predecessor
    /// does not need (pdrkit's solver only).
    pub join_flip: bool,
    /// Before each blocking query, the latches' decision phases are set to their reset values
    /// (pdrkit's solver only): the predecessor the solver finds then agrees with the initial
    /// states wherever the query leaves it free, and such a state is likelier reachable than
    /// one that repeats the last model's values, so a counterexample's chain reaches the
    /// initial states in fewer steps of blocking. Off by measurement: on the whole shared set
    /// at 20 s, one run, 129 solved against 130 (PAR-2 1080 against 1033), 10 files over 2×
    /// the queries and 6 under 1/2 (`dme5ptimonegnv` 676 → 114, `irstdme4` 13361 → 245898;
    /// docs/bench/2026-12-05-init-phase-20s).
    pub init_phase: bool,
    /// Block an obligation `c` at level `i` with the relative-induction query
    /// `F_{i-1} ∧ ¬c ∧ T ∧ c'` (IC3ref, ABC) rather than the plain one-step query
    /// `F_{i-1} ∧ T ∧ c'` (rIC3). Without `¬c` a predecessor may lie inside `c`, but an
    /// unsatisfiable answer proves its core unreachable in one step from `F_{i-1}`, which is a
    /// lemma at level `i` as it stands; generalization is relative-inductive either way.
    /// On by measurement: without it, on the whole shared set at 20 s, it solved 131 and 129
    /// files against 131 and 131 at seeds 0 and 1 (PAR-2 1053 and 1065 against 1012 and 1013;
    /// docs/bench/2026-12-06-block-negation-20s), though it gains `cmudme2` and `rast-p00` at
    /// seed 0.
    pub block_negation: bool,
    /// Keep obligations across frames: one blocked at level `i` waits at level `i + 1`.
    pub keep_obligations: bool,
    /// Among obligations of one level and depth, take the one with the smallest cube first
    /// (rIC3), instead of the oldest. On by measurement: the whole shared set at 20 s, one
    /// run, solved 118 with it against 115 without (PAR-2 1545 against 1617;
    /// docs/bench/2026-12-03-pos-20s); the hard tier at 60 s 13 against 12 in an earlier run
    /// (PAR-2 1572 against 1665; docs/bench/2026-12-03-hard-60s-pos, `-activity`).
    pub po_smallest_first: bool,
    /// Drop an obligation handled more than this many times (its count decays by 0.6 per
    /// level it moves up; rIC3: 20); 0 never drops (the count still feeds
    /// [`ctg_dynamic`](Self::ctg_dynamic)). Dropping resets the count, which the obligations
    /// below it read: on the whole shared set at 20 s, one run, that solved 129 against 128
    /// (PAR-2 1073 against 1096), `bobsmdct` in 7k SAT queries instead of 52k
    /// (docs/bench/2026-12-05-drop-reset-20s).
    pub drop_po: f64,
    /// The SAT solver of the frame and lifting solvers.
    pub sat: SatBackend,
    /// Rebuild a frame solver after this many activation literals (dead temporary clauses
    /// slow MiniSat down; ABC recycles after 300).
    pub rebuild_after: usize,
    /// How predecessors are shrunk. Core lifting by measurement: ternary simulation then a
    /// core query (`TernaryCore`) fixes the files whose cores the eliminated CNF coarsens
    /// (medians over seeds 0–4: `csmacdp2` 4076 queries against 27167, `mentorbm1p02` 41
    /// against 225, `frogs.5` 14139 against 41331) and halves the files over 2× rIC3's
    /// queries, but on the whole shared set at 20 s it solved 131, 131 and 130 files at seeds
    /// 0–2 against 131, 131 and 132 (PAR-2 1034, 1016, 1048 against 990, 1010, 985), losing
    /// `zipcpu-zipmmu` files (docs/bench/2026-12-06-ternary-core-20s). Simulation alone
    /// (`Ternary`) solved 131 and 130.
    pub lift: LiftMode,
    /// Core lifting: lifting queries per predecessor at most, each on the last one's result in
    /// another literal order, while it shrinks (1: one query). Two by measurement at 002a27e:
    /// on the whole shared set at 20 s it solved 132 and 131 files against 131 and 130 at
    /// seeds 0 and 1, a superset each time (`cmudme2` besides; PAR-2 1019 against 991 across
    /// two runs, 1004 against 1027 in one), and on medians over seeds it brings the three
    /// files one round left over 2× rIC3's queries under it (`frogs.5` 1.92×, `csmacdp2`
    /// 0.68×, `mentorbm1p02` 0.68×) and keeps under it the files it puts over 2× at seed 0
    /// (`eijks444` 1.75× on the medians; docs/bench/2026-12-07-lift-rounds2-20s). It costs
    /// time on the larger files: 1.14× one round's in total on the files both solve, in a
    /// later run beside rIC3 (docs/bench/2026-12-07-peers-rounds2-20s). At e4b74f8
    /// it had solved the same 132 files as one round (docs/bench/2026-12-06-lift-rounds-20s).
    /// With `lift_flip` and 8 rounds (rIC3's whole lifting) the whole set solved 130 and 128
    /// files against 131 and 131 at seeds 0 and 1 (PAR-2 1039 and 1126 against 1012 and 1013;
    /// docs/bench/2026-12-06-ric3-lift-20s). rIC3 lifts a CTG once; rounds for obligations
    /// only lost more (127).
    pub lift_rounds: usize,
    /// Before lifting, drop from the frame solver's model the latches no clause of the query
    /// needs (`flip_to_none`, least active first; rIC3 does this before its core query): the
    /// lifting then starts from the latches the model's own justification reads. Off by
    /// measurement: on the whole shared set at 20 s it solved 129 and 130 files against 131 at
    /// seeds 0 and 1 (PAR-2 1071 and 1071 against 989 and 1013), fixing `frogs.5` (1214
    /// queries against 77023 at seed 0) and `csmacdp2` (3513 against 19370) but losing
    /// `vis_arrays_buf_bug` at both, as ternary lifting does
    /// (docs/bench/2026-12-06-lift-flip-20s). Pruning on the definitions alone (cheaper, but
    /// the cubes then leave the frame) lost more: 126 (docs/bench/2026-12-07-flip-definitions-20s).
    pub lift_flip: bool,
    /// Re-prove every generalized lemma with a fresh relative-induction query before learning
    /// it (a second opinion: every lemma is already the core of an unsatisfiable query).
    pub verify_lemmas: bool,
    /// Shrink each lemma by the core of the query that pushes it further.
    pub push_shrink: bool,
    /// Do not ask a push again while the state that refuted its last attempt is still in the
    /// frame (checked against the lemmas added since; `push_witness.rs`). On by measurement
    /// with dynamic generalization, whose CTG lemmas make many pushes: on the whole shared set
    /// at 20 s, one run, the same 130 files solved with a PAR-2 of 1028 against 1046, 0.89× the
    /// time in total and a median 0.94× the queries (hard tier: 0.66× the time, geometric
    /// mean over 1 s; docs/bench/2026-12-05-memo-20s). Without CTG it was neutral
    /// (docs/bench/2026-12-04-memo-20s).
    pub push_memo: bool,
    /// Eliminate the mapped CNF's internal nodes where resolving them into their readers adds
    /// no clause (rIC3's `dagcnf`; `MappedCnf::eliminate`), each resolvent shrunk to a prime
    /// implicate, for fewer variables per query: it removes 30–40% of the nodes and 5–20% of
    /// the clauses. On by measurement, with SAT sweeping (`PreprocessConfig::sweep`): on the
    /// whole shared set at 20 s the two solved 131 and 130 files at seeds 0 and 1 against 129
    /// and 127 without, a superset each time (PAR-2 993 against 1052, 1032 against 1121), at
    /// 0.88× the time per query (median; docs/bench/2026-12-06-prime-elim-20s). Before the
    /// resolvents were made prime, their longer clauses gave larger cores (lifted
    /// predecessors, lemmas: 8.4 literals a MIC result against 3.2 on `irstdme6`) and the
    /// option lost files (docs/bench/2026-12-06-elim-20s). The lifting solver uses the same
    /// CNF: lifting on the CNF before elimination gave smaller predecessors on some files
    /// (`csmacdp2`) but solved 129 against 131 (docs/bench/2026-12-06-lift-full-cnf-20s).
    pub cnf_eliminate: bool,
    /// After each level, move the top level's lemmas that are inductive on their own to the
    /// infinity level and share them with the other engines of a portfolio.
    pub promote: bool,
    /// Take the lemmas other engines of a portfolio proved inductive into the infinity level
    /// (after each level). Without a portfolio there are none.
    pub import_lemmas: bool,
    /// Seed for the order in which literals with equal activity are tried, and for shuffles.
    pub seed: u64,
    /// Give up (unknown) after this many frames.
    pub max_frames: Option<usize>,
    /// Check the frame invariants with a fresh solver after every level (slow; for tests).
    /// Debug builds do it anyway on systems of up to 32 latches.
    pub check_frames: bool,
    /// Record every frame and lifting solver's calls in this folder, one file per solver, for
    /// replaying them in benchmarks (see the `record` module). A measuring aid.
    pub record_sat: Option<std::path::PathBuf>,
    /// Progress to stderr.
    pub verbose: bool,
    /// What progress lines start with (a portfolio names its worker).
    pub name: &'static str,
}

impl Default for Ic3Config {
    fn default() -> Self {
        Ic3Config {
            ctg_max: 0,
            ctg_depth: 1,
            ctg_limit: 1,
            ctg_recursion_floor: 0.25,
            ctg_dynamic: true,
            ctg_lift: true,
            ctg_outside: true,
            ctg_join_lifted: false,
            mic_attempts: 0,
            down_queries: 0,
            mic_shuffle: 0.2,
            parent_lemma: true,
            order_assumptions: true,
            order_block: true,
            block_core_retry: 2,
            activity_decay: 0.99,
            activity_by_var: true,
            join_flip: true,
            init_phase: false,
            block_negation: true,
            keep_obligations: true,
            po_smallest_first: true,
            drop_po: 20.0,
            sat: SatBackend::Pdrkit,
            rebuild_after: 1000,
            lift: LiftMode::Core,
            lift_rounds: 2,
            lift_flip: false,
            verify_lemmas: false,
            push_shrink: true,
            push_memo: true,
            cnf_eliminate: true,
            promote: false,
            import_lemmas: true,
            seed: 0,
            max_frames: None,
            check_frames: false,
            record_sat: None,
            verbose: false,
            name: "ic3",
        }
    }
}
