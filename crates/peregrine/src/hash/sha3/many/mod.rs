//! Several independent SHAKE128, SHAKE256 or SHA3-256 computations at once:
//! Keccak-f\[1600\] on 8 states in zmm registers or 4 in ymm registers, one
//! 64-bit lane of every vector per state.
//!
//! Backends, best first:
//!
//! | [`Impl`] | file | states per permutation | needs |
//! |---|---|---|---|
//! | `Avx512` | `x86_64_avx512.rs` | 8 (zmm) | AVX-512F, fast zmm |
//! | `Avx512vl` | `x86_64_avx512.rs` | 4 (ymm, EVEX) | AVX-512F and VL |
//! | `Avx2` | `x86_64_avx2.rs` | 4 (ymm) | AVX2 |
//! | `Armv8` | `super::aarch64_sha3` (`keccak_x2`) | 2 (one per 64-bit lane of each NEON register) | ARMv8.2 SHA-3 instructions |
//! | `Soft` | `super::soft` | 1 (one message at a time) | nothing |
//!
//! The vector backends keep state `j` in lane `j` of 25 vectors (vector `i`
//! holds lane `i` of every state), so a round is the scalar round with each
//! 64-bit operation applied to whole vectors. Messages are scheduled onto
//! the lanes longest first (by the number of permutations they need,
//! absorbing and squeezing); a lane whose message is done (absorbed,
//! padded and squeezed to its output's length) takes the next message, its
//! lane zeroed, and when none is left it idles (its lane is permuted but
//! never read). Every message's result equals the one-at-a-time sponge.
//!
//! The functions without a backend argument ([`super::shake128_many`] ...)
//! use the best vector backend, and when the CPU has none, hash one
//! message at a time on the best single-state backend ([`super::Impl`]),
//! which is faster than the portable permutation (BMI2 on x86_64 without
//! AVX2).

use alloc::vec::Vec;

use crate::Error;
use crate::ct::wipe;
use crate::hash::sha3::{self as single, SHA3_PAD, SHAKE_PAD};

#[cfg(target_arch = "x86_64")]
mod x86_64_avx2;
#[cfg(target_arch = "x86_64")]
mod x86_64_avx512;

crate::cpu::backends! {
    primitive: "sha3-many", doc: "A multi-state Keccak-f\\[1600\\] backend.";
    /// Eight states in zmm registers: `vprolq` for ρ and θ's rotations,
    /// `vpternlogq` for χ and the column parities.
    Avx512 = "avx512", "x86_64", [Avx512f, Zmm];
    /// The same kernel on four states in ymm registers (EVEX), for CPUs
    /// where zmm lowers the clock (no `zmm`).
    Avx512vl = "avx512vl", "x86_64", [Avx512f, Avx512vl];
    /// Four states in ymm registers: rotations by two shifts and an OR, χ
    /// by `vpandn`.
    Avx2 = "avx2", "x86_64", [Avx, Avx2];
    /// Two states on the ARMv8.2 SHA-3 instructions (`eor3`, `rax1`,
    /// `xar`, `bcax`), one per 64-bit lane: the single-state kernel leaves
    /// lane 1 idle, so the second state is free.
    Armv8 = "armv8", "aarch64", [Neon, Sha3];
    /// One message at a time on the portable permutation.
    Soft = "soft", any, [];
}

/// One output plane of a round: the five B lanes read from `$s` (input
/// lane index and rotation each), θ's `$d` applied (`theta`), χ into
/// `$e[$o..$o + 5]`.
#[cfg(target_arch = "x86_64")]
macro_rules! plane {
    ($s:ident, $d:ident, $e:ident, $o:literal: $($i:literal $r:literal),*) => {{
        let [b0, b1, b2, b3, b4] = [$(rol::<$r>(theta($s[$i], $d[$i % 5]))),*];
        $e[$o] = chi(b0, b1, b2);
        $e[$o + 1] = chi(b1, b2, b3);
        $e[$o + 2] = chi(b2, b3, b4);
        $e[$o + 3] = chi(b3, b4, b0);
        $e[$o + 4] = chi(b4, b0, b1);
    }};
}
#[cfg(target_arch = "x86_64")]
pub(super) use plane;

