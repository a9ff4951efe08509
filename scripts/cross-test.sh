#!/usr/bin/env bash
# cross-test.sh: build the tests for other CPUs and run them under qemu
# user-mode emulation: aarch64 (the default, once per emulated CPU), and on
# request the 32-bit targets armv7 and mipsel.
#
# Why: Peregrine picks its backends at run time from the CPU's features.
# Running the tests on several emulated CPUs exercises the choices:
#   max         - every feature qemu knows (SHA2, SHA3/SHA512, ...)
#   cortex-a53  - ARMv8.0 with AES/PMULL/SHA2 but no SHA3/SHA512, so backends
#                 needing those must fall back
# and a last run on `max` with PEREGRINE_CPU=none runs every portable
# backend on aarch64 (both CPUs above have SHA2, so nothing else would).
#
# The 32-bit targets (armv7-unknown-linux-gnueabihf, mipsel-unknown-linux-gnu:
# the routers' CPUs) check that the library builds there without warnings
# and that its portable code (32-bit limbs, u64 halves of 64-bit atomics on
# MIPS) is right: `cargo test -p peregrine` (lib, integration and doc tests)
# under qemu-arm-static and qemu-mipsel-static, once each (qemu's default
# ARM CPU has NEON, so ARMv7's NEON ChaCha20 runs; MIPS has no run-time
# detection; the dispatch test checks the choices, PEREGRINE_TIER=armv7
# or mipsel). qemu's default CPUs are used: for mipsel that is a 24Kf with
# an FPU, which the library does not need.
#
# Why Debian's rustc: rustup cannot download other targets' standard
# libraries on this machine (no network beyond the package registries), so
# we use Debian's rustc-web (/usr/bin/rustc, /usr/bin/rustdoc). For aarch64
# Debian ships the std (libstd-rust-web-dev:arm64); for armv7 and mipsel it
# does not, so cargo builds std from rust-web-src's source (-Zbuild-std,
# with RUSTC_BOOTSTRAP=1 for the unstable flag; the first run fetches std's
# own dependencies from crates.io and compiles std, several minutes). Cargo
# itself can stay rustup's. Because Debian's compiler differs from
# rustup's, its artefacts go to a separate target dir (target/cross) so the
# normal host build is not rebuilt from scratch.
#
# Usage, from the repository root:
#   scripts/cross-test.sh [--install] [--target NAME]... [-- CARGO_TEST_ARGS...]
#
#   --install      install the Debian packages the chosen targets need (only
#                  those missing; needs root):
#                    aarch64: rustc-web libstd-rust-web-dev:arm64
#                             gcc-aarch64-linux-gnu qemu-user-static
#                    armv7:   rustc-web rust-web-src gcc-arm-linux-gnueabihf
#                             libc6-dev-armhf-cross qemu-user-static
#                    mipsel:  rustc-web rust-web-src gcc-mipsel-linux-gnu
#                             libc6-dev-mipsel-cross qemu-user-static
#   --target NAME  test NAME (aarch64, armv7 or mipsel); may be repeated, and
#                  replaces CROSS_TARGETS
#   -- ARGS        passed on to `cargo test`, e.g.  -- sha256   or  -- --lib
#
# Environment:
#   CROSS_TARGETS  space-separated targets (default: "aarch64"; e.g.
#               CROSS_TARGETS="aarch64 armv7 mipsel")
#   CROSS_CPUS  space-separated qemu CPU models for aarch64 (default:
#               "max cortex-a53")
#   CROSS_NONE  set to 0 to skip the aarch64 PEREGRINE_CPU=none run
#   CROSS_A53_FILTERS  space-separated test-name filters for the
#               cortex-a53 run only (default: none, every test). .ci/run
#               narrows that run to what the A53's missing SHA3 and SHA512
#               instructions change: the dispatch tests and the SHA-384,
#               SHA-512, SHA-3, SHAKE and Ed25519 (SHA-512 inside) tests,
#               which then run the fallbacks the automatic choice takes; the
#               run on max has run every backend, fallbacks included, on
#               every test. A filter leaves the build as it is (narrowing by
#               --exclude or --test changed feature unification and rebuilt).
#   CROSS_TIMEOUT  seconds an aarch64 test binary may run under qemu
#               (default 900); a pass where one timed out runs once more
#               (qemu-user can deadlock in fork()), and says so
#   CROSS_NONE_ARGS  cargo test arguments for the PEREGRINE_CPU=none run
#               (default: the same as the other runs). .ci/run narrows it to
#               the dispatch test: every known-answer test already runs
#               `soft` on aarch64 in the runs above (for_each_impl takes
#               every backend, `soft` included), so the none run's own
#               finding is that dispatch falls back to the portable table.
#   CROSS_AARCH64_PACKAGES  what aarch64 tests (default: "--workspace";
#               .ci/run gives "-p peregrine": the CLI and the rustls
#               provider have no aarch64 code of their own, their tests run
#               natively, and their dependencies need not be built for
#               aarch64)
#   CROSS_32_PACKAGES  what armv7 and mipsel test (default: "-p peregrine",
#               the library; the CLI and the rustls provider are not built
#               for them)
#   CROSS_TARGET_DIR   cargo's target dir (default: target/cross)
#
# qemu is never given -L for aarch64: the arm64 dynamic loader and libc come
# from the multiarch libc6:arm64 that libstd-rust-web-dev:arm64 pulls in.
# armv7 and mipsel run with -L /usr/arm-linux-gnueabihf and -L
# /usr/mipsel-linux-gnu, the cross libc of the libc6-dev-*-cross packages.
set -euo pipefail

