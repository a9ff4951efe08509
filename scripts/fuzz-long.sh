#!/usr/bin/env bash
# An hour per fuzz target (scripts/fuzz.sh with FUZZ_SECONDS=3600), keeping
# the grown corpus in fuzz/target/corpus-long/<target>/ (ignored by git) so
# the next long run starts where this one stopped.
#
#   scripts/fuzz-long.sh [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
export FUZZ_SECONDS="${FUZZ_SECONDS:-3600}"
export FUZZ_CORPUS_DIR="${FUZZ_CORPUS_DIR:-$PWD/fuzz/target/corpus-long}"
exec scripts/fuzz.sh "$@"
