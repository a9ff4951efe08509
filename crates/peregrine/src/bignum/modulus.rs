//! [`Modulus`]: an odd modulus with its Montgomery constants and the
//! kernel chosen for it, and the arithmetic modulo it (Montgomery products,
//! exponentiation, reduction).

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use zeroize::{Zeroize, Zeroizing};

use super::mont::{self, Checked, Impl, MAX_LIMBS};
use super::nat::{self, Nat, add_masked, lt, mask_bit, mask_nz, shl1, sub_into, sub_masked};
use crate::Error;
use crate::cpu;

/// The window of the constant-time exponentiation: 5 bits, a table of 32
/// powers.
pub const POW_WINDOW: usize = 5;

/// An odd modulus `n` of `k` limbs (`1 <= k <= 256`, so up to 16384 bits),
/// with `n0 = -n^(-1) mod 2^64`, `R mod n` and `R^2 mod n` (`R = 2^(64k)`),
/// and the Montgomery kernel chosen for it.
///
/// The width `k` is public; the value of `n` is treated as secret (CRT
/// primes are secret), so building a `Modulus` takes time that depends on
/// `k` only. Values in the Montgomery domain ("`a` in Montgomery form" is
/// `a * R mod n`) are plain [`Nat`]s of width `k`; [`Modulus::to_mont`] and
/// [`Modulus::from_mont`] convert.
///
/// Every operation that takes residues requires width `k` and value `< n`
/// and returns an error otherwise (the check is constant time; only the
/// verdict is revealed).
#[derive(Clone)]
pub struct Modulus {
    n: Nat,
    n0: u64,
    /// R mod n: one in Montgomery form.
    one: Nat,
    /// R^2 mod n.
    rr: Nat,
    /// The radix-2^52 kernel's `R^2 = 2^(104 L) mod n`, when `imp` has
    /// one for this width (`mont::pow52_vartime_limbs`, which covers
    /// `mont::pow52_limbs`).
    rr52: Option<Nat>,
    imp: Checked,
}

impl fmt::Debug for Modulus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Modulus")
            .field("limbs", &self.n.limbs())
            .field("backend", &self.imp.get().name())
            .finish_non_exhaustive()
    }
}

impl Drop for Modulus {
    fn drop(&mut self) {
        self.n0.zeroize();
    }
}

impl Modulus {
    /// `n` as a modulus, on the best kernel for this CPU (logged once when
    /// `PEREGRINE_CPU_VERBOSE=1`). Errors when `n` is even (revealing only
    /// its parity) or wider than 256 limbs.
    pub fn new(n: &Nat) -> Result<Modulus, Error> {
        let imp = Impl::best();
        cpu::log_choice("montgomery", imp.get().name());
        Modulus::with_impl(n, imp)
    }

    /// `n` (big-endian bytes, width `ceil(len / 8)` limbs) as a modulus.
    pub fn from_be_bytes(n: &[u8]) -> Result<Modulus, Error> {
        Modulus::new(&Nat::from_be_bytes(n))
    }

    /// Like [`Modulus::new`], on the kernel `imp`.
    pub fn with_impl(n: &Nat, imp: Checked) -> Result<Modulus, Error> {
        let k = n.limbs();
        if k > MAX_LIMBS {
            return Err(Error::InvalidLength {
                what: "modulus (limbs, at most 256)",
                got: k,
            });
        }
        if !bool::from(n.is_odd()) {
            return Err(Error::InvalidParameter {
                what: "modulus must be odd",
            });
        }
        let n0 = mont::n0_of(n.limbs[0]);
        // R mod n, then R * 2^k mod n, by modular doublings, then six
        // Montgomery squarings: (R 2^a)^2 R^-1 = R 2^(2a), so a = k, 2k, ...,
        // 64k: R 2^(64k) = R^2. When n fills its top limb (every modulus
        // read from minimal big-endian bytes does), 2^(64(k-1)) < n is the
        // start and 64 + k doublings remain; otherwise 1 is, and 65k do
        // (the width in limbs is public; the branch reveals only whether
        // the top limb is zero). A doubling is a shift and a masked
        // subtraction over k limbs, so this part costs O(k^2), not O(k^3)
        // (for RSA-2048 the short way is 96 doublings instead of 2,080,
        // once for each public key a verifier parses).
        let mut x = Nat::zero(k);
        let full = k > 1 && n.limbs[k - 1] != 0;
        let (doublings, at_r) = if full {
            x.limbs[k - 1] = 1;
            (64 + k, 64)
        } else {
            x.limbs[0] = 1;
            // 1 mod n (0 when n = 1), without a branch.
            let ge = lt(&x.limbs, &n.limbs) ^ 1;
            sub_masked(&mut x.limbs, &n.limbs, mask_bit(ge));
            (65 * k, 64 * k)
        };
        let mut one = Nat::zero(k);
        for i in 0..doublings {
            let top = shl1(&mut x.limbs, 0);
            let borrow = lt(&x.limbs, &n.limbs);
            sub_masked(&mut x.limbs, &n.limbs, mask_bit(top | (borrow ^ 1)));
            if i + 1 == at_r {
                one.limbs.copy_from_slice(&x.limbs);
            }
        }
        let mut m = Modulus {
            n: n.clone(),
            n0,
            one,
            rr: Nat::zero(k),
            rr52: None,
            imp,
        };
        let mut t = Nat::zero(k);
        for _ in 0..6 {
            mont::sqr_unchecked(imp, &mut t.limbs, &x.limbs, &m.n.limbs, n0);
            core::mem::swap(&mut t, &mut x);
        }
        m.rr = x;
        if let Some(l) = mont::pow52_vartime_limbs(imp, k) {
            // 2^(104 L) mod n, by a public-exponent power of 2 on the
            // 64-bit kernel (constant time in n).
            let two = m.reduce(&Nat::from_u64(2));
            m.rr52 = Some(m.pow_vartime_mont(&two, &((104 * l) as u64).to_be_bytes())?);
        }
        Ok(m)
    }

