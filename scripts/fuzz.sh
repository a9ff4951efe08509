#!/usr/bin/env bash
# Differential fuzzing of Peregrine against OpenSSL, RustCrypto and
# num-bigint (fuzz/README.md says what each target compares and which
# differences are not compared).
#
#   scripts/fuzz.sh [TARGET...]        CI mode: every target (or those
#                                      named) for 30 s from the committed
#                                      seeds in fuzz/corpus/<target>/
#   FUZZ_SECONDS=600 scripts/fuzz.sh   longer runs
#   scripts/fuzz-long.sh               an hour per target, corpus kept
#
# The seeds are copied to a temporary directory first, so a run never
# rewrites the repository (FUZZ_CORPUS_DIR names a directory to keep the
# grown corpus in instead). A difference aborts the target: libFuzzer
# prints the panic and writes the input to fuzz/artifacts/<target>/
# (reproduce: RUSTC_BOOTSTRAP=1 cargo fuzz run <target> <file>, from fuzz/).
#
# cargo-fuzz needs nightly's -Z flags; RUSTC_BOOTSTRAP=1 lets the stable
# toolchain take them. AddressSanitizer (cargo-fuzz's default) works on
# stable here. All targets are built once, up front, in one cargo call.
set -euo pipefail
cd "$(dirname "$0")/.."

export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-1}"
export RUSTC_BOOTSTRAP=1
secs="${FUZZ_SECONDS:-30}"
all=(hash aes_modes aead bignum rsa curve25519 nist)
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=("${all[@]}")

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "cargo-fuzz missing: cargo install cargo-fuzz --locked" >&2
    exit 1
fi

cd fuzz
start=$SECONDS
cargo fuzz build
echo "fuzz: build took $((SECONDS - start)) s"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
keep="${FUZZ_CORPUS_DIR:-}"
# Oracle-side leaks only (see the file).
export LSAN_OPTIONS="suppressions=$PWD/lsan.supp:print_suppressions=0"

summary=()
for t in "${targets[@]}"; do
    if [[ -n "$keep" ]]; then
        dir="$keep/$t"
    else
        dir="$tmp/corpus/$t"
    fi
    mkdir -p "$dir" "artifacts/$t"
    cp -n corpus/"$t"/seed-* "$dir"/
    log="$tmp/$t.log"
    echo "fuzz: $t for $secs s"
    t0=$SECONDS
    if ! cargo fuzz run "$t" "$dir" -- \
        -max_total_time="$secs" -max_len=4096 -print_final_stats=1 \
        -artifact_prefix="artifacts/$t/" >"$log" 2>&1; then
        tail -n 60 "$log"
        echo "fuzz: $t FAILED (input saved under fuzz/artifacts/$t/)" >&2
        exit 1
    fi
    done_line="$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1)"
    execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")"
    echo "  $done_line"
    summary+=("$(printf '%-10s %9s executions in %3d s' "$t" "$execs" $((SECONDS - t0)))")
done
echo "fuzz: all clean"
printf '  %s\n' "${summary[@]}"
echo "fuzz: total $((SECONDS - start)) s"
