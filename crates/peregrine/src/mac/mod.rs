//! Message authentication codes.

pub mod cmac;
pub mod hmac;
pub mod poly1305;
