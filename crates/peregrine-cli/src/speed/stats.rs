//! Summary statistics of repeated measurements.

use serde::{Deserialize, Serialize};

/// The spread of a set of rates (one per timed repetition).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The median: the figure every table shows.
    pub median: f64,
    pub min: f64,
    pub max: f64,
    /// Coefficient of variation: the sample standard deviation over the
    /// mean (0 for one sample).
    pub cv: f64,
    /// How many repetitions.
    pub n: usize,
}

impl Summary {
    /// `None` for no samples, or when a sample is not a finite number
    /// (which a measurement never produces; a corrupt input file might).
    pub fn of(samples: &[f64]) -> Option<Summary> {
        if samples.is_empty() || samples.iter().any(|x| !x.is_finite()) {
            return None;
        }
        let mut v = samples.to_vec();
        v.sort_by(f64::total_cmp);
        let n = v.len();
        let median = if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        };
        let mean = v.iter().sum::<f64>() / n as f64;
        let cv = if n > 1 && mean != 0.0 {
            let var = v.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1) as f64;
            var.sqrt() / mean.abs()
        } else {
            0.0
        };
        Some(Summary {
            median,
            min: v[0],
            max: v[n - 1],
            cv,
            n,
        })
    }
}

/// Whether CPU time and wall time disagree by more than `tolerance`
/// (0.10: the machine was busy, or the thread slept).
pub fn disagree(wall: f64, cpu: f64, tolerance: f64) -> bool {
    wall > 0.0 && ((wall - cpu) / wall).abs() > tolerance
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_min_max_cv() {
        let s = Summary::of(&[3.0, 1.0, 2.0]).unwrap();
        assert_eq!((s.median, s.min, s.max, s.n), (2.0, 1.0, 3.0, 3));
        // mean 2, sample sd 1.
        assert!((s.cv - 0.5).abs() < 1e-12);
        let e = Summary::of(&[4.0, 1.0, 3.0, 2.0]).unwrap();
        assert_eq!(e.median, 2.5);
        let one = Summary::of(&[7.0]).unwrap();
        assert_eq!((one.median, one.cv), (7.0, 0.0));
        let same = Summary::of(&[5.0; 6]).unwrap();
        assert_eq!(same.cv, 0.0);
        assert!(Summary::of(&[]).is_none());
        assert!(Summary::of(&[1.0, f64::NAN]).is_none());
        assert!(Summary::of(&[1.0, f64::INFINITY]).is_none());
    }

    #[test]
    fn busy_flag() {
        assert!(!disagree(1.0, 0.95, 0.10));
        assert!(disagree(1.0, 0.85, 0.10));
        assert!(disagree(1.0, 1.2, 0.10));
        assert!(!disagree(0.0, 0.0, 0.10));
    }
}
