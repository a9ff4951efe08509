pub(crate) mod aes;
