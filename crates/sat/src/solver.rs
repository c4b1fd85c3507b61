//! The solver's public face: [`Cdcl`], its state, and the API with its exact semantics.
//!
//! Internally a user variable `v` is variable `v + 1`: internal variable 0 is the activation
//! variable of the temporary clauses, which no user literal can name. The shift happens only
//! here, at the API's edge.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use pdrkit_logic::{FlagRegistration, Lit, SatResult, Var};

use crate::analyze::Analysis;
use crate::assign::{inner, Assignment, ACT, FALSE, TRUE};
use crate::clause::{ClauseDb, NO_REASON};
use crate::config::Config;
use crate::decide::Order;
use crate::domain::{Domain, Fingerprint};
use crate::failed::Failed;
use crate::lemmas::Lemmas;
use crate::lift::Occurrences;
use crate::reduce::Reduction;
use crate::restart::Restarts;
use crate::search::Outcome;
use crate::stats::Stats;
use crate::temporary::Temporaries;
use crate::watch::Watches;

/// pdrkit's CDCL SAT solver, built for IC3: incremental, with per-query domains, temporary
/// clauses, and results read in place.
///
/// # Clauses
/// - [`add_clause`](Self::add_clause): a *permanent* clause (frame lemma, constraint, or any
///   clause of a plain SAT use). Its variables and their fan-in cones join the permanent
///   domain, for good.
/// - [`define`](Self::define) + [`add_definition_clause`](Self::add_definition_clause): a
///   *definition*: `var` is a total function of `deps` (a Tseitin gate, a LUT's complete CNF, a
///   primed latch `x' ↔ next`), given by clauses over `var` and `deps` only. Definitions do not
///   enlarge the domain: a definition enters a query only if its variable is in the query's
///   cone.
/// - [`add_temporary_clause`](Self::add_temporary_clause) (or [`solve_with`](Self::solve_with)):
///   a clause for the next query only. It leaves nothing behind: the clauses learnt from it are
///   deleted when the query ends, the other learnt clauses stay.
///
/// # Queries
/// [`solve`](Self::solve) decides and propagates only in the query's *domain*: the permanent
/// domain plus the fan-in cones of the variables of the assumptions and temporary clauses.
/// This is sound when every definition clause is over a defined variable and its deps, and
/// the definitions are acyclic: any assignment of the domain satisfying the clauses wholly
/// inside it extends (inputs freely, defined variables by evaluation) to a model of all the
/// clauses. The price of a query is in proportion to its domain, not to the solver's size.
///
/// After `Sat`, [`value`](Self::value) reads the model in place: `None` outside the domain
/// (and for variables never seen). After `Unsat`, [`is_failed`](Self::is_failed) and
/// [`failed_assumptions`](Self::failed_assumptions) give the assumptions the final conflict
/// used. `Unknown` means the conflict budget ran out or the solver was interrupted. The model
/// is readable until the solver next changes (a clause, a definition, a solve); failed
/// assumptions until the next solve.
///
/// # Interruption
/// A solver created on a thread that [entered](pdrkit_logic::Interrupts::enter) an
/// [`Interrupts`](pdrkit_logic::Interrupts) registry registers with it: once the registry
/// interrupts, the call in progress returns `Unknown` within a conflict, and so does every later
/// call.
pub struct Cdcl {
    // First, so that the solver leaves the registry before anything else is dropped.
    registration: Option<FlagRegistration>,
    stop: Arc<AtomicBool>,
    pub(crate) assign: Assignment,
    pub(crate) db: ClauseDb,
    pub(crate) watches: Watches,
    pub(crate) domain: Domain,
    pub(crate) order: Order,
    pub(crate) analysis: Analysis,
    pub(crate) restarts: Restarts,
    pub(crate) reduction: Reduction,
    pub(crate) temp: Temporaries,
    pub(crate) occurrences: Occurrences,
    pub(crate) lemmas: Lemmas,
    pub(crate) failed: Failed,
    /// The query's assumptions, internal: the activation literal first when there are
    /// temporary clauses, then the user's in order.
    pub(crate) assumptions: Vec<Lit>,
    /// The user's assumptions as passed, for the list of failed ones.
    user_assumptions: Vec<Lit>,
    /// The last answer, until the solver changes (then the trail is undone).
    answer: Option<SatResult>,
    /// False once the permanent clauses are known unsatisfiable.
    pub(crate) ok: bool,
    /// User variables handed out or seen.
    num_vars: u32,
    num_clauses: usize,
    budget: Option<u64>,
    /// [`Config::shortcut_assumptions`].
    pub(crate) shortcut_assumptions: usize,
    /// Scratch space for a clause being added.
    pub(crate) buf: Vec<Lit>,
    var_buf: Vec<Var>,
    /// Phases set while an answer was readable, applied when its query ends.
    phases: Vec<Lit>,
    /// The variable of the last definition (internal), whose clauses come next.
    defining: Option<Var>,
    pub(crate) stats: Stats,
}

