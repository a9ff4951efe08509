#!/usr/bin/env bash
# x86-tiers.sh: run x86_64 test binaries under qemu-user on older emulated
# CPUs, so the backends this machine would never pick still run:
#   Westmere-v1  AES-NI, PCLMULQDQ, SSE4.2; no AVX (so no VAES): the AES-NI
#                path, and every AVX2 backend must step aside
#   Haswell-v1   AVX2, BMI2; no SHA-NI, no ADX, no VAES
#
# Usage, from the repository root:
#   scripts/x86-tiers.sh [-- TEST_TARGETS...]
#   e.g. scripts/x86-tiers.sh -- aes_kat aes_cross
#
# Default test targets: the AES, AEAD, GHASH, ChaCha20, Poly1305 and bignum tests
# (bignum: Haswell-v1 runs the bmi2 Montgomery kernel, which has no ADX). Each is built once (cargo test
# --no-run, the normal target dir) and run under each CPU model.
#
# Environment:
#   TIER_CPUS   space-separated qemu CPU models (default "Westmere-v1 Haswell-v1")
set -euo pipefail
cd "$(dirname "$0")/.."

CPUS=${TIER_CPUS:-"Westmere-v1 Haswell-v1"}
tests=(aes_kat aes_cross aead_kat aead_cross ghash chacha20 poly1305 chacha_aead_kat bignum)
if [[ "${1:-}" == "--" ]]; then
    shift
    [[ $# -gt 0 ]] && tests=("$@")
fi
command -v qemu-x86_64-static >/dev/null || {
    echo "x86-tiers.sh: qemu-x86_64-static missing (apt-get install qemu-user-static)" >&2
    exit 2
}
args=()
for t in "${tests[@]}"; do args+=(--test "$t"); done
mapfile -t bins < <(cargo test -p peregrine --no-run --message-format=json "${args[@]}" 2>/dev/null |
    python3 -c 'import json,sys
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["profile"]["test"]:
        print(m["executable"])')
[[ ${#bins[@]} -eq ${#tests[@]} ]] || { echo "x86-tiers.sh: expected ${#tests[@]} test binaries, got ${#bins[@]}" >&2; exit 1; }
# The AES backends each tier must run, asserted by tests/aes_cross.rs.
expect() {
    case "$1" in
        Westmere*|Haswell*) echo "aesni,soft" ;;
        qemu64*|Nehalem*|Penryn*) echo "soft" ;;
        *) echo "" ;;
    esac
}
for cpu in $CPUS; do
    export AES_CROSS_EXPECT
    AES_CROSS_EXPECT=$(expect "$cpu")
    [[ -n "$AES_CROSS_EXPECT" ]] || unset AES_CROSS_EXPECT
    for b in "${bins[@]}"; do
        echo "---- $(basename "$b") under qemu -cpu $cpu"
        # The tests read their vectors relative to the crate directory.
        # qemu warns once per process about CPUID bits TCG lacks; drop that.
        (cd crates/peregrine && qemu-x86_64-static -cpu "$cpu" "$b" -q) \
            2> >(grep -v "TCG doesn't support requested feature" >&2)
    done
done
