//! The NIST prime curves P-256, P-384 and P-521 (FIPS 186-5, SEC 2:
//! `secp256r1`/`prime256v1`, `secp384r1`, `secp521r1`): ECDSA signatures
//! and ECDH key agreement.
//!
//! Each curve is a module ([`p256`], [`p384`], [`p521`]) with the same
//! three types: [`p256::PrivateKey`] (signs, agrees), [`p256::PublicKey`]
//! (verifies; SEC1 encodings) and [`p256::Signature`] (DER or fixed-width
//! `r || s`).
//!
//! ## How
//! - Field and scalar arithmetic in Montgomery form: per-CPU kernels
//!   ([`Impl`]: `adx`, `aarch64`) and one generic portable kernel over
//!   64-bit limbs with `u128` products (`field.rs`; over 32-bit limbs with
//!   `u64` products on 32-bit targets; P-521's field by its Mersenne form
//!   and in plain form, `R = 1`: `field521.rs`), every result fully
//!   reduced (a masked subtraction; for P-521 the subtraction of one
//!   bit's complement).
//! - Constant-time multiplications in Jacobian coordinates with incomplete
//!   formulas whose exceptional cases are resolved by masks, no branch on
//!   a secret (the complete projective formulas of Renes, Costello and
//!   Batina (2016) are the tests' reference).
//! - Fixed-base multiplication (key generation, signing) by a table of
//!   `j 2^(6i) G` (`j` in 1..=32, signed 6-bit windows) built once per
//!   process, read by masked scans; variable-base (ECDH) by signed 5-bit
//!   windows over a table of 16 multiples made affine by one shared
//!   inversion (mixed additions), read by masked scans (in ymm registers
//!   where the CPU has AVX2); verification by a variable-time
//!   `u1 G + u2 Q` (`_vartime`: public inputs only) in Jacobian
//!   coordinates, wNAF for `u2 Q`.
//! - Field and scalar inversion by constant-time division steps
//!   (Bernstein–Yang, `ec::safegcd`) on 64-bit targets, by Fermat's
//!   little theorem (a fixed public exponent) on 32-bit ones.
//!
//! ## ECDSA
//! - Nonces by RFC 6979 (HMAC-DRBG over the message digest and the key),
//!   **hedged by default**: fresh random bytes enter the DRBG as RFC 6979
//!   §3.6's additional data, so a faulty or repeated computation does not
//!   repeat the nonce and a weak random generator does not expose the key.
//!   The `_deterministic` functions give the pure RFC 6979 nonce (test
//!   vectors, reproducible signatures).
//! - The digest is truncated to the bit length of the group order
//!   (`bits2int`); any digest length is accepted.
//! - Verification rejects `r` or `s` outside `[1, n - 1]` and DER that is
//!   not the unique minimal encoding (BER, extra bytes, negative or padded
//!   integers).
//!
//! ## ECDH
//! - Public keys are SEC1 points, uncompressed (`04`) or compressed (`02`,
//!   `03`); coordinates must be below p and on the curve, and the point at
//!   infinity is refused. The shared secret is the x-coordinate.

#[cfg(target_arch = "aarch64")]
mod aarch64;
pub(crate) mod ecdsa;
pub(crate) mod field;
// P-521's field product in radix 2^58 with `u128` columns, on every
// target (x86-64 with BMI2 and ADX has `x86_64_adx_p521` too): on armv7
// it takes about 1,760 instructions a product and 1,100 a square against
// 2,660 for the generic product over 32-bit limbs.
mod field521;
pub mod keys;
pub(crate) mod point;
#[cfg(target_arch = "x86_64")]
mod x86_64_adx;
#[cfg(target_arch = "x86_64")]
mod x86_64_adx_p521;

use core::sync::atomic::{AtomicPtr, Ordering};

use field::{Elem, Mont, hex};
use point::Affine;

crate::cpu::backends! {
    primitive: "nist-ec", doc: "A field kernel of the NIST curves.";
    /// x86-64 BMI2 + ADX inline `asm!` (MULX with ADCX/ADOX chains):
    /// P-256's field reduced by the prime's special form, P-521's field
    /// product folded by its Mersenne form, P-384 and the group orders by
    /// a generic CIOS (P-521's group order stays portable).
    Adx = "adx", "x86_64", [Bmi2, Adx];
    /// aarch64 `mul`/`umulh` with `adds`/`adcs` carry chains, inline
    /// `asm!`, for P-256 and P-384 (P-256's field reduced by the prime's
    /// special form, the rest by a generic CIOS); P-521 stays portable.
    /// Uses only the base ISA; listed as needing NEON (every aarch64
    /// Linux CPU has it) so that `PEREGRINE_CPU=-neon` or `none` selects
    /// the portable kernel.
    Aarch64 = "aarch64", "aarch64", [Neon];
    /// Portable Rust: Montgomery multiplication over 64-bit limbs with
    /// `u128` products (over 32-bit limbs with `u64` products on 32-bit
    /// targets), one generic implementation for the three curves.
    Soft = "soft", any, [];
}

/// The kernels of P-521 (ADX and the portable one; no aarch64 kernel
/// yet): `speed`'s rows for it list these, so no row names a kernel that
/// does not compute it.
pub mod portable {
    crate::cpu::backends! {
        primitive: "nist-ec-p521", doc: "The field kernels of P-521.";
        /// x86-64 BMI2 + ADX (`x86_64_adx_p521.rs`), as
        /// [`super::Impl::Adx`].
        Adx = "adx", "x86_64", [Bmi2, Adx];
        /// Portable Rust (`field521.rs`), as [`super::Impl::Soft`].
        Soft = "soft", any, [];
    }
}

/// Runs `$body` with the type `$c` bound to the curve marker that computes
/// curve `$curve` with the kernel of `$imp` (a [`Checked`]): the curve
/// code is generic over the marker, so the choice is made once per
/// operation. Points cross between markers with [`point::Affine::cast`]
/// (the field representations are the same); scalars are one type.
macro_rules! with_curve {
    (P256, $imp:expr, |$c:ident| $body:expr) => {{
        let imp: $crate::ec::nist::Checked = $imp;
        match imp.get() {
            #[cfg(target_arch = "x86_64")]
            $crate::ec::nist::Impl::Adx => {
                type $c = $crate::ec::nist::P256Adx;
                $body
            }
            #[cfg(target_arch = "aarch64")]
            $crate::ec::nist::Impl::Aarch64 => {
                type $c = $crate::ec::nist::P256Aarch64;
                $body
            }
            _ => {
                type $c = $crate::ec::nist::P256;
                $body
            }
        }
    }};
    (P384, $imp:expr, |$c:ident| $body:expr) => {{
        let imp: $crate::ec::nist::Checked = $imp;
        match imp.get() {
            #[cfg(target_arch = "x86_64")]
            $crate::ec::nist::Impl::Adx => {
                type $c = $crate::ec::nist::P384Adx;
                $body
            }
            #[cfg(target_arch = "aarch64")]
            $crate::ec::nist::Impl::Aarch64 => {
                type $c = $crate::ec::nist::P384Aarch64;
                $body
            }
            _ => {
                type $c = $crate::ec::nist::P384;
                $body
            }
        }
    }};
    (P521, $imp:expr, |$c:ident| $body:expr) => {{
        let imp: $crate::ec::nist::Checked = $imp;
        match imp.get() {
            #[cfg(target_arch = "x86_64")]
            $crate::ec::nist::Impl::Adx => {
                type $c = $crate::ec::nist::P521Adx;
                $body
            }
            _ => {
                type $c = $crate::ec::nist::P521;
                $body
            }
        }
    }};
    ($curve:ident, $imp:expr, |$c:ident| $body:expr) => {{
        let _: $crate::ec::nist::Checked = $imp;
        type $c = $crate::ec::nist::$curve;
        $body
    }};
}