TARGETS=${CROSS_TARGETS:-aarch64}
CPUS=${CROSS_CPUS:-"max cortex-a53"}
TARGET_DIR=${CROSS_TARGET_DIR:-target/cross}
read -r -a PACKAGES_32 <<<"${CROSS_32_PACKAGES:--p peregrine}"
read -r -a PACKAGES_64 <<<"${CROSS_AARCH64_PACKAGES:---workspace}"

install=0
cargo_args=()
chosen=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --install) install=1; shift ;;
        --target)
            [[ $# -ge 2 ]] || { echo "cross-test.sh: --target needs a name" >&2; exit 2; }
            chosen+=("$2"); shift 2 ;;
        --target=*) chosen+=("${1#--target=}"); shift ;;
        --) shift; cargo_args=("$@"); break ;;
        -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        *) echo "cross-test.sh: unknown argument '$1' (test args go after --)" >&2; exit 2 ;;
    esac
done
if [[ ${#chosen[@]} -gt 0 ]]; then
    TARGETS="${chosen[*]}"
fi

# Per target: the Rust triple, the Debian packages, the C cross compiler
# (cargo's linker) and the qemu command (cargo's runner).
triple_of() {
    case "$1" in
        aarch64) echo aarch64-unknown-linux-gnu ;;
        armv7) echo armv7-unknown-linux-gnueabihf ;;
        mipsel) echo mipsel-unknown-linux-gnu ;;
        *) echo "cross-test.sh: unknown target '$1' (aarch64, armv7 or mipsel)" >&2; exit 2 ;;
    esac
}
packages_of() {
    case "$1" in
        aarch64) echo rustc-web libstd-rust-web-dev:arm64 gcc-aarch64-linux-gnu qemu-user-static ;;
        armv7) echo rustc-web rust-web-src gcc-arm-linux-gnueabihf libc6-dev-armhf-cross qemu-user-static ;;
        mipsel) echo rustc-web rust-web-src gcc-mipsel-linux-gnu libc6-dev-mipsel-cross qemu-user-static ;;
    esac
}
linker_of() {
    case "$1" in
        aarch64) echo aarch64-linux-gnu-gcc ;;
        armv7) echo arm-linux-gnueabihf-gcc ;;
        mipsel) echo mipsel-linux-gnu-gcc ;;
    esac
}
qemu_of() {
    case "$1" in
        aarch64) echo qemu-aarch64-static ;;
        armv7) echo "qemu-arm-static -L /usr/arm-linux-gnueabihf" ;;
        mipsel) echo "qemu-mipsel-static -L /usr/mipsel-linux-gnu" ;;
    esac
}
for t in $TARGETS; do triple_of "$t" >/dev/null; done

