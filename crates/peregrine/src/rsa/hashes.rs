//! The hashes RSA uses: their PKCS#1 v1.5 `DigestInfo` prefixes, which of
//! them may sign, and MGF1 (RFC 8017 B.2.1) over any [`Hash`].

use crate::hash::Hash;
use crate::hash::sha1::Sha1;
use crate::hash::sha3::{Sha3_224, Sha3_256, Sha3_384, Sha3_512};
use crate::hash::sha256::{Sha224, Sha256};
use crate::hash::sha512::{Sha384, Sha512, Sha512_224, Sha512_256};

/// A hash with an object identifier for PKCS#1 v1.5 signatures: `PREFIX`
/// is the DER encoding of `DigestInfo` up to the digest itself (RFC 8017
/// section 9.2, note 1), so the encoding is `PREFIX || H(m)`.
pub trait DigestInfo: Hash {
    /// `SEQUENCE { SEQUENCE { OID, NULL }, OCTET STRING (header) }`.
    const PREFIX: &'static [u8];
}

/// A hash Peregrine signs with (PKCS#1 v1.5 and PSS). SHA-1 is not one:
/// collisions for it are practical (SHAttered, 2017), so it verifies old
/// signatures only.
pub trait SigningHash: DigestInfo {}

/// `DigestInfo` prefix for the NIST hash arc 2.16.840.1.101.3.4.2.`arc`
/// with an `len`-byte digest.
const fn nist(arc: u8, len: u8) -> [u8; 19] {
    [
        0x30,
        0x11 + len,
        0x30,
        0x0d,
        0x06,
        0x09,
        0x60,
        0x86,
        0x48,
        0x01,
        0x65,
        0x03,
        0x04,
        0x02,
        arc,
        0x05,
        0x00,
        0x04,
        len,
    ]
}

macro_rules! digest_info {
    ($($ty:ty => $prefix:expr, $sign:tt;)*) => {$(
        impl DigestInfo for $ty {
            const PREFIX: &'static [u8] = &$prefix;
        }
        digest_info!(@sign $ty, $sign);
    )*};
    (@sign $ty:ty, true) => { impl SigningHash for $ty {} };
    (@sign $ty:ty, false) => {};
}

digest_info! {
    Sha1 => [
        0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a, 0x05, 0x00, 0x04, 0x14,
    ], false;
    Sha256 => nist(1, 32), true;
    Sha384 => nist(2, 48), true;
    Sha512 => nist(3, 64), true;
    Sha224 => nist(4, 28), true;
    Sha512_224 => nist(5, 28), true;
    Sha512_256 => nist(6, 32), true;
    Sha3_224 => nist(7, 28), true;
    Sha3_256 => nist(8, 32), true;
    Sha3_384 => nist(9, 48), true;
    Sha3_512 => nist(10, 64), true;
}

/// MGF1 with hash `H` (RFC 8017 B.2.1): XORs
/// `H(seed || 0) || H(seed || 1) || ...` into `out` (the mask is applied,
/// never materialised, so nothing needs wiping but the hash states, which
/// wipe themselves). Constant time in the seed's value.
pub fn mgf1<H: Hash>(seed: &[u8], out: &mut [u8]) {
    for (counter, chunk) in out.chunks_mut(H::OUTPUT_LEN).enumerate() {
        let mut h = H::new();
        h.update(seed);
        // RFC 8017 caps the mask at 2^32 blocks; no RSA modulus comes near.
        h.update(&(counter as u32).to_be_bytes());
        let mut block = h.finalize();
        for (o, m) in chunk.iter_mut().zip(block.as_ref()) {
            *o ^= m;
        }
        zeroize::Zeroize::zeroize(block.as_mut());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_are_der() {
        // SHA-256's prefix, as RFC 8017 section 9.2 note 1 spells it.
        assert_eq!(
            Sha256::PREFIX,
            [
                0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02,
                0x01, 0x05, 0x00, 0x04, 0x20
            ]
        );
        assert_eq!(Sha512_256::PREFIX[14], 6);
        assert_eq!(Sha384::PREFIX[1] as usize, Sha384::PREFIX.len() - 2 + 48);
    }

    #[test]
    fn mgf1_sha1_rsa_labs() {
        // pss-int.txt (RSA Labs PKCS#1 v2.1 vectors): the first bytes of
        // dbMask = MGF1-SHA1(H, 106).
        let seed = [
            0xdf, 0x1a, 0x89, 0x6f, 0x9d, 0x8b, 0xc8, 0x16, 0xd9, 0x7c, 0xd7, 0xa2, 0xc4, 0x3b,
            0xad, 0x54, 0x6f, 0xbe, 0x8c, 0xfe,
        ];
        let mut mask = [0u8; 107];
        mgf1::<Sha1>(&seed, &mut mask);
        assert_eq!(mask[..8], [0x66, 0xe4, 0x67, 0x2e, 0x83, 0x6a, 0xd1, 0x21]);
        assert_eq!(mask[104..], [0x10, 0x02, 0x8d]);
    }
}