/// A field element of curve `C`.
pub(crate) type Fe<C> = <C as Curve>::Fe;
/// A scalar (an integer modulo the group order) of curve `C`.
pub(crate) type Scalar<C> = <C as Curve>::Scalar;

/// A NIST curve: `y^2 = x^3 - 3x + b` over GF(p), of prime order n.
pub(crate) trait Curve: Copy + Send + Sync + 'static {
    /// GF(p).
    type Fe: Elem;
    /// Integers modulo n.
    type Scalar: Elem;
    /// "P-256".
    const NAME: &'static str;
    /// Bytes of a field element and of a scalar (the same for these
    /// curves).
    const FIELD_BYTES: usize;
    /// Bits of n.
    const ORDER_BITS: usize;
    /// The curve's `b`.
    const B: Self::Fe;
    /// The generator's x.
    const GX: Self::Fe;
    /// The generator's y.
    const GY: Self::Fe;
    /// The fixed-base table (`point::build_base_table`), built on first
    /// use.
    fn base_table() -> &'static [Affine<Self>];
}

/// The table in `slot`, building and publishing it on first use (if two
/// threads race, one table wins and the other is freed).
fn once_table<C: Curve>(slot: &'static AtomicPtr<Affine<C>>) -> &'static [Affine<C>] {
    let len = point::BASE_ROW * point::base_windows::<C>();
    let mut p = slot.load(Ordering::Acquire);
    if p.is_null() {
        let table = point::build_base_table::<C>();
        debug_assert_eq!(table.len(), len);
        let fresh = alloc::boxed::Box::into_raw(table) as *mut Affine<C>;
        match slot.compare_exchange(
            core::ptr::null_mut(),
            fresh,
            Ordering::AcqRel,
            Ordering::Acquire,
        ) {
            Ok(_) => p = fresh,
            Err(winner) => {
                // SAFETY: `fresh` came from `Box::into_raw` of a slice of
                // `len` elements and was never published.
                drop(unsafe {
                    alloc::boxed::Box::from_raw(core::ptr::slice_from_raw_parts_mut(fresh, len))
                });
                p = winner;
            }
        }
    }
    // SAFETY: a published pointer is a leaked boxed slice of `len`
    // elements (the length is a function of `C` alone), never freed.
    unsafe { core::slice::from_raw_parts(p, len) }
}

macro_rules! curve {
    (
        $name:ident, $str:literal, limbs: $n:literal, bytes: $bytes:literal, bits: $bits:literal,
        p: $p:literal, n: $order:literal, b: $b:literal, gx: $gx:literal, gy: $gy:literal
        $(, fe_kernel: ($fmul:path, $fsqr:path, $fadd:path, $fsub:path, plain: $plain:literal
            $(; lin: $l129:path, $l41:path, $l38:path, sub2: $s2:path)?))?
    ) => {
        /// The curve (a marker type).
        #[derive(Clone, Copy, Debug)]
        pub(crate) struct $name;

        pub(crate) mod moduli {
            use super::super::field::{Modulus, hex};
            #[derive(Clone, Copy, Debug)]
            pub(crate) struct P;
            impl Modulus<$n> for P {
                const P: [u64; $n] = hex($p);
                $(
                const PLAIN: bool = $plain;
                #[inline(always)]
                fn mont_mul(a: &[u64; $n], b: &[u64; $n]) -> [u64; $n] {
                    $fmul(a, b)
                }
                #[inline(always)]
                fn mont_sqr(a: &[u64; $n]) -> [u64; $n] {
                    $fsqr(a)
                }
                #[inline(always)]
                fn mont_add(a: &[u64; $n], b: &[u64; $n]) -> [u64; $n] {
                    $fadd(a, b)
                }
                #[inline(always)]
                fn mont_sub(a: &[u64; $n], b: &[u64; $n]) -> [u64; $n] {
                    $fsub(a, b)
                }
                $(
                const FUSED_LIN: bool = true;
                #[inline(always)]
                fn mont_lin_12_9(a: &[u64; $n], b: &[u64; $n]) -> [u64; $n] {
                    $l129(a, b)
                }
                #[inline(always)]
                fn mont_lin_4_1(a: &[u64; $n], b: &[u64; $n]) -> [u64; $n] {
                    $l41(a, b)
                }
                #[inline(always)]
                fn mont_lin_3_8(a: &[u64; $n], b: &[u64; $n]) -> [u64; $n] {
                    $l38(a, b)
                }
                const FUSED_SUB2: bool = true;
                #[inline(always)]
                fn mont_sub2(a: &[u64; $n], b: &[u64; $n], c: &[u64; $n]) -> [u64; $n] {
                    $s2(a, b, c)
                }
                )?
                )?
            }
            #[derive(Clone, Copy, Debug)]
            pub(crate) struct N;
            impl Modulus<$n> for N {
                const P: [u64; $n] = hex($order);
            }
        }

        impl $crate::ec::nist::Curve for $name {
            type Fe = Mont<moduli::P, $n>;
            type Scalar = Mont<moduli::N, $n>;
            const NAME: &'static str = $str;
            const FIELD_BYTES: usize = $bytes;
            const ORDER_BITS: usize = $bits;
            const B: Self::Fe = Mont::from_canonical_const(hex($b));
            const GX: Self::Fe = Mont::from_canonical_const(hex($gx));
            const GY: Self::Fe = Mont::from_canonical_const(hex($gy));
            fn base_table() -> &'static [Affine<Self>] {
                static SLOT: AtomicPtr<Affine<$name>> = AtomicPtr::new(core::ptr::null_mut());
                once_table(&SLOT)
            }
        }
    };
}

