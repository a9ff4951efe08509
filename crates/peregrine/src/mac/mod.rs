//! Message authentication codes.

pub mod hmac;
