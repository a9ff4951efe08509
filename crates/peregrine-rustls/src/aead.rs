//! Record protection: AES-128-GCM, AES-256-GCM and ChaCha20-Poly1305 for
//! TLS 1.3 and TLS 1.2, sealed and opened in place in rustls's record
//! buffer with Peregrine's detached-tag AEAD calls.
//!
//! Sealing copies the plaintext once into the record buffer rustls
//! allocates (`PrefixedPayload`, as every provider does), encrypts it
//! there and appends the tag; opening decrypts in the received buffer and
//! truncates the tag. No other buffer is made per record.

use peregrine::aead::Aead;
use peregrine::aead::aes_gcm::AesGcm;
use peregrine::aead::chacha20_poly1305::ChaCha20Poly1305;
use rustls::crypto::cipher::{
    AeadKey, InboundOpaqueMessage, InboundPlainMessage, Iv, KeyBlockShape, MessageDecrypter,
    MessageEncrypter, NONCE_LEN, Nonce, OutboundOpaqueMessage, OutboundPlainMessage,
    PrefixedPayload, Tls12AeadAlgorithm, Tls13AeadAlgorithm, UnsupportedOperationError,
    make_tls12_aad, make_tls13_aad,
};
use rustls::{ConnectionTrafficSecrets, ContentType, Error, ProtocolVersion};

const TAG_LEN: usize = 16;
/// The largest plaintext fragment (RFC 8446 section 5.1, RFC 5246 6.2.1).
const MAX_FRAGMENT_LEN: usize = 16384;
/// TLS 1.2 GCM's explicit nonce (RFC 5288 section 3).
const GCM_EXPLICIT_NONCE_LEN: usize = 8;

/// Which AEAD a suite uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Alg {
    Aes128Gcm,
    Aes256Gcm,
    ChaCha20Poly1305,
}

/// A keyed AEAD of either kind (an enum, not a `dyn`, so the record path
/// calls the concrete seal and open). The size difference does not
/// matter: one lives in each direction's boxed encrypter or decrypter, and
/// boxing the GCM key would add an indirection to every record.
#[allow(clippy::large_enum_variant)]
enum Key {
    Gcm(AesGcm),
    ChaCha(ChaCha20Poly1305),
}

impl Alg {
    fn key_len(self) -> usize {
        match self {
            Alg::Aes128Gcm => 16,
            Alg::Aes256Gcm | Alg::ChaCha20Poly1305 => 32,
        }
    }

    fn key(self, key: &AeadKey) -> Key {
        // rustls derives exactly `key_len()` bytes, so neither fails.
        match self {
            Alg::Aes128Gcm | Alg::Aes256Gcm => {
                Key::Gcm(AesGcm::new(key.as_ref()).expect("AES key of key_len() bytes"))
            }
            Alg::ChaCha20Poly1305 => {
                Key::ChaCha(ChaCha20Poly1305::new(key.as_ref()).expect("ChaCha20 key of 32 bytes"))
            }
        }
    }

    fn secrets(self, key: AeadKey, iv: Iv) -> ConnectionTrafficSecrets {
        match self {
            Alg::Aes128Gcm => ConnectionTrafficSecrets::Aes128Gcm { key, iv },
            Alg::Aes256Gcm => ConnectionTrafficSecrets::Aes256Gcm { key, iv },
            Alg::ChaCha20Poly1305 => ConnectionTrafficSecrets::Chacha20Poly1305 { key, iv },
        }
    }
}

impl Key {
    /// Encrypts `buf` in place and returns the tag.
    fn seal(&self, nonce: &[u8; NONCE_LEN], aad: &[u8], buf: &mut [u8]) -> Result<[u8; 16], Error> {
        let tag = match self {
            Key::Gcm(k) => k.seal_in_place_detached(nonce, aad, buf),
            Key::ChaCha(k) => k.seal_in_place_detached(nonce, aad, buf),
        }
        .map_err(|_| Error::EncryptError)?;
        let mut out = [0u8; TAG_LEN];
        out.copy_from_slice(tag.as_ref());
        Ok(out)
    }

    /// Checks the tag at the end of `buf`, decrypts the rest in place and
    /// returns the plaintext length.
    fn open(&self, nonce: &[u8; NONCE_LEN], aad: &[u8], buf: &mut [u8]) -> Result<usize, Error> {
        let len = buf.len().checked_sub(TAG_LEN).ok_or(Error::DecryptError)?;
        let (ct, tag) = buf.split_at_mut(len);
        match self {
            Key::Gcm(k) => k.open_in_place_detached(nonce, aad, ct, tag),
            Key::ChaCha(k) => k.open_in_place_detached(nonce, aad, ct, tag),
        }
        .map_err(|_| Error::DecryptError)?;
        Ok(len)
    }
}

