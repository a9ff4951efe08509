//! Several independent SHA-256 (and HMAC-SHA256) computations at once.
//!
//! One SHA-256 stream on SHA-NI or ARMv8 is bound by the latency of its
//! round instructions; up to [`MAX_LANES`] streams interleaved by
//! [`compress_multi`] keep the unit busy. Messages are sorted by length and
//! grouped, so grouped messages share as many blocks as possible; each
//! message is seen as its whole blocks followed by one or two padded tail
//! blocks, and a group walks all its block sequences together, dropping
//! each message from the interleave when it runs out of blocks.

use crate::Error;
use crate::ct::wipe;

use super::{Checked, IV256, Impl, MAX_LANES, compress, compress_multi};

/// One message in flight: its state, its whole blocks, and its padded tail.
struct Job<'a> {
    state: [u32; 8],
    body: &'a [u8],
    tail: [u8; 128],
    tail_len: usize,
}

impl<'a> Job<'a> {
    /// A job continuing from `state` after `prefix` bytes (a multiple of 64)
    /// were absorbed, over `data`, padded for a total of `prefix + len`.
    fn new(state: [u32; 8], prefix: u64, data: &'a [u8]) -> Self {
        let whole = data.len() & !63;
        let rest = &data[whole..];
        let mut tail = [0u8; 128];
        tail[..rest.len()].copy_from_slice(rest);
        tail[rest.len()] = 0x80;
        let tail_len = if rest.len() < 56 { 64 } else { 128 };
        let bits = prefix.wrapping_add(data.len() as u64).wrapping_mul(8);
        tail[tail_len - 8..tail_len].copy_from_slice(&bits.to_be_bytes());
        Job {
            state,
            body: &data[..whole],
            tail,
            tail_len,
        }
    }

    /// A job with no blocks left (pads a short group).
    fn finished() -> Self {
        Job {
            state: [0; 8],
            body: &[],
            tail: [0; 128],
            tail_len: 0,
        }
    }

    fn segments(&self) -> [&[u8]; 2] {
        [self.body, &self.tail[..self.tail_len]]
    }

    fn digest(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        for (o, w) in out.chunks_exact_mut(4).zip(self.state) {
            o.copy_from_slice(&w.to_be_bytes());
        }
        out
    }
}

impl Drop for Job<'_> {
    fn drop(&mut self) {
        wipe(&mut self.state);
        wipe(&mut self.tail);
    }
}

/// Runs up to [`MAX_LANES`] jobs to completion, interleaving those that
/// still have blocks.
fn run_group(imp: Checked, jobs: &mut [Job<'_>]) {
    debug_assert!(jobs.len() <= MAX_LANES);
    // (segment, offset) of each job; segment 2 means done.
    let mut pos = [(0usize, 0usize); MAX_LANES];
    let mut states = [[0u32; 8]; MAX_LANES];
    let mut active = [0usize; MAX_LANES];
    loop {
        // Skip empty segments, then gather the jobs that have blocks left.
        let mut k = 0;
        for (i, job) in jobs.iter().enumerate() {
            let segs = job.segments();
            while pos[i].0 < 2 && pos[i].1 == segs[pos[i].0].len() {
                pos[i] = (pos[i].0 + 1, 0);
            }
            if pos[i].0 < 2 {
                active[k] = i;
                k += 1;
            }
        }
        if k == 0 {
            break;
        }
        // Interleave as many blocks as every active job has contiguously.
        let mut blocks: [&[u8]; MAX_LANES] = [&[]; MAX_LANES];
        let mut n = usize::MAX;
        for (slot, &i) in active[..k].iter().enumerate() {
            let (seg, off) = pos[i];
            let rest = &jobs[i].segments()[seg][off..];
            n = n.min(rest.len());
            blocks[slot] = rest;
            states[slot] = jobs[i].state;
        }
        for b in &mut blocks[..k] {
            *b = &b[..n];
        }
        compress_multi(imp, &mut states[..k], &blocks[..k]);
        for (slot, &i) in active[..k].iter().enumerate() {
            jobs[i].state = states[slot];
            pos[i].1 += n;
        }
    }
    for s in &mut states {
        wipe(s);
    }
}

/// The core: every message from `state` after `prefix` bytes; `out[i]`
/// gets message `i`'s digest.
fn many(imp: Checked, state: [u32; 8], prefix: u64, msgs: &[&[u8]], out: &mut [[u8; 32]]) {
    // Group by length so grouped messages share the most blocks.
    let mut order: alloc::vec::Vec<usize> = (0..msgs.len()).collect();
    order.sort_unstable_by_key(|&i| core::cmp::Reverse(msgs[i].len()));
    for group in order.chunks(MAX_LANES) {
        // On the stack; a short last group is padded with finished jobs.
        let mut jobs: [Job<'_>; MAX_LANES] = core::array::from_fn(|slot| match group.get(slot) {
            Some(&i) => Job::new(state, prefix, msgs[i]),
            None => Job::finished(),
        });
        run_group(imp, &mut jobs);
        for (job, &i) in jobs.iter().zip(group) {
            out[i] = job.digest();
        }
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
/// several at a time (up to four streams interleaved on SHA-NI and ARMv8). The
/// results equal one-at-a-time hashing for any mix of lengths.
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
    block.iter_mut().for_each(|b| *b ^= 0x36);
    compress(imp, &mut inner, &block);
    block.iter_mut().for_each(|b| *b ^= 0x36 ^ 0x5c);
    compress(imp, &mut outer, &block);
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