/// A curve marker computing `$base` with an accelerated kernel (the file
/// module `$k`): a module `$m` with moduli `$pk` (field) and `$nk`
/// (scalars) whose Montgomery products call the kernel, and the marker
/// `$name`. Elements of these moduli exist only inside `with_curve!`'s arm
/// for the kernel's `Impl` (`Adx`, `Aarch64`), which a `Checked` for it
/// guards: `Impl::check` saw the CPU features the kernel needs (BMI2 and
/// ADX for `Adx`; the base ISA for `Aarch64`).
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
macro_rules! kernel_curve {
    (
        $(#[$doc:meta])* $name:ident, $base:ident, $n:literal,
        module: $m:ident, kernels: $k:ident, moduli: ($pk:ident, $nk:ident),
        fe: ($pm:path, $fmul:path, $fsqr:path $(, $fadd:path, $fsub:path)?
            $(; lin: $l129:path, $l41:path, $l38:path $(, sub2: $s2:path)?)?),
        scalar: ($nm:path, $smul:path)
    ) => {
        pub(crate) mod $m {
            use super::super::field::{Modulus, Mont};
            use super::super::{Curve, $k};
            use super::{AtomicPtr, $base, moduli};
            use crate::ec::nist::point::Affine;

            /// The field modulus, multiplied by the kernel.
            #[derive(Clone, Copy, Debug)]
            pub(crate) struct $pk;
            impl Modulus<$n> for $pk {
                const P: [u64; $n] = <$pm as Modulus<$n>>::P;
                const PLAIN: bool = <$pm as Modulus<$n>>::PLAIN;
                #[inline(always)]
                fn mont_mul(a: &[u64; $n], b: &[u64; $n]) -> [u64; $n] {
                    // SAFETY: see the macro: only reached after
                    // `Impl::check` saw what the kernel needs.
                    unsafe { $fmul(a, b) }
                }
                #[inline(always)]
                fn mont_sqr(a: &[u64; $n]) -> [u64; $n] {
                    // SAFETY: as above.
                    unsafe { $fsqr(a) }
                }
                $(
                #[inline(always)]
                fn mont_add(a: &[u64; $n], b: &[u64; $n]) -> [u64; $n] {
                    // SAFETY: as above.
                    unsafe { $fadd(a, b) }
                }
                #[inline(always)]
                fn mont_sub(a: &[u64; $n], b: &[u64; $n]) -> [u64; $n] {
                    // SAFETY: as above.
                    unsafe { $fsub(a, b) }
                }
                )?
                $(
                const FUSED_LIN: bool = true;
                #[inline(always)]
                fn mont_lin_12_9(a: &[u64; $n], b: &[u64; $n]) -> [u64; $n] {
                    // SAFETY: as above.
                    unsafe { $l129(a, b) }
                }
                #[inline(always)]
                fn mont_lin_4_1(a: &[u64; $n], b: &[u64; $n]) -> [u64; $n] {
                    // SAFETY: as above.
                    unsafe { $l41(a, b) }
                }
                #[inline(always)]
                fn mont_lin_3_8(a: &[u64; $n], b: &[u64; $n]) -> [u64; $n] {
                    // SAFETY: as above.
                    unsafe { $l38(a, b) }
                }
                $(
                const FUSED_SUB2: bool = true;
                #[inline(always)]
                fn mont_sub2(a: &[u64; $n], b: &[u64; $n], c: &[u64; $n]) -> [u64; $n] {
                    // SAFETY: as above.
                    unsafe { $s2(a, b, c) }
                }
                )?
                )?
            }

            /// The group order, multiplied by the kernel.
            #[derive(Clone, Copy, Debug)]
            pub(crate) struct $nk;
            impl Modulus<$n> for $nk {
                const P: [u64; $n] = <$nm as Modulus<$n>>::P;
                #[inline(always)]
                fn mont_mul(a: &[u64; $n], b: &[u64; $n]) -> [u64; $n] {
                    // SAFETY: as for the field modulus.
                    unsafe { $smul(a, b) }
                }
                #[inline(always)]
                fn mont_sqr(a: &[u64; $n]) -> [u64; $n] {
                    // SAFETY: as for the field modulus.
                    unsafe { $smul(a, a) }
                }
            }

            $(#[$doc])*
            #[derive(Clone, Copy, Debug)]
            pub(crate) struct $name;
            impl Curve for $name {
                type Fe = Mont<$pk, $n>;
                type Scalar = Mont<$nk, $n>;
                const NAME: &'static str = $base::NAME;
                const FIELD_BYTES: usize = $base::FIELD_BYTES;
                const ORDER_BITS: usize = $base::ORDER_BITS;
                const B: Self::Fe = Mont::from_limbs($base::B.l);
                const GX: Self::Fe = Mont::from_limbs($base::GX.l);
                const GY: Self::Fe = Mont::from_limbs($base::GY.l);
                fn base_table() -> &'static [Affine<Self>] {
                    static SLOT: AtomicPtr<Affine<$name>> = AtomicPtr::new(core::ptr::null_mut());
                    super::super::once_table(&SLOT)
                }
            }
        }
    };
}

mod c256 {
    use super::*;

    #[cfg(target_arch = "x86_64")]
    kernel_curve!(
        /// P-256 on the BMI2/ADX kernels (`x86_64_adx.rs`): the field by
        /// the special-form `mul`/`sqr`, the scalars by the generic CIOS.
        P256Adx, P256, 4,
        module: adx, kernels: x86_64_adx, moduli: (PAdx, NAdx),
        fe: (moduli::P, x86_64_adx::mul, x86_64_adx::sqr, x86_64_adx::add, x86_64_adx::sub),
        scalar: (moduli::N, x86_64_adx::mul_n256)
    );

    #[cfg(target_arch = "aarch64")]
    kernel_curve!(
        /// P-256 on the aarch64 kernels (`aarch64.rs`): the field by the
        /// special-form `mul`, the scalars by the generic CIOS.
        P256Aarch64, P256, 4,
        module: a64, kernels: aarch64, moduli: (PA64, NA64),
        fe: (moduli::P, aarch64::mul, aarch64::sqr, aarch64::add, aarch64::sub),
        scalar: (moduli::N, aarch64::mul_n256)
    );

    curve!(
        P256, "P-256", limbs: 4, bytes: 32, bits: 256,
        p: "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
        n: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
        b: "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
        gx: "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
        gy: "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5"
    );
}

mod c384 {
    use super::*;

    #[cfg(target_arch = "x86_64")]
    kernel_curve!(
        /// P-384 on the BMI2/ADX kernel (`x86_64_adx.rs`): generic CIOS
        /// for the field and the scalars.
        P384Adx, P384, 6,
        module: adx, kernels: x86_64_adx, moduli: (PAdx, NAdx),
        fe: (moduli::P, x86_64_adx::mul_p384, x86_64_adx::sqr_p384, x86_64_adx::add_p384, x86_64_adx::sub_p384;
            lin: x86_64_adx::lin_12_9_p384, x86_64_adx::lin_4_1_p384, x86_64_adx::lin_3_8_p384),
        scalar: (moduli::N, x86_64_adx::mul_n384)
    );
    #[cfg(target_arch = "aarch64")]
    kernel_curve!(
        /// P-384 on the aarch64 kernels (`aarch64.rs`): generic CIOS for
        /// the field and the scalars.
        P384Aarch64, P384, 6,
        module: a64, kernels: aarch64, moduli: (PA64, NA64),
        fe: (moduli::P, aarch64::mul_p384, aarch64::sqr_p384, aarch64::add_p384, aarch64::sub_p384),
        scalar: (moduli::N, aarch64::mul_n384)
    );
    curve!(
        P384, "P-384", limbs: 6, bytes: 48, bits: 384,
        p: "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff",
        n: "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973",
        b: "b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aef",
        gx: "aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7",
        gy: "3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f"
    );
}

mod c521 {
    use super::*;

    #[cfg(target_arch = "x86_64")]
    kernel_curve!(
        /// P-521 on the BMI2/ADX field kernel (`x86_64_adx_p521.rs`); its
        /// scalars by the portable CIOS.
        P521Adx, P521, 9,
        module: adx, kernels: x86_64_adx_p521, moduli: (PAdx, NAdx),
        fe: (moduli::P, x86_64_adx_p521::mul, x86_64_adx_p521::sqr, x86_64_adx_p521::add, x86_64_adx_p521::sub;
            lin: x86_64_adx_p521::lin_12_9, x86_64_adx_p521::lin_4_1, x86_64_adx_p521::lin_3_8,
            sub2: x86_64_adx_p521::sub2),
        scalar: (moduli::N, x86_64_adx_p521::mul_n521)
    );
    curve!(
        P521, "P-521", limbs: 9, bytes: 66, bits: 521,
        p: "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        n: "01fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409",
        b: "0051953eb9618e1c9a1f929a21a0b68540eea2da725b99b315f3b8b489918ef109e156193951ec7e937b1652c0bd3bb1bf073573df883d2c34f1ef451fd46b503f00",
        gx: "00c6858e06b70404e9cd9e3ecb662395b4429c648139053fb521f828af606b4d3dbaa14b5e77efe75928fe1dc127a2ffa8de3348b3c1856a429bf97e7e31c2e5bd66",
        gy: "011839296a789a3bc0045c8a5fb42c7d1bd998f54449579b446817afbd17273e662c97ee72995ef42640c550b9013fad0761353c7086a272c24088be94769fd16650",
        fe_kernel: (
            super::field521::mul, super::field521::sqr, super::field521::add, super::field521::sub,
            plain: true;
            lin: super::field521::lin_12_9, super::field521::lin_4_1, super::field521::lin_3_8,
            sub2: super::field521::sub2
        )
    );
}

pub(crate) use c256::P256;
#[cfg(target_arch = "aarch64")]
pub(crate) use c256::a64::P256Aarch64;
#[cfg(target_arch = "x86_64")]
pub(crate) use c256::adx::P256Adx;
pub(crate) use c384::P384;
#[cfg(target_arch = "aarch64")]
pub(crate) use c384::a64::P384Aarch64;
#[cfg(target_arch = "x86_64")]
pub(crate) use c384::adx::P384Adx;
pub(crate) use c521::P521;
#[cfg(target_arch = "x86_64")]
pub(crate) use c521::adx::P521Adx;

ecdsa::curve_api! {
    /// P-256 (`secp256r1`, `prime256v1`): ECDSA and ECDH; SHA-256 is the
    /// default digest.
    p256, P256, crate::hash::sha256::Sha256, "1.2.840.10045.3.1.7"
}
ecdsa::curve_api! {
    /// P-384 (`secp384r1`): ECDSA and ECDH; SHA-384 is the default digest.
    p384, P384, crate::hash::sha512::Sha384, "1.3.132.0.34"
}
ecdsa::curve_api! {
    /// P-521 (`secp521r1`): ECDSA and ECDH; SHA-512 is the default digest.
    p521, P521, crate::hash::sha512::Sha512, "1.3.132.0.35"
}

#[cfg(test)]
mod tests {
    use super::point::{Point, mul, mul_base};
    use super::*;

    fn generator_checks<C: Curve>() {
        let g = Affine::<C> { x: C::GX, y: C::GY };
        assert_ne!(g.is_on_curve(), 0, "{}: G on the curve", C::NAME);
        // n G = identity: (n - 1) G = -G
        let mut nm1 = <C::Scalar as Elem>::modulus();
        nm1.as_mut()[0] -= 1;
        let k = C::Scalar::from_canonical(&nm1);
        let a = mul_base::<C>(&k);
        let b = mul(&Point::<C>::generator().to_affine().unwrap(), &k);
        let neg_g = Point::<C>::generator().neg();
        assert!(a.eq_vartime(&neg_g), "{}: (n-1) G by the table", C::NAME);
        assert!(b.eq_vartime(&neg_g), "{}: (n-1) G by windows", C::NAME);
        assert_ne!(a.add(&Point::generator()).is_identity(), 0);
        // 2G by doubling, by addition, by the table
        let two = C::Scalar::from_u64(2);
        let g2 = Point::<C>::generator().double();
        assert!(mul_base::<C>(&two).eq_vartime(&g2));
        assert!(
            Point::<C>::generator()
                .add(&Point::generator())
                .eq_vartime(&g2)
        );
        let id = Point::<C>::identity();
        assert!(id.add(&g2).eq_vartime(&g2));
        assert_ne!(id.double().is_identity(), 0);
    }

    /// `u1 G + u2 Q` (Jacobian, vartime) against the constant-time
    /// multiplications, with scalars at the edges (0, 1, n - 1, all the
    /// top bits set) and pseudo-random ones; `u1 G = -u2 Q` gives the
    /// identity, `u1 G = u2 Q` exercises the doubling branch.
    fn mul2_checks<C: Curve>() {
        use super::point::mul2_base_vartime;
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let n = <C::Scalar as Elem>::modulus();
        let mut nm1 = n;
        nm1.as_mut()[0] -= 1;
        let mut scalars = alloc::vec![
            C::Scalar::ZERO,
            C::Scalar::ONE,
            C::Scalar::from_canonical(&nm1)
        ];
        let mut hi = nm1;
        for l in hi.as_mut().iter_mut().skip(1) {
            *l = 0;
        }
        scalars.push(C::Scalar::from_canonical(&hi));
        for _ in 0..6 {
            let mut l = <C::Scalar as Elem>::zero_limbs();
            for x in l.as_mut().iter_mut() {
                *x = next();
            }
            let top = l.as_ref().len() - 1;
            l.as_mut()[top] &= n.as_ref()[top] >> 1;
            scalars.push(C::Scalar::from_canonical(&l));
        }
        let q = mul_base::<C>(&C::Scalar::from_u64(7)).to_affine().unwrap();
        let to_point = |j: &super::point::Jacobian<C>| {
            if j.is_identity_vartime() {
                Point::<C>::identity()
            } else {
                let zz = j.z.sqr();
                Point {
                    x: j.x.mul(&j.z),
                    y: j.y,
                    z: zz.mul(&j.z),
                }
            }
        };
        for u1 in &scalars {
            for u2 in &scalars {
                let want = mul_base::<C>(u1).add(&mul(&q, u2));
                let got = to_point(&mul2_base_vartime::<C>(u1, u2, &q));
                assert!(got.eq_vartime(&want), "{}: u1 G + u2 Q", C::NAME);
            }
            // u1 G + u2 Q with Q = 7 G: u2 = -u1/7 gives the identity,
            // u2 = u1/7 gives 2 u1 G through the doubling branch
            let inv7 = C::Scalar::from_u64(7).invert();
            let u2 = u1.mul(&inv7);
            let got = to_point(&mul2_base_vartime::<C>(u1, &u2.neg(), &q));
            assert_ne!(got.is_identity(), 0, "{}: u1 G - u1 G", C::NAME);
            let got = to_point(&mul2_base_vartime::<C>(u1, &u2, &q));
            assert!(
                got.eq_vartime(&mul_base::<C>(&u1.add(u1))),
                "{}: 2 u1 G",
                C::NAME
            );
        }
    }

    /// The Jacobian multiplications against the complete-formula ones on
    /// the scalars where their exceptional cases live: every `n - j` and
    /// `j` for `j` in 1..=72 (the last window's `P + P`, `k = n - 2|d|`,
    /// for both window widths), the top bits set, and pseudo-random ones;
    /// for the generator and another point.
    fn jacobian_checks<C: Curve>() {
        use super::point::{mul_base_complete, mul_complete};
        let n = <C::Scalar as Elem>::modulus();
        let mut ks = alloc::vec::Vec::new();
        for j in 1..=72u64 {
            ks.push(C::Scalar::from_u64(j));
            let mut l = n;
            l.as_mut()[0] -= j;
            ks.push(C::Scalar::from_canonical(&l));
        }
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..16 {
            let mut l = <C::Scalar as Elem>::zero_limbs();
            for x in l.as_mut().iter_mut() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                *x = seed;
            }
            let top = l.as_ref().len() - 1;
            l.as_mut()[top] &= n.as_ref()[top] >> 1;
            ks.push(C::Scalar::from_canonical(&l));
        }
        ks.push(C::Scalar::ZERO);
        let q = mul_base_complete::<C>(&C::Scalar::from_u64(0x1234_5678));
        for k in &ks {
            assert!(
                mul_base::<C>(k).eq_vartime(&mul_base_complete::<C>(k)),
                "{}: k G",
                C::NAME
            );
            for p in [Point::<C>::generator(), q] {
                let p = p.to_affine().unwrap();
                assert!(
                    mul(&p, k).eq_vartime(&mul_complete(&p, k)),
                    "{}: k P",
                    C::NAME
                );
            }
        }
    }

    #[test]
    fn jacobian_multiplications_match_complete_formulas() {
        jacobian_checks::<P256>();
        jacobian_checks::<P384>();
        jacobian_checks::<P521>();
        #[cfg(target_arch = "x86_64")]
        if Impl::Adx.check().is_some() {
            jacobian_checks::<P256Adx>();
            jacobian_checks::<P384Adx>();
            jacobian_checks::<P521Adx>();
        } else {
            std::eprintln!("jacobian_multiplications_match_complete_formulas: adx skipped");
        }
        #[cfg(target_arch = "aarch64")]
        if Impl::Aarch64.check().is_some() {
            jacobian_checks::<P256Aarch64>();
            jacobian_checks::<P384Aarch64>();
        } else {
            std::eprintln!("jacobian_multiplications_match_complete_formulas: aarch64 skipped");
        }
    }

    #[test]
    fn mul2_vartime_matches_constant_time() {
        mul2_checks::<P256>();
        mul2_checks::<P384>();
        mul2_checks::<P521>();
        #[cfg(target_arch = "x86_64")]
        if Impl::Adx.check().is_some() {
            mul2_checks::<P256Adx>();
            mul2_checks::<P384Adx>();
            mul2_checks::<P521Adx>();
        }
        #[cfg(target_arch = "aarch64")]
        if Impl::Aarch64.check().is_some() {
            mul2_checks::<P256Aarch64>();
            mul2_checks::<P384Aarch64>();
        }
    }

    /// CAVP SigGen (FIPS 186-3, `tests/vectors/nist/SigGen.txt`): each
    /// case's nonce `k` gives its `(r, s)`, on every kernel; the key's
    /// public point is `(Qx, Qy)`. 60 cases (P-256, P-384, P-521 x SHA-1,
    /// -224, -256, -384, -512 x 4).
    fn siggen_case<C: Curve>(kv: &std::collections::HashMap<&str, &str>, digest: &[u8]) {
        // CAVP drops leading zero digits: pad to the field's width
        let unhex = |s: &str| -> alloc::vec::Vec<u8> {
            let s = alloc::format!("{s:0>w$}", w = 2 * C::FIELD_BYTES);
            (0..s.len())
                .step_by(2)
                .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
                .collect()
        };
        let scalar = |s: &str| super::ecdsa::scalar_from_bytes::<C>(&unhex(s)).unwrap();
        let d = scalar(kv["d"]);
        let k = scalar(kv["k"]);
        let e = super::ecdsa::digest_scalar::<C>(digest);
        let (r, s) = super::ecdsa::sign_with_nonce::<C>(&d, &e, &k).unwrap();
        assert_eq!(
            super::ecdsa::scalar_bytes::<C>(&r),
            unhex(kv["R"]),
            "{} R",
            C::NAME
        );
        assert_eq!(
            super::ecdsa::scalar_bytes::<C>(&s),
            unhex(kv["S"]),
            "{} S",
            C::NAME
        );
        let q = mul_base::<C>(&d).to_affine().unwrap();
        let mut x = alloc::vec![0u8; C::FIELD_BYTES];
        q.x.write_be_bytes(&mut x);
        assert_eq!(x, unhex(kv["Qx"]), "{} Qx", C::NAME);
    }

    #[test]
    fn cavp_siggen() {
        use crate::hash::Hash;
        let text = include_str!("../../../tests/vectors/nist/SigGen.txt");
        let mut section = "";
        let mut kv = std::collections::HashMap::new();
        let mut count = 0;
        for line in text.lines().map(str::trim) {
            if line.starts_with('[') {
                section = line;
                continue;
            }
            let Some((k, v)) = line.split_once(" = ") else {
                continue;
            };
            kv.insert(k, v);
            if k != "S" {
                continue;
            }
            let msg: alloc::vec::Vec<u8> = (0..kv["Msg"].len())
                .step_by(2)
                .map(|i| u8::from_str_radix(&kv["Msg"][i..i + 2], 16).unwrap())
                .collect();
            fn h<H: Hash>(m: &[u8]) -> alloc::vec::Vec<u8> {
                let mut x = H::new();
                x.update(m);
                x.finalize().as_ref().to_vec()
            }
            let (curve, hash) = section
                .trim_matches(|c| c == '[' || c == ']')
                .split_once(',')
                .unwrap();
            let digest = match hash {
                "SHA-1" => h::<crate::hash::sha1::Sha1>(&msg),
                "SHA-224" => h::<crate::hash::sha256::Sha224>(&msg),
                "SHA-256" => h::<crate::hash::sha256::Sha256>(&msg),
                "SHA-384" => h::<crate::hash::sha512::Sha384>(&msg),
                "SHA-512" => h::<crate::hash::sha512::Sha512>(&msg),
                _ => panic!("{hash}"),
            };
            let adx = Impl::Adx.check().is_some();
            let arm = Impl::Aarch64.check().is_some();
            match curve {
                "P-256" => {
                    siggen_case::<P256>(&kv, &digest);
                    #[cfg(target_arch = "x86_64")]
                    if adx {
                        siggen_case::<P256Adx>(&kv, &digest);
                    }
                    #[cfg(target_arch = "aarch64")]
                    if arm {
                        siggen_case::<P256Aarch64>(&kv, &digest);
                    }
                }
                "P-384" => {
                    siggen_case::<P384>(&kv, &digest);
                    #[cfg(target_arch = "x86_64")]
                    if adx {
                        siggen_case::<P384Adx>(&kv, &digest);
                    }
                    #[cfg(target_arch = "aarch64")]
                    if arm {
                        siggen_case::<P384Aarch64>(&kv, &digest);
                    }
                }
                "P-521" => {
                    siggen_case::<P521>(&kv, &digest);
                    #[cfg(target_arch = "x86_64")]
                    if adx {
                        siggen_case::<P521Adx>(&kv, &digest);
                    }
                }
                _ => panic!("{curve}"),
            }
            let _ = (adx, arm);
            count += 1;
            kv.clear();
        }
        assert_eq!(count, 60);
    }

    #[test]
    fn generators() {
        generator_checks::<P256>();
        generator_checks::<P384>();
        generator_checks::<P521>();
        #[cfg(target_arch = "x86_64")]
        if Impl::Adx.check().is_some() {
            generator_checks::<P256Adx>();
            generator_checks::<P384Adx>();
            generator_checks::<P521Adx>();
        }
        #[cfg(target_arch = "aarch64")]
        if Impl::Aarch64.check().is_some() {
            generator_checks::<P256Aarch64>();
            generator_checks::<P384Aarch64>();
        }
    }
}

