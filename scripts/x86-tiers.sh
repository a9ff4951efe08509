#!/usr/bin/env bash
# x86-tiers.sh: run the x86_64 test suite of the library under qemu-user on
# older emulated CPUs, so the backends this machine would never pick still run:
#   qemu64       SSE2 only: every portable backend
#   Westmere-v1  AES-NI, PCLMULQDQ, SSE4.2; no AVX (so no VAES): the AES-NI
#                path, and every AVX2 backend must step aside
#   Haswell-v1   AVX2, BMI2; no SHA-NI, no ADX, no VAES
#
# Usage, from the repository root:
#   scripts/x86-tiers.sh [-- TEST_TARGETS...]
#   e.g. scripts/x86-tiers.sh -- aes_kat aes_cross
#
# Default: every test binary of the library (unit tests and every file of
# tests/), built once (cargo test --no-run, the normal target dir) and run
# under each CPU model with PEREGRINE_TIER set, so tests/dispatch.rs checks
# the backend each primitive chooses on that tier, and with cargo's runner
# variable set, so the slowest vector sets sample as they do under any
# emulator. (The CLI's tests run the peregrine binary natively and stay
# with the native run.)
#
# Environment:
#   TIER_CPUS   space-separated qemu CPU models (default "qemu64 Westmere-v1 Haswell-v1")
#   TIER_SKIP   space-separated test binary names not to run (default none;
#               for a quick look by hand, e.g. TIER_SKIP="guard_pages
#               aead_cross": those reach every tail length of a tier's
#               backends under its instruction set, so CI runs them all)
set -euo pipefail
cd "$(dirname "$0")/.."

CPUS=${TIER_CPUS:-"qemu64 Westmere-v1 Haswell-v1"}
tests=()
if [[ "${1:-}" == "--" ]]; then
    shift
    [[ $# -gt 0 ]] && tests=("$@")
fi
command -v qemu-x86_64-static >/dev/null || {
    echo "x86-tiers.sh: qemu-x86_64-static missing (apt-get install qemu-user-static)" >&2
    exit 2
}
args=()
if [[ ${#tests[@]} -gt 0 ]]; then
    for t in "${tests[@]}"; do args+=(--test "$t"); done
else
    args=(--lib --tests)
fi
# Built for the whole workspace and filtered to the library's binaries:
# `-p peregrine` would unify the dependencies' features differently and
# rebuild everything that `cargo test` (CI's step before this) just built.
mapfile -t bins < <(cargo test --workspace --no-run --message-format=json "${args[@]}" 2>/dev/null |
    python3 -c 'import json,sys
for l in sys.stdin:
    m = json.loads(l)
    if (m.get("reason") == "compiler-artifact" and m.get("executable") and m["profile"]["test"]
            and "/crates/peregrine#" in m["package_id"]):
        print(m["executable"])')
if [[ ${#tests[@]} -gt 0 ]]; then
    [[ ${#bins[@]} -eq ${#tests[@]} ]] || { echo "x86-tiers.sh: expected ${#tests[@]} test binaries, got ${#bins[@]}" >&2; exit 1; }
else
    [[ ${#bins[@]} -gt 10 ]] || { echo "x86-tiers.sh: found only ${#bins[@]} test binaries" >&2; exit 1; }
fi
# The AES backends each tier must run, asserted by tests/aes_cross.rs.
expect() {
    case "$1" in
        Westmere*|Haswell*) echo "aesni,soft" ;;
        qemu64*|Nehalem*|Penryn*) echo "soft" ;;
        *) echo "" ;;
    esac
}
start=$SECONDS
for cpu in $CPUS; do
    export PEREGRINE_TIER=$cpu
    export CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER="qemu-x86_64-static -cpu $cpu"
    export AES_CROSS_EXPECT
    AES_CROSS_EXPECT=$(expect "$cpu")
    [[ -n "$AES_CROSS_EXPECT" ]] || unset AES_CROSS_EXPECT
    for b in "${bins[@]}"; do
        name=$(basename "$b"); name=${name%-*}
        if [[ " ${TIER_SKIP:-} " == *" $name "* ]]; then
            echo "---- $name skipped (TIER_SKIP)"
            continue
        fi
        echo "---- $(basename "$b") under qemu -cpu $cpu"
        # The tests read their vectors relative to the crate directory.
        # qemu warns once per process about CPUID bits TCG lacks; drop that.
        (cd crates/peregrine && qemu-x86_64-static -cpu "$cpu" "$b" -q) \
            2> >(grep -v "TCG doesn't support requested feature" >&2)
    done
    echo "x86-tiers.sh: $cpu passed (${#bins[@]} test binaries, $((SECONDS - start)) s so far)"
done
