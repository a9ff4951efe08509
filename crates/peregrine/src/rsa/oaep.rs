//! RSAES-OAEP (RFC 8017 section 7.1) with MGF1.
//!
//! `H` hashes the label and sizes the seed; the MGF1 hash `M` is `H`
//! unless a `_with_mgf` function names another (`openssl`'s default for
//! `-pkeyopt rsa_oaep_md:sha256` keeps MGF1-SHA-1, for one).
//!
//! Decryption judges the padding in constant time: the leading zero byte,
//! the label hash and the `0x00.. 0x01` separator are folded into one mask
//! with no branch and no secret-dependent index, and every failure is the
//! same [`Error::InvalidPadding`] (Manger's attack, 2001, needs to tell
//! them apart). Only once the padding is valid does the message length,
//! which the caller learns anyway, decide how many bytes are copied out.
//!
//! ```
//! # fn main() -> Result<(), peregrine::Error> {
//! use peregrine::hash::sha256::Sha256;
//! use peregrine::rsa::RsaPrivateKey;
//! # let key = RsaPrivateKey::from_pkcs8_pem(include_str!("../../tests/vectors/rsa/doc-2048.pem"))?;
//! let ct = key.public_key().encrypt_oaep::<Sha256>(b"secret", b"")?;
//! assert_eq!(key.decrypt_oaep::<Sha256>(&ct, b"")?.as_slice(), b"secret");
//! # Ok(()) }
//! ```

use alloc::vec;
use alloc::vec::Vec;
use subtle::{ConditionallySelectable, ConstantTimeEq};
use zeroize::{Zeroize, Zeroizing};

use super::hashes::mgf1;
use super::{RsaPrivateKey, RsaPublicKey};
use crate::Error;
use crate::hash::Hash;

fn label_hash<H: Hash>(label: &[u8]) -> H::Output {
    let mut h = H::new();
    h.update(label);
    h.finalize()
}

/// EME-OAEP encoding (RFC 8017 7.1.1 step 2) into `k` bytes with the given
/// seed (`H::OUTPUT_LEN` bytes).
pub fn encode<H: Hash, M: Hash>(
    msg: &[u8],
    label: &[u8],
    seed: &[u8],
    k: usize,
) -> Result<Vec<u8>, Error> {
    let h_len = H::OUTPUT_LEN;
    if seed.len() != h_len {
        return Err(Error::InvalidLength {
            what: "OAEP seed",
            got: seed.len(),
        });
    }
    if k < 2 * h_len + 2 || msg.len() > k - 2 * h_len - 2 {
        return Err(Error::InvalidLength {
            what: "OAEP message (too long for the key and hash)",
            got: msg.len(),
        });
    }
    let mut em = vec![0u8; k];
    let (seed_part, db) = em[1..].split_at_mut(h_len);
    db[..h_len].copy_from_slice(label_hash::<H>(label).as_ref());
    let db_len = db.len();
    db[db_len - msg.len() - 1] = 0x01;
    db[db_len - msg.len()..].copy_from_slice(msg);
    mgf1::<M>(seed, db);
    seed_part.copy_from_slice(seed);
    mgf1::<M>(db, seed_part);
    Ok(em)
}

/// EME-OAEP decoding (RFC 8017 7.1.2 step 3) of the `k`-byte block `em`,
/// in constant time until the verdict (see the module docs).
pub fn decode<H: Hash, M: Hash>(em: &mut [u8], label: &[u8]) -> Result<Zeroizing<Vec<u8>>, Error> {
    let h_len = H::OUTPUT_LEN;
    let k = em.len();
    if k < 2 * h_len + 2 {
        return Err(Error::InvalidPadding);
    }
    let l_hash = label_hash::<H>(label);
    let (y, rest) = em.split_at_mut(1);
    let (seed, db) = rest.split_at_mut(h_len);
    mgf1::<M>(db, seed);
    mgf1::<M>(seed, db);

    let mut good = y[0].ct_eq(&0);
    good &= db[..h_len].ct_eq(l_hash.as_ref());
    // Scan PS || 0x01 || M for the first non-zero byte: it must be 0x01.
    // `looking` stays set while only zeros have been seen; `index` is the
    // position of the separator.
    let mut looking = subtle::Choice::from(1);
    let mut index = 0u32;
    let mut bad_sep = subtle::Choice::from(0);
    for (i, &b) in db.iter().enumerate().skip(h_len) {
        let zero = b.ct_eq(&0);
        let one = b.ct_eq(&1);
        let here = looking & one;
        index.conditional_assign(&(i as u32), here);
        bad_sep |= looking & !zero & !one;
        looking &= zero;
    }
    good &= !looking & !bad_sep;
    // The verdict is public (Ok or one InvalidPadding error); with valid
    // padding the separator's position is too: it gives the length of the
    // message returned.
    if crate::ct::declassify(bool::from(good)) {
        let index = crate::ct::declassify(index);
        let out = Zeroizing::new(db[index as usize + 1..].to_vec());
        db.zeroize();
        Ok(out)
    } else {
        db.zeroize();
        Err(Error::InvalidPadding)
    }
}

impl RsaPublicKey {
    /// Encrypts `msg` with RSAES-OAEP, hash `H`, MGF1-`H` and `label`
    /// (usually empty). `msg` may be up to `size() - 2 * H::OUTPUT_LEN - 2`
    /// bytes.
    pub fn encrypt_oaep<H: Hash>(&self, msg: &[u8], label: &[u8]) -> Result<Vec<u8>, Error> {
        self.encrypt_oaep_with_mgf::<H, H>(msg, label)
    }

