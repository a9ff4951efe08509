#!/usr/bin/env bash
# insn-count.sh: instructions per operation on aarch64, armv7 and mipsel,
# counted under qemu user-mode emulation (issue 21). Emulated time means
# nothing, but the number of guest instructions a program executes is
# exact and the same on every run, so it compares backends with each other
# (soft against the aarch64 crypto-extension kernels), targets with each
# other, and Peregrine with Debian's OpenSSL for the same architecture run
# under the same emulator. An instruction count is not a cycle count: a
# 32x32->64 multiply, a load and an AESE all count one. scripts/mca.sh
# estimates cycles for aarch64.
#
# How:
#   - scripts/qemu-insns/insns.c, a qemu TCG plugin built here with gcc,
#     counts executed instructions (Debian's dynamic qemu-user, package
#     qemu-user, loads plugins; the -static builds cannot).
#   - crates/peregrine/examples/insn_ops.rs runs one registry row on one
#     backend CALLS times, built for the target with Debian's rustc as
#     scripts/cross-test.sh does (build-std for armv7 and mipsel), release
#     profile. Two runs, CALLS = 2 and 6: the difference over 4 is one
#     call, without start-up and key set-up.
#   - OpenSSL (Debian bookworm's openssl and libssl3 for the architecture,
#     unpacked with dpkg -x, fetched once into ~/.cache/peregrine-size as
#     scripts/size-report.sh does): byte rows and X25519 with `openssl
#     speed -mr -seconds 1` and `-seconds 2` (its counts, the +R lines, are
#     on stderr), instructions difference over
#     operations difference; RSA-2048 signing as `openssl pkeyutl -sign`
#     (one signature) minus `openssl pkey -noout` (the same key parsed,
#     no signature), so about 1% of set-up may remain in that row.
#
# Usage, from the repository root:
#   scripts/insn-count.sh [--install] [--target NAME]... [--no-openssl]
#   --install     install the Debian packages (those cross-test.sh
#                 --install takes for the targets, with the dynamic
#                 qemu-user instead of qemu-user-static, gcc and curl);
#                 needs root
#   --target NAME aarch64, armv7 or mipsel (repeatable; default all three)
#   --no-openssl  Peregrine's rows only
# Environment:
#   INSN_TARGET_DIR  cargo target dir (default target/insn)
#   INSN_PROFILE     cargo profile of Peregrine's build (default release;
#                    small: the size profile with the library's `small`
#                    feature, labelled "Peregrine (small)")
#   INSN_ROWS        rows as ALG:OP:SIZE, space-separated (default below)
#   INSN_CPU_aarch64, INSN_CPU_armv7, INSN_CPU_mipsel
#                    qemu -cpu for each target (defaults: max, cortex-a15
#                    (ARMv7 with NEON, no ARMv8 crypto: a router's Cortex-A9
#                    or A15 class), 24Kf)
#   OPENSSL_ARMCAP   passed to OpenSSL when set (e.g. 0: its portable C)
#   INSN_MCA=1       also ESTIMATE cycles: a window of each row's executed
#                    instructions (up to INSN_MCA_LEN, default 200000, from
#                    one call in the middle of the run; for OpenSSL's speed
#                    rows, the middle of its timed loop) is written out by
#                    the plugin's trace mode, rewritten for LLVM's assembler
#                    (scripts/qemu-insns/trace2mca.py) and timed by llvm-mca
#                    as one straight-line stream on a core model
#                    (INSN_MCA_CPU_armv7, default cortex-a9, the WRT3200ACM's
#                    core and seed 001's; INSN_MCA_CPU_mipsel, default
#                    mips32r2, LLVM's generic single-issue MIPS model, the
#                    nearest to a 1004Kc it has; INSN_MCA_CPU_aarch64,
#                    default cortex-a72). The row's instructions times the
#                    window's cycles per instruction is the estimate. For
#                    Peregrine only the program's own code is timed (shared
#                    libraries, Thumb code on armhf where Rust's is ARM
#                    code, are left out of the window and counted:
#                    "outside"); for OpenSSL, whose work is in libcrypto,
#                    all of it (as Thumb-2 on armv7, how Debian builds
#                    armhf). Instructions llvm-mca has no timing for are
#                    skipped, and lines its assembler rejects are timed as
#                    `nop`; both are counted as "skipped" (MIPS macros that
#                    expand to two instructions can make the timed count
#                    the larger: then 0). llvm-mca
#                    assumes cache hits and predicted branches: estimates,
#                    to compare code with code, not with silicon.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=()
openssl=1
install=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        --install) install=1 ;;
        --target) targets+=("$2"); shift ;;
        --no-openssl) openssl=0 ;;
        *) echo "insn-count.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
    shift
