//! Running one child process under a hard wall-clock limit and an address-space limit, and
//! measuring it: wall time, CPU time and peak RSS from `wait4`'s `rusage`.
//!
//! The child gets its own process group (so a timeout kills whatever it started), `RLIMIT_AS`
//! set in `pre_exec`, no standard input, and its output in files. A watchdog thread kills the
//! group when the deadline passes; the exit is observed with `waitid(WNOWAIT)` first, so the
//! watchdog never signals a reaped (and possibly reused) pid.

// `pre_exec`, `setrlimit`, `waitid`, `wait4` and `kill` need `unsafe`.
#![allow(unsafe_code)]

use std::fs::File;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

/// Limits of one run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The hard wall-clock limit in seconds (the child is killed after it).
    pub wall_s: f64,
    /// Address-space limit in MiB (`RLIMIT_AS`); 0 = none.
    pub memory_mb: u64,
}

/// How the process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// It exited with this code.
    Exit(i32),
    /// A signal killed it (not ours).
    Signal(i32),
    /// We killed it at the deadline.
    Killed,
}

/// What one run did.
#[derive(Clone, Debug)]
pub struct Measured {
    /// How it ended.
    pub ending: Ending,
    /// Wall-clock seconds from spawn to exit.
    pub wall_s: f64,
    /// User + system CPU seconds.
    pub cpu_s: f64,
    /// Peak resident set size in MiB.
    pub rss_mb: f64,
    /// Its standard output.
    pub stdout: String,
    /// Its standard error.
    pub stderr: String,
}

impl Measured {
    /// The exit code, when it exited.
    pub fn code(&self) -> Option<i32> {
        match self.ending {
            Ending::Exit(c) => Some(c),
            _ => None,
        }
    }

