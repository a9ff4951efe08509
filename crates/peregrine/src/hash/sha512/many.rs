//! SHA-512 of many independent messages at once ([`hash_many`]).
//!
//! The `avx512` backend runs eight messages in the 64-bit lanes of zmm
//! registers (`x86_64_lanes.rs`); a lane whose message ends takes the next
//! one from the queue (longest first), and once the queue is empty and at
//! most [`HANDOFF_ZMM`] messages are left, they finish one after the other
//! on the best single-message backend. The other backends hash one message
//! after the other on the [`super::Impl`] of the same name. The results
//! equal one-at-a-time hashing for any mix of lengths.

use crate::Error;
use crate::hash::lanes::Batch;
#[cfg(target_arch = "x86_64")]
use crate::hash::lanes::run_lanes;

#[cfg(target_arch = "x86_64")]
use super::x86_64_lanes;
use super::{IV512, Impl as OneImpl, compress};

crate::cpu::backends! {
    primitive: "sha512-many", doc: "A backend for [`hash_many`].";
    /// Eight messages in the lanes of zmm registers (`vprorq`,
    /// `vpternlogq`); the last few one at a time on the best SHA-512
    /// backend.
    Avx512 = "avx512", "x86_64", [Avx512f, Avx512bw, Zmm];
    /// One message after the other on SHA-512's `avx512vl` backend.
    Avx512vl = "avx512vl", "x86_64", [Avx, Avx2, Bmi1, Bmi2, Avx512f, Avx512vl];
    /// One message after the other on SHA-512's `avx2` backend.
    Avx2 = "avx2", "x86_64", [Avx, Avx2, Bmi1, Bmi2];
    /// One message after the other on SHA-512's `armv8` backend.
    Armv8 = "armv8", "aarch64", [Neon, Sha512];
    /// One message after the other on SHA-512's `neon` backend (32-bit
    /// ARM).
    Neon = "neon", "arm-le", [Neon];
    /// One message after the other, portable.
    Soft = "soft", any, [];
}

/// The zmm lanes hand their last jobs to the single-message backend once
/// the queue is empty and at most this many are left. A step of the eight
/// lanes costs about as much as 1.7 blocks of the `avx2` kernel on the
/// development machine (a Sapphire Rapids Xeon), so only a lone last
/// message is better off alone.
pub const HANDOFF_ZMM: usize = 1;

/// The single-message backend a many-backend uses.
fn one_stream(imp: Checked) -> super::Checked {
    let name = match imp.0 {
        Impl::Avx512 => return OneImpl::best(),
        i => i.name(),
    };
    OneImpl::from_name(name)
        .and_then(|i| i.check())
        .unwrap_or_else(OneImpl::best)
}

/// SHA-512 of each message of `msgs` into the matching entry of `out`,
/// eight at a time in zmm lanes where the CPU has AVX-512 (see the
/// [module docs](self)). The results equal one-at-a-time hashing for any
/// mix of lengths.
///
/// # Errors
/// [`Error::InvalidLength`] when `out.len() != msgs.len()`.
pub fn hash_many(msgs: &[&[u8]], out: &mut [[u8; 64]]) -> Result<(), Error> {
    hash_many_with(Impl::best(), msgs, out)
}

/// [`hash_many`] on a chosen backend.
///
/// # Errors
/// [`Error::InvalidLength`] when `out.len() != msgs.len()`.
pub fn hash_many_with(imp: Checked, msgs: &[&[u8]], out: &mut [[u8; 64]]) -> Result<(), Error> {
    if msgs.len() != out.len() {
        return Err(Error::InvalidLength {
            what: "output list (must match the message count)",
            got: out.len(),
        });
    }
    let mut batch = Batch::new(IV512, 0, msgs, 128, 16);
    #[cfg(target_arch = "x86_64")]
    if imp.0 == Impl::Avx512 {
        // SAFETY: the `Checked` proves AVX-512F and AVX-512BW, the kernel's
        // `#[target_feature]` list.
        unsafe { run_lanes(x86_64_lanes::compress, HANDOFF_ZMM, 128, &mut batch) };
    }
    let one = one_stream(imp);
    batch.run_serial(|state, blocks| compress(one, state, blocks));
    for (o, job) in out.iter_mut().zip(&batch.jobs) {
        job.digest(o);
    }
    Ok(())
}