/// The ADX and aarch64 kernels against the portable one, for each modulus they
/// serve: edge values (0, 1, 2, m - 1, m - 2, 2^(64N-1) reduced, every top
/// bit set, R mod m and R^2 mod m, the powers 2^(32k)), random reduced
/// values, every pair multiplied and squared, and a long chain of nonzero
/// values where each output feeds the next.
#[cfg(test)]
mod kernel_tests {
    use super::field::{Modulus, Mont};

    /// `x mod m` for any value of `N` limbs below `2^(64N)`, by repeated
    /// subtraction (at most a few for these moduli).
    fn reduce<const N: usize>(mut x: [u64; N], m: &[u64; N]) -> [u64; N] {
        loop {
            let mut d = [0u64; N];
            let mut b = 0u64;
            for i in 0..N {
                let (v, o1) = x[i].overflowing_sub(m[i]);
                let (v, o2) = v.overflowing_sub(b);
                d[i] = v;
                b = (o1 | o2) as u64;
            }
            if b == 1 {
                return x;
            }
            x = d;
        }
    }

    /// The kernel `K` against the CIOS over 64-bit limbs with `u128`
    /// products (`mul_limbs64`: the portable product of 64-bit targets, and
    /// on 32-bit ones an independent reference for their 32-bit limbs).
    /// For a plain modulus (`M::PLAIN`, P-521's field) the reference is
    /// the CIOS product then a CIOS product by `2^(128 N) mod m`:
    /// `(a b / R) R^2 / R = a b`.
    fn check<K: Modulus<N>, M: Modulus<N>, const N: usize>(what: &str) {
        assert_eq!(K::P, M::P);
        assert_eq!(K::PLAIN, M::PLAIN);
        let mut one = [0u64; N];
        one[0] = 1;
        let r2 = super::field::mont_const(&super::field::mont_const(&one, &M::P), &M::P);
        let cios = |a: &[u64; N], b: &[u64; N]| {
            Mont::<M, N>::from_limbs(*a)
                .mul_limbs64(&Mont::from_limbs(*b))
                .l
        };
        let portable = |a: &[u64; N], b: &[u64; N]| {
            let t = cios(a, b);
            if M::PLAIN { cios(&t, &r2) } else { t }
        };
        let m = M::P;
        let small = |v: u64| {
            let mut l = [0u64; N];
            l[0] = v;
            l
        };
        let mut mm1 = m;
        mm1[0] -= 1;
        let mut mm2 = m;
        mm2[0] -= 2;
        let mut top = [0u64; N];
        top[N - 1] = 1 << (63 - m[N - 1].leading_zeros());
        let mut ones = [u64::MAX; N];
        ones[N - 1] = m[N - 1];
        let mut vals: alloc::vec::Vec<[u64; N]> = alloc::vec![
            small(0),
            small(1),
            small(2),
            mm1,
            mm2,
            reduce(top, &m),
            reduce(ones, &m),
            M::R1,
            M::R2,
        ];
        // powers 2^(32 k) up to 2^(64 N - 64) (below every modulus here):
        // for k < N the square 2^(64 k) is a single bit at limb k of its low
        // half, so step k of a reduction of that half (the P-384 square's,
        // on x86-64 and aarch64) meets a window of zeros above its multiple
        // of `c` and borrows through to its new top limb
        for k in 0..(64 * N - 1) / 32 {
            let mut l = [0u64; N];
            l[k / 2] = 1 << (32 * (k % 2));
            vals.push(reduce(l, &m));
        }
        let mut s = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        for _ in 0..200 {
            let mut l = [0u64; N];
            for x in l.iter_mut() {
                *x = next();
            }
            // below 2m (P-521's limbs are mostly above its 521 bits)
            l[N - 1] &= m[N - 1];
            vals.push(reduce(l, &m));
        }
        for a in &vals {
            assert_eq!(K::mont_sqr(a), portable(a, a), "{what}: sqr {a:x?}");
            for (j, b) in vals.iter().enumerate() {
                assert_eq!(K::mont_mul(a, b), portable(a, b), "{what}: {a:x?} * {b:x?}");
                let (pa, pb) = (Mont::<M, N>::from_limbs(*a), Mont::<M, N>::from_limbs(*b));
                assert_eq!(
                    K::mont_add(a, b),
                    pa.add_portable(&pb).l,
                    "{what}: {a:x?} + {b:x?}"
                );
                assert_eq!(
                    K::mont_sub(a, b),
                    pa.sub_portable(&pb).l,
                    "{what}: {a:x?} - {b:x?}"
                );
                // the small combinations against products by the constants
                let lin = |ka: u64, kb: u64| {
                    use super::field::Elem;
                    let k = |v| Mont::<M, N>::from_u64(v).l;
                    let x = Mont::<M, N>::from_limbs(portable(a, &k(ka)));
                    x.sub_portable(&Mont::from_limbs(portable(b, &k(kb)))).l
                };
                assert_eq!(
                    K::mont_lin_12_9(a, b),
                    lin(12, 9),
                    "{what}: 12 {a:x?} - 9 {b:x?}"
                );
                assert_eq!(
                    K::mont_lin_4_1(a, b),
                    lin(4, 1),
                    "{what}: 4 {a:x?} - {b:x?}"
                );
                assert_eq!(
                    K::mont_lin_3_8(a, b),
                    lin(3, 8),
                    "{what}: 3 {a:x?} - 8 {b:x?}"
                );
                // a third operand: b's neighbour in the list
                let c = &vals[(j + 1) % vals.len()];
                let pc = Mont::<M, N>::from_limbs(*c);
                assert_eq!(
                    K::mont_sub2(a, b, c),
                    pa.sub_portable(&pb).sub_portable(&pc).l,
                    "{what}: {a:x?} - {b:x?} - {c:x?}"
                );
            }
        }
        // the chain skips the zeros (0, and the edge values that reduce to
        // 0, as P-521's all-ones `p`): one zero factor would make every
        // later value 0 on both sides, whatever the kernel did
        let nonzero: alloc::vec::Vec<[u64; N]> = vals
            .iter()
            .copied()
            .filter(|v| v.iter().any(|&l| l != 0))
            .collect();
        let last = *nonzero.last().expect("random values");
        let (mut x, mut y) = (last, last);
        for i in 0..10_000 {
            let k = nonzero[i % nonzero.len()];
            x = K::mont_mul(&x, &k);
            y = portable(&y, &k);
            x = K::mont_sqr(&x);
            y = portable(&y, &y);
        }
        assert_eq!(x, y, "{what}: chain");
        assert_ne!(x, [0u64; N], "{what}: chain reached 0");
        check_invert::<K, N>(what, &vals);
    }

