//! DSA domain parameters `(p, q, g)`: loading with validation, encoding,
//! and generation by FIPS 186-4 A.1.1.2 (probable primes from a seed) and
//! A.2.1 (unverifiable `g`), with the A.1.1.3 validation of a seed.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use der::pem::LineEnding;

use super::{bad_key, bit_len, der_uint_seq, parse_uint_seq, strip};
use crate::Error;
use crate::bignum::mont::Checked;
use crate::bignum::{CombTable, Modulus, Nat, is_probable_prime_with};
use crate::hash::Hash;
use crate::hash::sha256::Sha256;

/// The `(L, N)` sizes accepted (FIPS 186-4 section 4.2): bits of `p` and
/// of `q`.
pub const SIZES: [(usize, usize); 4] = [(1024, 160), (2048, 224), (2048, 256), (3072, 256)];

/// DSA domain parameters: primes `p` (`L` bits) and `q` (`N` bits) with
/// `q | p - 1`, and a generator `g` of the order-`q` subgroup.
/// Public values; each holds its Montgomery constants.
#[derive(Clone)]
pub struct DsaParams {
    pub(crate) p: Modulus,
    pub(crate) q: Modulus,
    /// `g`'s comb table for `N`-bit exponents.
    pub(crate) g_table: CombTable,
    p_bytes: Vec<u8>,
    q_bytes: Vec<u8>,
    g_bytes: Vec<u8>,
    l: usize,
    n: usize,
}

impl fmt::Debug for DsaParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DsaParams")
            .field("l", &self.l)
            .field("n", &self.n)
            .field("backend", &self.p.backend().name())
            .finish_non_exhaustive()
    }
}

impl PartialEq for DsaParams {
    fn eq(&self, o: &Self) -> bool {
        self.p_bytes == o.p_bytes && self.q_bytes == o.q_bytes && self.g_bytes == o.g_bytes
    }
}
impl Eq for DsaParams {}

/// Miller-Rabin rounds of FIPS 186-4 table C.1 (error 2^-80 for 1024/160,
/// 2^-112 for 2048, 2^-128 for 3072) for `p` and `q`.
fn rounds(l: usize) -> (usize, usize) {
    match l {
        1024 => (40, 40),
        2048 => (56, 56),
        _ => (64, 64),
    }
}

fn os_fill(buf: &mut [u8]) -> Result<(), Error> {
    super::random(buf)?;
    crate::ct::declassify_slice(buf);
    Ok(())
}

/// The odd primes below 2000, for trial division of public candidates.
fn small_primes() -> impl Iterator<Item = u64> {
    (3u64..2000).step_by(2).filter(|&n| {
        (3..)
            .step_by(2)
            .take_while(|d| d * d <= n)
            .all(|d| n % d != 0)
    })
}

/// `x mod m` for a small public `m` (variable time: public values only).
fn rem_small_vartime(x: &Nat, m: u64) -> u64 {
    let mut r = 0u128;
    for &l in x.as_limbs().iter().rev() {
        r = ((r << 64) | l as u128) % m as u128;
    }
    r as u64
}

/// Whether the public candidate `w` is probably prime: trial division by
/// the primes below 2000, then `rounds` of Miller-Rabin.
fn probable_prime_vartime(w: &Nat, rounds: usize) -> Result<bool, Error> {
    for sp in small_primes() {
        if rem_small_vartime(w, sp) == 0 {
            return Ok(w.bit_len_vartime() <= 11 && w.ct_eq(&Nat::from_u64(sp)).into());
        }
    }
    is_probable_prime_with(w, rounds, os_fill)
}

impl DsaParams {
    /// The parameters `p`, `q`, `g` (big-endian, leading zeros allowed),
    /// checked: sizes in [`SIZES`], `p` and `q` odd, `q` dividing `p - 1`,
    /// `1 < g < p`, `g^q = 1 mod p`. Primality is not tested (as OpenSSL,
    /// which does not either): [`DsaParams::check_primes`] does it.
    pub fn from_components(p: &[u8], q: &[u8], g: &[u8]) -> Result<Self, Error> {
        Self::build(p, q, g, None)
    }

