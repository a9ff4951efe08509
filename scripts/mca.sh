#!/usr/bin/env bash
# mca.sh: estimated aarch64 speed of Peregrine's kernels without aarch64
# hardware (issue 21), from LLVM's machine-code analyser, llvm-mca.
#
# What it does:
#   1. compiles the `peregrine` library for aarch64-unknown-linux-gnu to
#      assembly with Debian's rustc (as scripts/cross-test.sh does: cargo
#      with RUSTC=/usr/bin/rustc, its own target dir), release profile, one
#      codegen unit so that the whole crate is one .s file;
#   2. finds each kernel's hot loop in it (scripts/mca.py: the innermost
#      loop, label to backward branch, of the function that holds the
#      kernel, which is often a caller the kernel was inlined into; the
#      output names the function of every row) and runs llvm-mca on it for
#      Cortex-A53, Cortex-A72, Neoverse-N1 (the design of the Raspberry Pi
#      5's Cortex-A76) and Neoverse-V1;
#   3. prints cycles per byte (cycles per operation for the field and
#      Montgomery kernels) for each core, the accelerated kernels next to
#      the portable (`soft`) ChaCha20, SHA-256 and Montgomery code, then
#      OpenSSL's published figures for those cores and an estimate of an
#      RSA-2048 CRT signature on a Cortex-A72 (seed 002).
#
# These are llvm-mca ESTIMATES of the steady-state loop, not measurements:
# llvm-mca does not model AESE/AESMC fusion (the AES rows are pessimistic),
# assumes L1 hits and no mispredictions, and leaves out the code around the
# loop. Compare kernels with each other, not with silicon. How the work per
# iteration is derived (a marker instruction counted in the loop, e.g. 16
# sha256h per 64-byte block) is printed with the table and documented in
# scripts/mca.py, with the bytes per unit of every kernel.
#
# Requirements: what `scripts/cross-test.sh --install` installs for aarch64
# (rustc-web, i.e. /usr/bin/rustc, and libstd-rust-web-dev:arm64; nothing
# is linked, so the cross gcc and qemu are not used here), cargo, python3,
# and llvm-mca from LLVM 22 (Debian/Ubuntu package llvm-22:
# /usr/lib/llvm-22/bin/llvm-mca; another one can be given with LLVM_MCA).
# No network once those are installed (the crate's dependencies come from
# cargo's cache, as for cross-test.sh).
#
# Usage, from anywhere in the repository:
#   scripts/mca.sh
#
# Environment:
#   LLVM_MCA         llvm-mca to use (default /usr/lib/llvm-22/bin/llvm-mca)
#   MCA_TARGET_DIR   cargo's target dir (default target/mca; Debian's rustc
#                    differs from rustup's, so keep it apart from target/)
#   MCA_TARGET_CPU   passed as -C target-cpu (default: none, i.e. generic
#                    ARMv8-A scheduling, the code the library ships; the
#                    kernels enable their features with #[target_feature])
#   MCA_ASM          skip the build and analyse this .s file instead
#
# On a 2-core machine shared with others, run it as
#   CARGO_BUILD_JOBS=1 nice -n 19 scripts/mca.sh
# (the build takes about a minute; llvm-mca about ten seconds).
set -euo pipefail

cd "$(dirname "$0")/.."

RUSTC_DEBIAN=/usr/bin/rustc
LLVM_MCA=${LLVM_MCA:-/usr/lib/llvm-22/bin/llvm-mca}
TARGET_DIR=${MCA_TARGET_DIR:-target/mca}
TRIPLE=aarch64-unknown-linux-gnu

die() { echo "mca.sh: $*" >&2; exit 1; }

if [[ -z ${MCA_ASM:-} ]]; then
    [[ -x $RUSTC_DEBIAN ]] ||
        die "$RUSTC_DEBIAN is missing: install Debian's rustc-web and libstd-rust-web-dev:arm64 (scripts/cross-test.sh --install)"
    command -v cargo >/dev/null || die "cargo is missing"
    libdir=$("$RUSTC_DEBIAN" --print target-libdir --target "$TRIPLE" 2>/dev/null || true)
    compgen -G "$libdir/libcore-*.rlib" >/dev/null ||
        die "no $TRIPLE standard library for $RUSTC_DEBIAN (libstd-rust-web-dev:arm64; scripts/cross-test.sh --install)"
fi
[[ -x $LLVM_MCA ]] || die "llvm-mca not found at $LLVM_MCA: install llvm-22 or set LLVM_MCA"
command -v python3 >/dev/null || die "python3 is missing"

if [[ -n ${MCA_ASM:-} ]]; then
    asm=$MCA_ASM
else
    extra=()
    [[ -n ${MCA_TARGET_CPU:-} ]] && extra=(-C "target-cpu=$MCA_TARGET_CPU")
    deps="$TARGET_DIR/$TRIPLE/release/deps"
    echo "mca.sh: $($RUSTC_DEBIAN --version), building $TRIPLE assembly in $TARGET_DIR" >&2
    RUSTC=$RUSTC_DEBIAN cargo rustc --release -p peregrine --target "$TRIPLE" --lib \
        --target-dir "$TARGET_DIR" -- --emit asm -C codegen-units=1 "${extra[@]}" >&2
    # The newest .s: cargo leaves a fresh build's one in place, and older
    # ones (other flags, other hashes) are older.
    asm=$(ls -t "$deps"/peregrine-*.s 2>/dev/null | head -n 1 || true)
    [[ -n $asm ]] || die "no peregrine-*.s in $deps after the build"
fi
[[ -f $asm ]] || die "no such file: $asm"

echo "mca.sh: analysing $asm with $("$LLVM_MCA" --version | grep -m1 -o 'LLVM version [0-9.]*')" >&2
exec python3 scripts/mca.py "$asm" "$LLVM_MCA"