/// The round body over 25 vectors, written once for every width. The
/// expanding module defines `V`, `D` (θ's D\[x\], whole or as its two
/// terms) and the primitives `xor`, `xor5`, `rol` (a const-generic rotation
/// left), `delta` (D from its two terms), `theta` (a lane XOR D), `chi`
/// (`a ^ (!b & c)`) and `splat`;
/// `$feat` is its `target_feature` list. Plane `y` of the output reads
/// B\[x\]\[y\] = rol(A\[x + 3y\]\[x\] ^ D\[x + 3y\], r\[x + 3y\]\[x\]) (index
/// x + 5y), as the scalar backends do.
#[cfg(target_arch = "x86_64")]
macro_rules! keccak_rounds {
    ($feat:literal) => {
        /// The 24 rounds on the 25 lane vectors.
        #[inline]
        #[target_feature(enable = $feat)]
        fn rounds(a: &mut [V; 25]) {
            let mut s = *a;
            for &rc in crate::hash::sha3::RC.iter() {
                let c0 = xor5(s[0], s[5], s[10], s[15], s[20]);
                let c1 = xor5(s[1], s[6], s[11], s[16], s[21]);
                let c2 = xor5(s[2], s[7], s[12], s[17], s[22]);
                let c3 = xor5(s[3], s[8], s[13], s[18], s[23]);
                let c4 = xor5(s[4], s[9], s[14], s[19], s[24]);
                // θ's D[x] = C[x - 1] ^ rol(C[x + 1], 1), in the form the
                // backend's `theta` takes (see its `D`).
                let d = [
                    delta(c4, rol::<1>(c1)),
                    delta(c0, rol::<1>(c2)),
                    delta(c1, rol::<1>(c3)),
                    delta(c2, rol::<1>(c4)),
                    delta(c3, rol::<1>(c0)),
                ];
                let mut e = s;
                plane!(s, d, e, 0: 0 0, 6 44, 12 43, 18 21, 24 14);
                plane!(s, d, e, 5: 3 28, 9 20, 10 3, 16 45, 22 61);
                plane!(s, d, e, 10: 1 1, 7 6, 13 25, 19 8, 20 18);
                plane!(s, d, e, 15: 4 27, 5 36, 11 10, 17 15, 23 56);
                plane!(s, d, e, 20: 2 62, 8 55, 14 39, 15 41, 21 2);
                e[0] = xor(e[0], splat(rc));
                s = e;
            }
            *a = s;
        }
    };
}
#[cfg(target_arch = "x86_64")]
pub(super) use keccak_rounds;

/// The portable permutation on each of the `N` states of `s`, one at a
/// time (the fallback of every `permute` below).
fn soft_each<const N: usize>(s: &mut [[u64; N]; 25]) {
    for j in 0..N {
        let mut one: [u64; 25] = core::array::from_fn(|i| s[i][j]);
        super::soft_keccak_f1600(&mut one);
        for (row, l) in s.iter_mut().zip(one) {
            row[j] = l;
        }
        wipe(&mut one);
    }
}

/// Keccak-f\[1600\] on the states of `s` (row `i`: lane `i` of each state).
#[inline]
fn permute8(imp: Checked, s: &mut [[u64; 8]; 25]) {
    match imp.0 {
        // SAFETY: a `Checked` exists only when `Impl::check` saw the CPU
        // features the backend's `#[target_feature]` list needs (AVX-512F
        // here), on the architecture it is compiled for.
        #[cfg(target_arch = "x86_64")]
        Impl::Avx512 => unsafe { x86_64_avx512::keccak_x8(s) },
        _ => soft_each(s),
    }
}

/// Keccak-f\[1600\] on four states (row `i`: lane `i` of each state).
#[inline]
fn permute4(imp: Checked, s: &mut [[u64; 4]; 25]) {
    match imp.0 {
        // SAFETY: as in `permute8` (AVX-512F and VL).
        #[cfg(target_arch = "x86_64")]
        Impl::Avx512vl => unsafe { x86_64_avx512::keccak_x4(s) },
        // SAFETY: as in `permute8` (AVX and AVX2).
        #[cfg(target_arch = "x86_64")]
        Impl::Avx2 => unsafe { x86_64_avx2::keccak_x4(s) },
        _ => soft_each(s),
    }
}

/// Keccak-f\[1600\] on two states (row `i`: lane `i` of each state).
#[inline]
fn permute2(imp: Checked, s: &mut [[u64; 2]; 25]) {
    match imp.0 {
        // SAFETY: as in `permute8` (NEON and the SHA-3 instructions).
        #[cfg(target_arch = "aarch64")]
        Impl::Armv8 => unsafe { super::aarch64_sha3::keccak_x2(s) },
        _ => soft_each(s),
    }
}

