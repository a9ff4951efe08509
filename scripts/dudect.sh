#!/usr/bin/env bash
# dudect.sh: statistical constant-time tests (dudect: Welch's t-test on the
# running times of two input classes) for tag comparison, AES-GCM open,
# CBC padding check, OAEP decryption (valid against malformed), the RSA
# private operation (two private exponents), X25519 (fixed against random
# scalars), and Ed25519 and ECDSA P-256 signing (fixed against random
# messages: one nonce against fresh secret nonces). Not part of `cargo test` or
# CI: they need a quiet machine and minutes to hours.
#
# Usage, from the repository root:
#   scripts/dudect.sh                   # one pass of every bench
#   scripts/dudect.sh --continuous cbc_unpad   # repeat one until stopped
#   scripts/dudect.sh --filter oaep     # the benches matching a name
#
# Reading the output: each line gives the samples per class, max |t| and
# max tau. The threshold: |t| < 10 at 10^6 samples per class (one pass
# has 10^5 per class for the symmetric checks and 2 * 10^3 for RSA; run
# --continuous to reach 10^6). |t| above 10 that keeps growing with more
# samples is a leak; |t| that wanders below 5 is noise. A shared or
# frequency-scaling machine inflates |t| for everything: compare against
# a run of tag_compare, which has no secret-dependent work at all.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --release --manifest-path dudect/Cargo.toml -- "$@"