    /// The modulus.
    pub fn n(&self) -> &Nat {
        &self.n
    }

    /// The width in limbs (public).
    pub fn limbs(&self) -> usize {
        self.n.limbs()
    }

    /// `-n^(-1) mod 2^64`.
    pub fn n0(&self) -> u64 {
        self.n0
    }

    /// `R^2 mod n`, `R = 2^(64 k)`.
    pub fn rr(&self) -> &Nat {
        &self.rr
    }

    /// The kernel this modulus uses.
    pub fn backend(&self) -> Impl {
        self.imp.get()
    }

    /// Marks the modulus and its constants secret for the constant-time
    /// checker (a CRT prime is secret); the width stays public.
    #[cfg(peregrine_ctgrind)]
    #[doc(hidden)]
    pub fn ctgrind_secret(&mut self) {
        for x in [&mut self.n, &mut self.one, &mut self.rr] {
            crate::ct::secret(&mut x.limbs[..]);
        }
        if let Some(x) = &mut self.rr52 {
            crate::ct::secret(&mut x.limbs[..]);
        }
        crate::ct::secret(&mut self.n0);
    }

    /// Same width and `< n`, or an error.
    fn check(&self, a: &Nat) -> Result<(), Error> {
        if a.limbs() != self.limbs() {
            return Err(Error::InvalidLength {
                what: "residue (limbs, must equal the modulus's)",
                got: a.limbs(),
            });
        }
        // The range verdict is public: a residue not below the modulus is
        // refused with an error (the type's documented contract), and
        // every caller inside the library passes reduced values, for
        // which it is always true.
        if crate::ct::declassify(lt(&a.limbs, &self.n.limbs)) != 1 {
            return Err(Error::InvalidParameter {
                what: "residue must be less than the modulus",
            });
        }
        Ok(())
    }

    #[inline]
    fn mm(&self, r: &mut [u64], a: &[u64], b: &[u64]) {
        mont::mul_unchecked(self.imp, r, a, b, &self.n.limbs, self.n0);
    }

    #[inline]
    fn ms(&self, r: &mut [u64], a: &[u64]) {
        mont::sqr_unchecked(self.imp, r, a, &self.n.limbs, self.n0);
    }

    /// The Montgomery product `a * b * R^(-1) mod n` (in the Montgomery
    /// domain, the product of `a` and `b`).
    pub fn mul(&self, a: &Nat, b: &Nat) -> Result<Nat, Error> {
        self.check(a)?;
        self.check(b)?;
        let mut r = Nat::zero(self.limbs());
        self.mm(&mut r.limbs, &a.limbs, &b.limbs);
        Ok(r)
    }

    /// The Montgomery square `a^2 * R^(-1) mod n` (dedicated squaring).
    pub fn sqr(&self, a: &Nat) -> Result<Nat, Error> {
        self.check(a)?;
        let mut r = Nat::zero(self.limbs());
        self.ms(&mut r.limbs, &a.limbs);
        Ok(r)
    }

    /// `a * R mod n`: `a` into the Montgomery domain.
    pub fn to_mont(&self, a: &Nat) -> Result<Nat, Error> {
        self.mul(a, &self.rr)
    }

    /// `a * R^(-1) mod n`: `a` out of the Montgomery domain.
    pub fn from_mont(&self, a: &Nat) -> Result<Nat, Error> {
        self.check(a)?;
        let mut one = Nat::zero(self.limbs());
        one.limbs[0] = 1;
        let mut r = Nat::zero(self.limbs());
        // 1 >= n only when n = 1; then a = 0 and the product is 0 anyway.
        self.mm(&mut r.limbs, &a.limbs, &one.limbs);
        Ok(r)
    }

