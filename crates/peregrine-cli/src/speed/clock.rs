//! Clocks for `speed`: wall time (`Instant`), the measuring thread's CPU
//! time, and a cycle estimate.
//!
//! Cycles are an *estimate*: the cycle counter (`rdtsc` on x86_64,
//! `cntvct_el0` on aarch64) ticks at a fixed rate that is not the core's
//! clock under turbo or power saving, and user space has no portable way
//! to read real core cycles. So the counter's rate is calibrated against
//! `Instant`, and the core's *effective* frequency is estimated by timing
//! a loop of dependent register additions (one cycle each on every
//! out-of-order core of the last fifteen years). A row's cycles per byte
//! are then its CPU time (wall time where there is no CPU clock) times
//! that frequency, divided by its bytes.

use std::time::{Duration, Instant};

/// This thread's CPU time (user + system), when the OS tells it.
pub fn thread_cpu() -> Option<Duration> {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid, writable timespec; clock_gettime only
        // writes it and reports failure by its return value.
        let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
        if rc == 0 && ts.tv_sec >= 0 && ts.tv_nsec >= 0 {
            return Some(Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32));
        }
        None
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// The raw cycle counter, where the architecture has one user space may
/// read.
pub fn counter() -> Option<u64> {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: rdtsc is in the x86_64 base ISA and has no preconditions.
        Some(unsafe { core::arch::x86_64::_rdtsc() })
    }
    #[cfg(target_arch = "aarch64")]
    {
        let v: u64;
        // SAFETY: cntvct_el0 is readable from EL0 on Linux and macOS (the
        // kernel enables it); the read has no side effects.
        unsafe { core::arch::asm!("mrs {}, cntvct_el0", out(reg) v, options(nomem, nostack)) };
        Some(v)
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        None
    }
}

/// What the header reports about the clocks.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, PartialEq)]
pub struct Calibration {
    /// "rdtsc", "cntvct_el0" or "none".
    pub counter: String,
    /// The counter's ticks per second, measured against `Instant`.
    pub counter_hz: Option<f64>,
    /// The core's effective frequency, from the dependent-add loop.
    pub effective_hz: Option<f64>,
}

impl Calibration {
    /// Calibrates for about `budget` (two thirds on the counter, one third
    /// on the add loop).
    pub fn measure(budget: Duration) -> Calibration {
        let name = if cfg!(target_arch = "x86_64") {
            "rdtsc"
        } else if cfg!(target_arch = "aarch64") {
            "cntvct_el0"
        } else {
            "none"
        };
        let counter_hz = counter().map(|_| {
            let t0 = Instant::now();
            let c0 = counter().unwrap_or(0);
            while t0.elapsed() < budget * 2 / 3 {
                std::hint::spin_loop();
            }
            let c1 = counter().unwrap_or(0);
            c1.wrapping_sub(c0) as f64 / t0.elapsed().as_secs_f64()
        });
        Calibration {
            counter: name.to_string(),
            counter_hz,
            effective_hz: effective_hz(budget / 3),
        }
    }

    /// Estimated core cycles spent in `seconds` of CPU (or wall) time.
    pub fn cycles(&self, seconds: f64) -> Option<f64> {
        self.effective_hz.map(|hz| seconds * hz)
    }

    /// The header line.
    pub fn line(&self) -> String {
        let ghz = |v: Option<f64>| v.map_or("n/a".to_string(), |h| format!("{:.2} GHz", h / 1e9));
        format!(
            "clock: wall time; cycle counter {} at {}; effective core clock ~{} (dependent-add loop); cycles are estimates (CPU time x effective clock)",
            self.counter,
            ghz(self.counter_hz),
            ghz(self.effective_hz)
        )
    }
}

/// Additions per loop iteration, in one dependency chain.
const CHAIN: u64 = 16;