    fn build(p: &[u8], q: &[u8], g: &[u8], imp: Option<Checked>) -> Result<Self, Error> {
        let (p, q, g) = (strip(p), strip(q), strip(g));
        let (l, n) = (bit_len(p), bit_len(q));
        if !SIZES.contains(&(l, n)) {
            return Err(bad_key(
                "DSA sizes (L/N must be 1024/160, 2048/224, 2048/256 or 3072/256)",
            ));
        }
        if p[p.len() - 1] & 1 == 0 || q[q.len() - 1] & 1 == 0 {
            return Err(bad_key("DSA p and q must be odd"));
        }
        let new_mod = |x: &Nat| match imp {
            Some(imp) => Modulus::with_impl(x, imp),
            None => Modulus::new(x),
        };
        let pm = new_mod(&Nat::from_be_bytes(p))?;
        let qn = Nat::from_be_bytes(q);
        let qm = new_mod(&qn)?;
        let (p1, _) = pm.n().sub(&Nat::from_u64(1));
        if !bool::from(p1.rem(qm.n())?.is_zero()) {
            return Err(bad_key("DSA q does not divide p - 1"));
        }
        let gn =
            Nat::from_be_bytes_width(g, pm.limbs()).map_err(|_| bad_key("DSA g not below p"))?;
        if !bool::from(gn.ct_lt(pm.n())) || gn.bit_len_vartime() < 2 {
            return Err(bad_key("DSA g must satisfy 1 < g < p"));
        }
        if !is_one(&pm.pow_vartime(&gn, q)?) {
            return Err(bad_key("DSA g does not have order q"));
        }
        let g_table = pm.comb_table(&gn, n)?;
        Ok(DsaParams {
            p: pm,
            q: qm,
            g_table,
            p_bytes: p.to_vec(),
            q_bytes: q.to_vec(),
            g_bytes: g.to_vec(),
            l,
            n,
        })
    }

    /// The same parameters on another Montgomery kernel (already
    /// checked: only the Montgomery constants are recomputed; the comb
    /// table's Montgomery form is the same on every kernel).
    pub fn with_backend(&self, imp: Checked) -> Result<Self, Error> {
        Ok(DsaParams {
            p: Modulus::with_impl(self.p.n(), imp)?,
            q: Modulus::with_impl(self.q.n(), imp)?,
            ..self.clone()
        })
    }

    /// Tests `p` and `q` for primality (trial division, then Miller-Rabin
    /// with the rounds of FIPS 186-4 table C.1); loading does not.
    pub fn check_primes(&self) -> Result<(), Error> {
        let (rp, rq) = rounds(self.l);
        if !probable_prime_vartime(self.q.n(), rq)? {
            return Err(bad_key("DSA q is not prime"));
        }
        if !probable_prime_vartime(self.p.n(), rp)? {
            return Err(bad_key("DSA p is not prime"));
        }
        Ok(())
    }

    /// `(L, N)`: the bit lengths of `p` and `q`.
    pub fn sizes(&self) -> (usize, usize) {
        (self.l, self.n)
    }

    /// `p`, big-endian, no leading zero.
    pub fn p(&self) -> &[u8] {
        &self.p_bytes
    }

    /// `q`, big-endian, no leading zero.
    pub fn q(&self) -> &[u8] {
        &self.q_bytes
    }

    /// `g`, big-endian, no leading zero.
    pub fn g(&self) -> &[u8] {
        &self.g_bytes
    }

    /// The Montgomery kernel in use.
    pub fn backend(&self) -> crate::bignum::mont::Impl {
        self.p.backend()
    }

    /// Loads `Dss-Parms ::= SEQUENCE { p, q, g INTEGER }` (DER), checked.
    pub fn from_der(der: &[u8]) -> Result<Self, Error> {
        let [p, q, g] = parse_uint_seq::<3>(der).map_err(|_| bad_key("DSA parameters DER"))?;
        Self::from_components(p, q, g)
    }

    /// The `Dss-Parms` DER.
    pub fn to_der(&self) -> Vec<u8> {
        der_uint_seq(&[&self.p_bytes, &self.q_bytes, &self.g_bytes]).to_vec()
    }

    /// Loads `-----BEGIN DSA PARAMETERS-----` (what `openssl genpkey
    /// -genparam -algorithm DSA` and `openssl dsaparam` write).
    pub fn from_pem(pem: &str) -> Result<Self, Error> {
        let (label, der) = der::pem::decode_vec(pem.as_bytes()).map_err(|_| bad_key("PEM"))?;
        if label != "DSA PARAMETERS" {
            return Err(bad_key("PEM label (want DSA PARAMETERS)"));
        }
        Self::from_der(&der)
    }

    /// The `DSA PARAMETERS` PEM.
    pub fn to_pem(&self) -> Result<String, Error> {
        der::pem::encode_string("DSA PARAMETERS", LineEnding::LF, &self.to_der())
            .map_err(|_| bad_key("encode PEM"))
    }

    /// New parameters of `L = l`, `N = n` bits (one of [`SIZES`]): `p` and
    /// `q` by FIPS 186-4 A.1.1.2 with SHA-256 and a random `N`-bit seed,
    /// `g` by A.2.1. Returns the parameters, the seed and the counter
    /// (for [`validate_pq`]). 3072-bit parameters take seconds.
    pub fn generate(l: usize, n: usize) -> Result<(Self, Vec<u8>, u32), Error> {
        if !SIZES.contains(&(l, n)) {
            return Err(Error::InvalidParameter {
                what: "DSA sizes (L/N must be 1024/160, 2048/224, 2048/256 or 3072/256)",
            });
        }
        let mut seed = vec![0u8; n / 8];
        loop {
            os_fill(&mut seed)?;
            if let Some((p, q, counter)) = pq_from_seed::<Sha256>(l, n, &seed, None)? {
                let g = generator(&p, &q)?;
                let params = Self::from_components(&p.to_be_bytes(), &q.to_be_bytes(), &g)?;
                return Ok((params, seed, counter));
            }
        }
    }
}