/// A TLS 1.3 AEAD (RFC 8446 section 5.2).
#[derive(Debug)]
pub(crate) struct Tls13Aead(pub(crate) Alg);

impl Tls13AeadAlgorithm for Tls13Aead {
    fn encrypter(&self, key: AeadKey, iv: Iv) -> Box<dyn MessageEncrypter> {
        Box::new(Tls13Sealer {
            key: self.0.key(&key),
            iv,
        })
    }

    fn decrypter(&self, key: AeadKey, iv: Iv) -> Box<dyn MessageDecrypter> {
        Box::new(Tls13Opener {
            key: self.0.key(&key),
            iv,
        })
    }

    fn key_len(&self) -> usize {
        self.0.key_len()
    }

    fn extract_keys(
        &self,
        key: AeadKey,
        iv: Iv,
    ) -> Result<ConnectionTrafficSecrets, UnsupportedOperationError> {
        Ok(self.0.secrets(key, iv))
    }
}

struct Tls13Sealer {
    key: Key,
    iv: Iv,
}

struct Tls13Opener {
    key: Key,
    iv: Iv,
}

impl MessageEncrypter for Tls13Sealer {
    fn encrypt(
        &mut self,
        msg: OutboundPlainMessage<'_>,
        seq: u64,
    ) -> Result<OutboundOpaqueMessage, Error> {
        let total_len = self.encrypted_payload_len(msg.payload.len());
        let mut payload = PrefixedPayload::with_capacity(total_len);
        payload.extend_from_chunks(&msg.payload);
        payload.extend_from_slice(&msg.typ.to_array());
        let nonce = Nonce::new(&self.iv, seq).0;
        let aad = make_tls13_aad(total_len);
        let tag = self.key.seal(&nonce, &aad, payload.as_mut())?;
        payload.extend_from_slice(&tag);
        Ok(OutboundOpaqueMessage::new(
            ContentType::ApplicationData,
            // TLS 1.3 records carry the legacy version 0x0303 (RFC 8446 5.1).
            ProtocolVersion::TLSv1_2,
            payload,
        ))
    }

    fn encrypted_payload_len(&self, payload_len: usize) -> usize {
        payload_len + 1 + TAG_LEN
    }
}

impl MessageDecrypter for Tls13Opener {
    fn decrypt<'a>(
        &mut self,
        mut msg: InboundOpaqueMessage<'a>,
        seq: u64,
    ) -> Result<InboundPlainMessage<'a>, Error> {
        let payload = &mut msg.payload;
        let nonce = Nonce::new(&self.iv, seq).0;
        let aad = make_tls13_aad(payload.len());
        let plain_len = self.key.open(&nonce, &aad, payload)?;
        payload.truncate(plain_len);
        msg.into_tls13_unpadded_message()
    }
}

/// A TLS 1.2 AEAD: GCM with a 4-byte salt and an 8-byte explicit nonce
/// (RFC 5288), ChaCha20-Poly1305 with a 12-byte IV XORed with the
/// sequence number (RFC 7905).
#[derive(Debug)]
pub(crate) struct Tls12Aead(pub(crate) Alg);

fn gcm_iv(write_iv: &[u8], explicit: &[u8]) -> Iv {
    // The 4-byte salt from the key block, then an 8-byte explicit part
    // that starts at the key block's extra bytes and is XORed with the
    // sequence number, as TLS 1.3 does (unique per record).
    let mut iv = [0u8; NONCE_LEN];
    iv[..4].copy_from_slice(write_iv);
    iv[4..].copy_from_slice(explicit);
    Iv::new(iv)
}

impl Tls12AeadAlgorithm for Tls12Aead {
    fn encrypter(&self, key: AeadKey, iv: &[u8], extra: &[u8]) -> Box<dyn MessageEncrypter> {
        let iv = match self.0 {
            Alg::ChaCha20Poly1305 => Iv::copy(iv),
            _ => gcm_iv(iv, extra),
        };
        Box::new(Tls12Sealer {
            key: self.0.key(&key),
            alg: self.0,
            iv,
        })
    }