    /// `invert` (divsteps for the 4-, 6- and 9-limb moduli on 64-bit targets) against
    /// Fermat, and `a a^-1 = 1`, on `vals` (reduced limbs, Montgomery
    /// form) and 300 more pseudo-random values.
    fn check_invert<M: Modulus<N>, const N: usize>(what: &str, vals: &[[u64; N]]) {
        use super::field::Elem;
        let mut vals = vals.to_vec();
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..300 {
            let mut l = [0u64; N];
            for x in l.iter_mut() {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                *x = s;
            }
            // below 2p (P-521's limbs are mostly above its 521 bits), so
            // that `reduce` subtracts at most once
            l[N - 1] &= M::P[N - 1];
            vals.push(reduce(l, &M::P));
        }
        for a in &vals {
            let x = Mont::<M, N>::from_limbs(*a);
            let i = x.invert();
            assert_eq!(i.l, x.invert_fermat().l, "{what}: invert {a:x?}");
            let want = if *a == [0; N] { [0; N] } else { M::R1 };
            assert_eq!(x.mul(&i).l, want, "{what}: a a^-1 {a:x?}");
        }
    }

    #[test]
    fn invert_matches_fermat() {
        let m = |v: u64| {
            let mut l = [0u64; 4];
            l[0] = v;
            l
        };
        let mut p1 = super::c256::moduli::P::P;
        p1[0] -= 1;
        let mut n1 = super::c256::moduli::N::P;
        n1[0] -= 1;
        check_invert::<super::c256::moduli::P, 4>("P-256 p", &[m(0), m(1), m(2), p1]);
        check_invert::<super::c256::moduli::N, 4>("P-256 n", &[m(0), m(1), m(2), n1]);
        edges::<super::c384::moduli::P, 6>("P-384 p");
        edges::<super::c384::moduli::N, 6>("P-384 n");
        edges::<super::c521::moduli::P, 9>("P-521 p");
        edges::<super::c521::moduli::N, 9>("P-521 n");
    }

