// Throwaway until the real cipher::aes module lands: nothing uses `soft` yet.
#[allow(dead_code)]
pub(crate) mod soft;
