#!/usr/bin/env python3
"""mca.py: the helper of scripts/mca.sh (read that script's header first).

Given the aarch64 assembly of the `peregrine` crate (one .s file, built by
mca.sh with codegen-units=1), finds each kernel's hot loop, runs llvm-mca on
it for several cores, and prints estimated cycles per byte (or per
operation), next to OpenSSL's published figures.

    mca.py ASM_FILE LLVM_MCA [--dump SYMBOL_SUBSTRING]

How a loop is found: the function is picked by substrings of its mangled
(legacy `_ZN...`) symbol; a loop is the code between a label and a later
backward branch to it (named `.LBB` labels and the numeric `2:`/`2b`
labels of inline `asm!` alike); the innermost loops (no loop inside) that
contain the kernel's marker instruction are candidates, and the spec says
which one to take (by default the one with the most markers; where
several instantiations share a function, e.g. AES-128/192/256, a marker
count such as 80 aese = 8 blocks x 10 rounds picks AES-128). Inline-asm kernels with no loop of their own (the field
multiplications) are found as the `//APP ... //NO_APP` block with the
spec's signature and measured as straight-line code.

How work per iteration is counted: never assumed from the source alone.
Each spec names a marker instruction whose count per unit of work is fixed
by the algorithm (e.g. `sha256h`: 16 per 64-byte block; `aese`: 10 per
16-byte block of AES-128; `umulh`: one per 64x64-bit limb product), and the
bytes (or operations) per iteration are the marker count in the loop
divided by that (GHASH: a fixed 128 bytes, checked by at least 24 pmull).
Where no candidate loop or block is found the row says "not located"
instead of a number. The Montgomery rows are priced per limb product
(cycles of the limb loop / its umulh count) times the products of a
2048-bit operation; a second model adds the row loop's own code, for the
RSA-2048 estimate. `--dump` lists a function's loops, to write new specs.
"""

import os
import re
import subprocess
import sys
from collections import defaultdict

CPUS = ["cortex-a53", "cortex-a72", "neoverse-n1", "neoverse-v1"]
# Every crypto extension the kernels use; llvm-mca rejects the
# instructions otherwise. (+sha3 also enables the SHA-512 instructions.)
MATTR = "+neon,+aes,+sha2,+sha3"
ITERATIONS = 200
# The optional extensions each modelled core has (Arm TRMs): all four have
# the ARMv8.0 crypto extension (AES, PMULL, SHA-1, SHA-256); only
# Neoverse-V1 (ARMv8.4) has the SHA-512 and SHA-3 instructions. Cortex-A53
# and -A72 crypto is optional too (the Raspberry Pi 3 and 4 lack it, the
# Pi 5's Cortex-A76 has it, without SHA-3/SHA-512, like Neoverse-N1).
# A kernel needing an extension its core lacks is printed as "n/a":
# llvm-mca would time the instructions anyway, for a core that cannot run
# them.
HAS = {
    "cortex-a53": {"aes", "sha2"},
    "cortex-a72": {"aes", "sha2"},
    "neoverse-n1": {"aes", "sha2"},
    "neoverse-v1": {"aes", "sha2", "sha3"},
}

BRANCH = re.compile(r"^(b|b\.\w+|cbz|cbnz|tbz|tbnz)$")


def parse_functions(path):
    """{symbol: [line, ...]} for every function in the .s file."""
    funcs = {}
    types = set()
    cur = None
    with open(path, encoding="utf-8", errors="replace") as f:
        for raw in f:
            line = raw.rstrip("\n")
            m = re.match(r"\s*\.type\s+([^,]+),@function", line)
            if m:
                types.add(m.group(1))
                continue
            m = re.match(r"^([^\s:]+):", line)
            if m and m.group(1) in types:
                cur = m.group(1)
                funcs[cur] = []
                continue
            if cur is None:
                continue
            if re.match(r"^\.Lfunc_end\d+:", line) or re.match(r"\s*\.size\s+" + re.escape(cur) + r",", line):
                cur = None
                continue
            funcs[cur].append(line)
    return funcs


def items(lines):
    """[(kind, text)]: kind is 'label', 'insn', 'app' or 'noapp'."""
    out = []
    for line in lines:
        s = line.strip()
        if s.startswith("//APP"):
            out.append(("app", s))
            continue
        if s.startswith("//NO_APP"):
            out.append(("noapp", s))
            continue
        s = s.split("//")[0].strip()
        if not s:
            continue
        # a label, possibly followed by an instruction (inline asm)
        while True:
            m = re.match(r"^([.\w$]+):\s*(.*)$", s)
            if not m:
                break
            out.append(("label", m.group(1)))
            s = m.group(2).strip()
        if not s or s.startswith("."):
            continue
        out.append(("insn", s))
    return out


def mnemonic(insn):
    return insn.split(None, 1)[0].lower()


def branch_target(insn):
    parts = insn.split(None, 1)
    if not BRANCH.match(parts[0].lower()) or len(parts) < 2:
        return None
    return parts[1].split(",")[-1].strip()


def loops(its):
    """[(start, end)] index ranges: label at start, backward branch at end."""
    found = []
    for j, (kind, text) in enumerate(its):
        if kind != "insn":
            continue
        t = branch_target(text)
        if t is None:
            continue
        numeric = re.match(r"^(\d+)b$", t)
        for i in range(j - 1, -1, -1):
            k, lab = its[i]
            if k != "label":
                continue
            if (numeric and lab == numeric.group(1)) or lab == t:
                found.append((i, j))
                break
    return found