done
[[ ${#targets[@]} -gt 0 ]] || targets=(aarch64 armv7 mipsel)
TARGET_DIR=${INSN_TARGET_DIR:-target/insn}
ROWS=${INSN_ROWS:-"chacha20:0:16384 poly1305:0:16384 chacha20-poly1305:0:16384 aes-128-gcm:0:16384 sha256:0:16384 sha512:0:16384 ecdhx25519:0:0 ed25519:0:0 rsa2048:0:0 rsa2048:1:0 ecdsap256:0:0"}
CACHE=${SIZE_CACHE:-$HOME/.cache/peregrine-size}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org}
# shellcheck source=scripts/debian-deb.sh
source scripts/debian-deb.sh

triple_of() {
    case "$1" in
        aarch64) echo aarch64-unknown-linux-gnu ;;
        armv7) echo armv7-unknown-linux-gnueabihf ;;
        mipsel) echo mipsel-unknown-linux-gnu ;;
        *) echo "insn-count.sh: unknown target '$1' (aarch64, armv7 or mipsel)" >&2; exit 2 ;;
    esac
}
for t in "${targets[@]}"; do triple_of "$t" >/dev/null; done
linker_of() { case "$1" in aarch64) echo aarch64-linux-gnu-gcc ;; armv7) echo arm-linux-gnueabihf-gcc ;; mipsel) echo mipsel-linux-gnu-gcc ;; esac; }
qemu_of() { case "$1" in aarch64) echo qemu-aarch64 ;; armv7) echo qemu-arm ;; mipsel) echo qemu-mipsel ;; esac; }
sysroot_of() { case "$1" in aarch64) echo / ;; armv7) echo /usr/arm-linux-gnueabihf ;; mipsel) echo /usr/mipsel-linux-gnu ;; esac; }
debarch_of() { case "$1" in aarch64) echo arm64 ;; armv7) echo armhf ;; mipsel) echo mipsel ;; esac; }
multiarch_of() { case "$1" in aarch64) echo aarch64-linux-gnu ;; armv7) echo arm-linux-gnueabihf ;; mipsel) echo mipsel-linux-gnu ;; esac; }
cpu_of() {
    local v="INSN_CPU_$1" d
    case "$1" in aarch64) d=max ;; armv7) d=cortex-a15 ;; mipsel) d=24Kf ;; esac
    echo "${!v:-$d}"
}

if [[ $install -eq 1 ]]; then
    need=()
    pk=(qemu-user gcc curl rustc-web)
    for t in "${targets[@]}"; do
        case "$t" in
            aarch64) pk+=(libstd-rust-web-dev:arm64 gcc-aarch64-linux-gnu) ;;
            armv7) pk+=(rust-web-src gcc-arm-linux-gnueabihf libc6-dev-armhf-cross) ;;
            mipsel) pk+=(rust-web-src gcc-mipsel-linux-gnu libc6-dev-mipsel-cross) ;;
        esac
    done
    if [[ " ${pk[*]} " == *":arm64 "* ]] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
        dpkg --add-architecture arm64
        apt-get update -qq
    fi
    for p in "${pk[@]}"; do
        [[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" == "install ok installed" ]] || need+=("$p")
    done
    [[ ${#need[@]} -eq 0 ]] || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
fi
for t in "${targets[@]}"; do
    for tool in "$(qemu_of "$t")" "$(linker_of "$t")" gcc /usr/bin/rustc; do
        command -v "$tool" >/dev/null || { echo "insn-count.sh: '$tool' not found; run with --install (as root)" >&2; exit 1; }
    done
done

mkdir -p "$TARGET_DIR"
PLUGIN="$TARGET_DIR/insns.so"
gcc -O2 -shared -fPIC -fvisibility=hidden -o "$PLUGIN" scripts/qemu-insns/insns.c
PLUGIN=$(realpath "$PLUGIN")
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# count QEMU_CMD... : the guest instructions the command executes (its
# output goes to $WORK/out).
count() {
    local f="$WORK/count"
    rm -f "$f"
    "$@" >"$WORK/out" 2>"$WORK/err" || { echo "insn-count.sh: failed: $* ($(head -c 300 "$WORK/err"))" >&2; return 1; }
    awk '$1 == "insns" { print $2 }' "$f"
}
per() { awk -v a="$1" -v b="$2" -v n="$3" 'BEGIN { printf "%.0f", (b - a) / n }'; }

MCA=${INSN_MCA:-0}
LLVM_MCA=${LLVM_MCA:-/usr/lib/llvm-22/bin/llvm-mca}
MCA_LEN=${INSN_MCA_LEN:-200000}
if [[ $MCA == 1 ]]; then
    [[ -x $LLVM_MCA ]] || { echo "insn-count.sh: INSN_MCA=1 needs llvm-mca ($LLVM_MCA; LLVM_MCA=...)" >&2; exit 1; }
fi
mca_cpu_of() {
    local v="INSN_MCA_CPU_$1" d
    case "$1" in aarch64) d=cortex-a72 ;; armv7) d=cortex-a9 ;; mipsel) d=mips32r2 ;; esac
    echo "${!v:-$d}"
}
mca_triple_of() { case "$1" in aarch64) echo aarch64-unknown-linux-gnu ;; armv7) echo armv7-unknown-linux-gnueabihf ;; mipsel) echo mipsel-unknown-linux-gnu ;; esac; }
mca_attr_of() { case "$1" in aarch64) echo "+neon,+aes,+sha2,+sha3" ;; armv7) echo "+neon" ;; mipsel) echo "" ;; esac; }

