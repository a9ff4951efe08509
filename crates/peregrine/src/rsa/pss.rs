//! RSASSA-PSS (RFC 8017 sections 8.1 and 9.1) with MGF1.
//!
//! The hash `H` digests the message and the salted block; the MGF1 hash `M`
//! is `H` unless a `_with_mgf` function names another (Wycheproof and some
//! X.509 profiles pair SHA-256 with MGF1-SHA-1, for one).
//!
//! ```
//! # fn main() -> Result<(), peregrine::Error> {
//! use peregrine::hash::sha256::Sha256;
//! use peregrine::rsa::{RsaPrivateKey, pss::SaltLen};
//! # let key = RsaPrivateKey::from_pkcs8_pem(include_str!("../../tests/vectors/rsa/doc-2048.pem"))?;
//! let sig = key.sign_pss::<Sha256>(b"message", SaltLen::Digest)?;
//! key.public_key().verify_pss::<Sha256>(b"message", &sig, SaltLen::Digest)?;
//! # Ok(()) }
//! ```

use alloc::vec;
use alloc::vec::Vec;
use zeroize::Zeroize;

use super::hashes::{SigningHash, mgf1};
use super::{RsaPrivateKey, RsaPublicKey};
use crate::Error;
use crate::hash::Hash;

/// The salt length of a PSS signature (RFC 8017 section 9.1: a parameter
/// of the scheme, agreed between signer and verifier).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaltLen {
    /// The digest length of `H` (what RFC 8017 and FIPS 186-5 recommend,
    /// and what `openssl` calls `digest`).
    Digest,
    /// The largest salt the key allows: `emLen - hLen - 2` bytes
    /// (`openssl`'s `max`).
    Max,
    /// Exactly this many bytes (0 makes the signature deterministic).
    Exact(usize),
    /// Verification only: accept any salt length, recovered from the
    /// signature (`openssl`'s `auto`). Signing with it is an error.
    Auto,
}

impl SaltLen {
    fn resolve(self, em_len: usize, h_len: usize) -> Result<Option<usize>, Error> {
        let max = em_len
            .checked_sub(h_len + 2)
            .ok_or(Error::InvalidParameter {
                what: "PSS: key too small for the hash",
            })?;
        let s = match self {
            SaltLen::Digest => h_len,
            SaltLen::Max => max,
            SaltLen::Exact(s) => s,
            SaltLen::Auto => return Ok(None),
        };
        if s > max {
            return Err(Error::InvalidParameter {
                what: "PSS: salt too long for the key and hash",
            });
        }
        Ok(Some(s))
    }
}

/// `H(0x00 * 8 || m_hash || salt)`.
fn salted_hash<H: Hash>(m_hash: &[u8], salt: &[u8]) -> H::Output {
    let mut h = H::new();
    h.update(&[0u8; 8]);
    h.update(m_hash);
    h.update(salt);
    h.finalize()
}

/// EMSA-PSS-ENCODE (RFC 8017 9.1.1) from the message hash: `em_bits`
/// bits in `ceil(em_bits / 8)` bytes.
pub fn encode<H: Hash, M: Hash>(
    m_hash: &[u8],
    salt: &[u8],
    em_bits: usize,
) -> Result<Vec<u8>, Error> {
    let h_len = H::OUTPUT_LEN;
    let em_len = em_bits.div_ceil(8);
    if m_hash.len() != h_len {
        return Err(Error::InvalidLength {
            what: "PSS message digest",
            got: m_hash.len(),
        });
    }
    if em_len < h_len + salt.len() + 2 {
        return Err(Error::InvalidParameter {
            what: "PSS: salt too long for the key and hash",
        });
    }
    let hash = salted_hash::<H>(m_hash, salt);
    let db_len = em_len - h_len - 1;
    let mut em = vec![0u8; em_len];
    // DB = PS || 0x01 || salt, then masked in place.
    em[db_len - salt.len() - 1] = 0x01;
    em[db_len - salt.len()..db_len].copy_from_slice(salt);
    mgf1::<M>(hash.as_ref(), &mut em[..db_len]);
    em[0] &= 0xff >> (8 * em_len - em_bits);
    em[db_len..em_len - 1].copy_from_slice(hash.as_ref());
    em[em_len - 1] = 0xbc;
    Ok(em)
}

