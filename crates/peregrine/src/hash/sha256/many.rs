//! Several independent SHA-256 (and HMAC-SHA256) computations at once.
//!
//! Two ways to run many messages, chosen by the backend ([`Impl`]):
//!
//! - **Lanes** (`avx512`: 16 messages in zmm; `avx512vl`, `avx2`: 8 in ymm):
//!   one message per 32-bit vector lane, every lane advancing by the same
//!   round at once (`x86_64_lanes.rs`). A lane whose message ends takes the
//!   next one from the queue (longest first), so a mix of lengths keeps the
//!   lanes full; a lane with nothing left hashes zeros that nobody reads.
//!   A vector step costs the same however many lanes are busy, so when the
//!   queue is empty and few messages are left, they move to a narrower
//!   backend (zmm to 8 ymm lanes below [`HANDOFF_ZMM`] jobs, ymm lanes to
//!   interleaved SHA-NI or ARMv8, when the CPU has them, below
//!   [`HANDOFF_YMM`] or [`HANDOFF_AVX2`]); a batch that small never
//!   enters the wide lanes.
//! - **Interleaved streams** (`shani`, `armv8`): one SHA-256 stream on
//!   these instructions is bound by the latency of its round instructions;
//!   up to two streams interleaved keep the unit busy. Messages are sorted by length and grouped, so grouped
//!   messages share as many blocks as possible; a group walks all its
//!   block sequences together, dropping each message from the interleave
//!   when it runs out of blocks.
//!
//! Either way each message is seen as its whole blocks followed by one or
//! two padded tail blocks, and the results equal one-at-a-time hashing.

use crate::Error;
use crate::ct::wipe;
use crate::hash::lanes::Batch;
#[cfg(target_arch = "x86_64")]
use crate::hash::lanes::run_lanes;

#[cfg(target_arch = "x86_64")]
use super::x86_64_lanes;
use super::{Checked as OneChecked, IV256, Impl as OneImpl, MAX_LANES, compress, compress_multi};

crate::cpu::backends! {
    primitive: "sha256-many", doc: "A backend for [`hash_many`] and [`hmac_many`].";
    /// Sixteen messages in the lanes of zmm registers (`vprord`,
    /// `vpternlogd`); the last few on 8 ymm lanes, then on SHA-NI when the
    /// CPU has it.
    Avx512 = "avx512", "x86_64", [Avx2, Avx512f, Avx512bw, Avx512vl, Zmm];
    /// Eight messages in ymm registers with EVEX encodings, for CPUs where
    /// zmm lowers the clock; the last few on SHA-NI when there.
    Avx512vl = "avx512vl", "x86_64", [Avx2, Avx512f, Avx512vl];
    /// Up to two SHA-NI streams interleaved.
    Shani = "shani", "x86_64", [Sse2, Ssse3, Sse41, Shani];
    /// Eight messages in ymm registers (AVX2); the last few on SHA-NI when
    /// there.
    Avx2 = "avx2", "x86_64", [Avx2];
    /// Up to two ARMv8 SHA-256 streams interleaved.
    Armv8 = "armv8", "aarch64", [Neon, Sha2];
    /// Portable Rust, one message after the other.
    Soft = "soft", any, [];
}

/// The zmm kernel hands its jobs to the 8-lane EVEX ymm kernel once the
/// queue is empty and at most this many are left: a zmm step costs about
/// 960 cycles on the development machine (a Sapphire Rapids Xeon, 0.94
/// cycles per byte with all 16 lanes busy), a ymm step about 720 (1.41).
pub const HANDOFF_ZMM: usize = 8;
/// The ymm EVEX kernel hands its last jobs to SHA-NI (or ARMv8) once the
/// queue is empty and at most this many are left: SHA-NI costs about 131
/// cycles per block there (2.05 cycles per byte), so five blocks cost less
/// than one ymm step.
pub const HANDOFF_YMM: usize = 5;
/// The AVX2 kernel's handoff to SHA-NI: a step costs about 1330 cycles on
/// the development machine (2.6 cycles per byte with all 8 lanes busy),
/// more than 8 SHA-NI blocks, so there every message goes to SHA-NI once
/// the queue is empty. CPUs with AVX2 but no SHA-NI (Haswell to Skylake)
/// run everything in the lanes.
pub const HANDOFF_AVX2: usize = 8;

