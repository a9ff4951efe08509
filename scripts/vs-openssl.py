#!/usr/bin/env python3
"""Peregrine against `openssl speed -evp`, as ratios of medians.

Alternates runs of `peregrine speed ALG --json` and `openssl speed -evp
OPENSSL_ALG -bytes N` (one process each, several repetitions), and prints
for each algorithm and size the median throughput of both and their ratio.
The machines here are shared and noisy: only the ratio means anything.

usage: scripts/vs-openssl.py [--reps N] [--seconds S] [--bytes 64,16384] [--decrypt]
                             [--openssl-no-avx512] [--peregrine target/release/peregrine]
                             [ALG[=OPENSSL_ALG] ...]

--openssl-no-avx512 sets OPENSSL_ia32cap=":~0xD0230000" for openssl (clears
AVX512F/DQ/IFMA/CD/BW/VL in CPUID leaf 7 EBX), so OpenSSL runs the AVX2 code a
CPU without AVX-512 (Zen 3, the machine the targets were set for) would run.
Peregrine has no AVX-512 code, so this is the like-for-like comparison.

ALG is a peregrine algorithm; =OPENSSL_ALG names the openssl algorithm to
compare with when it differs (e.g. sha256-many=sha256 compares the batch
row with single-stream openssl). Default: the hashes openssl also has.
"""
import argparse
import json
import statistics
import subprocess
import sys

DEFAULT = ["md5", "sha1", "sha256", "sha512", "sha3-256", "shake128", "sha256-many=sha256"]


OPENSSL_ENV = None


# Algorithms OpenSSL 3 keeps in its legacy provider (`openssl speed -evp
# bf-cbc` fails without it).
LEGACY = ("bf-", "des-cbc", "des-ecb", "des-cfb", "des-ofb", "desx", "rc2", "rc4", "cast", "seed", "idea", "md4")


def openssl_rate(alg, size, seconds, decrypt=False):
    legacy = ["-provider", "legacy", "-provider", "default"] if alg.startswith(LEGACY) else []
    out = subprocess.run(env=OPENSSL_ENV, args=
        ["openssl", "speed"] + legacy + (["-decrypt"] if decrypt else []) + ["-evp", alg, "-bytes", str(size), "-seconds", str(max(1, round(seconds)))],
        capture_output=True, text=True, check=True).stdout
    rows = [l for l in out.splitlines() if l.split() and not l.startswith(("type", "version", "built", "options", "compiler", "CPUINFO", "The"))]
    return float(rows[-1].split()[-1].rstrip("k")) * 1000


def peregrine_rates(binary, alg, sizes, seconds, decrypt=False):
    out = subprocess.run(
        [binary, "speed", alg] + (["--decrypt"] if decrypt else []) + ["--json", "--quiet", "--reps", "3", "--seconds", str(seconds), "--bytes", ",".join(map(str, sizes))],
        capture_output=True, text=True, check=True).stdout
    rows = json.loads(out)["rows"]  # schema peregrine-speed v1
    return {r["size"]: r["rate"]["median"] for r in rows if r["status"] == "ok" and r["thread"] is None}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--bytes", default="64,16384")
    ap.add_argument("--peregrine", default="target/release/peregrine")
    ap.add_argument("--decrypt", action="store_true", help="time the decrypt direction of ciphers")
    ap.add_argument("--openssl-no-avx512", action="store_true",
                    help="hide AVX-512 from openssl (OPENSSL_ia32cap)")
    ap.add_argument("algs", nargs="*")
    a = ap.parse_args()
    if a.openssl_no_avx512:
        global OPENSSL_ENV
        import os
        OPENSSL_ENV = dict(os.environ, OPENSSL_ia32cap=":~0xD0230000")
    sizes = [int(s) for s in a.bytes.split(",")]
    print(f"# {subprocess.run(['openssl', 'version'], capture_output=True, text=True).stdout.strip()}; "
          f"{a.reps} alternating repetitions, {a.seconds}s per cell"
          + ("; openssl without AVX-512" if a.openssl_no_avx512 else ""))
    print(f"{'algorithm':<22}{'size':>7}{'peregrine MB/s':>16}{'openssl MB/s':>14}{'ratio':>8}")
    for spec in a.algs or DEFAULT:
        ours_name, _, theirs_name = spec.partition("=")
        theirs_name = theirs_name or ours_name
        ours = {s: [] for s in sizes}
        theirs = {s: [] for s in sizes}
        for _ in range(a.reps):
            for s, v in peregrine_rates(a.peregrine, ours_name, sizes, a.seconds, a.decrypt).items():
                ours[s].append(v)
            for s in sizes:
                theirs[s].append(openssl_rate(theirs_name, s, a.seconds, a.decrypt))
        for s in sizes:
            mo, mt = statistics.median(ours[s]), statistics.median(theirs[s])
            print(f"{spec:<22}{s:>7}{mo / 1e6:>16.1f}{mt / 1e6:>14.1f}{mo / mt:>8.2f}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