    /// `a * b mod n` for ordinary (not Montgomery) residues.
    pub fn mul_mod(&self, a: &Nat, b: &Nat) -> Result<Nat, Error> {
        let am = self.to_mont(a)?;
        let mut r = Nat::zero(self.limbs());
        self.check(b)?;
        self.mm(&mut r.limbs, &am.limbs, &b.limbs);
        Ok(r)
    }

    /// `a + b mod n` (constant time).
    pub fn add(&self, a: &Nat, b: &Nat) -> Result<Nat, Error> {
        self.check(a)?;
        self.check(b)?;
        let mut r = Nat::zero(self.limbs());
        let c = nat::add_into(&mut r.limbs, &a.limbs, &b.limbs);
        mont::final_sub(&mut r.limbs, c, &self.n.limbs);
        Ok(r)
    }

    /// `a - b mod n` (constant time).
    pub fn sub(&self, a: &Nat, b: &Nat) -> Result<Nat, Error> {
        self.check(a)?;
        self.check(b)?;
        let mut r = Nat::zero(self.limbs());
        let borrow = sub_into(&mut r.limbs, &a.limbs, &b.limbs);
        add_masked(&mut r.limbs, &self.n.limbs, mask_bit(borrow));
        Ok(r)
    }

    /// `-a mod n` (constant time).
    pub fn neg(&self, a: &Nat) -> Result<Nat, Error> {
        self.sub(&Nat::zero(self.limbs()), a)
    }

    /// `x mod n` for `x` of any width, in constant time: the work depends
    /// on the widths only.
    ///
    /// `x` is cut into `k`-limb chunks `c_i` (`x = sum c_i R^i`); each
    /// chunk is Montgomery-reduced on its own (`c_i R^(-1) mod n`, valid
    /// for any `c_i < R` since `c_i < n R`), the results are combined by
    /// Horner's rule with one Montgomery product by `R^2` per chunk
    /// (`acc R mod n`), and a last product by `R^2` removes the `R^(-1)`.
    /// A `2k`-limb `x` (an RSA ciphertext reduced modulo a CRT prime) costs
    /// two reductions and two products, whatever the bit length of `n`.
    pub fn reduce(&self, x: &Nat) -> Nat {
        let k = self.limbs();
        let limbs = x.as_limbs();
        let chunks = limbs.len().div_ceil(k);
        let mut acc = Zeroizing::new(vec![0u64; k]);
        let mut d = Zeroizing::new(vec![0u64; k]);
        let mut t = Zeroizing::new(vec![0u64; k]);
        let mut scratch = Zeroizing::new(vec![0u64; 2 * k]);
        for i in (0..chunks).rev() {
            let chunk = &limbs[i * k..limbs.len().min((i + 1) * k)];
            redc_narrow(&mut d, chunk, &self.n.limbs, self.n0, &mut scratch);
            if i + 1 != chunks {
                self.mm(&mut t, &acc, &self.rr.limbs);
                core::mem::swap(&mut t, &mut acc);
            }
            let c = nat::add_into(&mut t, &acc, &d);
            mont::final_sub(&mut t, c, &self.n.limbs);
            core::mem::swap(&mut t, &mut acc);
        }
        let mut r = Nat::zero(k);
        self.mm(&mut r.limbs, &acc, &self.rr.limbs);
        r
    }