/// EMSA-PSS-VERIFY (RFC 8017 9.1.2). `em` is `ceil(em_bits / 8)` bytes;
/// `salt_len` `None` recovers the salt length. Public data throughout, so
/// early returns are fine.
pub fn verify<H: Hash, M: Hash>(
    m_hash: &[u8],
    em: &[u8],
    em_bits: usize,
    salt_len: Option<usize>,
) -> Result<(), Error> {
    let h_len = H::OUTPUT_LEN;
    let em_len = em_bits.div_ceil(8);
    let bad = Err(Error::VerificationFailed);
    if m_hash.len() != h_len || em.len() != em_len || em_len < h_len + salt_len.unwrap_or(0) + 2 {
        return bad;
    }
    if em[em_len - 1] != 0xbc {
        return bad;
    }
    let db_len = em_len - h_len - 1;
    let top = 0xffu8 >> (8 * em_len - em_bits);
    if em[0] & !top != 0 {
        return bad;
    }
    let hash = &em[db_len..em_len - 1];
    let mut db = em[..db_len].to_vec();
    mgf1::<M>(hash, &mut db);
    db[0] &= top;
    // DB = 0x00 * (db_len - s - 1) || 0x01 || salt.
    let one = match db.iter().position(|&b| b != 0) {
        Some(i) if db[i] == 0x01 => i,
        _ => return bad,
    };
    if let Some(s) = salt_len
        && one != db_len - s - 1
    {
        return bad;
    }
    let salt = &db[one + 1..];
    let want = salted_hash::<H>(m_hash, salt);
    // The verdict is public: the caller sees it as Ok or Err.
    if crate::ct::declassify(crate::ct::ct_eq(want.as_ref(), hash)) {
        Ok(())
    } else {
        bad
    }
}

fn digest<H: Hash>(msg: &[u8]) -> H::Output {
    let mut h = H::new();
    h.update(msg);
    h.finalize()
}

impl RsaPrivateKey {
    /// Signs `msg` with RSASSA-PSS, hash `H`, MGF1-`H` and a random salt of
    /// `salt` bytes.
    pub fn sign_pss<H: SigningHash>(&self, msg: &[u8], salt: SaltLen) -> Result<Vec<u8>, Error> {
        self.sign_pss_digest::<H, H>(digest::<H>(msg).as_ref(), salt)
    }

    /// Signs the digest `m_hash` (`H(msg)`, computed by the caller) with
    /// RSASSA-PSS, hash `H`, MGF1-`M` and a random salt.
    pub fn sign_pss_digest<H: SigningHash, M: Hash>(
        &self,
        m_hash: &[u8],
        salt: SaltLen,
    ) -> Result<Vec<u8>, Error> {
        let em_bits = self.public_key().bits() - 1;
        let s =
            salt.resolve(em_bits.div_ceil(8), H::OUTPUT_LEN)?
                .ok_or(Error::InvalidParameter {
                    what: "PSS: SaltLen::Auto is for verification",
                })?;
        let mut salt = vec![0u8; s];
        super::random(&mut salt)?;
        self.sign_pss_digest_with_salt::<H, M>(m_hash, &salt)
    }

    /// RSASSA-PSS with a salt the caller chooses: deterministic, for
    /// known-answer tests and protocols that fix the salt. Any hash is
    /// accepted here (the RSA Labs vectors use SHA-1); prefer
    /// [`sign_pss`](Self::sign_pss), whose salt is random.
    pub fn sign_pss_digest_with_salt<H: Hash, M: Hash>(
        &self,
        m_hash: &[u8],
        salt: &[u8],
    ) -> Result<Vec<u8>, Error> {
        let pub_key = self.public_key();
        let k = pub_key.size();
        let em = encode::<H, M>(m_hash, salt, pub_key.bits() - 1)?;
        // EM is em_len bytes, one shorter than k when modBits - 1 is a
        // multiple of 8: left-pad with zero to the modulus length.
        let mut padded = vec![0u8; k];
        padded[k - em.len()..].copy_from_slice(&em);
        let mut sig = self.private_op(&padded);
        padded.zeroize();
        if let Ok(s) = sig.as_mut() {
            // Public: the signature is the output.
            crate::ct::declassify_slice(s);
        }
        sig
    }
}

impl RsaPublicKey {
    /// Verifies an RSASSA-PSS signature on `msg` with hash `H`, MGF1-`H`
    /// and salt length `salt` ([`SaltLen::Auto`] accepts any).
    pub fn verify_pss<H: Hash>(&self, msg: &[u8], sig: &[u8], salt: SaltLen) -> Result<(), Error> {
        self.verify_pss_digest::<H, H>(digest::<H>(msg).as_ref(), sig, salt)
    }