    /// The first non-empty line of stderr (for notes).
    pub fn first_error_line(&self) -> String {
        self.stderr
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or("")
            .chars()
            .take(200)
            .collect()
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Running,
    Exited,
    Killed,
}

/// Runs `cmd` under `limits`, its stdout and stderr going to files in `scratch` named after
/// `tag`. Errors only when the process cannot be started or waited for.
pub fn run_limited(
    mut cmd: Command,
    limits: Limits,
    scratch: &Path,
    tag: &str,
) -> Result<Measured> {
    let out_path = scratch.join(format!("{tag}.stdout"));
    let err_path = scratch.join(format!("{tag}.stderr"));
    cmd.stdin(Stdio::null())
        .stdout(File::create(&out_path).context("creating the stdout file")?)
        .stderr(File::create(&err_path).context("creating the stderr file")?)
        .process_group(0);
    if limits.memory_mb > 0 {
        let bytes = limits.memory_mb.saturating_mul(1024 * 1024) as libc::rlim_t;
        // SAFETY: the closure only calls `setrlimit`, which is async-signal-safe, and builds
        // the error from errno; it allocates nothing.
        unsafe {
            cmd.pre_exec(move || {
                let lim = libc::rlimit {
                    rlim_cur: bytes,
                    rlim_max: bytes,
                };
                if libc::setrlimit(libc::RLIMIT_AS, &lim) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    let start = Instant::now();
    let child = cmd
        .spawn()
        .with_context(|| format!("starting {:?}", cmd.get_program()))?;
    let pid = child.id() as libc::pid_t;
    drop(child); // We wait for it ourselves (wait4); dropping a Child neither waits nor kills.

    let shared = Arc::new((Mutex::new(State::Running), Condvar::new()));
    let deadline = start + Duration::from_secs_f64(limits.wall_s.max(0.0));
    let watchdog = {
        let shared = Arc::clone(&shared);
        std::thread::spawn(move || {
            let (lock, cvar) = &*shared;
            let mut state = lock.lock().unwrap_or_else(|e| e.into_inner());
            while *state == State::Running {
                let now = Instant::now();
                if now >= deadline {
                    // SAFETY: plain syscalls; the child has not been reaped (we hold the lock
                    // and the waiter reaps only after setting `Exited` under it), so `pid` and
                    // its process group are still ours.
                    unsafe {
                        libc::kill(-pid, libc::SIGKILL);
                        libc::kill(pid, libc::SIGKILL);
                    }
                    *state = State::Killed;
                    break;
                }
                state = cvar
                    .wait_timeout(state, deadline - now)
                    .unwrap_or_else(|e| e.into_inner())
                    .0;
            }
        })
    };

    // Wait for the exit without reaping it.
    loop {
        // SAFETY: `info` is a plain C struct that waitid fills in.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let r = unsafe {
            libc::waitid(
                libc::P_PID,
                pid as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOWAIT,
            )
        };
        if r == 0 {
            break;
        }
        let err = std::io::Error::last_os_error();
        if err.kind() != std::io::ErrorKind::Interrupted {
            return Err(err).context("waitid");
        }
    }
    let wall_s = start.elapsed().as_secs_f64();
    let killed = {
        let (lock, cvar) = &*shared;
        let mut state = lock.lock().unwrap_or_else(|e| e.into_inner());
        let killed = *state == State::Killed;
        *state = State::Exited;
        cvar.notify_all();
        killed
    };
    let _ = watchdog.join();

    let mut status: libc::c_int = 0;
    // SAFETY: `usage` is a plain C struct that wait4 fills in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            break;
        }
        let err = std::io::Error::last_os_error();
        if err.kind() != std::io::ErrorKind::Interrupted {
            return Err(err).context("wait4");
        }
    }
    let ending = if killed {
        Ending::Killed
    } else if libc::WIFEXITED(status) {
        Ending::Exit(libc::WEXITSTATUS(status))
    } else if libc::WIFSIGNALED(status) {
        Ending::Signal(libc::WTERMSIG(status))
    } else {
        Ending::Exit(-1)
    };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    let read = |p: &Path| {
        std::fs::read(p)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default()
    };
    let measured = Measured {
        ending,
        wall_s,
        cpu_s: secs(usage.ru_utime) + secs(usage.ru_stime),
        rss_mb: usage.ru_maxrss as f64 / 1024.0,
        stdout: read(&out_path),
        stderr: read(&err_path),
    };
    let _ = std::fs::remove_file(&out_path);
    let _ = std::fs::remove_file(&err_path);
    Ok(measured)
}

/// A fresh scratch folder under the system's temporary folder, removed on drop.
pub struct Scratch {
    path: std::path::PathBuf,
}

impl Scratch {
    /// Creates `TMP/pdrkit-xtask-<pid>-<n>-<label>`.
    pub fn new(label: &str) -> Result<Scratch> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let safe: String = label
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .take(40)
            .collect();
        let path =
            std::env::temp_dir().join(format!("pdrkit-xtask-{}-{n}-{safe}", std::process::id()));
        std::fs::create_dir_all(&path).with_context(|| format!("creating {}", path.display()))?;
        Ok(Scratch { path })
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Command {
        let mut c = Command::new("sh");
        c.arg("-c").arg(script);
        c
    }

    #[test]
    fn exit_code_and_output() {
        let s = Scratch::new("t1").unwrap();
        let lim = Limits {
            wall_s: 10.0,
            memory_mb: 512,
        };
        let m = run_limited(sh("echo unsat; echo oops >&2; exit 20"), lim, s.path(), "a").unwrap();
        assert_eq!(m.ending, Ending::Exit(20));
        assert_eq!(m.stdout, "unsat\n");
        assert_eq!(m.first_error_line(), "oops");
        assert!(m.wall_s < 5.0);
    }

    #[test]
    fn killed_at_the_deadline_with_its_children() {
        let s = Scratch::new("t2").unwrap();
        let lim = Limits {
            wall_s: 0.5,
            memory_mb: 0,
        };
        let t = Instant::now();
        let m = run_limited(sh("sleep 30 & sleep 30; wait"), lim, s.path(), "b").unwrap();
        assert_eq!(m.ending, Ending::Killed);
        assert!(t.elapsed().as_secs_f64() < 5.0);
        assert!(m.wall_s >= 0.5);
    }

    #[test]
    fn cpu_time_and_signals() {
        let s = Scratch::new("t3").unwrap();
        let lim = Limits {
            wall_s: 20.0,
            memory_mb: 0,
        };
        let m = run_limited(
            sh("i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done"),
            lim,
            s.path(),
            "c",
        )
        .unwrap();
        assert_eq!(m.ending, Ending::Exit(0));
        assert!(m.cpu_s > 0.0, "cpu {}", m.cpu_s);
        assert!(m.rss_mb > 0.0);
        let m = run_limited(sh("kill -SEGV $$"), lim, s.path(), "d").unwrap();
        assert_eq!(m.ending, Ending::Signal(libc::SIGSEGV));
    }

    #[test]
    fn memory_limit_applies() {
        let s = Scratch::new("t4").unwrap();
        let lim = Limits {
            wall_s: 20.0,
            memory_mb: 64,
        };
        // The limit is visible to the child.
        let m = run_limited(sh("ulimit -v"), lim, s.path(), "e").unwrap();
        assert_eq!(m.stdout.trim(), (64 * 1024).to_string());
    }
}
