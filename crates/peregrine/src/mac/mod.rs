//! Message authentication codes.

pub mod cmac;
pub mod hmac;