/// Runs the jobs `sel` (at most [`MAX_LANES`]) to completion, interleaving
/// those that still have blocks.
fn run_group(imp: OneChecked, batch: &mut Batch<'_, u32>, sel: &[usize]) {
    debug_assert!(sel.len() <= MAX_LANES);
    let mut states = [[0u32; 8]; MAX_LANES];
    let mut active = [0usize; MAX_LANES];
    loop {
        let mut k = 0;
        for &i in sel {
            if batch.has_blocks(i) {
                active[k] = i;
                k += 1;
            }
        }
        if k == 0 {
            break;
        }
        // Interleave as many blocks as every active job has contiguously.
        let mut blocks: [&[u8]; MAX_LANES] = [&[]; MAX_LANES];
        let n = active[..k]
            .iter()
            .map(|&i| batch.rest(i).len())
            .min()
            .unwrap_or(0);
        for (slot, &i) in active[..k].iter().enumerate() {
            blocks[slot] = &batch.rest(i)[..n];
            states[slot] = batch.jobs[i].state;
        }
        compress_multi(imp, &mut states[..k], &blocks[..k]);
        for (slot, &i) in active[..k].iter().enumerate() {
            batch.jobs[i].state = states[slot];
            batch.pos[i].1 += n;
        }
    }
    for s in &mut states {
        wipe(s);
    }
}

/// Every job of the queue on the interleaved backend, in groups of
/// [`MAX_LANES`].
fn run_interleaved(imp: OneChecked, batch: &mut Batch<'_, u32>) {
    while !batch.todo.is_empty() {
        let k = batch.todo.len().min(MAX_LANES);
        let mut sel = [0usize; MAX_LANES];
        for (slot, i) in batch.todo.drain(batch.todo.len() - k..).enumerate() {
            sel[slot] = i;
        }
        run_group(imp, batch, &sel[..k]);
    }
}

/// The one-stream backend a many-backend uses: itself for the interleaved
/// ones, SHA-NI or ARMv8 (when the CPU has them) for the lane ones.
fn one_stream(imp: Checked) -> Option<OneChecked> {
    match imp.0 {
        Impl::Shani => OneImpl::Shani.check(),
        Impl::Armv8 => OneImpl::Armv8.check(),
        Impl::Soft => OneImpl::Soft.check(),
        _ => [OneImpl::Shani, OneImpl::Armv8]
            .iter()
            .find_map(|i| i.check()),
    }
}

/// The core: every message from `iv` after `prefix` bytes; `out[i]`
/// gets message `i`'s digest.
fn many(imp: Checked, iv: [u32; 8], prefix: u64, msgs: &[&[u8]], out: &mut [[u8; 32]]) {
    let mut batch = Batch::new(iv, prefix.into(), msgs, 64, 8);
    // The one-stream backend that finishes a lane backend's last few
    // messages (none when only `soft` could take them: one busy vector
    // lane is still faster than it), or runs the interleaved backends.
    let one = one_stream(imp);
    #[cfg(target_arch = "x86_64")]
    {
        let to_one = |h: usize| if one.is_some() { h } else { 0 };
        match imp.0 {
            // SAFETY: the `Checked` proves the CPU features the kernels'
            // `#[target_feature]` lists need (`Avx512` needs AVX-512VL and
            // AVX2 as well, for its narrower second stage).
            Impl::Avx512 => unsafe {
                run_lanes(x86_64_lanes::z::compress, HANDOFF_ZMM, 64, &mut batch);
                run_lanes(
                    x86_64_lanes::yvl::compress,
                    to_one(HANDOFF_YMM),
                    64,
                    &mut batch,
                );
            },
            // SAFETY: as above.
            Impl::Avx512vl => unsafe {
                run_lanes(
                    x86_64_lanes::yvl::compress,
                    to_one(HANDOFF_YMM),
                    64,
                    &mut batch,
                );
            },
            // SAFETY: as above.
            Impl::Avx2 => unsafe {
                run_lanes(
                    x86_64_lanes::y::compress,
                    to_one(HANDOFF_AVX2),
                    64,
                    &mut batch,
                );
            },
            _ => {}
        }
    }
    run_interleaved(one.unwrap_or_else(OneImpl::best), &mut batch);
    for (o, job) in out.iter_mut().zip(&batch.jobs) {
        job.digest(o);
    }
}

