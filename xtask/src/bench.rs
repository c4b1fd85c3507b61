//! `cargo xtask bench`: runs a plan (the configurations and the peers on every file of a suite)
//! here, then writes `results.csv`, `summary.md` and `cactus.svg`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};

use crate::exec::{self, Job, Settings};
use crate::plan::{self, BinaryArgs, Plan, PlanArgs};
use crate::suite::Instance;
use crate::summary;

/// `cargo xtask bench [SUITE] [OPTIONS]`.
#[derive(clap::Args, Debug)]
#[command(args_override_self = true)]
pub struct Args {
    #[command(flatten)]
    pub plan: PlanArgs,
    /// Files run in parallel
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub jobs: usize,
    /// Run the peers after all of pdrkit's runs, N files at a time (they are single-threaded:
    /// `--jobs 1 --peer-jobs 2` gives pdrkit's portfolio the machine alone and lets two peers
    /// share it) [default: with pdrkit's runs, on the same `--jobs` workers]
    #[arg(long, value_name = "N")]
    pub peer_jobs: Option<usize>,
    /// Output folder [default: bench-out/<timestamp> in the workspace]
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub binary: BinaryArgs,
    /// The former spelling of `cargo xtask emit KIND DIR` (also `KIND=DIR`)
    #[arg(long, hide = true, num_args = 1..=2, value_names = ["KIND", "DIR"])]
    pub emit: Option<Vec<String>>,
    /// The former spelling of `cargo xtask import DIR`
    #[arg(long, hide = true, value_name = "DIR")]
    pub import: Option<PathBuf>,
}

fn host() -> String {
    std::fs::read_to_string("/etc/hostname")
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|_| "?".into())
}

/// Runs the plan here.
pub fn main(args: &Args) -> Result<ExitCode> {
    let plan = Plan::new(&args.plan)?;
    let instances = plan.load_suite()?;
    let (peers, skipped) = crate::peer::usable(&plan.peers)?;
    for note in &skipped {
        println!("note: {note}");
    }
    let binary = exec::binary(args.binary.binary.as_deref(), args.binary.no_build)?;
    let out = args.out.clone().unwrap_or_else(|| {
        crate::workspace_root()
            .join("bench-out")
            .join(plan::timestamp())
    });
    std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
    let settings = Settings {
        binary: binary.clone(),
        memory_mb: plan.memory_mb,
        keep_dir: Some(out.clone()),
        btorsim: plan.btorsim.clone(),
        aigtool: Some(plan.suite.join("../peers/aigtool.py")).filter(|p| p.is_file()),
    };
    let jobs = plan::jobs(&plan.configs, &peers, plan.timeout);
    let mut runs: Vec<(Instance, Vec<Job>)> = instances
        .iter()
        .map(|i| (i.clone(), jobs.clone()))
        .collect();
    if plan.twins {
        runs.extend(plan::twin_runs(&instances, &plan.configs, plan.timeout));
    }
    if instances.iter().any(|i| crate::suite::is_btor2(&i.path)) && plan.btorsim.is_none() {
        println!("note: no btorsim.py (--btorsim): BTOR2 witnesses are checked by pdrkit only");
    }
    eprintln!(
        "bench: {} files x {} runs, timeout {} s, memory {} MiB, {} job(s), output {}",
        runs.len(),
        jobs.len(),
        plan.timeout,
        plan.memory_mb,
        args.jobs,
        out.display()
    );
    let started = plan::timestamp();
    let records = match args.peer_jobs {
        Some(peer_jobs) => exec::run_phased(&runs, &settings, args.jobs, peer_jobs),
        None => exec::run_plan(&runs, &settings, args.jobs),
    };
    let mut configs = plan::config_lines(&plan.configs, &peers, plan.timeout);
    if plan.twins {
        let twins = plan::twin_configs(&plan.configs);
        for (name, line) in plan::config_lines(&twins, &[], plan.timeout) {
            configs.push((name, format!("{line} (on the AIGER twin)")));
        }
    }
    let mut setup = vec![
        format!("started {started} UTC on {}", host()),
        match args.peer_jobs {
            Some(p) => format!(
                "timeout {} s, memory {} MiB, {} parallel job(s), then the peers on {p}",
                plan.timeout, plan.memory_mb, args.jobs
            ),
            None => format!(
                "timeout {} s, memory {} MiB, {} parallel job(s)",
                plan.timeout, plan.memory_mb, args.jobs
            ),
        },
        format!("binary {}", summary::shown_binary(&binary)),
        format!(
            "filter {}",
            plan.filter.as_ref().map_or("(none)", |f| f.as_str())
        ),
        format!(
            "files {}",
            plan.list
                .as_ref()
                .map_or("(all)".to_string(), |(p, names)| format!(
                    "the {} listed in {}",
                    names.len(),
                    summary::shown_path(p)
                ))
        ),
    ];
    if let Some(b) = &plan.btorsim {
        setup.push(format!(
            "BTOR2 witnesses also checked by {}",
            summary::shown_path(b)
        ));
    }
    setup.extend(skipped);
    let ctx = summary::Report {
        title: format!("pdrkit bench: {}", summary::shown_path(&plan.suite)),
        setup,
        configs: configs.clone(),
        instances: &instances,
    };
    summary::write_all(&out, &records, &ctx)?;
    Ok(summary::finish(&records, &configs, &out))
}