    /// `base^exp mod n` for a secret exponent given as big-endian bytes
    /// (its length is public; leading zero bytes cost the same as any
    /// others), with `base < n` of width `k`.
    ///
    /// Constant time: a fixed window of 5 bits, so every window costs 5
    /// squarings and one multiplication (by the table's one for a zero
    /// window); the table entry is read by a masked scan over all 32
    /// entries (every entry loaded, the wanted one kept by an AND mask),
    /// never by a secret index. The table is stored limb-major (limb `j`
    /// of the 32 entries side by side, the interleaved layout of OpenSSL's
    /// `bn_scatter5`/`bn_gather5`), so the scan reads the table once,
    /// front to back, with each output limb accumulated in a register.
    /// Temporaries are zeroized.
    pub fn pow(&self, base: &Nat, exp: &[u8]) -> Result<Nat, Error> {
        self.check(base)?;
        let k = self.limbs();
        if mont::pow52_limbs(self.imp, k).is_some()
            && let Some(out) = self.pow52(base, exp, false)
        {
            return Ok(out);
        }
        const ENTRIES: usize = 1 << POW_WINDOW;
        // The powers, entry-major while they are built, then scattered
        // into the limb-major table.
        let mut powers = Zeroizing::new(vec![0u64; ENTRIES * k]);
        powers[..k].copy_from_slice(&self.one.limbs);
        let mut tmp = Zeroizing::new(vec![0u64; k]);
        self.mm(&mut tmp, &base.limbs, &self.rr.limbs);
        powers[k..2 * k].copy_from_slice(&tmp);
        for i in 2..ENTRIES {
            let (done, rest) = powers.split_at_mut(i * k);
            let out = &mut rest[..k];
            if i % 2 == 0 {
                self.ms(out, &done[(i / 2) * k..(i / 2 + 1) * k]);
            } else {
                self.mm(out, &done[(i - 1) * k..i * k], &done[k..2 * k]);
            }
        }
        let mut table = Zeroizing::new(vec![0u64; ENTRIES * k]);
        for (e, p) in powers.chunks_exact(k).enumerate() {
            for (j, &limb) in p.iter().enumerate() {
                table[j * ENTRIES + e] = limb;
            }
        }
        drop(powers);

        let nbits = 8 * exp.len();
        let mut acc = Zeroizing::new(self.one.limbs.clone());
        let mut entry = Zeroizing::new(vec![0u64; k]);
        // Windows from the top; the first takes the leading nbits % 5 bits
        // (or a whole window), and needs no squarings.
        let first = match nbits % POW_WINDOW {
            0 => POW_WINDOW,
            r => r,
        };
        let mut pos = nbits; // bits above `pos` are done
        let mut width = first.min(nbits);
        let mut first_window = true;
        while pos > 0 {
            pos -= width;
            let w = window(exp, pos, width);
            select_entry(&table, w, &mut entry);
            if first_window {
                acc.copy_from_slice(&entry);
                first_window = false;
            } else {
                for _ in 0..width {
                    self.ms(&mut tmp, &acc);
                    core::mem::swap(&mut *tmp, &mut *acc);
                }
                self.mm(&mut tmp, &acc, &entry);
                core::mem::swap(&mut *tmp, &mut *acc);
            }
            width = POW_WINDOW;
        }
        let mut out = Nat::zero(k);
        out.limbs.copy_from_slice(&acc);
        self.from_mont(&out)
    }

    /// `(a^e mod n, b^f mod n')` for this modulus `n` and `other` (`n'`),
    /// each exactly as [`Modulus::pow`] computes it, together where a
    /// kernel runs two exponentiations in one pass faster: the IFMA
    /// kernel, for two moduli of the same width on the same backend (the
    /// CRT halves of an RSA key) up to 1040 bits, interleaves them so that
    /// each fills the other's multiply latency. Otherwise one after the
    /// other. The exponents'
    /// lengths are public; the shorter one is padded with leading zero
    /// bytes, which cost the same as any others.
    pub fn pow_pair(
        &self,
        a: &Nat,
        e: &[u8],
        other: &Modulus,
        b: &Nat,
        f: &[u8],
    ) -> Result<(Nat, Nat), Error> {
        self.check(a)?;
        other.check(b)?;
        let k = self.limbs();
        let (rr_a, rr_b) = match (&self.rr52, &other.rr52) {
            (Some(x), Some(y))
                if other.limbs() == k
                    && other.imp == self.imp
                    && mont::pow52_pair_wins(self.imp, k) =>
            {
                (x, y)
            }
            _ => return Ok((self.pow(a, e)?, other.pow(b, f)?)),
        };
        let len = e.len().max(f.len());
        let pad = |x: &[u8]| {
            let mut v = Zeroizing::new(vec![0u8; len]);
            v[len - x.len()..].copy_from_slice(x);
            v
        };
        let (e, f) = (pad(e), pad(f));
        let (mut x, mut y) = (Nat::zero(k), Nat::zero(k));
        mont::pow52_pair(
            self.imp,
            [&mut x.limbs, &mut y.limbs],
            [&a.limbs, &b.limbs],
            [&e, &f],
            [&self.n.limbs, &other.n.limbs],
            [self.n0, other.n0],
            [&rr_a.limbs, &rr_b.limbs],
        );
        Ok((x, y))
    }