    fn decrypter(&self, key: AeadKey, iv: &[u8]) -> Box<dyn MessageDecrypter> {
        let iv = match self.0 {
            Alg::ChaCha20Poly1305 => Iv::copy(iv),
            // The explicit part comes with each record.
            _ => gcm_iv(iv, &[0u8; GCM_EXPLICIT_NONCE_LEN]),
        };
        Box::new(Tls12Opener {
            key: self.0.key(&key),
            alg: self.0,
            iv,
        })
    }

    fn key_block_shape(&self) -> KeyBlockShape {
        match self.0 {
            Alg::ChaCha20Poly1305 => KeyBlockShape {
                enc_key_len: 32,
                fixed_iv_len: 12,
                explicit_nonce_len: 0,
            },
            alg => KeyBlockShape {
                enc_key_len: alg.key_len(),
                fixed_iv_len: 4,
                explicit_nonce_len: GCM_EXPLICIT_NONCE_LEN,
            },
        }
    }

    fn extract_keys(
        &self,
        key: AeadKey,
        iv: &[u8],
        explicit: &[u8],
    ) -> Result<ConnectionTrafficSecrets, UnsupportedOperationError> {
        let iv = match self.0 {
            Alg::ChaCha20Poly1305 => {
                if iv.len() != NONCE_LEN {
                    return Err(UnsupportedOperationError);
                }
                Iv::copy(iv)
            }
            _ => gcm_iv(iv, explicit),
        };
        Ok(self.0.secrets(key, iv))
    }
}

struct Tls12Sealer {
    key: Key,
    alg: Alg,
    iv: Iv,
}

struct Tls12Opener {
    key: Key,
    alg: Alg,
    iv: Iv,
}

impl Tls12Sealer {
    fn explicit_len(&self) -> usize {
        match self.alg {
            Alg::ChaCha20Poly1305 => 0,
            _ => GCM_EXPLICIT_NONCE_LEN,
        }
    }
}

impl MessageEncrypter for Tls12Sealer {
    fn encrypt(
        &mut self,
        msg: OutboundPlainMessage<'_>,
        seq: u64,
    ) -> Result<OutboundOpaqueMessage, Error> {
        let total_len = self.encrypted_payload_len(msg.payload.len());
        let explicit = self.explicit_len();
        let mut payload = PrefixedPayload::with_capacity(total_len);
        let nonce = Nonce::new(&self.iv, seq).0;
        let aad = make_tls12_aad(seq, msg.typ, msg.version, msg.payload.len());
        payload.extend_from_slice(&nonce[NONCE_LEN - explicit..]);
        payload.extend_from_chunks(&msg.payload);
        let tag = self
            .key
            .seal(&nonce, &aad, &mut payload.as_mut()[explicit..])?;
        payload.extend_from_slice(&tag);
        Ok(OutboundOpaqueMessage::new(msg.typ, msg.version, payload))
    }

    fn encrypted_payload_len(&self, payload_len: usize) -> usize {
        payload_len + self.explicit_len() + TAG_LEN
    }
}

impl MessageDecrypter for Tls12Opener {
    fn decrypt<'a>(
        &mut self,
        mut msg: InboundOpaqueMessage<'a>,
        seq: u64,
    ) -> Result<InboundPlainMessage<'a>, Error> {
        let payload = &mut msg.payload;
        let (nonce, explicit) = match self.alg {
            Alg::ChaCha20Poly1305 => (Nonce::new(&self.iv, seq).0, 0),
            _ => {
                if payload.len() < GCM_EXPLICIT_NONCE_LEN + TAG_LEN {
                    return Err(Error::DecryptError);
                }
                let mut n = [0u8; NONCE_LEN];
                n[..4].copy_from_slice(&self.iv.as_ref()[..4]);
                n[4..].copy_from_slice(&payload[..GCM_EXPLICIT_NONCE_LEN]);
                (n, GCM_EXPLICIT_NONCE_LEN)
            }
        };
        let plain_len = payload
            .len()
            .checked_sub(explicit + TAG_LEN)
            .ok_or(Error::DecryptError)?;
        let aad = make_tls12_aad(seq, msg.typ, msg.version, plain_len);
        self.key.open(&nonce, &aad, &mut msg.payload[explicit..])?;
        if plain_len > MAX_FRAGMENT_LEN {
            return Err(Error::PeerSentOversizedRecord);
        }
        // The plaintext stays where it was decrypted, after the explicit
        // nonce: no copy.
        Ok(msg.into_plain_message_range(explicit..explicit + plain_len))
    }
}
