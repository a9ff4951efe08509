#!/usr/bin/env bash
# plots.sh: the pictures in README.md, from a real run on this machine:
#   docs/speed-plot.svg      speed aes-128-gcm aes-128-ctr --impl all --plot
#                            (every backend pairing, throughput against size)
#   docs/speed-plot-rsa.svg  speed rsa2048 --impl all --plot
#                            (sign, verify, encrypt, decrypt in operations/s)
#   docs/speed-compare.svg   speed compare --plot of two --json runs of the
#                            same build: PEREGRINE_CPU=none (soft everywhere)
#                            as BEFORE, the default dispatch as AFTER
# and prints the caption for the README (CPU model, CPUs, date).
#
# Usage, from the repository root or anywhere:
#   scripts/plots.sh [SECONDS]     time per backend and size (default 0.5)
#
# Builds the release binary first (honours CARGO_TARGET_DIR). The machine
# should be otherwise idle: these are measurements.
set -euo pipefail
cd "$(dirname "$0")/.."

secs=${1:-0.5}
cargo build --release --quiet -p peregrine-cli
target=${CARGO_TARGET_DIR:-target}
case "$target" in
/*) ;;
*) target="$PWD/$target" ;;
esac
bin="$target/release/peregrine"
mkdir -p docs
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$bin" speed aes-128-gcm aes-128-ctr --impl all --seconds "$secs" --quiet \
    --plot docs/speed-plot.svg >"$tmp/gcm.txt"
"$bin" speed rsa2048 --impl all --seconds "$secs" --quiet \
    --plot docs/speed-plot-rsa.svg >"$tmp/rsa.txt"

# The compare picture names its inputs: short names, relative to $tmp.
algs=(sha256 sha512 aes-128-gcm aes-128-ctr chacha20-poly1305)
PEREGRINE_CPU=none "$bin" speed "${algs[@]}" --seconds "$secs" --json --quiet >"$tmp/cpu-none.json"
"$bin" speed "${algs[@]}" --seconds "$secs" --json --quiet >"$tmp/cpu-default.json"
out="$PWD/docs/speed-compare.svg"
(cd "$tmp" && "$bin" speed compare cpu-none.json cpu-default.json --plot "$out" | tail -n 1)

model=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
echo "caption: ${model:-unknown CPU}, $(nproc) CPUs, $(date -u +%Y-%m-%d), --seconds $secs, load average $load, $("$bin" --version)"