    /// For `speed`'s `mont1024` row (the cost of one Montgomery product
    /// on this kernel): `count` dependent products `x = x (R mod n) R^-1`
    /// (radix 2^52 on IFMA, 2^64 elsewhere), which leave `x` unchanged, so
    /// the result checks the chain. `pair`: two such chains interleaved in
    /// one pass, as the IFMA kernel runs RSA's CRT halves (`None` where
    /// the kernel has no paired product, or `x` is not below `n` or `x + n`
    /// does not fit in `k` limbs).
    #[doc(hidden)]
    pub fn bench_product_chain(&self, x: &Nat, count: usize, pair: bool) -> Option<[Nat; 2]> {
        self.check(x).ok()?;
        // The radix-2^52 chain may end at x + n: it must fit in k limbs.
        if x.add(&self.n).1 != 0 {
            return None;
        }
        let k = self.limbs();
        let (mut a, mut b) = (x.clone(), x.clone());
        let rr52 = self
            .rr52
            .as_ref()
            .filter(|_| mont::pow52_limbs(self.imp, k).is_some());
        match (rr52, pair) {
            (Some(rr52), false) => {
                let args = (&self.n.limbs[..], self.n0, &rr52.limbs[..], count);
                mont::pow52_product_chain(self.imp, [&mut a.limbs], args);
            }
            (Some(rr52), true) if mont::pow52_pair_wins(self.imp, k) => {
                let args = (&self.n.limbs[..], self.n0, &rr52.limbs[..], count);
                mont::pow52_product_chain(self.imp, [&mut a.limbs, &mut b.limbs], args);
            }
            (_, true) => return None,
            (None, false) => {
                let mut t = Nat::zero(k);
                for _ in 0..count {
                    self.mm(&mut t.limbs, &a.limbs, &self.one.limbs);
                    core::mem::swap(&mut t, &mut a);
                }
            }
        }
        Some([a, b])
    }

    /// `base^exp mod n` for a *public* exponent (an RSA `e`, a
    /// Miller-Rabin `w - 1`): variable time in `exp` (leading zeros are
    /// skipped, zero windows skip their multiplication, the table is indexed
    /// by exponent bits), constant time in `base`. Exponents up to 64 bits
    /// run on the radix-2^52 kernel where there is one for this width
    /// (IFMA: RSA-2048's public operation in 40 rows of five zmm, RSA-4096's
    /// in 79 rows of ten).
    pub fn pow_vartime(&self, base: &Nat, exp: &[u8]) -> Result<Nat, Error> {
        self.check(base)?;
        if Nat::from_be_bytes(exp).bit_len_vartime() <= 64
            && let Some(out) = self.pow52(base, exp, true)
        {
            return Ok(out);
        }
        self.pow_vartime_mont(base, exp)
    }

    /// `base^exp mod n` on the radix-2^52 kernel ([`mont::pow52`]), when
    /// there is one for this width (`None` otherwise).
    fn pow52(&self, base: &Nat, exp: &[u8], public_exp: bool) -> Option<Nat> {
        let rr52 = self.rr52.as_ref()?;
        let mut out = Nat::zero(self.limbs());
        mont::pow52(
            self.imp,
            &mut out.limbs,
            &base.limbs,
            exp,
            &self.n.limbs,
            self.n0,
            &rr52.limbs,
            public_exp,
        );
        Some(out)
    }

    /// [`Modulus::pow_vartime`] on the 64-bit kernel's products.
    fn pow_vartime_mont(&self, base: &Nat, exp: &[u8]) -> Result<Nat, Error> {
        self.check(base)?;
        let k = self.limbs();
        let e = Nat::from_be_bytes(exp);
        let nbits = e.bit_len_vartime();
        let bm = self.to_mont(base)?;
        let mut acc = Zeroizing::new(self.one.limbs.clone());
        let mut tmp = Zeroizing::new(vec![0u64; k]);
        if nbits <= 32 {
            // Square and multiply from the top bit down, starting at the
            // base itself (the top bit is one). An odd exponent ends with a
            // product by the *plain* base: `x^a R * x * R^(-1) = x^(2a+1)`,
            // already out of Montgomery form, so no final reduction. RSA's
            // e = 65537 costs one conversion, 16 squarings and one product.
            if nbits > 0 {
                acc.copy_from_slice(&bm.limbs);
                let last = usize::from(bool::from(e.bit(0)) && nbits > 1);
                for i in (last..nbits - 1).rev() {
                    self.ms(&mut tmp, &acc);
                    core::mem::swap(&mut *tmp, &mut *acc);
                    if bool::from(e.bit(i)) {
                        self.mm(&mut tmp, &acc, &bm.limbs);
                        core::mem::swap(&mut *tmp, &mut *acc);
                    }
                }
                if last == 1 {
                    self.ms(&mut tmp, &acc);
                    let mut out = Nat::zero(k);
                    self.mm(&mut out.limbs, &tmp, &base.limbs);
                    return Ok(out);
                }
            }
        } else {
            // Fixed 4-bit windows, odd and even powers in a table.
            const W: usize = 4;
            let mut table: Vec<Zeroizing<Vec<u64>>> = Vec::with_capacity(1 << W);
            table.push(Zeroizing::new(self.one.limbs.clone()));
            table.push(Zeroizing::new(bm.limbs.clone()));
            for i in 2..1 << W {
                let mut t = Zeroizing::new(vec![0u64; k]);
                self.mm(&mut t, &table[i - 1], &bm.limbs);
                table.push(t);
            }
            let windows = nbits.div_ceil(W);
            for wi in (0..windows).rev() {
                for _ in 0..W {
                    self.ms(&mut tmp, &acc);
                    core::mem::swap(&mut *tmp, &mut *acc);
                }
                let mut w = 0usize;
                for b in 0..W {
                    w |= (bool::from(e.bit(wi * W + b)) as usize) << b;
                }
                if w != 0 {
                    self.mm(&mut tmp, &acc, &table[w]);
                    core::mem::swap(&mut *tmp, &mut *acc);
                }
            }
        }
        let mut out = Nat::zero(k);
        out.limbs.copy_from_slice(&acc);
        self.from_mont(&out)
    }