# estimate TARGET SCOPE PER_CALL START QEMU_CMD... : the cycles of one
# call (PER_CALL instructions from instruction START of QEMU_CMD) at the
# cycles per instruction llvm-mca gives a window of up to MCA_LEN
# instructions from the middle of that call (the plugin's trace mode;
# SCOPE main: the program's own code, all: everything, as Thumb-2 on
# armv7); "" when that fails. Prints "CYCLES OUTSIDE% SKIPPED%".
estimate() {
    local t=$1 scope=$2 n=$3 skip=$4 len
    shift 4
    len=$n
    [[ $len -gt $MCA_LEN ]] && len=$MCA_LEN
    skip=$((skip + (n - len) / 2))
    local plug="$PLUGIN,outfile=$WORK/tcount,trace=$WORK/trace,skip=$skip,len=$len"
    [[ $scope == all ]] && plug+=",all=1"
    local triple
    triple=$(mca_triple_of "$t")
    [[ $scope == all && $t == armv7 ]] && triple=thumbv7-unknown-linux-gnueabihf
    local cmd=("$@")
    # the command's -plugin argument, swapped for the trace one
    for i in "${!cmd[@]}"; do [[ ${cmd[$i]} == "$PLUGIN,outfile="* ]] && cmd[i]=$plug; done
    "${cmd[@]}" >/dev/null 2>&1 || return 0
    python3 scripts/qemu-insns/trace2mca.py "$t" <"$WORK/trace" >"$WORK/trace.s"
    local attr tries=0 nops=0
    attr=$(mca_attr_of "$t")
    # Lines LLVM's assembler rejects (PLT stubs in ARM code inside a Thumb
    # library, odd disassembly) become `nop`: up to five rounds.
    until "$LLVM_MCA" -mtriple="$triple" -mcpu="$(mca_cpu_of "$t")" ${attr:+-mattr=$attr} \
        -iterations=1 -skip-unsupported-instructions=lack-sched "$WORK/trace.s" \
        >"$WORK/mca" 2>"$WORK/mca.err"; do
        tries=$((tries + 1))
        if [[ $tries -gt 5 ]]; then
            echo "insn-count.sh: llvm-mca failed: $(head -c 300 "$WORK/mca.err")" >&2
            return 0
        fi
        grep -o '^[^:]*trace\.s:[0-9]*:' "$WORK/mca.err" | cut -d: -f2 | sort -un >"$WORK/bad"
        [[ -s $WORK/bad ]] || { echo "insn-count.sh: llvm-mca failed: $(grep -v "scheduling class\|^note: instruction" "$WORK/mca.err" | head -c 600)" >&2; return 0; }
        nops=$((nops + $(wc -l <"$WORK/bad")))
        awk 'NR == FNR { bad[$1] = 1; next } (FNR in bad) { print "nop"; next } { print }' \
            "$WORK/bad" "$WORK/trace.s" >"$WORK/trace2.s"
        mv "$WORK/trace2.s" "$WORK/trace.s"
    done
    local out timed cyc
    out=$(awk '$1 == "outside" { print $2 }' "$WORK/tcount")
    timed=$(awk '/^Instructions:/ { print $2; exit }' "$WORK/mca")
    cyc=$(awk '/^Total Cycles:/ { print $3; exit }' "$WORK/mca")
    [[ -n $timed && -n $cyc && $timed -gt 0 ]] || return 0
    awk -v n="$n" -v c="$cyc" -v t="$timed" -v o="$out" -v l="$len" -v z="$nops" \
        'BEGIN { s = l - o - t + z; if (s < 0) s = 0; printf "%.0f %.1f %.1f", n * c / t, 100 * o / l, 100 * s / l }'
}

