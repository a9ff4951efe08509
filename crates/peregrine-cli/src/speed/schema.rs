//! The `speed --json` schema, version 1, which `speed compare` reads back.
//!
//! ```text
//! {
//!   "schema": "peregrine-speed", "version": 1,
//!   "header": {
//!     "peregrine", "target", "rustc", "profile", "opt_level": strings,
//!     "cpu_detected", "cpu_effective": [feature names],
//!     "peregrine_cpu": the PEREGRINE_CPU value or null,
//!     "clock": {"counter": "rdtsc" | "cntvct_el0" | "none",
//!               "counter_hz", "effective_hz": number or null},
//!     "options": {"seconds", "reps", "warmup_seconds", "threads", "misalign",
//!                 "cold", "decrypt", "aead", "quick", "time": "wall" | "cpu",
//!                 "seed"},
//!     "peer_notes": [strings]
//!   },
//!   "rows": [ one object per measurement:
//!     "algorithm": "sha256", "library": "peregrine" | "ring" | ...,
//!     "backend": "shani" (for a peer, the peer's label),
//!     "size": bytes per message, or null for a public-key operation,
//!     "operation": null for a throughput row; for a public-key row
//!                  "sign" | "verify" | "encrypt" | "decrypt" (rsa2048 ...),
//!                  "derive" (ecdhx25519: one shared secret),
//!                  "sign" | "verify" (ed25519),
//!                  "keygen" (rsa2048-keygen, x25519-keygen, ed25519-keygen),
//!     "direction": "encrypt" | "decrypt" | null,
//!     "messages_per_call": 1 (16 for sha256-many, 8 for sha256-many8),
//!     "thread": 1-based thread number with --multi, null for a single
//!               thread or the sum row, "threads": threads summed in this row,
//!     "status": "ok" | "skipped" | "failed" | "n/a", "reason": string or null,
//!     "unit": "bytes_per_second" | "ops_per_second",
//!     "rate": {"median", "min", "max", "cv", "n"} or null (not ok),
//!     "samples": [one rate per repetition],
//!     "iterations", "wall_seconds", "cpu_seconds" (null where unknown),
//!     "busy": CPU and wall time differ by more than 10%,
//!     "cycles_per_unit": estimated cycles per byte (or per operation) or null,
//!     "ratio": {"against": "soft" | "peregrine [vaes]", "value": this
//!               row's median over that row's} or null
//!   ]
//! }
//! ```
//!
//! Readers should accept unknown fields; a change that removes or
//! redefines a field bumps `version`.

use serde::{Deserialize, Serialize};

use super::clock::Calibration;
use super::stats::Summary;

