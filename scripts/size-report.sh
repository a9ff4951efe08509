#!/usr/bin/env bash
# size-report.sh: the code size of a router-style Peregrine program on
# x86_64, aarch64, armv7 and mipsel, under the `release` and `small`
# profiles, next to the code size of Debian's libcrypto (OpenSSL 3),
# mbedcrypto (Mbed TLS 2.28) and BearSSL for the same architectures.
# Prints a Markdown table.
#
# What each figure is (read this before comparing them):
#   Peregrine release / small
#       the `.text` section of the whole static binary of
#       crates/peregrine/examples/router_size.rs (AES-128/256-GCM,
#       ChaCha20-Poly1305, SHA-256, SHA-512, HMAC-SHA256, X25519, Ed25519
#       sign + verify, RSA-2048 PKCS#1 v1.5 and PSS verification, each
#       working on the input), linked with `-C target-feature=+crt-static`:
#       it includes Rust's std and the static glibc (start-up, I/O,
#       formatting, allocation, panics, unwinding), and every backend the
#       run-time dispatch can choose for that architecture. On x86_64 and
#       aarch64 std is Debian's prebuilt one in both profiles; on armv7 and
#       mipsel it is built from source (-Zbuild-std) under the profile, so
#       `small` shrinks std there too.
#   Peregrine ... minus std
#       the same minus the `.text` of router_size_baseline.rs, a program
#       with the same input and output and no cryptography, built the same
#       way: roughly what the primitives add (not exact: LTO and the linker
#       do not add up linearly).
#   libcrypto, mbedcrypto, BearSSL
#       the `.text` of the distribution's shared library alone
#       (libcrypto.so.3 from libssl3, libmbedcrypto.so.* from
#       libmbedcrypto7, libbearssl.so.0 from libbearssl0): every algorithm
#       each library has, not only the router's set, and no libc, no
#       start-up code, no program, as Debian builds them (OpenSSL with its
#       assembly where the architecture has some). So the libraries'
#       figures are an upper bound on what the same set of primitives would
#       cost from them, and Peregrine's figure carries std on top.
#
# How: Debian's rustc (/usr/bin/rustc, rustc-web) for all four targets, so
# the compiler is the same everywhere: its own std for x86_64 and aarch64
# (libstd-rust-web-dev:arm64), std built from rust-web-src
# (-Zbuild-std, RUSTC_BOOTSTRAP=1) for armv7 and mipsel. Linkers and `size`
# from the gcc-*/binutils-* cross packages (scripts/cross-test.sh --install
# --target ... installs them). The Debian packages are fetched into
# SIZE_CACHE (default ~/.cache/peregrine-size) from deb.debian.org once and
# unpacked with `dpkg -x`; a package or architecture that cannot be had is
# reported in the table as "n/a" with the reason below it.
#
# Usage, from the repository root:
#   scripts/size-report.sh [--no-build] [--target NAME]...
#     --target NAME   x86_64, aarch64, armv7 or mipsel (repeatable; default all)
#     --no-build      measure what earlier runs built (skips cargo)
# Environment:
#   SIZE_TARGET_DIR  prefix of cargo's target dirs (default target/size:
#                    target/size-x86_64, target/size-aarch64, ...)
#   SIZE_CACHE       where the .deb files go (default ~/.cache/peregrine-size)
#   DEBIAN_MIRROR    default http://deb.debian.org
# Builds run under `nice -n 19` with CARGO_BUILD_JOBS=1 unless set. The
# first run compiles std twice (armv7, mipsel) and the library eight times
# with fat LTO: expect half an hour or more on two cores.
set -uo pipefail
cd "$(dirname "$0")/.."

ARCHES=(x86_64 aarch64 armv7 mipsel)
TARGET_PREFIX=${SIZE_TARGET_DIR:-target/size}
CACHE=${SIZE_CACHE:-$HOME/.cache/peregrine-size}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org}
export CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-1}

build=1
chosen=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-build) build=0; shift ;;
        --target)
            [[ $# -ge 2 ]] || { echo "size-report.sh: --target needs a name" >&2; exit 2; }
            chosen+=("$2"); shift 2 ;;
        --target=*) chosen+=("${1#--target=}"); shift ;;
        -h|--help) sed -n '2,/^set -uo/{/^set -uo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        *) echo "size-report.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