results=()
add() { # TARGET CPU LIB ROW IMPL PER_CALL SIZE [ESTIMATE]
    local pb=""
    [[ $7 -gt 0 ]] && pb=$(awk -v c="$6" -v s="$7" 'BEGIN { printf "%.2f", c / s }')
    local row="| $1 | $2 | $3 | $4 | $5 | $6 | $pb |"
    if [[ $MCA == 1 ]]; then
        local e=${8:-} ec="" eb="" note="" eo es
        if [[ -n $e ]]; then
            read -r ec eo es <<<"$e"
            [[ $7 -gt 0 ]] && eb=$(awk -v c="$ec" -v s="$7" 'BEGIN { printf "%.2f", c / s }')
            note="$eo% / $es%"
        fi
        row+=" $(mca_cpu_of "$1") | $ec | $eb | $note |"
    fi
    results+=("$row")
}

PROFILE=${INSN_PROFILE:-release}
LIBNAME=Peregrine
[[ $PROFILE == release ]] || LIBNAME="Peregrine ($PROFILE)"
export RUSTC=/usr/bin/rustc
for t in "${targets[@]}"; do
    triple=$(triple_of "$t")
    var=${triple^^}; var=${var//-/_}
    build=(cargo build --profile "$PROFILE" -p peregrine --example insn_ops --target "$triple" --target-dir "$TARGET_DIR")
    # the size profile goes with the library's compact code (`small` feature)
    [[ $PROFILE == small ]] && build+=(--features small)
    envs=("CARGO_TARGET_${var}_LINKER=$(linker_of "$t")")
    if [[ $t != aarch64 ]]; then
        build+=(-Zbuild-std=std,panic_unwind)
        envs+=(RUSTC_BOOTSTRAP=1)
    fi
    echo "insn-count.sh: building insn_ops for $triple" >&2
    env "${envs[@]}" "${build[@]}" >&2
    bin="$TARGET_DIR/$triple/$PROFILE/examples/insn_ops"
    cpu=$(cpu_of "$t")
    q=("$(qemu_of "$t")" -cpu "$cpu" -L "$(sysroot_of "$t")" -plugin "$PLUGIN,outfile=$WORK/count")
    for row in $ROWS; do
        IFS=: read -r alg op size <<<"$row"
        "${q[@]:0:5}" "$bin" --impls "$alg" >"$WORK/impls"
        while read -r imp; do
            a=$(count "${q[@]}" "$bin" "$alg" "$imp" "$op" "$size" 2) || continue
            b=$(count "${q[@]}" "$bin" "$alg" "$imp" "$op" "$size" 6) || continue
            label=$alg
            [[ $size -eq 0 ]] && label="$alg op $op"
            n=$(per "$a" "$b" 4)
            e=""
            # the window starts where the 2-call run ended: in call 3 of 6
            [[ $MCA == 1 ]] && e=$(estimate "$t" main "$n" "$a" "${q[@]}" "$bin" "$alg" "$imp" "$op" "$size" 6)
            add "$t" "$cpu" "$LIBNAME" "$label" "$imp" "$n" "$size" "$e"
        done <"$WORK/impls"
    done

    [[ $openssl -eq 1 ]] || continue
    arch=$(debarch_of "$t")
    root="$WORK/openssl-$arch"
    ok=1
    for pkg in openssl libssl3; do
        if deb=$(fetch_deb "$pkg" "$arch"); then dpkg -x "$deb" "$root"; else ok=0; fi
    done
    if [[ $ok -eq 0 || ! -x $root/usr/bin/openssl ]]; then
        echo "insn-count.sh: no openssl/libssl3 for $arch on $MIRROR; OpenSSL rows skipped" >&2
        continue
    fi
    ver=$(basename "$(fetch_deb libssl3 "$arch")" .deb)
    oq=("${q[@]}" -E "LD_LIBRARY_PATH=$root/usr/lib/$(multiarch_of "$t")" -E OPENSSL_CONF=/dev/null)
    [[ -n ${OPENSSL_ARMCAP:-} ]] && oq+=(-E "OPENSSL_armcap=$OPENSSL_ARMCAP")
    ossl="$root/usr/bin/openssl"
    speed_row() { # LABEL SIZE SPEED_ARGS...
        local label=$1 size=$2 a b na nb
        shift 2
        a=$(count "${oq[@]}" "$ossl" speed -mr -seconds 1 "$@") || return 0
        na=$(awk -F: '/^\+R[0-9]*:/ { print $2; exit }' "$WORK/out" "$WORK/err")
        b=$(count "${oq[@]}" "$ossl" speed -mr -seconds 2 "$@") || return 0
        nb=$(awk -F: '/^\+R[0-9]*:/ { print $2; exit }' "$WORK/out" "$WORK/err")
        if [[ -z $na || -z $nb || $nb -le $na ]]; then
            echo "insn-count.sh: openssl speed $* gave no usable counts" >&2; return 0
        fi
        local n e=""
        n=$(per "$a" "$b" $((nb - na)))
        # 20 M instructions in: inside the timed loop (a traced second,
        # slower to emulate, runs fewer than the counted one)
        [[ $MCA == 1 ]] && e=$(estimate "$t" all "$n" 20000000 "${oq[@]}" "$ossl" speed -mr -seconds 1 "$@")
        add "$t" "$cpu" "OpenSSL ($ver)" "$label" "openssl speed" "$n" "$size" "$e"
    }
    for row in $ROWS; do
        IFS=: read -r alg op size <<<"$row"
        case "$alg:$op" in
            chacha20:0 | chacha20-poly1305:0 | aes-128-gcm:0 | aes-128-cbc:0 | aes-128-ctr:0 | sha256:0 | sha512:0)
                speed_row "$alg" "$size" -bytes "$size" -evp "$alg" ;;
            poly1305:0) ;; # openssl speed has no Poly1305 row in 3.0
            ecdhx25519:0) speed_row "ecdhx25519 op 0" 0 ecdhx25519 ;;
            rsa2048:0)
                key=crates/peregrine/src/benchkeys/rsa2048.der
                head -c 32 /dev/zero >"$WORK/dgst"
                a=$(count "${oq[@]}" "$ossl" pkey -inform DER -in "$key" -noout) || continue
                b=$(count "${oq[@]}" "$ossl" pkeyutl -sign -keyform DER -inkey "$key" -in "$WORK/dgst" \
                    -pkeyopt digest:sha256 -out "$WORK/sig") || continue
                n=$(per "$a" "$b" 1)
                e=""
                # past the key parsing that `pkey` does: in the signature
                [[ $MCA == 1 ]] && e=$(estimate "$t" all "$n" "$a" "${oq[@]}" "$ossl" pkeyutl -sign -keyform DER \
                    -inkey "$key" -in "$WORK/dgst" -pkeyopt digest:sha256 -out "$WORK/sig")
                add "$t" "$cpu" "OpenSSL ($ver)" "rsa2048 op 0" "pkeyutl - pkey" "$n" 0 "$e" ;;
        esac
    done
done

echo
echo "Instructions per call (qemu user mode, guest instructions; rows with a size are"
echo "per message of that many bytes, with instructions per byte; \"op N\" is the"
echo "registry's operation N: rsa2048 0 sign, 1 verify; ed25519 and ecdsap256 0 sign)."
echo
if [[ $MCA == 1 ]]; then
    echo "Estimated cycles: llvm-mca on a window of the executed instructions (INSN_MCA"
    echo "in the script's header); \"outside / skipped\": the window's share in shared"
    echo "libraries (not timed) and without an llvm-mca timing (not timed)."
    echo
    echo "| target | qemu -cpu | library | row | backend | instructions/call | per byte | llvm-mca model | est. cycles/call | est. cycles/byte | outside / skipped |"
    echo "|---|---|---|---|---|---:|---:|---|---:|---:|---|"
else
    echo "| target | qemu -cpu | library | row | backend | instructions/call | per byte |"
    echo "|---|---|---|---|---|---:|---:|"
fi
printf '%s\n' "${results[@]}"
