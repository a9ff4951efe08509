#!/usr/bin/env bash
# cross-test.sh: build the workspace tests for aarch64 and run them under
# qemu user-mode emulation, once per emulated CPU.
#
# Why: Peregrine picks its backends at run time from the CPU's features.
# Running the tests on several emulated CPUs exercises the choices:
#   max         - every feature qemu knows (SHA2, SHA3/SHA512, ...)
#   cortex-a53  - ARMv8.0 with AES/PMULL/SHA2 but no SHA3/SHA512, so backends
#                 needing those must fall back
# and a last run on `max` with PEREGRINE_CPU=none runs every portable
# backend on aarch64 (both CPUs above have SHA2, so nothing else would).
#
# Why Debian's rustc: rustup cannot download the aarch64 standard library on
# this machine (no network beyond the package registries), so we use Debian's
# rustc-web (/usr/bin/rustc, /usr/bin/rustdoc) together with its arm64 std from
# libstd-rust-web-dev:arm64. Cargo itself can stay rustup's. Because Debian's
# compiler differs from rustup's, its artefacts go to a separate target dir
# (target/cross) so the normal host build is not rebuilt from scratch.
#
# Usage, from the repository root:
#   scripts/cross-test.sh [--install] [-- CARGO_TEST_ARGS...]
#
#   --install   install the Debian packages needed (only those missing;
#               needs root): rustc-web libstd-rust-web-dev:arm64
#               gcc-aarch64-linux-gnu qemu-user-static
#   -- ARGS     passed on to `cargo test`, e.g.  -- sha256   or  -- --lib
#
# Environment:
#   CROSS_CPUS  space-separated qemu CPU models (default: "max cortex-a53")
#   CROSS_NONE  set to 0 to skip the PEREGRINE_CPU=none run
#   CROSS_NONE_ARGS  cargo test arguments for the PEREGRINE_CPU=none run
#               (default: the same as the other runs). .ci/run narrows it to
#               the dispatch test: every known-answer test already runs
#               `soft` on aarch64 in the runs above (for_each_impl takes
#               every backend, `soft` included), so the none run's own
#               finding is that dispatch falls back to the portable table.
#
# qemu is never given -L: the arm64 dynamic loader and libc come from the
# multiarch libc6:arm64 that libstd-rust-web-dev:arm64 pulls in.
set -euo pipefail

TARGET=aarch64-unknown-linux-gnu
PACKAGES=(rustc-web libstd-rust-web-dev:arm64 gcc-aarch64-linux-gnu qemu-user-static)
CPUS=${CROSS_CPUS:-"max cortex-a53"}

install=0
cargo_args=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --install) install=1; shift ;;
        --) shift; cargo_args=("$@"); break ;;
        -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        *) echo "cross-test.sh: unknown argument '$1' (test args go after --)" >&2; exit 2 ;;
    esac
done

installed() {
    [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" == "install ok installed" ]]
}

if [[ $install -eq 1 ]]; then
    missing=()
    for p in "${PACKAGES[@]}"; do
        installed "$p" || missing+=("$p")
    done
    if [[ ${#missing[@]} -eq 0 ]]; then
        echo "cross-test.sh: all packages already installed"
    else
        echo "cross-test.sh: installing ${missing[*]}"
        if ! dpkg --print-foreign-architectures | grep -qx arm64; then
            dpkg --add-architecture arm64
        fi
        apt-get update
        apt-get install -y "${missing[@]}"
    fi
fi

for tool in /usr/bin/rustc /usr/bin/rustdoc aarch64-linux-gnu-gcc qemu-aarch64-static cargo; do
    if ! command -v "$tool" >/dev/null; then
        echo "cross-test.sh: '$tool' not found; run with --install (as root)" >&2
        exit 1
    fi
done

# RUSTDOC as well as RUSTC: cargo runs doctests for the cross target too, and
# rustup's rustdoc has no aarch64 std either.
export RUSTC=/usr/bin/rustc
export RUSTDOC=/usr/bin/rustdoc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc

echo "cross-test.sh: $($RUSTC --version), target $TARGET, CPUs: $CPUS"
for cpu in $CPUS; do
    echo
    echo "==================== aarch64 tests under qemu -cpu $cpu ===================="
    PEREGRINE_TIER="aarch64-$cpu" CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64-static -cpu $cpu" \
        cargo test --workspace --target "$TARGET" --target-dir target/cross "${cargo_args[@]}"
done
if [[ "${CROSS_NONE:-1}" != 0 ]]; then
    echo
    echo "==================== aarch64 tests under qemu -cpu max, PEREGRINE_CPU=none ===================="
    PEREGRINE_CPU=none PEREGRINE_TIER=aarch64-max CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64-static -cpu max" \
        cargo test --workspace --target "$TARGET" --target-dir target/cross ${CROSS_NONE_ARGS:-} "${cargo_args[@]}"
fi
echo
echo "cross-test.sh: all runs passed (CPUs: $CPUS; PEREGRINE_CPU=none run: $([[ "${CROSS_NONE:-1}" != 0 ]] && echo yes || echo skipped))"