    /// `a^e * b^f mod n` for *public* exponents (a DSA verification's
    /// `g^u1 y^u2`): the simultaneous exponentiation of Straus (Shamir's
    /// trick) with fixed 4-bit windows, one squaring chain for both
    /// exponents and a table of 16 powers per base. Variable time in `e`
    /// and `f` (zero windows skip their product; tables indexed by exponent
    /// bits), constant time in `a` and `b`.
    pub fn pow2_vartime(&self, a: &Nat, e: &[u8], b: &Nat, f: &[u8]) -> Result<Nat, Error> {
        self.check(a)?;
        self.check(b)?;
        let k = self.limbs();
        const W: usize = 4;
        let (e, f) = (Nat::from_be_bytes(e), Nat::from_be_bytes(f));
        let nbits = e.bit_len_vartime().max(f.bit_len_vartime());
        let table = |x: &Nat| -> Result<Vec<Zeroizing<Vec<u64>>>, Error> {
            let xm = self.to_mont(x)?;
            let mut t: Vec<Zeroizing<Vec<u64>>> = Vec::with_capacity(1 << W);
            t.push(Zeroizing::new(self.one.limbs.clone()));
            t.push(Zeroizing::new(xm.limbs.clone()));
            for i in 2..1 << W {
                let mut v = Zeroizing::new(vec![0u64; k]);
                if i % 2 == 0 {
                    self.ms(&mut v, &t[i / 2]);
                } else {
                    self.mm(&mut v, &t[i - 1], &xm.limbs);
                }
                t.push(v);
            }
            Ok(t)
        };
        let (ta, tb) = (table(a)?, table(b)?);
        let mut acc = Zeroizing::new(self.one.limbs.clone());
        let mut tmp = Zeroizing::new(vec![0u64; k]);
        let windows = nbits.div_ceil(W);
        let win = |x: &Nat, wi: usize| {
            (0..W).fold(0usize, |w, j| {
                w | (usize::from(bool::from(x.bit(wi * W + j))) << j)
            })
        };
        for wi in (0..windows).rev() {
            if wi + 1 != windows {
                for _ in 0..W {
                    self.ms(&mut tmp, &acc);
                    core::mem::swap(&mut *tmp, &mut *acc);
                }
            }
            for (x, t) in [(&e, &ta), (&f, &tb)] {
                let w = win(x, wi);
                if w != 0 {
                    self.mm(&mut tmp, &acc, &t[w]);
                    core::mem::swap(&mut *tmp, &mut *acc);
                }
            }
        }
        let mut out = Nat::zero(k);
        out.limbs.copy_from_slice(&acc);
        self.from_mont(&out)
    }

    /// A fixed-base comb table (Lim and Lee) for `base^e` with exponents
    /// of up to `bits` bits: the 32 products of the five powers
    /// `base^(2^(j d))`, `d = ceil(bits / 5)`, in Montgomery form and
    /// limb-major (as [`Modulus::pow`]'s table). It costs about one
    /// exponentiation to build and makes every later one with the same
    /// base about three times cheaper (`d` squarings and `d` products
    /// instead of `bits` and `bits / 5`): DSA's `g^k` and `g^u1 y^u2`.
    /// Constant time in `base`.
    pub fn comb_table(&self, base: &Nat, bits: usize) -> Result<CombTable, Error> {
        self.check(base)?;
        let k = self.limbs();
        const ENTRIES: usize = 1 << POW_WINDOW;
        let d = bits.max(1).div_ceil(POW_WINDOW);
        // G_j = base^(2^(j d)), j < 5, then entry m = prod of G_j over m's bits.
        let mut entries = Zeroizing::new(vec![0u64; ENTRIES * k]);
        entries[..k].copy_from_slice(&self.one.limbs);
        let mut g = Zeroizing::new(vec![0u64; k]);
        let mut tmp = Zeroizing::new(vec![0u64; k]);
        self.mm(&mut g, &base.limbs, &self.rr.limbs);
        for j in 0..POW_WINDOW {
            if j > 0 {
                for _ in 0..d {
                    self.ms(&mut tmp, &g);
                    core::mem::swap(&mut *tmp, &mut *g);
                }
            }
            let bit = 1 << j;
            entries[bit * k..(bit + 1) * k].copy_from_slice(&g);
            for m in bit + 1..2 * bit {
                let (done, rest) = entries.split_at_mut(m * k);
                self.mm(&mut rest[..k], &done[(m - bit) * k..(m - bit + 1) * k], &g);
            }
        }
        let mut table = Zeroizing::new(vec![0u64; ENTRIES * k]);
        for (e, p) in entries.chunks_exact(k).enumerate() {
            for (j, &limb) in p.iter().enumerate() {
                table[j * ENTRIES + e] = limb;
            }
        }
        Ok(CombTable { table, d, limbs: k })
    }

