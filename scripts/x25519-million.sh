#!/usr/bin/env bash
# x25519-million.sh: RFC 7748 section 5.2's 1,000,000-iteration X25519
# vector on every field kernel this machine can run (the test is
# #[ignore]d in `cargo test` because it takes about a minute per kernel in
# a release build). Extra arguments go to cargo test (e.g. --target).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --release -p peregrine --test curve25519 "$@" -- --ignored --nocapture rfc7748_million_iterations