/// One message on a lane: its index, the permutations done so far, and the
/// number of blocks it absorbs (its whole blocks and the padded last one).
#[derive(Clone, Copy)]
struct Job {
    msg: usize,
    done: usize,
    absorb: usize,
}

/// The states of one run, one cache line per row (at most 8 lanes).
#[repr(C, align(64))]
struct Aligned<const N: usize>([[u64; N]; 25]);

/// Little-endian word of 8 bytes.
#[inline(always)]
fn le64(b: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[..8]);
    u64::from_le_bytes(w)
}

/// Every message of `msgs` through the sponge of rate `RATE` and padding
/// `PAD`, `N` states per permutation, into the matching entry of `outs`.
/// The lengths of `msgs` and `outs` are equal (checked by the caller).
fn run<const N: usize, const RATE: usize, const PAD: u8>(
    perm: impl Fn(&mut [[u64; N]; 25]),
    msgs: &[&[u8]],
    outs: &mut [&mut [u8]],
) {
    const { assert!(RATE.is_multiple_of(8) && RATE < 200) };
    let cost = |m: &[u8], o: &[u8]| m.len() / RATE + 1 + (o.len() - 1) / RATE;
    // Messages with no output need no work.
    let mut order: Vec<usize> = (0..msgs.len().min(outs.len()))
        .filter(|&i| !outs[i].is_empty())
        .collect();
    order.sort_unstable_by_key(|&i| core::cmp::Reverse(cost(msgs[i], outs[i])));
    let mut queue = order.into_iter();
    // Aligned to the cache line, so a row (one vector) never straddles two
    // lines: a split load after the scalar stores of `xor_in` cannot be
    // forwarded and costs more.
    let mut s = Aligned([[0u64; N]; 25]);
    let s = &mut s.0;
    let mut lanes: [Option<Job>; N] = [None; N];
    // The padded last block of a message (it holds message bytes).
    let mut last = [0u8; 200];
    loop {
        let mut busy = false;
        for (j, lane) in lanes.iter_mut().enumerate() {
            if lane.is_none()
                && let Some(msg) = queue.next()
            {
                for row in s.iter_mut() {
                    row[j] = 0;
                }
                *lane = Some(Job {
                    msg,
                    done: 0,
                    absorb: msgs[msg].len() / RATE + 1,
                });
            }
            let Some(job) = lane else { continue };
            busy = true;
            if job.done >= job.absorb {
                continue; // squeezing
            }
            let m = msgs[job.msg];
            let at = job.done * RATE;
            let block = if job.done + 1 < job.absorb {
                &m[at..at + RATE]
            } else {
                let rest = &m[at..];
                last.fill(0);
                last[..rest.len()].copy_from_slice(rest);
                last[rest.len()] ^= PAD;
                last[RATE - 1] ^= 0x80;
                &last[..RATE]
            };
            for (row, w) in s.iter_mut().zip(block.chunks_exact(8)) {
                row[j] ^= le64(w);
            }
        }
        if !busy {
            break;
        }
        perm(s);
        for (j, lane) in lanes.iter_mut().enumerate() {
            let Some(job) = lane else { continue };
            job.done += 1;
            if job.done < job.absorb {
                continue;
            }
            // Output block `k` is in the state now.
            let k = job.done - job.absorb;
            let out = &mut outs[job.msg];
            let start = k * RATE;
            let end = (start + RATE).min(out.len());
            for (c, row) in out[start..end].chunks_mut(8).zip(s.iter()) {
                c.copy_from_slice(&row[j].to_le_bytes()[..c.len()]);
            }
            if end == out.len() {
                *lane = None;
            }
        }
    }
    for row in s.iter_mut() {
        wipe(row);
    }
    wipe(&mut last);
}

/// The sponge on every message with backend `imp`.
fn dispatch<const RATE: usize, const PAD: u8>(
    imp: Checked,
    msgs: &[&[u8]],
    outs: &mut [&mut [u8]],
) {
    match imp.0 {
        Impl::Avx512 => run::<8, RATE, PAD>(|s| permute8(imp, s), msgs, outs),
        Impl::Avx512vl | Impl::Avx2 => run::<4, RATE, PAD>(|s| permute4(imp, s), msgs, outs),
        Impl::Armv8 => run::<2, RATE, PAD>(|s| permute2(imp, s), msgs, outs),
        Impl::Soft => {
            for (m, o) in msgs.iter().zip(outs.iter_mut()) {
                single::oneshot::<RATE, PAD>(single::Checked(single::Impl::Soft), m, o);
            }
        }
    }
}