    /// The comb column `col` of `exp` (big-endian): bit `j d + col` of the
    /// exponent as bit `j` (positions public, bits read by public index).
    fn comb_index(exp: &[u8], d: usize, col: usize) -> u64 {
        let mut m = 0u64;
        for j in 0..POW_WINDOW {
            let i = j * d + col;
            if i < 8 * exp.len() {
                m |= window(exp, i, 1) << j;
            }
        }
        m
    }

    fn comb_fits(&self, t: &CombTable, exp: &[u8]) -> Result<(), Error> {
        if t.limbs != self.limbs() || 8 * exp.len() > POW_WINDOW * t.d {
            return Err(Error::InvalidLength {
                what: "exponent longer than the comb table's (or a table of another width)",
                got: exp.len(),
            });
        }
        Ok(())
    }

    /// `base^exp mod n` through `base`'s [`CombTable`], for a secret
    /// exponent (big-endian; at most the table's bits, as bytes): `d`
    /// squarings and `d` products whatever the exponent, each entry read
    /// by a masked scan of all 32. Constant time.
    pub fn pow_comb(&self, t: &CombTable, exp: &[u8]) -> Result<Nat, Error> {
        self.comb_fits(t, exp)?;
        let k = self.limbs();
        let mut acc = Zeroizing::new(vec![0u64; k]);
        let mut tmp = Zeroizing::new(vec![0u64; k]);
        let mut entry = Zeroizing::new(vec![0u64; k]);
        for col in (0..t.d).rev() {
            select_entry(&t.table, Self::comb_index(exp, t.d, col), &mut entry);
            if col + 1 == t.d {
                acc.copy_from_slice(&entry);
                continue;
            }
            self.ms(&mut tmp, &acc);
            self.mm(&mut acc, &tmp, &entry);
        }
        let mut out = Nat::zero(k);
        out.limbs.copy_from_slice(&acc);
        self.from_mont(&out)
    }

    /// `a^e * b^f mod n` through the bases' [`CombTable`]s, for *public*
    /// exponents (DSA verification): one chain of `d` squarings, a product
    /// per non-zero column of each exponent, entries read by index.
    pub fn pow2_comb_vartime(
        &self,
        ta: &CombTable,
        e: &[u8],
        tb: &CombTable,
        f: &[u8],
    ) -> Result<Nat, Error> {
        self.comb_fits(ta, e)?;
        self.comb_fits(tb, f)?;
        if ta.d != tb.d {
            return Err(Error::InvalidParameter {
                what: "comb tables of different exponent sizes",
            });
        }
        let k = self.limbs();
        const ENTRIES: usize = 1 << POW_WINDOW;
        let mut acc = Zeroizing::new(self.one.limbs.clone());
        let mut tmp = Zeroizing::new(vec![0u64; k]);
        let mut entry = vec![0u64; k];
        for col in (0..ta.d).rev() {
            if col + 1 != ta.d {
                self.ms(&mut tmp, &acc);
                core::mem::swap(&mut *tmp, &mut *acc);
            }
            for (t, x) in [(ta, e), (tb, f)] {
                let m = Self::comb_index(x, t.d, col) as usize;
                if m != 0 {
                    for (j, o) in entry.iter_mut().enumerate() {
                        *o = t.table[j * ENTRIES + m];
                    }
                    self.mm(&mut tmp, &acc, &entry);
                    core::mem::swap(&mut *tmp, &mut *acc);
                }
            }
        }
        let mut out = Nat::zero(k);
        out.limbs.copy_from_slice(&acc);
        self.from_mont(&out)
    }
}

/// A fixed-base comb table for one base modulo one modulus (see
/// [`Modulus::comb_table`]): 32 entries in Montgomery form, wiped on drop.
#[derive(Clone)]
pub struct CombTable {
    table: Zeroizing<Vec<u64>>,
    /// Columns: the exponent bits covered are `5 d`.
    d: usize,
    limbs: usize,
}