fn is_one(x: &Nat) -> bool {
    x.ct_eq(&Nat::from_u64(1)).into()
}

/// `seed + k mod 2^(8 len)`, big-endian.
fn seed_plus(seed: &[u8], k: u64) -> Vec<u8> {
    let mut out = seed.to_vec();
    let mut carry = k as u128;
    for b in out.iter_mut().rev() {
        let t = *b as u128 + (carry & 0xff);
        *b = t as u8;
        carry = (carry >> 8) + (t >> 8);
    }
    out
}

/// FIPS 186-4 A.1.1.2 steps 6 to 11 from one seed: `q` from `H(seed)`,
/// then up to `4L` candidates for `p` (or up to `max_counter` when
/// validating). `None` when `q` is not prime or no `p` was found.
fn pq_from_seed<H: Hash>(
    l: usize,
    n: usize,
    seed: &[u8],
    max_counter: Option<u32>,
) -> Result<Option<(Nat, Nat, u32)>, Error> {
    let outlen = 8 * H::OUTPUT_LEN;
    if 8 * seed.len() < n || outlen < n {
        return Ok(None);
    }
    // U = H(seed) mod 2^(N-1); q = 2^(N-1) + U + 1 - (U mod 2).
    let mut h = H::new();
    h.update(seed);
    let d = h.finalize();
    let mut qb = d.as_ref()[H::OUTPUT_LEN - n / 8..].to_vec();
    qb[0] |= 0x80;
    let last = qb.len() - 1;
    qb[last] |= 1;
    let q = Nat::from_be_bytes(&qb);
    let (rp, rq) = rounds(l);
    if !probable_prime_vartime(&q, rq)? {
        return Ok(None);
    }
    let nblocks = l.div_ceil(outlen) - 1;
    let q1 = q.resize(q.limbs() + 1)?;
    let (two_q, _) = q1.add(&q1);
    let limit = max_counter.map_or(4 * l as u32 - 1, |c| c.min(4 * l as u32 - 1));
    let mut offset = 1u64;
    let mut buf = vec![0u8; (nblocks + 1) * H::OUTPUT_LEN];
    for counter in 0..=limit {
        // W: V_n || ... || V_0, big-endian; X = W mod 2^(L-1) + 2^(L-1).
        for j in 0..=nblocks {
            let mut h = H::new();
            h.update(&seed_plus(seed, offset + j as u64));
            let v = h.finalize();
            let at = (nblocks - j) * H::OUTPUT_LEN;
            buf[at..at + H::OUTPUT_LEN].copy_from_slice(v.as_ref());
        }
        let mut xb = buf[buf.len() - l / 8..].to_vec();
        xb[0] |= 0x80;
        let x = Nat::from_be_bytes(&xb);
        // p = X - (X mod 2q - 1).
        let c = x.rem(&two_q)?;
        let (cm1, _) = c.sub(&Nat::from_u64(1));
        let (p, _) = x.sub(&cm1);
        offset += nblocks as u64 + 1;
        if !bool::from(p.bit(l - 1)) {
            continue;
        }
        if probable_prime_vartime(&p, rp)? {
            return Ok(Some((p, q, counter)));
        }
    }
    Ok(None)
}

/// FIPS 186-4 A.2.1: `g = h^((p-1)/q) mod p` for `h = 2, 3, ...`, the first
/// that is not 1. Returns `g`'s big-endian bytes.
fn generator(p: &Nat, q: &Nat) -> Result<Vec<u8>, Error> {
    let pm = Modulus::new(p)?;
    let (p1, _) = p.sub(&Nat::from_u64(1));
    let (e, _) = p1.div_rem(q)?;
    let e = e.to_be_bytes();
    for h in 2u64..1000 {
        let g = pm.pow_vartime(&Nat::from_u64(h).resize(pm.limbs())?, &e)?;
        if !is_one(&g) {
            return Ok(g.to_be_bytes());
        }
    }
    Err(bad_key("DSA generator search failed"))
}

/// FIPS 186-4 A.1.1.3: whether `p` and `q` are the primes A.1.1.2 makes
/// from `seed` with the hash `H`, found at `counter` (no prime `p` at a
/// smaller counter, `q` from the seed, both probably prime, sizes in
/// [`SIZES`]). `Ok(false)` for parameters that fail; `Err` only when the
/// random generator does.
pub fn validate_pq<H: Hash>(p: &[u8], q: &[u8], seed: &[u8], counter: u32) -> Result<bool, Error> {
    let (p, q) = (strip(p), strip(q));
    let (l, n) = (bit_len(p), bit_len(q));
    if !SIZES.contains(&(l, n)) || counter > 4 * l as u32 - 1 {
        return Ok(false);
    }
    Ok(match pq_from_seed::<H>(l, n, seed, Some(counter))? {
        Some((pp, qq, c)) => {
            c == counter
                && bool::from(pp.ct_eq(&Nat::from_be_bytes(p)))
                && bool::from(qq.ct_eq(&Nat::from_be_bytes(q)))
        }
        None => false,
    })
}