/// The backend of the functions without one: the best vector backend,
/// or `None` when there is none (then the best single-state one runs,
/// message by message).
fn best() -> Option<Checked> {
    let imp = Impl::best();
    crate::cpu::log_choice("sha3-many", imp.0.name());
    (imp.0 != Impl::Soft).then_some(imp)
}

fn default<const RATE: usize, const PAD: u8>(msgs: &[&[u8]], outs: &mut [&mut [u8]]) {
    match best() {
        Some(imp) => dispatch::<RATE, PAD>(imp, msgs, outs),
        None => {
            let one = single::Impl::best();
            for (m, o) in msgs.iter().zip(outs.iter_mut()) {
                single::oneshot::<RATE, PAD>(one, m, o);
            }
        }
    }
}

fn check_lengths(msgs: usize, outs: usize) -> Result<(), Error> {
    if msgs == outs {
        Ok(())
    } else {
        Err(Error::InvalidLength {
            what: "output list (must match the message count)",
            got: outs,
        })
    }
}

macro_rules! xof_many {
    ($name:ident, $with:ident, $alg:literal, $rate:literal) => {
        #[doc = concat!(
            $alg, " of each message of `msgs` into the matching entry of `outs` (each\n",
            "filled whole, of any length), several messages per permutation on the\n",
            "best multi-state backend ([`many::Impl`](Impl)). Equal to one-at-a-time\n",
            "[`", stringify!($name), "`](fn@super::", stringify!($name), ") (without `_many`)",
            " for any mix of\nmessage and output lengths.\n\n",
            "# Errors\n[`Error::InvalidLength`] when `outs.len() != msgs.len()`; nothing\nis written then."
        )]
        pub fn $name(msgs: &[&[u8]], outs: &mut [&mut [u8]]) -> Result<(), Error> {
            check_lengths(msgs.len(), outs.len())?;
            default::<$rate, SHAKE_PAD>(msgs, outs);
            Ok(())
        }

        #[doc = concat!("[`", stringify!($name), "`] on a chosen multi-state backend.\n\n",
            "# Errors\n[`Error::InvalidLength`] when `outs.len() != msgs.len()`.")]
        pub fn $with(imp: Checked, msgs: &[&[u8]], outs: &mut [&mut [u8]]) -> Result<(), Error> {
            check_lengths(msgs.len(), outs.len())?;
            dispatch::<$rate, SHAKE_PAD>(imp, msgs, outs);
            Ok(())
        }
    };
}

xof_many!(shake128_many, shake128_many_with, "SHAKE128", 168);
xof_many!(shake256_many, shake256_many_with, "SHAKE256", 136);

/// SHA3-256 of each message of `msgs` into the matching entry of `out`,
/// several messages per permutation on the best multi-state backend
/// ([`many::Impl`](Impl)). Equal to one-at-a-time [`super::sha3_256`] for
/// any mix of lengths.
///
/// # Errors
/// [`Error::InvalidLength`] when `out.len() != msgs.len()`.
pub fn sha3_256_many(msgs: &[&[u8]], out: &mut [[u8; 32]]) -> Result<(), Error> {
    check_lengths(msgs.len(), out.len())?;
    let mut outs: Vec<&mut [u8]> = out.iter_mut().map(|o| &mut o[..]).collect();
    default::<136, SHA3_PAD>(msgs, &mut outs);
    Ok(())
}

/// [`sha3_256_many`] on a chosen multi-state backend.
///
/// # Errors
/// [`Error::InvalidLength`] when `out.len() != msgs.len()`.
pub fn sha3_256_many_with(imp: Checked, msgs: &[&[u8]], out: &mut [[u8; 32]]) -> Result<(), Error> {
    check_lengths(msgs.len(), out.len())?;
    let mut outs: Vec<&mut [u8]> = out.iter_mut().map(|o| &mut o[..]).collect();
    dispatch::<136, SHA3_PAD>(imp, msgs, &mut outs);
    Ok(())
}
