//! Curve25519: X25519 key agreement ([`x25519`], RFC 7748) and Ed25519
//! signatures ([`ed25519`], RFC 8032), over GF(2^255 - 19); their key
//! files ([`keys`], RFC 8410: PKCS#8 and SubjectPublicKeyInfo, DER and
//! PEM).
//!
//! Field kernels, best first (one is chosen per operation, like every
//! other primitive's backend; `speed --impl all` shows each):
//!
//! | [`Impl`] | file | needs |
//! |---|---|---|
//! | `Ifma512` | `many/x86_64_ifma.rs` + `field/x86_64_adx.rs` | `Ifma` and zmm in force: the signing comb's two halves side by side in zmm |
//! | `Ifma` | `many/x86_64_ifma.rs` + `field/x86_64_adx.rs` | AVX-512 F, VL, IFMA and BMI2 + ADX: the X25519 ladder and the signing comb four-way parallel in ymm (loose radix 2^51, `vpmadd52`); the rest on `adx` |
//! | `Adx` | `field/x86_64_adx.rs` | BMI2 + ADX: radix 2^64, `mulx` with `adcx`/`adox` chains, inline `asm!` |
//! | `Aarch64` | `field/aarch64.rs` | the base ISA: radix 2^64, `mul`/`umulh`, inline `asm!` |
//! | `Soft` | `field/soft.rs` | nothing: radix 2^51, `u128` products |
//!
//! Everything that touches a secret (the ladder, the fixed-base comb, the
//! scalar arithmetic of signing) runs in constant time: no branch and no
//! memory index depends on a secret; table entries are read by scanning
//! the whole row with masks. Verification works on public data only and
//! is variable time (`_vartime` in the internal names).

pub mod ed25519;
pub(crate) mod edwards;
pub(crate) mod field;
pub mod keys;
mod lattice;
pub mod many;
pub(crate) mod scalar;
mod table;
pub mod x25519;

crate::cpu::backends! {
    primitive: "curve25519", doc: "A GF(2^255 - 19) field kernel.";
    /// `Ifma` with the fixed-base comb (signing, public keys) in zmm: its
    /// odd-digit and even-digit halves side by side, one in each 256-bit
    /// half (`mul_base8`), so the chain of dependent additions is half as
    /// long. Where zmm is in force.
    Ifma512 = "ifma512", "x86_64", [Bmi2, Adx, Avx512f, Avx512vl, Avx512ifma, Zmm];
    /// The X25519 ladder and the fixed-base comb (signing, public keys) on
    /// AVX-512 IFMA (ymm): four coordinates in four lanes, loose radix 2^51
    /// (`many/x86_64_ifma.rs`, `ladder4`, `mul_base4`); inversions,
    /// encodings and verification on the `adx` field.
    Ifma = "ifma", "x86_64", [Bmi2, Adx, Avx512f, Avx512vl, Avx512ifma];
    /// x86_64 `mulx` with the two carry chains of `adcx` (CF) and `adox`
    /// (OF), four 64-bit limbs, inline `asm!`.
    Adx = "adx", "x86_64", [Bmi2, Adx];
    /// aarch64 `mul`/`umulh` with `adds`/`adcs`, four 64-bit limbs, inline
    /// `asm!`. Base ISA only; listed as needing NEON so that
    /// `PEREGRINE_CPU=-neon` or `none` selects the portable kernel.
    Aarch64 = "aarch64", "aarch64", [Neon];
    /// Portable Rust, five 51-bit limbs with `u128` products.
    Soft = "soft", any, [];
}

/// Runs `$body` with `$f` bound to the field kernel of `$imp` (a
/// [`Checked`]): the curve code is generic over [`field::Field`] and is
/// instantiated once per kernel.
macro_rules! with_field {
    ($imp:expr, |$f:ident| $body:expr) => {{
        let imp: $crate::ec::curve25519::Checked = $imp;
        match imp.get() {
            #[cfg(target_arch = "x86_64")]
            $crate::ec::curve25519::Impl::Adx
            | $crate::ec::curve25519::Impl::Ifma
            | $crate::ec::curve25519::Impl::Ifma512 => {
                // SAFETY: a `Checked` for `Adx`, `Ifma` or `Ifma512` exists only
                // when `Impl::check` saw BMI2 and ADX (see `Impl::needs`).
                let $f = unsafe { $crate::ec::curve25519::field::x86_64_adx::Adx::new() };
                $body
            }
            #[cfg(target_arch = "aarch64")]
            $crate::ec::curve25519::Impl::Aarch64 => {
                // SAFETY: as above; the kernel needs only the base ISA.
                let $f = unsafe { $crate::ec::curve25519::field::aarch64::Arm::new() };
                $body
            }
            _ => {
                let $f = $crate::ec::curve25519::field::Portable;
                $body
            }
        }
    }};
}
pub(crate) use with_field;
