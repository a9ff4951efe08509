use core::fmt;

/// The error type of every fallible Peregrine operation.
///
/// Verification failures carry no detail on purpose: which byte differed is
/// exactly what an attacker wants to learn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A MAC tag, or another authenticator, did not verify.
    VerificationFailed,
    /// An input had a length the operation does not accept.
    InvalidLength {
        /// What was too long or too short ("tag", "key", ...).
        what: &'static str,
        /// The length given.
        got: usize,
    },
    /// A parameter outside its valid range (an iteration count of 0, ...).
    InvalidParameter {
        /// Which parameter, and what it must be.
        what: &'static str,
    },
    /// Decrypted data whose padding is not valid. One kind for every way
    /// padding can be wrong, found in constant time: which way it was wrong
    /// is what a padding-oracle attack needs.
    InvalidPadding,
    /// A limit of the mode would be passed (a counter about to repeat, a
    /// data unit longer than the standard allows).
    LimitExceeded {
        /// Which limit.
        what: &'static str,
    },
    /// Key material that is malformed (bad DER or PEM) or inconsistent (an
    /// RSA key whose `n` is not `p*q`, ...). Says which check failed, never
    /// the values.
    InvalidKey {
        /// Which check failed.
        what: &'static str,
    },
    /// A private-key result failed its check before release (a fault
    /// during the computation, or a corrupted key); nothing was released.
    FaultDetected,
    /// The operating system's random number generator failed.
    RandomnessUnavailable,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::VerificationFailed => f.write_str("verification failed"),
            Error::InvalidLength { what, got } => write!(f, "invalid {what} length: {got} bytes"),
            Error::InvalidParameter { what } => write!(f, "invalid parameter: {what}"),
            Error::InvalidPadding => f.write_str("invalid padding"),
            Error::LimitExceeded { what } => write!(f, "limit exceeded: {what}"),
            Error::InvalidKey { what } => write!(f, "invalid key: {what}"),
            Error::FaultDetected => f.write_str("private-key result failed its check (fault)"),
            Error::RandomnessUnavailable => f.write_str("random number generator failed"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Error {}