[[ ${#chosen[@]} -gt 0 ]] && ARCHES=("${chosen[@]}")

# Per target: the Rust triple, cargo's linker, the binutils `size`, the
# Debian architecture.
TARGETS="
x86_64  x86_64-unknown-linux-gnu       cc                      size                     amd64
aarch64 aarch64-unknown-linux-gnu      aarch64-linux-gnu-gcc   aarch64-linux-gnu-size   arm64
armv7   armv7-unknown-linux-gnueabihf  arm-linux-gnueabihf-gcc arm-linux-gnueabihf-size armhf
mipsel  mipsel-unknown-linux-gnu       mipsel-linux-gnu-gcc    mipsel-linux-gnu-size    mipsel
"
# Field $2 (2..5) of target $1's row.
target_field() {
    local v
    v=$(awk -v a="$1" -v f="$2" '$1 == a { print $f }' <<<"$TARGETS")
    [[ -n $v ]] || { echo "size-report.sh: unknown target '$1'" >&2; exit 2; }
    echo "$v"
}
triple_of() { target_field "$1" 2; }
linker_of() { target_field "$1" 3; }
size_of_tool() { target_field "$1" 4; }
debarch_of() { target_field "$1" 5; }
for a in "${ARCHES[@]}"; do triple_of "$a" >/dev/null; done

# .text of an ELF file, in bytes (empty when it cannot be read).
text_of() { # ARCH FILE
    local tool
    tool=$(size_of_tool "$1")
    command -v "$tool" >/dev/null || tool=size
    "$tool" -A "$2" 2>/dev/null | awk '$1 == ".text" { print $2 }'
}

# --- Peregrine ---------------------------------------------------------------
declare -A cell note
notes=()
var_of() { local v=${1^^}; echo "${v//-/_}"; }

for a in "${ARCHES[@]}"; do
    triple=$(triple_of "$a")
    tdir="$TARGET_PREFIX-$a"
    for profile in release small; do
        if [[ $build -eq 1 ]]; then
            args=(build -p peregrine --example router_size --example router_size_baseline
                  --profile "$profile" --target "$triple" --target-dir "$tdir")
            # the size profile goes with the library's compact code
            [[ $profile == small ]] && args+=(--features small)
            envs=(RUSTC=/usr/bin/rustc "CARGO_TARGET_$(var_of "$triple")_LINKER=$(linker_of "$a")"
                  "CARGO_TARGET_$(var_of "$triple")_RUSTFLAGS=-C target-feature=+crt-static")
            if [[ $a == armv7 || $a == mipsel ]]; then
                envs+=(RUSTC_BOOTSTRAP=1)
                args+=(-Zbuild-std=std,panic_unwind)
            fi
            echo "size-report.sh: building $a $profile" >&2
            log="$tdir.$profile.log"
            mkdir -p "$(dirname "$log")"
            if ! env "${envs[@]}" nice -n 19 cargo "${args[@]}" >"$log" 2>&1; then
                err=$(grep -m1 -E '^error' "$log" || tail -n1 "$log")
                notes+=("Peregrine $profile, $a: build failed: ${err} (log: $log)")
                echo "size-report.sh: $a $profile failed, see $log" >&2
            fi
        fi
        bin="$tdir/$triple/$profile/examples/router_size"
        base="$tdir/$triple/$profile/examples/router_size_baseline"
        t=$( [[ -f $bin ]] && text_of "$a" "$bin" )
        b=$( [[ -f $base ]] && text_of "$a" "$base" )
        if [[ -n $t ]]; then
            cell["pg-$profile,$a"]=$t
            [[ -n $b ]] && cell["pg-$profile-net,$a"]=$((t - b))
        fi
    done
done

# --- Debian's libraries -------------------------------------------------------
# fetch_deb (scripts/debian-deb.sh) takes the newest version apt's amd64
# index knows and the same file name for the other architecture, so the
# version can differ between architectures when an update has not been
# built for all of them yet; the notes say which one was measured.
# shellcheck source=scripts/debian-deb.sh
source "$(dirname "$0")/debian-deb.sh"
lib_text() { # ROW PKG SO_GLOB
    local row=$1 pkg=$2 glob=$3 a arch deb dir so t
    for a in "${ARCHES[@]}"; do
        arch=$(debarch_of "$a")
        if ! deb=$(fetch_deb "$pkg" "$arch"); then
            notes+=("$row, $a: no $pkg for $arch found on $MIRROR")
            continue
        fi
        dir="${deb%.deb}"
        [[ -d $dir ]] || dpkg -x "$deb" "$dir"
        so=$(find "$dir" -name "$glob" -type f | head -n1)
        if [[ -z $so ]]; then notes+=("$row, $a: no $glob in $(basename "$deb")"); continue; fi
        t=$(text_of "$a" "$so")
        if [[ -z $t ]]; then notes+=("$row, $a: cannot read .text of $so"); continue; fi
        cell["$row,$a"]=$t
        note["$row,$a"]="$(basename "$so") from $(basename "$deb")"
    done
}
lib_text libcrypto libssl3 'libcrypto.so.*'
lib_text mbedcrypto libmbedcrypto7 'libmbedcrypto.so.*'
lib_text bearssl libbearssl0 'libbearssl.so.*'

# --- the table -----------------------------------------------------------------
kib() { awk -v b="$1" 'BEGIN { printf "%.1f KiB", b / 1024 }'; }
row() { # KEY LABEL
    local line="| $2 |" a v
    for a in "${ARCHES[@]}"; do
        v=${cell["$1,$a"]:-}
        if [[ -n $v ]]; then line+=" $(kib "$v") |"; else line+=" n/a |"; fi
    done
    echo "$line"
}
echo
echo "Code size: \`.text\` bytes ($(date -u +%Y-%m-%d), $(/usr/bin/rustc --version))"
echo
header="| |"; rule="|---|"
for a in "${ARCHES[@]}"; do header+=" $a |"; rule+="---:|"; done
echo "$header"
echo "$rule"
row pg-release "Peregrine release (whole static binary)"
row pg-small "Peregrine small (whole static binary)"
row pg-release-net "Peregrine release minus the no-crypto baseline"
row pg-small-net "Peregrine small minus the no-crypto baseline"
row libcrypto "libcrypto (OpenSSL 3, .so, every algorithm)"
row mbedcrypto "mbedcrypto (Mbed TLS 2.28, .so, every algorithm)"
row bearssl "BearSSL (.so, every algorithm)"
echo
for a in "${ARCHES[@]}"; do
    for r in libcrypto mbedcrypto bearssl; do
        [[ -n ${note["$r,$a"]:-} ]] && echo "- $a $r: ${note["$r,$a"]}"
    done
done
for n in "${notes[@]}"; do echo "- $n"; done
exit 0