impl std::fmt::Debug for Cdcl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Cdcl({} vars, {} clauses, {} learnt)",
            self.num_vars,
            self.num_clauses,
            self.db.learnts.len()
        )
    }
}

impl Default for Cdcl {
    fn default() -> Self {
        Self::new()
    }
}

impl Cdcl {
    /// An empty solver with the default [`Config`] (registered with the current thread's
    /// interrupt registry, if any).
    pub fn new() -> Self {
        Self::with_config(&Config::default())
    }

    /// An empty solver with these parameters (registered like [`new`](Self::new)'s).
    pub fn with_config(config: &Config) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let registration = FlagRegistration::current(&stop);
        let mut s = Cdcl {
            registration,
            stop,
            assign: Assignment::default(),
            db: ClauseDb::default(),
            watches: Watches::default(),
            domain: Domain::default(),
            order: Order::new(config.var_decay),
            analysis: Analysis::default(),
            restarts: Restarts::new(config.restart_unit),
            reduction: Reduction::new(config.first_reduction, config.compaction_waste),
            temp: Temporaries::default(),
            occurrences: Occurrences::default(),
            lemmas: Lemmas::default(),
            failed: Failed::default(),
            assumptions: Vec::new(),
            user_assumptions: Vec::new(),
            answer: None,
            ok: true,
            num_vars: 0,
            num_clauses: 0,
            budget: None,
            shortcut_assumptions: config.shortcut_assumptions,
            buf: Vec::new(),
            var_buf: Vec::new(),
            phases: Vec::new(),
            defining: None,
            stats: Stats::default(),
        };
        s.grow(ACT.idx() + 1);
        s
    }

    fn grow(&mut self, n: usize) {
        self.assign.grow(n);
        self.watches.grow(n);
        self.domain.grow(n);
        self.order.grow(n);
        self.analysis.grow(n);
        self.failed.grow(n);
        self.occurrences.grow(n);
        self.lemmas.grow(n);
    }

    /// Makes sure user variable `v` exists.
    #[inline]
    fn touch(&mut self, v: Var) {
        let n = v.idx() + 2;
        if n > self.assign.num_vars() {
            self.grow(n);
        }
        self.num_vars = self.num_vars.max(v.0 + 1);
    }

    /// Ends the last query, if its answer is still readable: undoes its trail (saving phases)
    /// and deletes its temporary clauses and what was learnt from them.
    fn end_query(&mut self) {
        if self.answer.take().is_none() {
            return;
        }
        self.order.ready = false;
        self.backtrack(0);
        self.drop_temporaries();
        for l in self.phases.drain(..) {
            self.order.phase[inner(l).var().idx()] = !l.is_neg();
        }
    }

    #[inline]
    pub(crate) fn interrupted(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Loads user literals into `self.buf` as internal ones: sorted, without duplicates or
    /// literals false at level 0. False when the clause is a tautology or true at level 0.
    pub(crate) fn load_clause(&mut self, lits: &[Lit]) -> bool {
        let buf = &mut self.buf;
        buf.clear();
        buf.extend(lits.iter().map(|&l| inner(l)));
        buf.sort_unstable();
        let mut kept = 0;
        let mut prev: Option<Lit> = None;
        for i in 0..buf.len() {
            let l = buf[i];
            if prev == Some(l) {
                continue;
            }
            if prev == Some(!l) {
                return false;
            }
            prev = Some(l);
            match self.assign.val(l) {
                TRUE => return false,
                FALSE => {}
                _ => {
                    buf[kept] = l;
                    kept += 1;
                }
            }
        }
        buf.truncate(kept);
        true
    }

    /// Stores an irredundant clause of user literals: permanent (checked against the other
    /// permanent clauses, see [`crate::lemmas`]) or of a definition.
    fn add_irredundant(&mut self, lits: &[Lit], permanent: bool) {
        self.num_clauses += 1;
        if !self.ok || !self.load_clause(lits) {
            return;
        }
        match self.buf.len() {
            0 => self.ok = false,
            1 => self.assign.assign(self.buf[0], NO_REASON),
            _ if permanent => self.add_lemma(),
            _ => {
                // A definition clause watches its defined variable: outside the domain, that
                // variable (the blocker of the other watch) lets propagation skip the clause
                // without reading it, and its own watch is never visited.
                if let Some(d) = self.defining {
                    if let Some(i) = self.buf.iter().position(|l| l.var() == d) {
                        self.buf.swap(0, i);
                    }
                }
                let c = self.db.alloc(&self.buf, 0, 0);
                self.watches.attach(c, &self.buf);
                self.occurrences.add(c, &self.buf);
            }
        }
    }

    /// A fresh variable, above every variable used so far.
    pub fn new_var(&mut self) -> Var {
        let v = Var(self.num_vars);
        self.touch(v);
        v
    }

    /// Makes sure `new_var` returns `n` or more from now on.
    pub fn reserve_vars(&mut self, n: u32) {
        self.num_vars = self.num_vars.max(n);
    }

    /// Number of variables handed out or used.
    pub fn num_vars(&self) -> u32 {
        self.num_vars
    }

    /// Number of clauses added (permanent and definition clauses, not temporary ones).
    pub fn num_clauses(&self) -> usize {
        self.num_clauses
    }

    /// Adds a permanent clause. Its variables and their fan-in cones (through
    /// [`define`](Self::define), now or later) are in the domain of every later query. A clause
    /// equal to or subsumed by a permanent clause stored already is not stored again, and the
    /// stored permanent clauses it subsumes are deleted (the clause set stays equivalent;
    /// [`num_clauses`](Self::num_clauses) counts every clause added).
    pub fn add_clause(&mut self, lits: &[Lit]) {
        self.end_query();
        for &l in lits {
            self.touch(l.var());
            self.domain.make_permanent(inner(l).var());
        }
        self.add_irredundant(lits, true);
    }

    /// Declares `var` a function of `deps`: a query whose domain holds `var` holds `deps`
    /// (and their fan-in, recursively). Give the function itself with
    /// [`add_definition_clause`](Self::add_definition_clause). Calling it again for the same
    /// variable adds to its deps. The definitions must be acyclic, and each must be total (for
    /// every value of `deps` some value of `var` satisfies its clauses).
    pub fn define(&mut self, var: Var, deps: &[Var]) {
        self.end_query();
        self.touch(var);
        let mut buf = std::mem::take(&mut self.var_buf);
        buf.clear();
        for &d in deps {
            self.touch(d);
            buf.push(inner(d.lit()).var());
        }
        self.domain.define(inner(var.lit()).var(), &buf);
        self.var_buf = buf;
        self.defining = Some(inner(var.lit()).var());
    }

    /// Adds a clause of a definition (see [`define`](Self::define)): over a defined variable
    /// and its deps only. Unlike [`add_clause`](Self::add_clause), it does not enlarge the
    /// domain. Soundness rests on that contract: a clause given here that is not part of a
    /// total definition may be ignored by queries whose domain does not cover it.
    pub fn add_definition_clause(&mut self, lits: &[Lit]) {
        self.end_query();
        for &l in lits {
            self.touch(l.var());
        }
        self.add_irredundant(lits, false);
    }

    /// Adds a clause for the next query only (several may be added). Its variables' cones
    /// join that query's domain. When the query ends (at the next change of the solver), the
    /// clause is deleted, and so is every clause learnt from it; nothing else is left behind.
    pub fn add_temporary_clause(&mut self, lits: &[Lit]) {
        self.end_query();
        for &l in lits {
            self.touch(l.var());
        }
        self.attach_temporary(lits);
    }

    /// Solves under `assumptions` with one temporary clause: `add_temporary_clause(temporary)`
    /// then `solve(assumptions)`.
    pub fn solve_with(&mut self, assumptions: &[Lit], temporary: &[Lit]) -> SatResult {
        self.add_temporary_clause(temporary);
        self.solve(assumptions)
    }

    /// Solves the permanent clauses, the definitions in the domain and the temporary clauses
    /// added since the last query, under `assumptions`. A conflict budget set by
    /// [`set_conflict_budget`](Self::set_conflict_budget) applies to this call only.
    pub fn solve(&mut self, assumptions: &[Lit]) -> SatResult {
        self.end_query();
        let limit = self.budget.take();
        self.failed.reset();
        self.stats.queries += 1;
        self.user_assumptions.clear();
        self.user_assumptions.extend_from_slice(assumptions);
        for &a in assumptions {
            self.touch(a.var());
        }
        let outcome = self.run(limit);
        if let Outcome::Unsat = outcome {
            self.failed.collect(&self.user_assumptions);
        }
        let r = outcome.result();
        self.answer = Some(r);
        r
    }

    fn run(&mut self, limit: Option<u64>) -> Outcome {
        if self.interrupted() {
            return Outcome::Unknown;
        }
        if !self.ok {
            return Outcome::UnsatWithout;
        }
        if self.propagate().is_some() {
            self.ok = false;
            return Outcome::UnsatWithout;
        }
        if self.temp.refuted {
            return Outcome::UnsatWithout;
        }
        self.reduce_if_due();
        self.assumptions.clear();
        if self.temp.active {
            self.assumptions.push(ACT.lit());
        }
        self.assumptions
            .extend(self.user_assumptions.iter().map(|&a| inner(a)));
        let roots = || {
            self.assumptions
                .iter()
                .map(|a| a.var())
                .chain(self.temp.roots.iter().copied())
        };
        let key = Fingerprint::of(roots());
        if self.domain.spans(key, roots()) {
            self.stats.domains_reused += 1;
        } else {
            self.domain.begin_query(key);
            for i in 0..self.assumptions.len() {
                self.domain.add_cone(self.assumptions[i].var());
            }
            for i in 0..self.temp.roots.len() {
                self.domain.add_cone(self.temp.roots[i]);
            }
        }
        self.stats.domain_vars += (self.domain.permanent.len() + self.domain.cone.len()) as u64;
        self.order.ready = false;
        self.search(limit)
    }

    /// The value of `lit` in the last model: `None` unless the last call answered `Sat` and
    /// nothing changed since, for a variable outside that query's domain, or for a value
    /// dropped by [`flip_to_none`](Self::flip_to_none). O(1).
    #[inline]
    pub fn value(&self, lit: Lit) -> Option<bool> {
        if self.answer != Some(SatResult::Sat) {
            return None;
        }
        let l = inner(lit);
        if l.var().idx() >= self.assign.num_vars() || !self.domain.contains(l.var()) {
            return None;
        }
        match self.assign.val(l) {
            TRUE => Some(true),
            FALSE => Some(false),
            _ => None,
        }
    }

    /// Whether `lit` is an assumption of the last `Unsat` answer that its final conflict used.
    /// O(1); false after `Sat` or `Unknown`, and when unsatisfiable without assumptions.
    #[inline]
    pub fn is_failed(&self, lit: Lit) -> bool {
        self.failed.contains(inner(lit))
    }

    /// The failed assumptions of the last `Unsat` answer (see [`is_failed`](Self::is_failed)),
    /// in the order they were passed: a subset of the assumptions that, with the clauses and
    /// that query's temporary clauses, is unsatisfiable. Empty when the clauses are
    /// unsatisfiable without assumptions.
    pub fn failed_assumptions(&self) -> &[Lit] {
        &self.failed.list
    }

    /// Whether `var` was in the domain of the last query.
    pub fn in_domain(&self, var: Var) -> bool {
        let v = inner(var.lit()).var();
        v.idx() < self.assign.num_vars() && self.domain.contains(v)
    }

    /// After `Sat`: drops `var`'s value from the model if every clause wholly inside the
    /// domain that it satisfies is satisfied by another literal too, and says whether it is
    /// now unassigned (true at once when it was already). The values left still satisfy
    /// every clause of the domain, so every completion of them is a model. Values fixed at
    /// level 0 and the assumptions' values stay (false). Not after `Unsat`/`Unknown` or a
    /// change (false).
    pub fn flip_to_none(&mut self, var: Var) -> bool {
        if self.answer != Some(SatResult::Sat) {
            return false;
        }
        let v = inner(var.lit()).var();
        if v.idx() >= self.assign.num_vars() {
            return true;
        }
        self.flip(v)
    }

    /// Makes `lit` the polarity tried first when deciding its variable (until a backtrack
    /// saves another). The last model stays readable.
    pub fn set_phase(&mut self, lit: Lit) {
        self.touch(lit.var());
        if self.answer.is_some() {
            // Ending the query saves the model's phases: this one is applied after that.
            self.phases.push(lit);
        } else {
            self.order.phase[inner(lit).var().idx()] = !lit.is_neg();
        }
    }

    /// Limits the next `solve` call to this many conflicts (`None`: no limit); past it the call
    /// answers `Unknown`.
    pub fn set_conflict_budget(&mut self, budget: Option<u64>) {
        self.budget = budget;
    }

    /// What the solver did so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Whether this solver is registered with an interrupt registry.
    pub fn is_registered(&self) -> bool {
        self.registration.is_some()
    }
}