installed() {
    [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" == "install ok installed" ]]
}

if [[ $install -eq 1 ]]; then
    missing=()
    for t in $TARGETS; do
        for p in $(packages_of "$t"); do
            if ! installed "$p" && [[ " ${missing[*]} " != *" $p "* ]]; then
                missing+=("$p")
            fi
        done
    done
    if [[ ${#missing[@]} -eq 0 ]]; then
        echo "cross-test.sh: all packages already installed"
    else
        echo "cross-test.sh: installing ${missing[*]}"
        if [[ " ${missing[*]} " == *":arm64 "* ]] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
            dpkg --add-architecture arm64
        fi
        apt-get update
        apt-get install -y "${missing[@]}"
    fi
fi

for tool in /usr/bin/rustc /usr/bin/rustdoc cargo; do
    if ! command -v "$tool" >/dev/null; then
        echo "cross-test.sh: '$tool' not found; run with --install (as root)" >&2
        exit 1
    fi
done
for t in $TARGETS; do
    q=$(qemu_of "$t")
    for tool in "$(linker_of "$t")" "${q%% *}"; do
        if ! command -v "$tool" >/dev/null; then
            echo "cross-test.sh: '$tool' (for $t) not found; run with --install (as root)" >&2
            exit 1
        fi
    done
    if [[ $t != aarch64 && ! -d /usr/lib/rustlib/src/rust/library ]]; then
        echo "cross-test.sh: no std source in /usr/lib/rustlib/src (rust-web-src, for $t); run with --install (as root)" >&2
        exit 1
    fi
done

# RUSTDOC as well as RUSTC: cargo runs doctests for the cross target too, and
# rustup's rustdoc has no std for it either.
export RUSTC=/usr/bin/rustc
export RUSTDOC=/usr/bin/rustdoc

# cargo's per-target variables (CARGO_TARGET_<TRIPLE>_LINKER/_RUNNER)
var_of() { local v=${1^^}; echo "${v//-/_}"; }

timings=()
run() { # LABEL ENV... -- CARGO_ARGS...
    local label=$1; shift
    local envs=()
    while [[ $1 != -- ]]; do envs+=("$1"); shift; done
    shift
    echo
    echo "==================== $label ===================="
    local start=$SECONDS
    local log status=0
    log=$(mktemp)
    env "${envs[@]}" cargo test "$@" 2>&1 | tee "$log" || status=$?
    if [[ $status -ne 0 ]]; then
        # qemu-user can deadlock in fork() from a multithreaded process (a
        # CLI test spawning `peregrine`: the child hung before exec, once
        # in several CI runs); the runner's timeout kills such a test
        # binary with its children (SIGKILL), and then, only then, the
        # pass runs once more. Any other failure fails the run.
        if [[ $label != aarch64* ]] || ! grep -q 'signal: 9, SIGKILL' "$log"; then
            rm -f "$log"
            return "$status"
        fi
        echo "cross-test.sh: $label: a test binary timed out (SIGKILL); running the pass once more" >&2
        env "${envs[@]}" cargo test "$@"
        label+=" (passed on the retry after a timeout)"
    fi
    rm -f "$log"
    timings+=("$label: $((SECONDS - start)) s")
}

# each aarch64 test binary gets at most CROSS_TIMEOUT seconds under qemu
# (default 900), then it and its children are killed: see run()
aarch64_timeout="timeout -s KILL ${CROSS_TIMEOUT:-900}"
echo "cross-test.sh: $($RUSTC --version), targets: $TARGETS"
for t in $TARGETS; do
    triple=$(triple_of "$t")
    var=$(var_of "$triple")
    linker="CARGO_TARGET_${var}_LINKER=$(linker_of "$t")"
    if [[ $t == aarch64 ]]; then
        echo "cross-test.sh: aarch64 CPUs: $CPUS"
        for cpu in $CPUS; do
            args=("${cargo_args[@]}")
            label="aarch64 tests under qemu -cpu $cpu"
            if [[ $cpu == cortex-a53 && -n ${CROSS_A53_FILTERS:-} ]]; then
                # the filters go after the harness separator, which the
                # caller's arguments may already hold
                [[ " ${args[*]} " == *" -- "* ]] || args+=(--)
                read -r -a filters <<<"$CROSS_A53_FILTERS"
                args+=("${filters[@]}")
                label+=" (tests matching: $CROSS_A53_FILTERS)"
            fi
            run "$label" \
                "$linker" PEREGRINE_TIER="aarch64-$cpu" "CARGO_TARGET_${var}_RUNNER=$aarch64_timeout qemu-aarch64-static -cpu $cpu" -- \
                "${PACKAGES_64[@]}" --target "$triple" --target-dir "$TARGET_DIR" "${args[@]}"
        done
        if [[ "${CROSS_NONE:-1}" != 0 ]]; then
            # shellcheck disable=SC2086 # CROSS_NONE_ARGS is a word list
            run "aarch64 tests under qemu -cpu max, PEREGRINE_CPU=none" \
                "$linker" PEREGRINE_CPU=none PEREGRINE_TIER=aarch64-max "CARGO_TARGET_${var}_RUNNER=$aarch64_timeout qemu-aarch64-static -cpu max" -- \
                "${PACKAGES_64[@]}" --target "$triple" --target-dir "$TARGET_DIR" ${CROSS_NONE_ARGS:-} "${cargo_args[@]}"
        fi
    else
        run "$t ($triple) tests under $(qemu_of "$t")" \
            "$linker" RUSTC_BOOTSTRAP=1 PEREGRINE_TIER="$t" "CARGO_TARGET_${var}_RUNNER=$(qemu_of "$t")" -- \
            -Zbuild-std=std,panic_unwind,test --target "$triple" --target-dir "$TARGET_DIR" \
            "${PACKAGES_32[@]}" "${cargo_args[@]}"
    fi
done
echo
printf 'cross-test.sh: %s\n' "${timings[@]}"
echo "cross-test.sh: all runs passed (targets: $TARGETS; aarch64 CPUs: $CPUS; PEREGRINE_CPU=none run: $([[ " $TARGETS " == *" aarch64 "* && "${CROSS_NONE:-1}" != 0 ]] && echo yes || echo no))"