def innermost(lps):
    return [a for a in lps if not any(b != a and a[0] <= b[0] and b[1] <= a[1] for b in lps)]


def body(its, start, end):
    return [t for k, t in its[start:end + 1] if k == "insn"]


def count(insns, regex):
    r = re.compile(regex)
    return sum(1 for i in insns if r.search(i))


def app_blocks(its):
    """Inline-asm blocks: [[insn, ...]]."""
    blocks, cur = [], None
    for kind, text in its:
        if kind == "app":
            cur = []
        elif kind == "noapp":
            if cur is not None:
                blocks.append(cur)
            cur = None
        elif cur is not None and kind == "insn":
            cur.append(text)
    return blocks


def for_mca(insns):
    """The loop body as llvm-mca input: branch targets renamed to one label
    at the top (llvm-mca only times the instructions; the branches matter
    as instructions, not as control flow)."""
    out = ["mca_top:"]
    for i in insns:
        if branch_target(i) is not None:
            parts = i.split(None, 1)
            ops = [o.strip() for o in parts[1].split(",")]
            ops[-1] = "mca_top"
            i = parts[0] + " " + ", ".join(ops)
        out.append("\t" + i)
    return "\n".join(out) + "\n"


def run_mca(mca, text, cpu):
    p = subprocess.run(
        [mca, "-mtriple=aarch64-linux-gnu", "-mcpu=" + cpu, "-mattr=" + MATTR,
         "-iterations=%d" % ITERATIONS, "-summary-view", "-resource-pressure",
         "-instruction-info=false"],
        input=text, capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stderr.strip().splitlines()[:3]
    tot = re.search(r"Total Cycles:\s+(\d+)", p.stdout)
    it = re.search(r"Iterations:\s+(\d+)", p.stdout)
    rt = re.search(r"Block RThroughput:\s+([\d.]+)", p.stdout)
    if not (tot and it):
        return None, ["no Total Cycles in llvm-mca output"]
    # the busiest unit's cycles per iteration, as llvm-mca scheduled them
    busy = None
    m = re.search(r"Resource pressure per iteration:\n.*\n(.*)\n", p.stdout)
    if m:
        vals = [float(v) for v in m.group(1).split() if v != "-"]
        busy = max(vals) if vals else None
    return (int(tot.group(1)) / int(it.group(1)), float(rt.group(1)) if rt else None, busy), None


# ---------------------------------------------------------------------------
# The kernels. Fields:
#   name     row label
#   sym      substrings all present in the mangled symbol (first match by
#            symbol order; `pick` chooses among several functions)
#   marker   regex on an instruction line, counted in the loop
#   per_unit marker instructions per unit of work
#   unit     bytes per unit (a number), or an operation name (a string)
#   select   among the innermost loops with the marker: "max" (most
#            markers) or a callable(body) -> bool that must hold
#   app      for inline-asm kernels with no loop: a callable(block) -> bool
#            picking the //APP block; one execution = one unit
#   note     where the numbers come from
# ---------------------------------------------------------------------------

def is_q_store(i):
    return re.match(r"^(str\s+q|st1\s+\{v\d+\.16b\})", i) is not None


KERNELS = [
    dict(name="ChaCha20 NEON", sym=["chacha2013xor_keystream"],
         marker=r"^rev32\s+v\d+\.8h", per_unit=80, unit=256,
         note="cipher/chacha20/aarch64_neon.rs blocks4 (inlined into "
              "chacha20::xor_keystream): 4 blocks = 256 B per step; 10 double "
              "rounds x 8 quarter-round columns, one rot16 (rev32 .8h) each = "
              "80 per 256 B. The loop LLVM keeps is one double round of the 4 "
              "blocks (25.6 B); the state add, transpose, loads, xor and stores "
              "around it (108-145 instructions per 256 B against 10 x 114 in "
              "the rounds) are not counted: roughly 10% optimistic"),
    dict(name="ChaCha20 soft", sym=["chacha2013xor_keystream"],
         marker=r"^(ror|extr)\s+w", per_unit=320, unit=64,
         note="cipher/chacha20/soft.rs (inlined into chacha20::xor_keystream): "
              "10 double rounds x 8 quarter rounds x 4 rotates = 320 ror per "
              "64-byte block; the loop is one double round (6.4 B); the ~77 "
              "instructions per block around it (against 10 x 98) are not "
              "counted"),
    dict(name="Poly1305 NEON", sym=["poly13058Poly13056absorb"],
         marker=r"^(umull|umlal)2?\s+v\d+\.2d", per_unit=50, unit=64,
         note="mac/poly1305/aarch64_neon.rs blocks (inlined into "
              "Poly1305::absorb): 50 umull/umlal per 64-byte group"),
    dict(name="AES-128-CTR", needs="aes", sym=["aarch64_aes3ctr"],
         marker=r"^aese\s", per_unit=10, unit=16,
         select=lambda b: count(b, r"^aese\s") == 80,
         note="cipher/aes/aarch64_aes.rs ctr_nr::<10>: 8 blocks x 10 aese = 80 "
              "per 128 B (the AES-128 loop is the one with 80 aese)"),
    dict(name="AES-128-GCM seal", needs="aes", sym=["aes_gcm_aarch644seal"],
         marker=r"^aese\s", per_unit=10, unit=16,
         select=lambda b: count(b, r"^aese\s") == 80,
         note="aead/aes_gcm_aarch64.rs seal_nr::<10>: 8 blocks (STEP) x 10 "
              "aese = 80 per 128 B, with the GHASH of 8 blocks interleaved"),
    dict(name="AES-128 NEON (no AES ext.)", sym=["Fixsliced$LT$W$GT$13encrypt_batch"],
         marker=r"^and\s+v\d+\.16b", per_unit=320, unit=128,
         select=lambda b: count(b, r"^and\s+v\d+\.16b") == 128,
         note="cipher/aes/aarch64_neon.rs: soft.rs's fixsliced AES on a four-lane "
              "NEON word, 8 blocks (128 B) a batch (Fixsliced::<Lanes>::encrypt_batch; "
              "the u32 instantiation has no vector and); the S-box circuit has 32 "
              "AND gates, so 10 rounds x 32 = 320 vector and per 128 B, and the "
              "loop LLVM keeps is the fixslicing period of 4 rounds (128 and, "
              "51.2 B); the last rounds (no MixColumns), the round keys' load and "
              "the bitslicing transposes around the loop are not counted. For CPUs "
              "without the AES instructions (Raspberry Pi 3 and 4): compare with "
              "the AES-128-CTR row for what the instructions give"),
    dict(name="GHASH PMULL", needs="aes", sym=["aarch64_pmull13update_blocks"],
         marker=r"^pmull2?\s", fixed=128, min_markers=24,
         note="aead/ghash/aarch64_pmull.rs update_blocks: chunks_exact(128), "
              "8 Karatsuba products (24 pmull/pmull2) + one reduction per 128 B"),
    dict(name="SHA-256 SHA2-ext", needs="sha2", sym=["sha25612aarch64_sha28compress"],
         marker=r"^sha256h\s", per_unit=16, unit=64,
         note="hash/sha256/aarch64_sha2.rs compress: 16 sha256h per 64-byte block"),
    dict(name="SHA-256 soft", sym=["sha2564soft8compress"],
         marker=r"ror", per_unit=576, unit=64,
         note="hash/sha256/soft.rs compress: rotates (ror, or an eor/orr "
              "operand shifted by ror) per 64-byte block: 64 rounds x 6 "
              "(Sigma0, Sigma1) + 48 schedule words x 4 (sigma0, sigma1) = 576"),
    dict(name="SHA-512 SHA512-ext", needs="sha3", sym=["sha51214aarch64_sha5128compress"],
         marker=r"^sha512h\s", per_unit=40, unit=128,
         note="hash/sha512/aarch64_sha512.rs compress: 40 sha512h per 128-byte block"),
    dict(name="SHA-1 SHA1-ext", needs="sha2", sym=["sha112aarch64_sha18compress"],
         marker=r"^sha1[cpm]\s", per_unit=20, unit=64,
         note="hash/sha1/aarch64_sha1.rs compress: 20 sha1c/p/m per 64-byte block"),
    dict(name="SHA3-256 SHA3-ext", needs="sha3", sym=["aarch64_sha312keccak_f1600"],
         marker=r"^bcax\s", per_unit=600, unit=136,
         note="hash/sha3/aarch64_sha3.rs keccak_f1600: 25 bcax per round x 24 "
              "rounds = 600 per permutation = one 136-byte SHA3-256 block; the "
              "loop is one round (5.67 B)"),
    dict(name="P-256 field mul", app=lambda b: (count(b, r"^umulh\s") == 16 and count(b, r"^csel\s") == 4
                                             and count(b, r"^ldp\s") == 0),
         sym=["P256Aarch64"], unit="mul",
         note="ec/nist/aarch64.rs mul: the asm! block (16 umulh, 4 csel, "
              "no loads), inlined into the P256Aarch64 point code; straight "
              "line, so one block = one multiplication, timed back to back "
              "(independent: a throughput, not the latency of a chain)"),
    dict(name="X25519 field mul", app=lambda b: (count(b, r"^umulh\s") == 20 and count(b, r"^ldp\s") == 4),
         sym=["curve25519"], unit="mul",
         note="ec/curve25519/field/aarch64.rs Arm::mul: the asm! block (4 ldp, "
              "16 + 4 umulh), inlined into curve25519 code; straight line, "
              "timed back to back as for P-256"),
    dict(name="mont mul ARMv8", sym=["bignum4mont7aarch643mul"], marker=r"^umulh\s",
         mont="mul",
         note="bignum/mont/aarch64.rs mul: the asm! inner loop (4 limbs of "
              "a*b[i] and of m*n: 8 umulh per step)"),
    dict(name="mont sqr ARMv8", sym=["bignum4mont7aarch643sqr"], marker=r"^umulh\s",
         mont="sqr", select=lambda b: count(b, r"^umulh\s") == 8,
         note="bignum/mont/aarch64.rs sqr (its closure): mac2's asm loop, two "
              "rows one limb apart a pass (8 umulh per step), for both the "
              "cross products and the reduction"),
    dict(name="mont mul soft", sym=["bignum4mont4soft3mul"], marker=r"^umulh\s",
         mont="mul",
         note="bignum/mont/soft.rs mul: the limb loop (1 umulh per step)"),
    dict(name="mont sqr soft", sym=["bignum4mont4soft3sqr"], marker=r"^umulh\s",
         mont="sqr",
         note="bignum/mont/soft.rs sqr (its closure): the cross-product limb "
              "loop (1 umulh per step)"),
]


def products(kind, k):
    """64x64-bit limb products in one k-limb Montgomery operation: mul is
    a*b (k^2) plus the reduction m*n (k^2); sqr computes each cross product
    once (k(k-1)/2), doubles, adds the k diagonal squares, then reduces
    (k^2). Row set-up, carries outside the loop, the doubling and the final
    subtraction are not counted: an underestimate."""
    return 2 * k * k if kind == "mul" else k * (k - 1) // 2 + k + k * k


def analyse_loop(funcs, spec):
    syms = [s for s in funcs if all(p in s for p in spec["sym"])]
    cands = []
    for s in syms:
        its = items(funcs[s])
        for a, b in innermost(loops(its)):
            ins = body(its, a, b)
            n = count(ins, spec["marker"])
            if n == 0:
                continue
            sel = spec.get("select")
            if sel is not None and not sel(ins):
                continue
            cands.append((n, s, ins, its, (a, b)))
    if not cands:
        return None, "no innermost loop with %s in %s" % (spec["marker"], "/".join(spec["sym"]))
    n, s, ins, its, rng = max(cands, key=lambda c: c[0])
    return (n, s, ins, its, rng), None


def row_model(mca, its, inner, k):
    """Cycles per k-limb Montgomery product from the row loop around the
    inner loop: mca(row loop without its nested loops) + trips x
    mca(each nested loop), times k rows; the trips make the row's umulh
    count 2k, rounded (every nested loop runs the same number of times). None
    where there is no enclosing loop. {cpu: cycles}."""
    lps = loops(its)
    outer = [l for l in lps if l != inner and l[0] <= inner[0] and inner[1] <= l[1]]
    if not outer:
        return None
    o = min(outer, key=lambda l: l[1] - l[0])
    nested = [l for l in innermost(lps) if o[0] <= l[0] and l[1] <= o[1] and l != o]
    inside = set()
    for a, b in nested:
        inside.update(range(a, b + 1))
    rest = [t for i, (kind, t) in enumerate(its[o[0]:o[1] + 1], o[0]) if kind == "insn" and i not in inside]
    rest_u = count(rest, r"^umulh\s")
    nest_u = sum(count(body(its, a, b), r"^umulh\s") for a, b in nested)
    if nest_u == 0:
        return None
    # rounded: the soft row has one product outside its two limb loops
    trips = int((2 * k - rest_u) / nest_u + 0.5)
    out = {}
    for cpu in CPUS:
        r, _ = run_mca(mca, for_mca(rest), cpu)
        if r is None:
            out[cpu] = None
            continue
        row = r[0]
        for a, b in nested:
            rn, _ = run_mca(mca, for_mca(body(its, a, b)), cpu)
            row = None if (rn is None or row is None) else row + trips * rn[0]
        out[cpu] = None if row is None else row * k
    return out


def sqr_rows_model(mca, its, k):
    """Cycles of one k-limb ARMv8 squaring (k a multiple of 4) with its row
    code: the innermost loops with 8 umulh are mac2's. The loop around two
    of them is the cross products' loop over blocks of four limbs (block p
    < k/4 - 1: that loop's own code, then two mac2 passes of
    (k - 4 (p + 1)) / 4 steps); the innermost loop with 6 umulh is the
    products inside each block (k / 4 trips); the loop around one mac2 is
    the reduction's (k / 2 passes of k / 4 steps, with its own code); the
    doubling with the diagonal squares is the innermost loop with `extr`
    and the most `umulh` (k / that count trips: the asm one takes two limbs
    of a a trip, the portable fallback's one). Left out: the last carry's
    ripple over four limbs, the scratch buffer's zeroing and wiping, the
    copy into the result and the straight-line code between the loops (a
    lower bound); the final subtraction is final_sub_model's. None where
    the loops are not found. {cpu: cycles}."""
    lps = loops(its)
    inner = innermost(lps)
    mac2 = [l for l in inner if count(body(its, *l), r"^umulh\s") == 8]
    inblock = [l for l in inner if count(body(its, *l), r"^umulh\s") == 6]

    def around(l):
        outer = [o for o in lps if o != l and o[0] <= l[0] and l[1] <= o[1]]
        return min(outer, key=lambda o: o[1] - o[0]) if outer else None

    groups = {}
    for l in mac2:
        o = around(l)
        if o is not None:
            groups.setdefault(o, []).append(l)
    tri = [o for o, ls in groups.items() if len(ls) == 2]
    red = [o for o, ls in groups.items() if len(ls) == 1]
    diag = [l for l in inner if count(body(its, *l), r"^extr\s") >= 1
            and count(body(its, *l), r"^umulh\s") >= 1]
    if len(tri) != 1 or not red or len(inblock) != 1 or not diag:
        return None
    tri, passes = tri[0], groups[tri[0]]
    red = min(red)

    def rest_of(o, nested):
        inside = set()
        for a, b in nested:
            inside.update(range(a, b + 1))
        return [t for i, (kind, t) in enumerate(its[o[0]:o[1] + 1], o[0]) if kind == "insn" and i not in inside]

    out = {}
    for cpu in CPUS:
        rb, _ = run_mca(mca, for_mca(rest_of(tri, passes)), cpu)
        rm, _ = run_mca(mca, for_mca(body(its, *passes[0])), cpu)
        ri, _ = run_mca(mca, for_mca(body(its, *inblock[0])), cpu)
        rr, _ = run_mca(mca, for_mca(rest_of(red, groups[red])), cpu)
        rd, _ = run_mca(mca, for_mca(body(its, *max(diag, key=lambda l: count(body(its, *l), r"^umulh\s")))), cpu)
        if None in (rb, rm, ri, rr, rd):
            out[cpu] = None
            continue
        blocks = sum(rb[0] + 2 * ((k - 4 * (p + 1)) // 4) * rm[0] for p in range(k // 4 - 1))
        # the doubling: one trip per umulh (limb of a) in its loop
        d = max(diag, key=lambda l: count(body(its, *l), r"^umulh\s"))
        per = count(body(its, *d), r"^umulh\s")
        out[cpu] = blocks + (k // 4) * ri[0] + (k // 2) * (rr[0] + (k // 4) * rm[0]) + (k // per) * rd[0]
        if cpu == "cortex-a72" and os.environ.get("MCA_DEBUG"):
            print("sqr rows model", cpu, "block code", rb[0], "mac2 step", rm[0],
                  "in-block", ri[0], "pair code", rr[0])
    return out


def final_sub_model(mca, its, k):
    """Cycles of the final subtraction, two passes over k limbs (the borrow
    of r - n, then r -= n & mask): the ARMv8 kernel's asm loops (four
    `sbcs` a step, the second one storing: k / 4 trips each), else the
    portable final_sub's (a `csinc` a limb, the second one storing: k
    trips each). {cpu: cycles}, or None."""
    inner = innermost(loops(its))
    for marker, per in ((r"^sbcs\s", 4), (r"^csinc\s", 1)):
        subs = [l for l in inner if count(body(its, *l), marker) == per and len(body(its, *l)) <= 24]
        passes = [l for l in subs if count(body(its, *l), r"^(str|stp)\s") == 0][:1] + \
            [l for l in subs if count(body(its, *l), r"^(str|stp)\s") > 0][:1]
        if len(passes) == 2:
            out = {}
            for cpu in CPUS:
                r = [run_mca(mca, for_mca(body(its, *l)), cpu)[0] for l in passes]
                out[cpu] = None if None in r else (k // per) * (r[0][0] + r[1][0])
            return out
    return None


def scan_model(mca, funcs, k):
    """Cycles of one constant-time read of the exponentiation's window table
    (bignum/modulus.rs select_entry: every limb of all 32 entries masked and
    ORed; on aarch64 select_entry_neon, two entries a NEON AND): the loop
    with the most ANDs, one output limb a trip, k trips. {cpu: cycles}, or
    None."""
    best = None
    for sym in funcs:
        if "select_entry" not in sym:
            continue
        its = items(funcs[sym])
        for l in innermost(loops(its)):
            n = count(body(its, *l), r"^and\s")
            if n >= 16 and (best is None or n > best[0]):
                best = (n, its, l)
    if best is None:
        return None
    _, its, l = best
    out = {}
    for cpu in CPUS:
        r, _ = run_mca(mca, for_mca(body(its, *l)), cpu)
        out[cpu] = None if r is None else k * r[0]
    return out


def final_sub_items(funcs, name, its):
    """Where the final subtraction's loops are: the ARMv8 kernel's own
    function (`aarch64::final_sub4`, `#[inline(never)]`), else inlined in
    `its`."""
    if "ARMv8" in name:
        syms = [s for s in funcs if "aarch6410final_sub4" in s]
        if syms:
            return items(funcs[syms[0]])
    return its


def short(sym):
    """_ZN9peregrine4hash6sha2564soft8compress17h...E -> peregrine::hash::sha256::soft::compress"""
    m = re.match(r"_ZN(.*)17h[0-9a-f]{16}E$", sym)
    if not m:
        return sym
    s, parts = m.group(1), []
    while s and s[0].isdigit():
        n = re.match(r"\d+", s).group(0)
        parts.append(s[len(n):len(n) + int(n)])
        s = s[len(n) + int(n):]
    return "::".join(parts).replace("$LT$", "<").replace("$GT$", ">").replace("$u20$", " ")


# Published OpenSSL figures, cycles per byte, copied from the comment
# headers of OpenSSL's perlasm files (openssl/openssl, crypto/...). Only
# the cores those headers list; none of the stored versions lists
# Neoverse-N1 or -V1 (A57 is A72's predecessor, shown where A72 is not
# given). "-" = not published there.
OPENSSL = [
    # (kernel, A53, A57, A72, source)
    ("ChaCha20 NEON", "4.06", "4.15", "-", "chacha/asm/chacha-armv8.pl (4xNEON+1xIALU, 2019 header)"),
    ("ChaCha20 scalar", "8.40", "8.06", "-", "chacha/asm/chacha-armv8.pl (IALU/gcc-4.9)"),
    ("Poly1305 NEON", "1.47", "1.14", "-", "poly1305/asm/poly1305-armv8.pl (NEON)"),
    ("AES-128-CTR", "1.36", "0.89", "0.92", "aes/asm/aesv8-armx.pl (CTR, 128-bit key)"),
    ("AES-128-ECB", "-", "0.82", "0.85", "aes/asm/aesv8-armx.pl (ECB, after the 5x interleave)"),
    ("GHASH PMULL", "1.01", "1.17", "-", "modes/asm/ghashv8-armx.pl (PMULL[2])"),
    ("SHA-256 SHA2-ext", "2.38", "2.31", "-", "sha/asm/sha512-armv8.pl (SHA256-hw)"),
    ("SHA-256 scalar", "15.5", "11.6", "-", "sha/asm/sha512-armv8.pl (SHA256, integer)"),
    ("SHA-512 scalar", "10.0", "7.51", "-", "sha/asm/sha512-armv8.pl (SHA512, integer)"),
    ("SHA-1 SHA1-ext", "2.24", "2.35", "-", "sha/asm/sha1-armv8.pl (hardware-assisted)"),
    ("SHA-1 scalar", "8.03", "7.88", "-", "sha/asm/sha1-armv8.pl (software)"),
]
# bn/asm/armv8-mont.pl gives no cycle counts, only that its squaring makes
# RSA-2048 sign ~25% faster on Cortex-A57 and 60-100% on others.

# RSA-2048 CRT signature (rsa/key.rs private_op, bignum/modulus.rs pow):
# per 1024-bit half, dP is 128 bytes = 1024 bits; 5-bit fixed window: the
# first window takes 1024 % 5 = 4 bits without squaring, then 204 windows of
# 5 squarings + 1 product (a zero window multiplies by the table's one: the
# same cost): 1020 sqr + 204 mul. Table: base*RR (1 mul), entries 2..31:
# 15 squarings (even) + 15 products (odd). from_mont: 1 mul. So per half
# 1035 sqr + 221 mul at k = 16 limbs; two halves (pow_pair falls back to
# two pow calls on aarch64). Besides, at 2048 bits (k = 32): blinding
# c*r^e and unblinding (2 mul), the cached pair's squaring (2 sqr), the
# fault check m^65537 by pow_vartime (to_mont 1 mul, 16 sqr, 1 mul): about
# 18 sqr + 4 mul; Garner's p.mul and the reductions of c mod p, q: about
# 6 mul at k = 16. These extras are approximate (~7% of the total).
RSA = dict(sqr16=2 * 1035, mul16=2 * 221 + 6, sqr32=18, mul32=4, scan16=2 * 205)
SEED_CYCLES = 1e9 / 133.0  # seed 002: 133 signs/s on a 1 GHz Cortex-A72


BOUND_GOAL = 1.2


def print_bounds(bound, w):
    """Each row's loop estimate against two throughput bounds, on every core
    (issue 21's goal: within 1.2x on Neoverse-N1)."""
    print("Against the throughput bound, cycles per loop iteration: est = the")
    print("estimate (Total Cycles / Iterations); rt = llvm-mca's Block RThroughput,")
    print("the bound if no instruction waited for another and every instruction")
    print("could take any unit of its kind (for NEON code on these cores mostly the")
    print("dispatch width); busy = the busiest execution unit's cycles as llvm-mca")
    print("actually scheduled them (multiplies, AES, SHA and PMULL go to one vector")
    print("pipe only on these models, so a loop can be bound by that pipe above rt).")
    print("est/busy near 1: the loop runs at its busiest unit's rate, only fewer")
    print("instructions on that unit would help; well above 1: a dependency chain")
    print("(latency) sets the pace. Marked *: est/rt over %.1fx on neoverse-n1." % BOUND_GOAL)
    print("%-*s %s" % (w, "kernel", " ".join("%24s" % c for c in CPUS)))
    print("%-*s %s" % (w, "", " ".join("%24s" % "est  rt/busy  est/rt,busy" for _ in CPUS)))
    for name, per in bound.items():
        cells = []
        spec = next(k for k in KERNELS if name.startswith(k["name"]))
        for c in CPUS:
            if spec.get("needs") and spec["needs"] not in HAS[c]:
                cells.append("%24s" % "n/a")
            elif c not in per or not per[c][2]:
                cells.append("%24s" % "-")
            else:
                est, rt, busy = per[c]
                mark = "*" if c == "neoverse-n1" and est / rt > BOUND_GOAL else " "
                cells.append("%5.0f %4.0f/%-4.0f %4.2f,%4.2f%s" % (est, rt, busy, est / rt, est / busy, mark))
        print("%-*s %s" % (w, name, " ".join(cells)))


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    asm, mca = sys.argv[1], sys.argv[2]
    funcs = parse_functions(asm)
    if len(sys.argv) > 4 and sys.argv[3] == "--dump":
        for s in funcs:
            if sys.argv[4] in s:
                its = items(funcs[s])
                print("==", s, len(its), "items")
                for a, b in loops(its):
                    ins = body(its, a, b)
                    mn = defaultdict(int)
                    for i in ins:
                        mn[mnemonic(i)] += 1
                    top = sorted(mn.items(), key=lambda x: -x[1])[:8]
                    print("  loop %d..%d  %d insns  inner=%s  %s" % (
                        a, b, len(ins), (a, b) in innermost(loops(its)), top))
        return

    print("Peregrine aarch64 kernels under llvm-mca (%s)" % mca)
    print("ESTIMATES, NOT MEASUREMENTS: llvm-mca's model of each kernel's steady-state")
    print("hot loop (Total Cycles / Iterations over %d iterations of the loop body)," % ITERATIONS)
    print("divided by the work one iteration does. llvm-mca does not model AESE/AESMC")
    print("fusion, so the AES rows are pessimistic; it assumes every load hits L1 and")
    print("ignores branch mispredictions and the code outside the loop. Compare kernels")
    print("with each other and cores with each other, not with silicon.")
    print()

    rows, located, missing, mont, rowm, bound, fsub = [], [], [], {}, {}, {}, {}
    for spec in KERNELS:
        name = spec["name"]
        if "app" in spec:
            found = None
            for s in funcs:
                if not all(p in s for p in spec["sym"]):
                    continue
                for blk in app_blocks(items(funcs[s])):
                    if spec["app"](blk):
                        found = (s, blk)
                        break
                if found:
                    break
            if not found:
                missing.append((name, "no asm! block with its signature"))
                rows.append((name, "-", None, "not located"))
                continue
            s, ins = found
            per_iter, unit = 1, spec["unit"]
            where = "asm! block in %s" % short(s)
        else:
            res, why = analyse_loop(funcs, spec)
            if res is None:
                missing.append((name, why))
                rows.append((name, "-", None, "not located"))
                continue
            n, s, ins, its, rng = res
            where = "loop in %s (%d insns, %d x %s)" % (short(s), len(ins), n, spec["marker"])
            if "mont" in spec:
                per_iter, unit = n, "limb product"
            elif "fixed" in spec:
                if n < spec["min_markers"]:
                    missing.append((name, "loop has %d markers, expected >= %d" % (n, spec["min_markers"])))
                    rows.append((name, "-", None, "not located"))
                    continue
                per_iter, unit = spec["fixed"], "B"
            else:
                per_iter, unit = n / spec["per_unit"] * spec["unit"], "B"
        text = for_mca(ins)
        cyc = {}
        for cpu in CPUS:
            r, err = run_mca(mca, text, cpu)
            cyc[cpu] = None if r is None else r[0]
            if r is not None and r[1]:
                bound.setdefault(name, {})[cpu] = r
            if r is None:
                missing.append((name + " on " + cpu, "; ".join(err)))
        located.append((name, where))
        if "mont" in spec:
            mont[name] = {c: (None if v is None else v / per_iter) for c, v in cyc.items()}
            if spec["mont"] == "mul":
                rowm[name] = row_model(mca, its, rng, 16)
                fsub[name] = final_sub_model(mca, final_sub_items(funcs, name, its), 16)
            elif name == "mont sqr ARMv8":
                rowm[name] = sqr_rows_model(mca, its, 16)
                fsub[name] = final_sub_model(mca, final_sub_items(funcs, name, its), 16)
            k = 32
            ops = products(spec["mont"], k)
            vals = {c: (None if v is None else v / per_iter * ops) for c, v in cyc.items()}
            rows.append((name + " 2048-bit", "%d products/op" % ops, vals, "cyc/op"))
        elif unit == "B":
            vals = {c: (None if v is None else v / per_iter) for c, v in cyc.items()}
            rows.append((name, "%.4g B/iter" % per_iter, vals, "cyc/B"))
        else:
            rows.append((name, "1 %s/iter" % unit, cyc, "cyc/op"))

    w = max(len(r[0]) for r in rows) + 1
    print("%-*s %-20s %-7s %11s %11s %11s %11s" % (w, "kernel", "work per iteration", "unit", *CPUS))
    print("-" * (w + 20 + 7 + 4 * 12 + 2))
    for name, per, vals, unit in rows:
        if vals is None:
            print("%-*s %-20s %s" % (w, name, per, "NOT LOCATED (see below)"))
            continue
        cells = []
        spec = next(k for k in KERNELS if name.startswith(k["name"]))
        for c in CPUS:
            v = vals[c]
            if spec.get("needs") and spec["needs"] not in HAS[c]:
                cells.append("%11s" % "n/a")
                continue
            cells.append("%11s" % ("fail" if v is None else ("%.0f" % v if v >= 100 else "%.2f" % v)))
        print("%-*s %-20s %-7s %s" % (w, name, per, unit, " ".join(cells)))
    print()
    print("n/a: the core lacks the extension (SHA-512 and SHA-3 instructions: ARMv8.2")
    print("options that Cortex-A53/A72/A76 and Neoverse-N1 do not implement).")
    print("LLVM 22 schedules -mcpu=cortex-a72 (and cortex-a76) with its Cortex-A57 model:")
    print("they give identical results here. Neoverse-N1 has a model of its own, the")
    print("nearest LLVM has to the Raspberry Pi 5's Cortex-A76. They disagree notably on")
    print("64-bit multiplies: a mul + umulh + adds block has a throughput of 6 cycles")
    print("under the N1 model, 2 under the A57 one.")
    print("AES: the models issue one AES instruction per cycle and make each aesmc wait")
    print("for its aese; on the in-order Cortex-A53 model that wait is not hidden at all,")
    print("so its AES rows (and GCM) are about 4x OpenSSL's measured 1.36 c/B.")
    print()
    print_bounds(bound, w)
    print()
    print("Where each row's code was found (mangled names demangled by hand):")
    for name, where in located:
        print("  %-*s %s" % (w, name, where))
    for name, why in missing:
        print("  NOT LOCATED: %s: %s" % (name, why))
    print()
    print("Work per iteration comes from counting a marker instruction in the loop:")
    for spec in KERNELS:
        print("  %-*s %s" % (w, spec["name"], spec["note"]))
    print()

    print("Published OpenSSL cycles/byte (measured on silicon by OpenSSL; from the")
    print("comment headers of openssl/openssl crypto/<file>; no Neoverse-N1/V1 rows there):")
    print("  %-18s %8s %8s %8s  %s" % ("", "A53", "A57", "A72", "source"))
    for k, a53, a57, a72, src in OPENSSL:
        print("  %-18s %8s %8s %8s  %s" % (k, a53, a57, a72, src))
    print()

    print("Seed 002 (RSA-2048 sign, OpenSSL 1.1.1 on a 1 GHz Cortex-A72: 133 signs/s,")
    print("about %.1f M cycles per signature):" % (SEED_CYCLES / 1e6))
    print("  count: per 1024-bit CRT half 1035 squarings + 221 products (5-bit fixed")
    print("  window), two halves, plus ~18 sqr + 4 mul at 2048 bits and ~6 mul at 1024")
    print("  bits (blinding, Garner, e = 65537 fault check); costs from the per-limb-")
    print("  product loop estimates above (row overhead not counted: a lower bound).")
    scan = (scan_model(mca, funcs, 16) or {}).get("cortex-a72")
    for label, mk in (("ARMv8 asm", "mont mul ARMv8"), ("soft", "mont mul soft")):
        sk = "mont sqr ARMv8" if label != "soft" else "mont sqr soft"
        if mk not in mont or sk not in mont:
            print("  %s: not located" % label)
            continue
        parts, a72 = [], None
        for cpu in CPUS:
            pm = mont[mk][cpu]
            ps = mont[sk][cpu]
            if pm is None or ps is None:
                parts.append("%s fail" % cpu)
                continue
            s16 = products("sqr", 16) * ps
            cyc = (RSA["sqr16"] * s16 + RSA["mul16"] * products("mul", 16) * pm
                   + RSA["sqr32"] * products("sqr", 32) * ps + RSA["mul32"] * products("mul", 32) * pm)
            if cpu == "cortex-a72":
                a72 = (cyc, s16, pm)
            parts.append("%s %.2f M" % (cpu, cyc / 1e6))
        print("  %-9s %s" % (label + ":", ", ".join(parts)))
        if a72 is None:
            continue
        cyc, s16, pm = a72
        print("  %-9s cortex-a72 at 1 GHz: %.0f signs/s (lower bound on cycles) against the seed's 133"
              % ("", 1e9 / cyc))
        # With the row loops' own code: the product's rows (row_model of
        # mul); the ARMv8 squaring's loops (sqr_rows_model); the soft
        # squaring takes the product's ratio. The 2048-bit extras scale by
        # the 1024-bit ratio.
        rm = rowm.get(mk)
        fs = (fsub.get(mk) or {}).get("cortex-a72")
        if not (rm and rm.get("cortex-a72")) or fs is None:
            print("  %-9s row loop model: the product's row loop or final subtraction not located" % "")
            continue
        mul_full = rm["cortex-a72"] + fs
        r_mul = mul_full / (products("mul", 16) * pm)
        if label == "soft":
            sq_full, what = s16 * r_mul, "at the product's ratio"
        else:
            sq_full = (rowm.get("mont sqr ARMv8") or {}).get("cortex-a72")
            fs_sq = (fsub.get("mont sqr ARMv8") or {}).get("cortex-a72")
            if sq_full is None or fs_sq is None:
                print("  %-9s row loop model: the squaring's loops not located" % "")
                continue
            sq_full += fs_sq
            what = "its row loops modelled: the cross products' blocks and pairs, the reduction's pairs"
        if scan is None:
            print("  %-9s row loop model: the table read (select_entry) not located" % "")
            continue
        main16 = RSA["sqr16"] * s16 + RSA["mul16"] * products("mul", 16) * pm
        full16 = RSA["sqr16"] * sq_full + RSA["mul16"] * mul_full
        tot = full16 + (cyc - main16) * full16 / main16 + RSA["scan16"] * scan
        print("  %-9s with the row loops' own code and the final subtraction (%.0f cycles) on"
              % ("", fs))
        print("  %-9s cortex-a72 (row loop models): a 1024-bit" % "")
        print("  %-9s product %.0f cycles (%.2fx the per-product count), square %.0f (%.2fx; %s);"
              % ("", mul_full, r_mul, sq_full, sq_full / s16, what))
        print("  %-9s and the window table's constant-time reads (%d reads of %.0f cycles each, bignum/modulus.rs"
              % ("", RSA["scan16"], scan))
        print("  %-9s select_entry, in NEON on aarch64): the whole signature %.2f M cycles, %.0f signs/s at 1 GHz"
              % ("", tot / 1e6, 1e9 / tot))

if __name__ == "__main__":
    main()