    /// `check_invert` on 0, 1, 2, M - 1, M - 2, and every power of two
    /// below M (sparse inputs stress the step bound).
    fn edges<M: Modulus<N>, const N: usize>(what: &str) {
        let mut vals = alloc::vec::Vec::new();
        for v in [0u64, 1, 2] {
            let mut l = [0u64; N];
            l[0] = v;
            vals.push(l);
        }
        for d in [1u64, 2] {
            let mut l = M::P;
            l[0] -= d;
            vals.push(l);
        }
        for k in 0..64 * N {
            let mut l = [0u64; N];
            l[k / 64] = 1 << (k % 64);
            // below the modulus: compare from the top limb
            if l.iter().rev().cmp(M::P.iter().rev()) == core::cmp::Ordering::Less {
                vals.push(l);
            }
        }
        check_invert::<M, N>(what, &vals);
    }

    /// P-521's field as a Montgomery modulus (`R = 2^576`, the generic
    /// CIOS): the 32-bit-limb product's reference, which is Montgomery
    /// only.
    #[derive(Clone, Copy, Debug)]
    struct Mont521;
    impl Modulus<9> for Mont521 {
        const P: [u64; 9] = super::c521::moduli::P::P;
    }

    /// P-521's Mersenne-shaped plain product `a b mod p` (and its sum and
    /// difference) against the
    /// generic CIOS (a plain modulus with the same `P` and no kernel of its
    /// own, which `check` reads through its reference only; the reference
    /// is the 64-bit-limb CIOS on every target).
    #[test]
    fn p521_field_matches_generic() {
        #[derive(Clone, Copy, Debug)]
        struct Generic;
        impl Modulus<9> for Generic {
            const P: [u64; 9] = super::c521::moduli::P::P;
            const PLAIN: bool = true;
        }
        #[derive(Clone, Copy, Debug)]
        struct Mersenne;
        impl Modulus<9> for Mersenne {
            const P: [u64; 9] = super::c521::moduli::P::P;
            const PLAIN: bool = true;
            fn mont_mul(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
                super::field521::mul(a, b)
            }
            fn mont_sqr(a: &[u64; 9]) -> [u64; 9] {
                super::field521::sqr(a)
            }
            fn mont_add(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
                super::field521::add(a, b)
            }
            fn mont_sub(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
                super::field521::sub(a, b)
            }
        }
        check::<Mersenne, Generic, 9>("P-521 p (Mersenne)");
        check::<super::c521::moduli::P, Generic, 9>("P-521 p (curve's modulus)");
    }