/// Runs `iters` iterations of `CHAIN` dependent additions.
#[inline(never)]
fn add_chain(iters: u64) -> u64 {
    // Only the asm below changes it; elsewhere it is returned as is.
    #[cfg_attr(
        not(any(target_arch = "x86_64", target_arch = "aarch64")),
        allow(unused_mut)
    )]
    let mut x = 1u64;
    #[cfg(target_arch = "x86_64")]
    // SAFETY: register-only arithmetic; the loop counter is an operand.
    unsafe {
        core::arch::asm!(
            "2:",
            "add {x}, {one}", "add {x}, {one}", "add {x}, {one}", "add {x}, {one}",
            "add {x}, {one}", "add {x}, {one}", "add {x}, {one}", "add {x}, {one}",
            "add {x}, {one}", "add {x}, {one}", "add {x}, {one}", "add {x}, {one}",
            "add {x}, {one}", "add {x}, {one}", "add {x}, {one}", "add {x}, {one}",
            "dec {n}",
            "jnz 2b",
            x = inout(reg) x,
            n = inout(reg) iters.max(1) => _,
            one = in(reg) 1u64,
            options(nomem, nostack),
        );
    }
    #[cfg(target_arch = "aarch64")]
    // SAFETY: register-only arithmetic; the loop counter is an operand.
    unsafe {
        core::arch::asm!(
            "2:",
            "add {x}, {x}, {one}", "add {x}, {x}, {one}", "add {x}, {x}, {one}", "add {x}, {x}, {one}",
            "add {x}, {x}, {one}", "add {x}, {x}, {one}", "add {x}, {x}, {one}", "add {x}, {x}, {one}",
            "add {x}, {x}, {one}", "add {x}, {x}, {one}", "add {x}, {x}, {one}", "add {x}, {x}, {one}",
            "add {x}, {x}, {one}", "add {x}, {x}, {one}", "add {x}, {x}, {one}", "add {x}, {x}, {one}",
            "subs {n}, {n}, #1",
            "b.ne 2b",
            x = inout(reg) x,
            n = inout(reg) iters.max(1) => _,
            one = in(reg) 1u64,
            options(nomem, nostack),
        );
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    let _ = iters;
    x
}

/// The effective core frequency: the median of several timed runs of the
/// add chain, each timed by this thread's CPU clock where there is one (so
/// time spent preempted on a busy machine does not count; with only a
/// wall clock the fastest run is the least disturbed one).
fn effective_hz(budget: Duration) -> Option<f64> {
    if !cfg!(any(target_arch = "x86_64", target_arch = "aarch64")) {
        return None;
    }
    let start = Instant::now();
    let mut iters = 1u64 << 12;
    let mut runs: Vec<f64> = Vec::new();
    let mut cpu_clock = true;
    while start.elapsed() < budget || runs.len() < 3 {
        let (t, c) = (Instant::now(), thread_cpu());
        std::hint::black_box(add_chain(std::hint::black_box(iters)));
        let wall = t.elapsed().as_secs_f64();
        let secs = match (c, thread_cpu()) {
            (Some(a), Some(b)) if b > a => (b - a).as_secs_f64(),
            _ => {
                cpu_clock = false;
                wall
            }
        };
        if wall < 0.004 {
            iters *= 2;
            continue;
        }
        runs.push((iters * CHAIN) as f64 / secs);
    }
    runs.sort_by(f64::total_cmp);
    if cpu_clock {
        Some(runs[runs.len() / 2])
    } else {
        runs.last().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_are_sane() {
        let c = Calibration::measure(Duration::from_millis(60));
        if cfg!(any(target_arch = "x86_64", target_arch = "aarch64")) {
            let hz = c.counter_hz.expect("counter");
            assert!(hz > 1e6 && hz < 1e11, "{hz}");
            let eff = c.effective_hz.expect("effective clock");
            // Emulators and throttled VMs run slow; anything between 10 MHz
            // and 10 GHz is a plausible core.
            assert!(eff > 1e7 && eff < 1e10, "{eff}");
        }
        if cfg!(unix) {
            let a = thread_cpu().unwrap();
            let mut x = 0u64;
            let t = Instant::now();
            while t.elapsed() < Duration::from_millis(20) {
                x = std::hint::black_box(x + 1);
            }
            assert!(thread_cpu().unwrap() > a);
        }
    }
}
