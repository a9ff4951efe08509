//! The 64-bit feature masks of [`super`] shared between threads, on every
//! target.
//!
//! Where the target has 64-bit atomics (x86_64, aarch64, armv7, ...) a mask
//! is one `AtomicU64`. 32-bit MIPS (and other targets without them) keeps it
//! in two `AtomicU32` halves instead; no bit is dropped: features 32.. (the
//! aarch64 ones) and the `INIT` bit 63 live in the high half.
//!
//! Why two halves are enough for the two masks `cpu` keeps (the argument
//! the split form relies on; the writes go low half first, then high,
//! and the reads high half first, then low, all `SeqCst`):
//!
//! - `DETECTED` is only ever stored whole, always with the same value in a
//!   process (detection is a pure function of the CPU and OS), with `INIT`
//!   set in the high half. A reader that sees `INIT` in the high half then
//!   reads a low half stored before that high half (or an identical later
//!   one), so it gets the whole detected set; a reader that does not see
//!   `INIT` detects again and gets the same set.
//! - `REMOVED` only grows (`fetch_or`), half by half. A read is the high half
//!   at one moment and the low half at a later one: every removal whose high
//!   part it sees, it sees whole (that removal's low part came first), and of
//!   the removals still in flight it may see the low part only. Every
//!   removal is closed under `Feature::dependents` and no
//!   low feature has a dependent in the high half (checked at compile time
//!   in `cpu`), so the low part of a removal is closed too, and so is what
//!   a reader sees: a set that some sequence of `restrict` calls could have
//!   produced. Whatever it is, `effective()` stays a subset of `detected()`,
//!   so no backend can run on a CPU that lacks what it needs; a race with a
//!   concurrent `restrict` can only change which of the CPU's own features a
//!   choice made during that call uses, as with one 64-bit atomic.

#[cfg(target_has_atomic = "64")]
pub(super) use wide::AtomicBits;

#[cfg(not(target_has_atomic = "64"))]
pub(super) use split::AtomicBits;

#[cfg(target_has_atomic = "64")]
mod wide {
    use core::sync::atomic::{AtomicU64, Ordering};

    /// A 64-bit mask in one atomic.
    pub(in crate::cpu) struct AtomicBits(AtomicU64);

    impl AtomicBits {
        pub(in crate::cpu) const fn new() -> Self {
            AtomicBits(AtomicU64::new(0))
        }

        pub(in crate::cpu) fn load(&self) -> u64 {
            self.0.load(Ordering::SeqCst)
        }

        pub(in crate::cpu) fn store(&self, v: u64) {
            self.0.store(v, Ordering::SeqCst);
        }

        pub(in crate::cpu) fn fetch_or(&self, v: u64) {
            self.0.fetch_or(v, Ordering::SeqCst);
        }
    }
}

/// Compiled on 64-bit-atomic hosts too, for its tests.
#[cfg(any(test, not(target_has_atomic = "64")))]
mod split {
    use core::sync::atomic::{AtomicU32, Ordering};

    /// A 64-bit mask in two 32-bit atomics (low, high); see the module
    /// documentation for why that is consistent enough for `cpu`.
    pub(in crate::cpu) struct AtomicBits {
        lo: AtomicU32,
        hi: AtomicU32,
    }

    const fn halves(v: u64) -> (u32, u32) {
        (v as u32, (v >> 32) as u32)
    }

    impl AtomicBits {
        pub(in crate::cpu) const fn new() -> Self {
            AtomicBits {
                lo: AtomicU32::new(0),
                hi: AtomicU32::new(0),
            }
        }

        /// The high half first, then the low half.
        pub(in crate::cpu) fn load(&self) -> u64 {
            let hi = self.hi.load(Ordering::SeqCst);
            let lo = self.lo.load(Ordering::SeqCst);
            (u64::from(hi) << 32) | u64::from(lo)
        }

        /// The low half first, then the high half.
        pub(in crate::cpu) fn store(&self, v: u64) {
            let (lo, hi) = halves(v);
            self.lo.store(lo, Ordering::SeqCst);
            self.hi.store(hi, Ordering::SeqCst);
        }

        /// The low half first, then the high half.
        pub(in crate::cpu) fn fetch_or(&self, v: u64) {
            let (lo, hi) = halves(v);
            self.lo.fetch_or(lo, Ordering::SeqCst);
            self.hi.fetch_or(hi, Ordering::SeqCst);
        }
    }

    #[cfg(test)]
    mod tests {
        use super::AtomicBits;

        #[test]
        fn every_bit_survives() {
            for bit in 0..64 {
                let a = AtomicBits::new();
                a.store(1 << bit);
                assert_eq!(a.load(), 1 << bit, "bit {bit}");
                let b = AtomicBits::new();
                b.fetch_or(1 << bit);
                b.fetch_or(1);
                assert_eq!(b.load(), (1 << bit) | 1, "bit {bit}");
            }
            let a = AtomicBits::new();
            a.store(u64::MAX);
            assert_eq!(a.load(), u64::MAX);
        }
    }
}