    /// [`encrypt_oaep`](Self::encrypt_oaep) with MGF1 over `M`.
    pub fn encrypt_oaep_with_mgf<H: Hash, M: Hash>(
        &self,
        msg: &[u8],
        label: &[u8],
    ) -> Result<Vec<u8>, Error> {
        let mut seed = Zeroizing::new(vec![0u8; H::OUTPUT_LEN]);
        super::random(&mut seed)?;
        self.encrypt_oaep_with_seed::<H, M>(msg, label, &seed)
    }

    /// RSAES-OAEP with a seed the caller chooses: for known-answer tests
    /// only. A repeated or predictable seed makes encryption deterministic
    /// and breaks OAEP's security proof; use
    /// [`encrypt_oaep`](Self::encrypt_oaep).
    #[doc(hidden)]
    pub fn encrypt_oaep_with_seed<H: Hash, M: Hash>(
        &self,
        msg: &[u8],
        label: &[u8],
        seed: &[u8],
    ) -> Result<Vec<u8>, Error> {
        let mut em = encode::<H, M>(msg, label, seed, self.size())?;
        let mut ct = self.public_op(&em);
        em.zeroize();
        if let Ok(c) = ct.as_mut() {
            // Public: the ciphertext is the output.
            crate::ct::declassify_slice(c);
        }
        ct
    }
}

impl RsaPrivateKey {
    /// Decrypts an RSAES-OAEP ciphertext (hash `H`, MGF1-`H`). Every
    /// padding failure is the same [`Error::InvalidPadding`], found in
    /// constant time; a ciphertext of the wrong length or not below `n` is
    /// an [`Error::InvalidLength`] / [`Error::InvalidPadding`] decided on
    /// public data only.
    pub fn decrypt_oaep<H: Hash>(
        &self,
        ct: &[u8],
        label: &[u8],
    ) -> Result<Zeroizing<Vec<u8>>, Error> {
        self.decrypt_oaep_with_mgf::<H, H>(ct, label)
    }

    /// [`decrypt_oaep`](Self::decrypt_oaep) with MGF1 over `M`.
    pub fn decrypt_oaep_with_mgf<H: Hash, M: Hash>(
        &self,
        ct: &[u8],
        label: &[u8],
    ) -> Result<Zeroizing<Vec<u8>>, Error> {
        let k = self.public_key().size();
        if k < 2 * H::OUTPUT_LEN + 2 {
            return Err(Error::InvalidParameter {
                what: "OAEP: key too small for the hash",
            });
        }
        let mut em = self.private_op(ct)?;
        let out = decode::<H, M>(&mut em, label);
        em.zeroize();
        out
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

    // oaep-int.txt (RSA Labs PKCS#1 v2.1 draft 2): 1024-bit key, SHA-1,
    // empty label.
    const MSG: &str = "d4 36 e9 95 69 fd 32 a7 c8 a0 5b bc 90 d3 2c 49";
    const SEED: &str = "aa fd 12 f6 59 ca e6 34 89 b4 79 e5 07 6d de c2 f0 6c b5 8f";
    const EM: &str = "00 eb 7a 19 ac e9 e3 00 63 50 e3 29 50 4b 45 e2 ca 82 31 0b 26 dc d8 7d 5c
        68 f1 ee a8 f5 52 67 c3 1b 2e 8b b4 25 1f 84 d7 e0 b2 c0 46 26 f5 af f9
        3e dc fb 25 c9 c2 b3 ff 8a e1 0e 83 9a 2d db 4c dc fe 4f f4 77 28 b4 a1
        b7 c1 36 2b aa d2 9a b4 8d 28 69 d5 02 41 21 43 58 11 59 1b e3 92 f9 82
        fb 3e 87 d0 95 ae b4 04 48 db 97 2f 3a c1 4f 7b c2 75 19 52 81 ce 32 d2
        f1 b7 6d 4d 35 3e 2d";

    #[test]
    fn encode_decode_rsa_labs() {
        let em = encode::<Sha1, Sha1>(&hex(MSG), b"", &hex(SEED), 128).unwrap();
        assert_eq!(em, hex(EM));
        let mut e = em.clone();
        assert_eq!(
            decode::<Sha1, Sha1>(&mut e, b"").unwrap().as_slice(),
            hex(MSG)
        );
    }

    #[test]
    fn decode_rejects() {
        let em = encode::<Sha1, Sha1>(&hex(MSG), b"", &hex(SEED), 128).unwrap();
        let mut e = em.clone();
        assert_eq!(
            decode::<Sha1, Sha1>(&mut e, b"label"),
            Err(Error::InvalidPadding)
        );
        for i in [0, 1, 20, 21, 60, 127] {
            let mut e = em.clone();
            e[i] ^= 0x40;
            assert_eq!(
                decode::<Sha1, Sha1>(&mut e, b""),
                Err(Error::InvalidPadding),
                "byte {i}"
            );
        }
        // Longest and empty messages round-trip.
        for len in [0, 128 - 42] {
            let m = vec![0x5a; len];
            let mut e = encode::<Sha1, Sha1>(&m, b"L", &[7; 20], 128).unwrap();
            assert_eq!(decode::<Sha1, Sha1>(&mut e, b"L").unwrap().as_slice(), m);
        }
        assert!(encode::<Sha1, Sha1>(&[0; 128 - 41], b"", &[7; 20], 128).is_err());
    }
}
