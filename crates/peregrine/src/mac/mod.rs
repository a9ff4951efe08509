//! Message authentication codes.

#[cfg(feature = "aes")]
pub mod cmac;
#[cfg(feature = "hash")]
pub mod hmac;
#[cfg(feature = "chacha")]
pub mod poly1305;