    /// Verifies an RSASSA-PSS signature on the digest `m_hash` with hash
    /// `H` and MGF1-`M`.
    pub fn verify_pss_digest<H: Hash, M: Hash>(
        &self,
        m_hash: &[u8],
        sig: &[u8],
        salt: SaltLen,
    ) -> Result<(), Error> {
        let em_bits = self.bits() - 1;
        let em_len = em_bits.div_ceil(8);
        let salt_len = match salt.resolve(em_len, H::OUTPUT_LEN) {
            Ok(s) => s,
            Err(_) => return Err(Error::VerificationFailed),
        };
        let m = self.public_op(sig).map_err(|_| Error::VerificationFailed)?;
        let k = m.len();
        // I2OSP(m, emLen): a non-zero byte above emLen is an invalid EM.
        if m[..k - em_len].iter().any(|&b| b != 0) {
            return Err(Error::VerificationFailed);
        }
        verify::<H, M>(m_hash, &m[k - em_len..], em_bits, salt_len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hash::sha1::Sha1;

    fn hex(s: &str) -> Vec<u8> {
        let s: Vec<u8> = s.bytes().filter(|b| b.is_ascii_hexdigit()).collect();
        s.chunks(2)
            .map(|c| u8::from_str_radix(core::str::from_utf8(c).unwrap(), 16).unwrap())
            .collect()
    }

    // pss-int.txt (RSA Labs PKCS#1 v2.1 draft 2 vectors): a 1024-bit key,
    // SHA-1, a 20-byte salt.
    const M_HASH: &str = "37 b6 6a e0 44 58 43 35 3d 47 ec b0 b4 fd 14 c1 10 e6 2d 6a";
    const SALT: &str = "e3 b5 d5 d0 02 c1 bc e5 0c 2b 65 ef 88 a1 88 d8 3b ce 7e 61";
    const EM: &str = "66 e4 67 2e 83 6a d1 21 ba 24 4b ed 65 76 b8 67 d9 a4 47 c2 8a 6e 66 a5
        b8 7d ee 7f bc 7e 65 af 50 57 f8 6f ae 89 84 d9 ba 7f 96 9a d6 fe 02 a4
        d7 5f 74 45 fe fd d8 5b 6d 3a 47 7c 28 d2 4b a1 e3 75 6f 79 2d d1 dc e8
        ca 94 44 0e cb 52 79 ec d3 18 3a 31 1f c8 96 da 1c b3 93 11 af 37 ea 4a
        75 e2 4b db fd 5c 1d a0 de 7c ec df 1a 89 6f 9d 8b c8 16 d9 7c d7 a2 c4
        3b ad 54 6f be 8c fe bc";

    #[test]
    fn encode_rsa_labs() {
        let em = encode::<Sha1, Sha1>(&hex(M_HASH), &hex(SALT), 1023).unwrap();
        assert_eq!(em, hex(EM));
    }

    #[test]
    fn verify_rsa_labs_and_tampering() {
        let em = hex(EM);
        let mh = hex(M_HASH);
        verify::<Sha1, Sha1>(&mh, &em, 1023, Some(20)).unwrap();
        verify::<Sha1, Sha1>(&mh, &em, 1023, None).unwrap();
        assert!(verify::<Sha1, Sha1>(&mh, &em, 1023, Some(19)).is_err());
        assert!(verify::<Sha1, Sha1>(&mh, &em, 1023, Some(0)).is_err());
        for i in [0, 10, 106, 107, 126, 127] {
            let mut bad = em.clone();
            bad[i] ^= 1;
            assert!(
                verify::<Sha1, Sha1>(&mh, &bad, 1023, None).is_err(),
                "byte {i}"
            );
        }
        // The top bit must be clear for emBits = 1023.
        let mut bad = em.clone();
        bad[0] |= 0x80;
        assert!(verify::<Sha1, Sha1>(&mh, &bad, 1023, None).is_err());
    }

    #[test]
    fn salt_len_bounds() {
        assert_eq!(SaltLen::Max.resolve(128, 32).unwrap(), Some(94));
        assert_eq!(SaltLen::Digest.resolve(128, 32).unwrap(), Some(32));
        assert!(SaltLen::Exact(95).resolve(128, 32).is_err());
        assert!(SaltLen::Digest.resolve(66, 32).is_ok());
        assert!(SaltLen::Digest.resolve(65, 32).is_err());
        assert!(SaltLen::Digest.resolve(20, 32).is_err());
    }
}