impl fmt::Debug for CombTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CombTable")
            .field("bits", &(POW_WINDOW * self.d))
            .field("limbs", &self.limbs)
            .finish_non_exhaustive()
    }
}

/// Bits `pos .. pos + width` of the big-endian byte string `exp` (bit 0 is
/// the least significant bit of the last byte). `pos` and `width` are
/// public; the loop reads bytes by public index only. Shared with the
/// radix-2^52 exponentiation (`mont::x86_64_ifma`).
pub(crate) fn window(exp: &[u8], pos: usize, width: usize) -> u64 {
    let mut w = 0u64;
    for b in 0..width {
        let i = pos + b;
        let byte = exp[exp.len() - 1 - i / 8];
        w |= (((byte >> (i % 8)) & 1) as u64) << b;
    }
    w
}

/// `out = entry idx` of the limb-major table (`table[j * 32 + e]` is limb
/// `j` of entry `e`) by a masked scan: every limb of every entry is read,
/// ANDed with a mask that is all ones for the wanted entry only, and ORed
/// into the output limb.
fn select_entry(table: &[u64], idx: u64, out: &mut [u64]) {
    const ENTRIES: usize = 1 << POW_WINDOW;
    let mut masks = [0u64; ENTRIES];
    for (e, m) in masks.iter_mut().enumerate() {
        *m = !mask_nz(e as u64 ^ idx);
    }
    let masks = core::hint::black_box(masks);
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    {
        select_entry_neon(table, &masks, out);
    }
    #[cfg(not(all(target_arch = "aarch64", target_feature = "neon")))]
    for (o, row) in out.iter_mut().zip(table.chunks_exact(ENTRIES)) {
        let mut acc = 0u64;
        for (&t, &m) in row.iter().zip(&masks) {
            acc |= t & m;
        }
        *o = acc;
    }
}

/// [`select_entry`]'s scan on aarch64 in NEON registers, two entries a
/// 128-bit AND and OR, where the target has NEON (every aarch64 Linux
/// target; not the `-softfloat` bare-metal ones, which keep the 64-bit
/// scan): about half the instructions of the 64-bit scan. At 16 limbs a
/// read went from 657 to 402 cycles on Cortex-A72 by `scripts/mca.sh`
/// (a 1024-bit squaring's products alone are about 930).
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
fn select_entry_neon(table: &[u64], masks: &[u64; 1 << POW_WINDOW], out: &mut [u64]) {
    use core::arch::aarch64::{vandq_u64, vdupq_n_u64, vgetq_lane_u64, vld1q_u64, vorrq_u64};
    const ENTRIES: usize = 1 << POW_WINDOW;
    // SAFETY: the target has NEON (the cfg above); every load reads two `u64`
    // inside `masks` (32 limbs) or inside a row of `ENTRIES` limbs of
    // `table` (pairs at even offsets below `ENTRIES`).
    unsafe {
        let m: [_; ENTRIES / 2] = core::array::from_fn(|e| vld1q_u64(masks.as_ptr().add(2 * e)));
        for (o, row) in out.iter_mut().zip(table.chunks_exact(ENTRIES)) {
            let mut acc = vdupq_n_u64(0);
            for (e, me) in m.iter().enumerate() {
                acc = vorrq_u64(acc, vandq_u64(vld1q_u64(row.as_ptr().add(2 * e)), *me));
            }
            *o = vgetq_lane_u64::<0>(acc) | vgetq_lane_u64::<1>(acc);
        }
    }
}

/// `out = c R^(-1) mod n` for any `c` of at most `k = n.len()` limbs
/// (`R = 2^(64k)`): word-by-word Montgomery reduction (REDC) of `c`
/// zero-extended to `2k` limbs, then the shared final subtraction. Valid
/// because `c < R <= n R`, so the reduced value is below `2n`. Portable
/// (`u128` products), constant time; `scratch` has `2k` limbs.
fn redc_narrow(out: &mut [u64], c: &[u64], n: &[u64], n0: u64, scratch: &mut [u64]) {
    let k = n.len();
    let t = &mut scratch[..2 * k];
    t.fill(0);
    t[..c.len()].copy_from_slice(c);
    let mut top = 0u64;
    for i in 0..k {
        let m = t[i].wrapping_mul(n0);
        let mut carry = 0u64;
        for j in 0..k {
            let s = (m as u128) * (n[j] as u128) + (t[i + j] as u128) + (carry as u128);
            t[i + j] = s as u64;
            carry = (s >> 64) as u64;
        }
        (t[i + k], top) = nat::adc(t[i + k], carry, top);
    }
    out.copy_from_slice(&t[k..]);
    mont::final_sub(out, top, n);
}
