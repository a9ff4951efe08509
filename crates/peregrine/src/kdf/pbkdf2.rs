//! PBKDF2 (RFC 8018 section 5.2) with HMAC over any hash.
//!
//! ```
//! use peregrine::hash::sha256::Sha256;
//! let mut key = [0u8; 32];
//! peregrine::kdf::pbkdf2::pbkdf2::<Sha256>(b"password", b"salt", 1000.try_into().unwrap(), &mut key).unwrap();
//! ```

use core::num::NonZeroU32;
use zeroize::Zeroize;

use crate::Error;
use crate::hash::Hash;
use crate::mac::hmac::Hmac;

/// PBKDF2-HMAC with the hash's best backend: fills `out` from `password`,
/// `salt` and `iterations` (a `NonZeroU32`, so zero iterations cannot be
/// asked for).
///
/// # Errors
/// [`Error::InvalidLength`] when `out` is empty or longer than
/// (2^32 - 1) x HashLen (RFC 8018's "derived key too long").
pub fn pbkdf2<H: Hash>(
    password: &[u8],
    salt: &[u8],
    iterations: NonZeroU32,
    out: &mut [u8],
) -> Result<(), Error> {
    pbkdf2_with(H::new(), password, salt, iterations, out)
}

/// [`pbkdf2`] whose HMACs use the backend of `prototype`.
///
/// # Errors
/// As [`pbkdf2`].
pub fn pbkdf2_with<H: Hash>(
    prototype: H,
    password: &[u8],
    salt: &[u8],
    iterations: NonZeroU32,
    out: &mut [u8],
) -> Result<(), Error> {
    let blocks = out.len().div_ceil(H::OUTPUT_LEN) as u64;
    if out.is_empty() || blocks > u64::from(u32::MAX) {
        return Err(Error::InvalidLength {
            what: "PBKDF2 output",
            got: out.len(),
        });
    }
    // Key the HMAC once; every iteration clones the keyed state.
    let keyed = Hmac::with_hasher(prototype, password);
    for (i, chunk) in out.chunks_mut(H::OUTPUT_LEN).enumerate() {
        let mut m = keyed.clone();
        m.update(salt);
        // `i + 1 <= 2^32 - 1` by the length check.
        m.update(&(i as u32 + 1).to_be_bytes());
        let mut u = m.finalize();
        let mut t = u;
        for _ in 1..iterations.get() {
            let mut m = keyed.clone();
            m.update(u.as_ref());
            u.as_mut().zeroize();
            u = m.finalize();
            for (a, b) in t.as_mut().iter_mut().zip(u.as_ref()) {
                *a ^= b;
            }
        }
        chunk.copy_from_slice(&t.as_ref()[..chunk.len()]);
        u.as_mut().zeroize();
        t.as_mut().zeroize();
    }
    Ok(())
}

/// [`pbkdf2`] taking the iteration count as a plain integer.
///
/// # Errors
/// [`Error::InvalidParameter`] when `iterations` is 0, otherwise as
/// [`pbkdf2`].
pub fn pbkdf2_u32<H: Hash>(
    password: &[u8],
    salt: &[u8],
    iterations: u32,
    out: &mut [u8],
) -> Result<(), Error> {
    let n = NonZeroU32::new(iterations).ok_or(Error::InvalidParameter {
        what: "PBKDF2 iteration count must be at least 1",
    })?;
    pbkdf2::<H>(password, salt, n, out)
}