    /// A modulus computing with the product and square over 32-bit limbs
    /// (`mul_limbs32`, `sqr_limbs32`: the portable ones of 32-bit targets),
    /// so that `check` compares them with the 64-bit-limb CIOS on every
    /// target.
    #[derive(Clone, Copy, Debug)]
    struct Limbs32<M>(core::marker::PhantomData<M>);
    impl<M: Modulus<N>, const N: usize> Modulus<N> for Limbs32<M> {
        const P: [u64; N] = M::P;
        fn mont_mul(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
            Mont::<Self, N>::from_limbs(*a)
                .mul_limbs32(&Mont::from_limbs(*b))
                .l
        }
        fn mont_sqr(a: &[u64; N]) -> [u64; N] {
            Mont::<Self, N>::from_limbs(*a).sqr_limbs32().l
        }
    }

    /// The 32-bit-limb product and square against the 64-bit-limb CIOS for
    /// the six moduli (edge, random and chained values, as for the asm
    /// kernels), and on products built to need the final subtraction.
    #[test]
    fn limbs32_match_limbs64() {
        use super::{c256, c384, c521};
        check::<Limbs32<c256::moduli::P>, c256::moduli::P, 4>("P-256 p, 32-bit limbs");
        check::<Limbs32<c256::moduli::N>, c256::moduli::N, 4>("P-256 n, 32-bit limbs");
        check::<Limbs32<c384::moduli::P>, c384::moduli::P, 6>("P-384 p, 32-bit limbs");
        check::<Limbs32<c384::moduli::N>, c384::moduli::N, 6>("P-384 n, 32-bit limbs");
        check::<Limbs32<Mont521>, Mont521, 9>("P-521 p, 32-bit limbs");
        check::<Limbs32<c521::moduli::N>, c521::moduli::N, 9>("P-521 n, 32-bit limbs");
        final_subtraction::<c256::moduli::P, 4>("P-256 p");
        final_subtraction::<c256::moduli::N, 4>("P-256 n");
        final_subtraction::<c384::moduli::P, 6>("P-384 p");
        final_subtraction::<c384::moduli::N, 6>("P-384 n");
        final_subtraction::<Mont521, 9>("P-521 p");
        final_subtraction::<c521::moduli::N, 9>("P-521 n");
    }

