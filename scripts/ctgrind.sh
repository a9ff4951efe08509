#!/usr/bin/env bash
# ctgrind.sh: constant-time checking under valgrind's memcheck (Adam
# Langley's ctgrind). Builds crates/peregrine/tests/ctgrind.rs with
# `--cfg peregrine_ctgrind`, where secrets are marked undefined, and runs
#   1. every test but the negative control under
#      `valgrind --error-exitcode=1`: it must report zero errors (no branch
#      and no memory address depends on a secret, on any backend valgrind
#      can run);
#   2. the negative control (a branch on a secret byte and a secret-indexed
#      load) on its own: valgrind MUST report errors, or the check is not
#      working and the script fails;
#   3. Blowfish (`negative_control_blowfish_vartime`, variable time by
#      design) on its own: valgrind MUST flag its secret-indexed S-box
#      loads, so the leak SECURITY.md names stays asserted. (Step 1's
#      `--skip negative_control` skips it too: the filter is a substring.)
#
# Usage, from anywhere:  scripts/ctgrind.sh [TEST_NAME_FILTER]
#
# Build: the release profile (the optimisations users get: branches the
# compiler introduces are what this looks for) with line tables, so
# reports have file:line, in its own target dir (target/ctgrind, or
# $CTGRIND_TARGET_DIR).
#
# Valgrind's CPU hides ADX, SHA-NI, VAES, VPCLMULQDQ and AVX-512, so the
# backends that need them (bignum adx, curve25519 adx, sha256/sha1 shani,
# aes vaes, ghash vpclmul, the VAES+VPCLMULQDQ GCM kernel) never run here;
# they are reviewed by hand instead. Valgrind 3.19 does execute mulx,
# adcx and adox correctly; it is its CPUID that clears the ADX bit, so a
# second pass sets PEREGRINE_CTGRIND_ADX=1, with which the ctgrind build
# (only it) claims BMI2 and ADX, and runs the tests of the adx kernels
# (bignum, RSA, DSA, Curve25519, the NIST curves) again. On aarch64, valgrind runs the
# NEON backends. DES: the bitsliced circuits and the key schedule run
# here; the one-block form (CBC encryption) shifts by secret counts, which
# memcheck always reports, so it is reviewed instead. Curve25519: X25519 (shared secret, public key) and
# Ed25519 (key generation, signing) run on the soft field kernel.
# P-256/384/521 (key generation, deterministic and hedged ECDSA, ECDH)
# run on the soft field kernel.
# DSA (RFC 6979 and hedged signing, key generation: x, k, the comb's
# masked table scan) runs on the bmi2 and soft Montgomery kernels.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v valgrind >/dev/null || {
    echo "ctgrind.sh: valgrind missing (apt-get install valgrind)" >&2
    exit 2
}
export CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-1}
export CARGO_TERM_COLOR=never
export RUSTFLAGS="${RUSTFLAGS:-} --cfg peregrine_ctgrind"
export CARGO_PROFILE_RELEASE_DEBUG=line-tables-only
target_dir=${CTGRIND_TARGET_DIR:-target/ctgrind}
filter=("$@")

start=$SECONDS
bin=$(cargo test -p peregrine --release --test ctgrind --no-run --message-format=json \
        --target-dir "$target_dir" |
    python3 -c 'import json,sys
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["profile"]["test"]:
        print(m["executable"])')
[[ -x "$bin" ]] || { echo "ctgrind.sh: no test binary" >&2; exit 1; }
echo "ctgrind.sh: built $bin in $((SECONDS - start)) s"

vg=(valgrind --tool=memcheck --error-exitcode=1 --track-origins=yes --num-callers=16 -q)
export CTGRIND_EXPECT_VALGRIND=1
cd crates/peregrine

echo "---- secret-handling operations (must be clean)"
t=$SECONDS
"${vg[@]}" "$bin" --test-threads=1 --nocapture --skip negative_control "${filter[@]}"
echo "ctgrind.sh: clean in $((SECONDS - t)) s"

if [[ $(uname -m) == x86_64 ]]; then
    # Valgrind runs MULX/ADCX/ADOX but hides ADX in its CPUID; the
    # ctgrind build claims BMI2+ADX when PEREGRINE_CTGRIND_ADX is set
    # (cpu::detect_uncached), so the adx kernels of bignum (RSA, DSA),
    # Curve25519 and the NIST curves run under memcheck too.
    echo "---- the adx kernels (must be clean)"
    t=$SECONDS
    adx_filter=("${filter[@]}")
    [[ ${#adx_filter[@]} -gt 0 ]] || adx_filter=(nist x25519 ed25519 modulus mod_inverse rsa dsa)
    log_adx=$(mktemp)
    set +e
    PEREGRINE_CTGRIND_ADX=1 "${vg[@]}" "$bin" --test-threads=1 --nocapture --skip negative_control \
        "${adx_filter[@]}" 2>&1 | tee "$log_adx"
    rc=${PIPESTATUS[0]}
    set -e
    [[ $rc -eq 0 ]] || { rm -f "$log_adx"; echo "ctgrind.sh: FAIL: the adx pass (valgrind exit $rc)" >&2; exit 1; }
    if grep -q "nist_keygen_sign_ecdh: kernel" "$log_adx" &&
        ! grep -q "nist_keygen_sign_ecdh: kernel adx" "$log_adx"; then
        rm -f "$log_adx"
        echo "ctgrind.sh: FAIL: the adx pass did not run the NIST adx kernel" >&2
        exit 1
    fi
    rm -f "$log_adx"
    echo "ctgrind.sh: adx kernels clean in $((SECONDS - t)) s"
fi

echo "---- negative control (must be flagged)"
t=$SECONDS
log=$(mktemp)
trap 'rm -f "$log"' EXIT
set +e
"${vg[@]}" "$bin" --test-threads=1 --nocapture --exact negative_control >"$log" 2>&1
rc=$?
set -e
cat "$log"
if [[ $rc -ne 1 ]]; then
    echo "ctgrind.sh: FAIL: valgrind exit $rc on the negative control (want 1: errors reported)" >&2
    exit 1
fi
for want in "Conditional jump or move depends on uninitialised value" \
    "Use of uninitialised value of size"; do
    grep -q "$want" "$log" || {
        echo "ctgrind.sh: FAIL: the negative control's report lacks \"$want\"" >&2
        exit 1
    }
done
grep -q "test result: ok. 1 passed" "$log" || {
    echo "ctgrind.sh: FAIL: the negative control test itself did not pass" >&2
    exit 1
}
echo "ctgrind.sh: negative control flagged as it must be ($((SECONDS - t)) s)"

echo "---- Blowfish, variable time (must be flagged)"
set +e
"${vg[@]}" "$bin" --test-threads=1 --nocapture --exact negative_control_blowfish_vartime >"$log" 2>&1
rc=$?
set -e
cat "$log"
if [[ $rc -ne 1 ]] || ! grep -q "Use of uninitialised value of size" "$log" ||
    ! grep -q "test result: ok. 1 passed" "$log"; then
    echo "ctgrind.sh: FAIL: Blowfish's secret-indexed loads were not flagged (valgrind exit $rc)" >&2
    exit 1
fi
echo "ctgrind.sh: Blowfish flagged as it must be"
echo "ctgrind.sh: ok in $((SECONDS - start)) s"
