//! RSASSA-PKCS1-v1_5 signatures (RFC 8017 sections 8.2 and 9.2).
//!
//! Signing takes a [`SigningHash`] (SHA-2 or SHA-3); verification any
//! [`DigestInfo`] hash, SHA-1 included. Verification re-encodes and
//! compares the whole block, so only the one DER encoding signing produces
//! is accepted: no BER lengths, no missing `NULL` parameters, no garbage
//! after the digest, no short padding (the Bleichenbacher 2006 forgery for
//! `e = 3` and its relatives need a lax parser).
//!
//! # No PKCS#1 v1.5 encryption
//!
//! RSAES-PKCS1-v1_5 decryption is deliberately absent. Its padding check
//! is a decryption oracle (Bleichenbacher 1998), and the Marvin attack
//! (Kario, 2023) showed that even implementations written to be constant
//! time leak it through timing elsewhere: the bignum code, the allocator,
//! the caller's error handling. The remedy the IETF CFRG draft on RSA
//! guidance describes is *implicit rejection* (a pseudorandom message
//! derived from the key and ciphertext instead of an error); it must match
//! other implementations bit for bit to be useful, and its test vectors
//! are not available to this crate yet, so it is left out rather than
//! shipped untested. Use [`super::oaep`], whose padding check is constant
//! time, for new protocols.
//!
//! ```
//! # fn main() -> Result<(), peregrine::Error> {
//! use peregrine::hash::sha256::Sha256;
//! use peregrine::rsa::RsaPrivateKey;
//! # let key = RsaPrivateKey::from_pkcs8_pem(include_str!("../../tests/vectors/rsa/doc-2048.pem"))?;
//! let sig = key.sign_pkcs1v15::<Sha256>(b"message")?;
//! key.public_key().verify_pkcs1v15::<Sha256>(b"message", &sig)?;
//! # Ok(()) }
//! ```

use alloc::vec;
use alloc::vec::Vec;
use zeroize::Zeroize;

use super::hashes::{DigestInfo, SigningHash};
use super::{RsaPrivateKey, RsaPublicKey};
use crate::Error;
use crate::hash::Hash;

/// EMSA-PKCS1-v1_5-ENCODE (RFC 8017 9.2) of a digest computed with `H`:
/// `0x00 0x01 0xff.. 0x00 || DigestInfo` in `k` bytes.
pub fn encode<H: DigestInfo>(digest: &[u8], k: usize) -> Result<Vec<u8>, Error> {
    if digest.len() != H::OUTPUT_LEN {
        return Err(Error::InvalidLength {
            what: "PKCS#1 v1.5 message digest",
            got: digest.len(),
        });
    }
    let t_len = H::PREFIX.len() + digest.len();
    // At least 8 bytes of 0xff padding (RFC 8017 9.2 step 3).
    if k < t_len + 11 {
        return Err(Error::InvalidParameter {
            what: "PKCS#1 v1.5: key too small for the hash",
        });
    }
    let mut em = vec![0xffu8; k];
    em[0] = 0x00;
    em[1] = 0x01;
    em[k - t_len - 1] = 0x00;
    em[k - t_len..k - digest.len()].copy_from_slice(H::PREFIX);
    em[k - digest.len()..].copy_from_slice(digest);
    Ok(em)
}

fn digest<H: Hash>(msg: &[u8]) -> H::Output {
    let mut h = H::new();
    h.update(msg);
    h.finalize()
}

impl RsaPrivateKey {
    /// Signs `msg` with RSASSA-PKCS1-v1_5 and hash `H`. Deterministic.
    pub fn sign_pkcs1v15<H: SigningHash>(&self, msg: &[u8]) -> Result<Vec<u8>, Error> {
        self.sign_pkcs1v15_digest::<H>(digest::<H>(msg).as_ref())
    }

    /// Signs a digest computed by the caller (`H(msg)`, `H::OUTPUT_LEN`
    /// bytes) with RSASSA-PKCS1-v1_5.
    pub fn sign_pkcs1v15_digest<H: SigningHash>(&self, digest: &[u8]) -> Result<Vec<u8>, Error> {
        let mut em = encode::<H>(digest, self.public_key().size())?;
        let mut sig = self.private_op(&em);
        em.zeroize();
        if let Ok(s) = sig.as_mut() {
            // Public: the signature is the output.
            crate::ct::declassify_slice(s);
        }
        sig
    }
}

impl RsaPublicKey {
    /// Verifies an RSASSA-PKCS1-v1_5 signature on `msg` with hash `H`.
    /// The signature must be exactly [`size`](Self::size) bytes.
    pub fn verify_pkcs1v15<H: DigestInfo>(&self, msg: &[u8], sig: &[u8]) -> Result<(), Error> {
        self.verify_pkcs1v15_digest::<H>(digest::<H>(msg).as_ref(), sig)
    }

    /// Verifies an RSASSA-PKCS1-v1_5 signature on a digest computed by the
    /// caller.
    pub fn verify_pkcs1v15_digest<H: DigestInfo>(
        &self,
        digest: &[u8],
        sig: &[u8],
    ) -> Result<(), Error> {
        let want = encode::<H>(digest, self.size()).map_err(|_| Error::VerificationFailed)?;
        let got = self.public_op(sig).map_err(|_| Error::VerificationFailed)?;
        // The verdict is public: the caller sees it as Ok or Err.
        if crate::ct::declassify(crate::ct::ct_eq(&got, &want)) {
            Ok(())
        } else {
            Err(Error::VerificationFailed)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hash::sha1::Sha1;
    use crate::hash::sha256::Sha256;

    #[test]
    fn encoding_layout() {
        let d = [0xabu8; 32];
        let em = encode::<Sha256>(&d, 64).unwrap();
        assert_eq!(em[..2], [0, 1]);
        assert!(em[2..64 - 52].iter().all(|&b| b == 0xff));
        assert_eq!(em[64 - 52], 0);
        assert_eq!(&em[64 - 51..64 - 32], Sha256::PREFIX);
        assert_eq!(em[64 - 32..], d);
        // 51 bytes of T + 11 is the minimum.
        assert!(encode::<Sha256>(&d, 62).is_ok());
        assert!(encode::<Sha256>(&d, 61).is_err());
        assert!(encode::<Sha1>(&d, 128).is_err());
    }
}