pub const SCHEMA: &str = "peregrine-speed";
pub const VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub schema: String,
    pub version: u32,
    pub header: Header,
    pub rows: Vec<Row>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Header {
    pub peregrine: String,
    pub target: String,
    pub rustc: String,
    pub profile: String,
    pub opt_level: String,
    pub cpu_detected: Vec<String>,
    pub cpu_effective: Vec<String>,
    pub peregrine_cpu: Option<String>,
    pub clock: Calibration,
    pub options: RunOptions,
    pub peer_notes: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunOptions {
    pub seconds: f64,
    pub reps: usize,
    pub warmup_seconds: f64,
    pub threads: usize,
    pub misalign: usize,
    pub cold: bool,
    pub decrypt: bool,
    pub aead: bool,
    pub quick: bool,
    /// "wall" or "cpu": the clock the rates use.
    pub time: String,
    pub seed: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Ok,
    /// The backend or peer could not run this (a thread that could not set
    /// up, or an unsupported operation on one thread).
    Skipped,
    /// It panicked.
    Failed,
    /// The peer does not have this algorithm or operation.
    #[serde(rename = "n/a")]
    NotAvailable,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ratio {
    pub against: String,
    pub value: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Row {
    pub algorithm: String,
    pub library: String,
    pub backend: String,
    pub size: Option<usize>,
    pub operation: Option<String>,
    pub direction: Option<String>,
    pub messages_per_call: usize,
    pub thread: Option<usize>,
    pub threads: usize,
    pub status: Status,
    pub reason: Option<String>,
    pub unit: String,
    pub rate: Option<Summary>,
    pub samples: Vec<f64>,
    pub iterations: u64,
    pub wall_seconds: f64,
    pub cpu_seconds: Option<f64>,
    pub busy: bool,
    pub cycles_per_unit: Option<f64>,
    pub ratio: Option<Ratio>,
}

/// The identity of a measurement ([`Row::key`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Key {
    pub algorithm: String,
    pub library: String,
    pub backend: String,
    pub size: Option<usize>,
    pub operation: Option<String>,
    pub direction: Option<String>,
    pub thread: Option<usize>,
}

impl Row {
    /// "sha256 [shani]", the label the text tables use.
    pub fn label(&self) -> String {
        format!(
            "{} [{}]{}",
            self.algorithm,
            self.backend,
            self.thread_suffix()
        )
    }

    /// " #2" for a thread's row, " x4" for the sum of four, or nothing.
    pub fn thread_suffix(&self) -> String {
        match self.thread {
            Some(t) => format!(" #{t}"),
            None if self.threads > 1 => format!(" x{}", self.threads),
            None => String::new(),
        }
    }

    /// What identifies the measurement across two runs.
    pub fn key(&self) -> Key {
        Key {
            algorithm: self.algorithm.clone(),
            library: self.library.clone(),
            backend: self.backend.clone(),
            size: self.size,
            operation: self.operation.clone(),
            direction: self.direction.clone(),
            thread: self.thread,
        }
    }

    pub fn median(&self) -> Option<f64> {
        self.rate.map(|r| r.median)
    }
}

impl Report {
    /// Parses and checks a report (`speed compare`'s input).
    pub fn from_json(text: &str) -> Result<Report, String> {
        let r: Report =
            serde_json::from_str(text).map_err(|e| format!("not a speed --json report: {e}"))?;
        if r.schema != SCHEMA {
            return Err(format!("schema is '{}', not '{SCHEMA}'", r.schema));
        }
        if r.version != VERSION {
            return Err(format!(
                "schema version {} (this build reads version {VERSION})",
                r.version
            ));
        }
        Ok(r)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn row(
        alg: &str,
        lib: &str,
        backend: &str,
        size: Option<usize>,
        op: Option<&str>,
        median: f64,
    ) -> Row {
        let samples = vec![median * 0.98, median, median * 1.01];
        Row {
            algorithm: alg.into(),
            library: lib.into(),
            backend: backend.into(),
            size,
            operation: op.map(Into::into),
            direction: None,
            messages_per_call: 1,
            thread: None,
            threads: 1,
            status: Status::Ok,
            reason: None,
            unit: if op.is_some() {
                "ops_per_second"
            } else {
                "bytes_per_second"
            }
            .into(),
            rate: Summary::of(&samples),
            samples,
            iterations: 1000,
            wall_seconds: 0.6,
            cpu_seconds: Some(0.59),
            busy: false,
            cycles_per_unit: Some(2.5e9 / median),
            ratio: None,
        }
    }

    /// A small report with Peregrine backends, a peer with `n/a`, and RSA.
    pub(crate) fn sample_report() -> Report {
        let mut rows = Vec::new();
        for (size, k) in [(16usize, 1.0), (64, 2.5)] {
            rows.push(row(
                "sha256",
                "peregrine",
                "shani",
                Some(size),
                None,
                4e8 * k,
            ));
            let mut soft = row("sha256", "peregrine", "soft", Some(size), None, 1e8 * k);
            soft.busy = size == 64;
            rows.push(soft);
            let mut ring = row("sha256", "ring", "ring", Some(size), None, 3e8 * k);
            ring.ratio = Some(Ratio {
                against: "peregrine [shani]".into(),
                value: 0.75,
            });
            rows.push(ring);
            let mut na = row("sha256", "graviola", "graviola", Some(size), None, 0.0);
            na.status = Status::NotAvailable;
            na.rate = None;
            na.samples.clear();
            na.cycles_per_unit = None;
            na.reason = Some("graviola has no sha256, here".into());
            rows.push(na);
        }
        rows[0].ratio = Some(Ratio {
            against: "soft".into(),
            value: 4.0,
        });
        rows[4].ratio = rows[0].ratio.clone();
        for op in ["sign", "verify"] {
            rows.push(row("rsa2048", "peregrine", "adx", None, Some(op), 1000.0));
        }
        rows.push(row(
            "ecdhx25519",
            "peregrine",
            "adx",
            None,
            Some("derive"),
            25000.0,
        ));
        for (op, rate) in [("sign", 60000.0), ("verify", 20000.0)] {
            rows.push(row("ed25519", "peregrine", "adx", None, Some(op), rate));
        }
        rows.push(row(
            "x25519-keygen",
            "peregrine",
            "adx",
            None,
            Some("keygen"),
            70000.0,
        ));
        Report {
            schema: SCHEMA.into(),
            version: VERSION,
            header: Header {
                peregrine: "0.1.0".into(),
                target: "x86_64-unknown-linux-gnu".into(),
                rustc: "rustc 1.95.0".into(),
                profile: "release".into(),
                opt_level: "3".into(),
                cpu_detected: vec!["sse2".into(), "avx2".into()],
                cpu_effective: vec!["sse2".into()],
                peregrine_cpu: Some("-avx2".into()),
                clock: Calibration {
                    counter: "rdtsc".into(),
                    counter_hz: Some(2.3e9),
                    effective_hz: Some(2.5e9),
                },
                options: RunOptions {
                    seconds: 1.0,
                    reps: 3,
                    warmup_seconds: 0.1,
                    threads: 1,
                    misalign: 0,
                    cold: false,
                    decrypt: false,
                    aead: false,
                    quick: false,
                    time: "wall".into(),
                    seed: 42,
                },
                peer_notes: vec!["ring: 0.17".into()],
            },
            rows,
        }
    }

    #[test]
    fn json_round_trip() {
        let rep = sample_report();
        let text = serde_json::to_string_pretty(&rep).unwrap();
        let back = Report::from_json(&text).unwrap();
        assert_eq!(back, rep);
        // The documented field names are there.
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["schema"], "peregrine-speed");
        assert_eq!(v["version"], 1);
        for f in [
            "algorithm",
            "library",
            "backend",
            "size",
            "operation",
            "status",
            "unit",
            "rate",
            "samples",
            "busy",
            "cycles_per_unit",
            "ratio",
        ] {
            assert!(v["rows"][0].get(f).is_some(), "{f}");
        }
        assert_eq!(v["rows"][3]["status"], "n/a");
        assert_eq!(v["rows"][0]["rate"]["median"], 4e8);
        // Every operation name is one the schema documents.
        let documented = ["sign", "verify", "encrypt", "decrypt", "derive", "keygen"];
        let rows = v["rows"].as_array().unwrap();
        assert!(rows.iter().any(|r| r["operation"] == "derive"));
        for r in rows {
            if let Some(op) = r["operation"].as_str() {
                assert!(documented.contains(&op), "{op}");
                assert_eq!(r["unit"], "ops_per_second");
                assert!(r["size"].is_null());
            }
        }
        // ... in the module documentation above (the text before the code).
        let doc = include_str!("schema.rs").split("\nuse ").next().unwrap();
        for op in documented {
            assert!(doc.contains(&format!("\"{op}\"")), "{op} documented");
        }
    }

    #[test]
    fn rejects_other_documents() {
        assert!(
            Report::from_json("{}")
                .unwrap_err()
                .contains("not a speed --json report")
        );
        let mut rep = sample_report();
        rep.version = 99;
        let e = Report::from_json(&serde_json::to_string(&rep).unwrap()).unwrap_err();
        assert!(e.contains("version 99"), "{e}");
        rep.version = VERSION;
        rep.schema = "other".into();
        let e = Report::from_json(&serde_json::to_string(&rep).unwrap()).unwrap_err();
        assert!(e.contains("schema"), "{e}");
    }
}
