//! Peer libraries measured in the same process (`speed --peers`), built
//! only with the `peers` cargo feature so the default build needs nothing
//! but rustc. Each peer runs the same workload as Peregrine's row: a
//! one-shot hash of the same buffer, or AES-ECB over it in place (the
//! `aes` crate: `RUSTFLAGS='--cfg aes_force_soft'` forces its portable
//! fixsliced code, the counterpart of Peregrine's `soft`).

use peregrine::registry::BenchFn;

/// A peer implementation of one algorithm.
pub struct Peer {
    /// The Peregrine algorithm name it matches ("sha256").
    pub alg: &'static str,
    /// The row label ("rustcrypto").
    pub label: &'static str,
    /// Builds the benchmark closure (setup outside the timed loop); the
    /// argument asks for the decrypt direction of a cipher.
    pub bench: fn(bool) -> BenchFn,
}

/// The peers compiled into this build.
#[cfg(feature = "peers")]
pub fn all() -> Vec<Peer> {
    use aes::cipher::consts::U16;
    use aes::cipher::{
        BlockDecrypt, BlockEncrypt, BlockSizeUser, KeyInit, generic_array::GenericArray,
    };
    use sha2::Digest;
    /// AES-ECB in place over the whole blocks of the buffer, through the
    /// crate's `encrypt_blocks` (its parallel path).
    fn ecb<C>(decrypt: bool) -> BenchFn
    where
        C: BlockEncrypt + BlockDecrypt + KeyInit + BlockSizeUser<BlockSize = U16> + Send + 'static,
    {
        let key = GenericArray::clone_from_slice(&[0x5b; 32][..C::key_size()]);
        let c = C::new(&key);
        Box::new(move |d: &mut [u8]| {
            let (blocks, _) = d.as_chunks_mut::<16>();
            // SAFETY: `GenericArray<u8, U16>` is `repr(transparent)` over
            // `[u8; 16]`, so the slice of arrays is a slice of blocks of the
            // same length, layout and lifetime.
            let blocks: &mut [GenericArray<u8, U16>] = unsafe {
                core::slice::from_raw_parts_mut(blocks.as_mut_ptr().cast(), blocks.len())
            };
            if decrypt {
                c.decrypt_blocks(blocks);
            } else {
                c.encrypt_blocks(blocks);
            }
            d.first().copied().unwrap_or(0)
        })
    }
    vec![
        Peer {
            alg: "sha256",
            label: "rustcrypto",
            bench: |_| Box::new(|d: &mut [u8]| sha2::Sha256::digest(d)[0]),
        },
        Peer {
            alg: "sha224",
            label: "rustcrypto",
            bench: |_| Box::new(|d: &mut [u8]| sha2::Sha224::digest(d)[0]),
        },
        Peer {
            alg: "aes-128-ecb",
            label: "rustcrypto",
            bench: ecb::<aes::Aes128>,
        },
        Peer {
            alg: "aes-256-ecb",
            label: "rustcrypto",
            bench: ecb::<aes::Aes256>,
        },
    ]
}

/// The peers compiled into this build (none without the `peers` feature).
#[cfg(not(feature = "peers"))]
pub fn all() -> Vec<Peer> {
    Vec::new()
}

/// Whether this build has peers at all.
pub const ENABLED: bool = cfg!(feature = "peers");