fn check_lengths(msgs: usize, out: usize) -> Result<(), Error> {
    if msgs == out {
        Ok(())
    } else {
        Err(Error::InvalidLength {
            what: "output list (must match the message count)",
            got: out,
        })
    }
}

/// SHA-256 of each message of `msgs` into the matching entry of `out`,
/// several at a time (16 in zmm lanes, 8 in ymm lanes, or two SHA-NI or
/// ARMv8 streams interleaved: see the [module docs](self)). The results
/// equal one-at-a-time hashing for any mix of lengths.
///
/// # Errors
/// [`Error::InvalidLength`] when `out.len() != msgs.len()`.
pub fn hash_many(msgs: &[&[u8]], out: &mut [[u8; 32]]) -> Result<(), Error> {
    hash_many_with(Impl::best(), msgs, out)
}

/// [`hash_many`] on a chosen backend.
///
/// # Errors
/// [`Error::InvalidLength`] when `out.len() != msgs.len()`.
pub fn hash_many_with(imp: Checked, msgs: &[&[u8]], out: &mut [[u8; 32]]) -> Result<(), Error> {
    check_lengths(msgs.len(), out.len())?;
    many(imp, IV256, 0, msgs, out);
    Ok(())
}

/// HMAC-SHA256 under one `key` of each message of `msgs` into the matching
/// entry of `out`, several at a time; equal to [`crate::mac::hmac::hmac`]
/// one message at a time.
///
/// # Errors
/// [`Error::InvalidLength`] when `out.len() != msgs.len()`.
pub fn hmac_many(key: &[u8], msgs: &[&[u8]], out: &mut [[u8; 32]]) -> Result<(), Error> {
    hmac_many_with(Impl::best(), key, msgs, out)
}

/// [`hmac_many`] on a chosen backend.
///
/// # Errors
/// [`Error::InvalidLength`] when `out.len() != msgs.len()`.
pub fn hmac_many_with(
    imp: Checked,
    key: &[u8],
    msgs: &[&[u8]],
    out: &mut [[u8; 32]],
) -> Result<(), Error> {
    check_lengths(msgs.len(), out.len())?;
    let mut block = [0u8; 64];
    if key.len() > 64 {
        let mut d = [[0u8; 32]];
        many(imp, IV256, 0, &[key], &mut d);
        block[..32].copy_from_slice(&d[0]);
        wipe(&mut d[0]);
    } else {
        block[..key.len()].copy_from_slice(key);
    }
    let (mut inner, mut outer) = (IV256, IV256);
    let single = one_stream(imp).unwrap_or_else(OneImpl::best);
    block.iter_mut().for_each(|b| *b ^= 0x36);
    compress(single, &mut inner, &block);
    block.iter_mut().for_each(|b| *b ^= 0x36 ^ 0x5c);
    compress(single, &mut outer, &block);
    wipe(&mut block);

    many(imp, inner, 64, msgs, out);
    // The outer hashes: one 32-byte message each, after the opad block.
    let inner_digests: alloc::vec::Vec<[u8; 32]> = out.to_vec();
    let refs: alloc::vec::Vec<&[u8]> = inner_digests.iter().map(|d| &d[..]).collect();
    many(imp, outer, 64, &refs, out);
    drop(refs);
    let mut inner_digests = inner_digests;
    for d in inner_digests.iter_mut() {
        wipe(d);
    }
    wipe(&mut inner);
    wipe(&mut outer);
    Ok(())
}
