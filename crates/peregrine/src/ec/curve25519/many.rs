//! Backends of [`x25519_many`](super::x25519::x25519_many): many
//! independent X25519s per call.
//!
//! | [`Impl`] | file | how |
//! |---|---|---|
//! | `ifma512` | `many/x86_64_ifma.rs` (`z`) | eight ladders in the lanes of zmm registers, loose radix 2^51, `vpmadd52luq`/`vpmadd52huq` |
//! | `ifma` | `many/x86_64_ifma.rs` (`y`) | four ladders in ymm (EVEX), where zmm is not in force |
//! | `adx`, `aarch64`, `soft` | `x25519.rs` | two scalar ladders interleaved on that field kernel |
//!
//! Every backend then shares one field inversion among up to 16 results
//! (Montgomery's trick). A batch whose size is not a multiple of the lane
//! count fills the spare lanes with a fixed dummy ladder whose result is
//! dropped. Constant time in the scalars, like [`super::x25519::x25519`].

#[cfg(target_arch = "x86_64")]
pub(super) mod x86_64_ifma;

#[cfg(target_arch = "x86_64")]
use super::field::Field;
use super::with_field;
use super::x25519::{BATCH, ladder_batch};
#[cfg(target_arch = "x86_64")]
use super::x25519::{clamp, finish_batch};

crate::cpu::backends! {
    primitive: "x25519-many", doc: "A backend for [`x25519_many`](super::x25519::x25519_many).";
    /// Eight ladders in the lanes of zmm registers (AVX-512 IFMA, loose
    /// radix 2^51); the inversion and encoding on the `adx` field.
    Ifma512 = "ifma512", "x86_64", [Bmi2, Adx, Avx512f, Avx512vl, Avx512ifma, Zmm];
    /// Four ladders in ymm registers with EVEX encodings (AVX-512 IFMA on
    /// 256-bit vectors), where zmm lowers the clock.
    Ifma = "ifma", "x86_64", [Bmi2, Adx, Avx512f, Avx512vl, Avx512ifma];
    /// Two scalar ladders interleaved on the `adx` field kernel.
    Adx = "adx", "x86_64", [Bmi2, Adx];
    /// Two scalar ladders interleaved on the `aarch64` field kernel.
    Aarch64 = "aarch64", "aarch64", [Neon];
    /// Two scalar ladders interleaved on the portable field.
    Soft = "soft", any, [];
}

/// The single-operation field kernel that matches a scalar backend.
fn field_of(imp: Impl) -> super::Checked {
    let f = match imp {
        Impl::Aarch64 => super::Impl::Aarch64,
        Impl::Soft => super::Impl::Soft,
        _ => super::Impl::Adx,
    };
    f.check().unwrap_or_else(super::Impl::best)
}

/// `out[i] = X25519(k[i], u[i])` without the all-zero check, for slices of
/// equal length (the caller checks), [`BATCH`] at a time.
pub(super) fn run(imp: Checked, k: &[[u8; 32]], u: &[[u8; 32]], out: &mut [[u8; 32]]) {
    let field = field_of(imp.get());
    for ((kc, uc), oc) in k
        .chunks(BATCH)
        .zip(u.chunks(BATCH))
        .zip(out.chunks_mut(BATCH))
    {
        match imp.get() {
            #[cfg(target_arch = "x86_64")]
            Impl::Ifma512 => {
                with_field!(field, |f| lanes::<_, { x86_64_ifma::z::LANES }>(
                    f,
                    kc,
                    uc,
                    oc,
                    // SAFETY: a `Checked` for `Ifma512` exists only when
                    // the CPU has AVX-512 F, VL and IFMA.
                    |e, u| unsafe { x86_64_ifma::z::ladder(e, u) }
                ))
            }
            #[cfg(target_arch = "x86_64")]
            Impl::Ifma => {
                with_field!(field, |f| lanes::<_, { x86_64_ifma::y::LANES }>(
                    f,
                    kc,
                    uc,
                    oc,
                    // SAFETY: as above, for `Ifma`.
                    |e, u| unsafe { x86_64_ifma::y::ladder(e, u) }
                ))
            }
            _ => with_field!(field, |f| ladder_batch(f, kc, uc, oc)),
        }
    }
}

/// Up to [`BATCH`] X25519s on a lane kernel of `L` ladders (`ladder`), the
/// spare lanes of the last call on the scalar 0 and u = 9; the results
/// share one inversion on the field `f`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn lanes<F: Field, const L: usize>(
    f: F,
    k: &[[u8; 32]],
    u: &[[u8; 32]],
    out: &mut [[u8; 32]],
    ladder: impl Fn(&[[u8; 32]; L], &[[u8; 32]; L]) -> [([u64; 5], [u64; 5]); L],
) {
    let n = k.len();
    let mut xs = [f.zero(); BATCH];
    let mut zs = [f.one(); BATCH];
    let mut i = 0;
    while i < n {
        let m = (n - i).min(L);
        let mut e = [[0u8; 32]; L];
        let mut p = [super::x25519::BASEPOINT; L];
        for l in 0..m {
            e[l] = clamp(&k[i + l]);
            p[l] = u[i + l];
        }
        let r = ladder(&e, &p);
        for el in e.iter_mut() {
            crate::ct::wipe(el);
        }
        for (l, (x, z)) in r.iter().enumerate().take(m) {
            xs[i + l] = x86_64_ifma::to_field(f, x);
            zs[i + l] = x86_64_ifma::to_field(f, z);
        }
        i += m;
    }
    finish_batch(f, &xs[..n], &zs[..n], out);
}