    /// Products whose Montgomery sum `(a b + m p) / R` is `p + s` (small
    /// `s`), so that only the final subtraction brings them below p (random
    /// operands almost never need it for P-521, whose p is `2^-55 R`):
    /// for an odd `a < 2^63`, `m = R - d` with `d = -s R p^-1 mod a` makes
    /// `b = (p d + s R) / a` an integer, and `a b + m p = (p + s) R`;
    /// `b < p` when `d + s R / p < a` (`s <= 16` keeps `s R / p <= 2^59`
    /// for P-521). Both limb widths must give `s`.
    fn final_subtraction<M: Modulus<N>, const N: usize>(what: &str) {
        let p = M::P;
        let modu = |x: &[u64], a: u64| {
            let mut r = 0u128;
            for &l in x.iter().rev() {
                r = ((r << 64) | l as u128) % a as u128;
            }
            r as u64
        };
        let mulmod = |x: u64, y: u64, a: u64| (x as u128 * y as u128 % a as u128) as u64;
        // x^-1 mod a by the extended Euclid algorithm (gcd 1: p is prime)
        let inv = |x: u64, a: u64| {
            let (mut r0, mut r1) = (a as i128, x as i128);
            let (mut t0, mut t1) = (0i128, 1i128);
            while r1 != 0 {
                let q = r0 / r1;
                (r0, r1) = (r1, r0 - q * r1);
                (t0, t1) = (t1, t0 - q * t1);
            }
            assert_eq!(r0, 1);
            t0.rem_euclid(a as i128) as u64
        };
        let mut r_limbs = alloc::vec![0u64; N + 1];
        r_limbs[N] = 1; // R = 2^(64 N)
        let mut st = 0x0123_4567_89ab_cdefu64;
        let mut hits = 0;
        for k in 0..400u64 {
            st ^= st << 13;
            st ^= st >> 7;
            st ^= st << 17;
            let a = (st >> 1) | (1 << 62) | 1;
            let s_val = if k < 4 { k + 1 } else { (st >> 60) + 1 };
            let d = (a - mulmod(mulmod(s_val, modu(&r_limbs, a), a), inv(modu(&p, a), a), a)) % a;
            // x = p d + s R (N + 1 limbs), then b = x / a
            let mut x = alloc::vec![0u64; N + 1];
            let mut c = 0u128;
            for i in 0..N {
                let v = p[i] as u128 * d as u128 + c;
                x[i] = v as u64;
                c = v >> 64;
            }
            x[N] = c as u64 + s_val;
            let mut b = [0u64; N];
            let mut rem = 0u128;
            for i in (0..=N).rev() {
                let cur = (rem << 64) | x[i] as u128;
                let q = cur / a as u128;
                rem = cur % a as u128;
                if i < N {
                    b[i] = q as u64;
                } else if q != 0 {
                    rem = u128::MAX; // b needs N + 1 limbs: skip
                    break;
                }
            }
            if rem == u128::MAX {
                continue;
            }
            assert_eq!(rem, 0, "{what}: a must divide p d + s R");
            // b < p, comparing from the top limb
            if b.iter().rev().cmp(p.iter().rev()) != core::cmp::Ordering::Less {
                continue;
            }
            let mut al = [0u64; N];
            al[0] = a;
            let mut want = [0u64; N];
            want[0] = s_val;
            let (ma, mb) = (Mont::<M, N>::from_limbs(al), Mont::<M, N>::from_limbs(b));
            assert_eq!(
                ma.mul_limbs32(&mb).l,
                want,
                "{what}: 32-bit limbs, a = {a:x}, b = {b:x?}"
            );
            assert_eq!(
                ma.mul_limbs64(&mb).l,
                want,
                "{what}: 64-bit limbs, a = {a:x}, b = {b:x?}"
            );
            assert_eq!(mb.mul_limbs32(&ma).l, want, "{what}: 32-bit limbs, b a");
            hits += 1;
        }
        assert!(hits >= 300, "{what}: only {hits} products built");
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn adx_kernels_match_portable() {
        if super::Impl::Adx.check().is_none() {
            std::eprintln!("adx_kernels_match_portable: skipped, the CPU lacks BMI2/ADX");
            return;
        }
        // (The kernels' safety condition: the check above saw BMI2/ADX.)
        check::<super::c256::adx::PAdx, super::c256::moduli::P, 4>("P-256 p");
        check::<super::c256::adx::NAdx, super::c256::moduli::N, 4>("P-256 n");
        check::<super::c384::adx::PAdx, super::c384::moduli::P, 6>("P-384 p");
        check::<super::c384::adx::NAdx, super::c384::moduli::N, 6>("P-384 n");
        check::<super::c521::adx::PAdx, super::c521::moduli::P, 9>("P-521 p");
    }

    #[test]
    #[cfg(target_arch = "aarch64")]
    fn aarch64_kernels_match_portable() {
        if super::Impl::Aarch64.check().is_none() {
            std::eprintln!("aarch64_kernels_match_portable: skipped (PEREGRINE_CPU removed neon)");
            return;
        }
        check::<super::c256::a64::PA64, super::c256::moduli::P, 4>("P-256 p");
        check::<super::c256::a64::NA64, super::c256::moduli::N, 4>("P-256 n");
        check::<super::c384::a64::PA64, super::c384::moduli::P, 6>("P-384 p");
        check::<super::c384::a64::NA64, super::c384::moduli::N, 6>("P-384 n");
    }
}
