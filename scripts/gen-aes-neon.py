#!/usr/bin/env python3
"""gen-aes-neon.py: writes crates/peregrine/src/cipher/aes/arm_neon_asm.rs,
the instruction text of the 32-bit ARM NEON AES kernel (`arm_neon.rs`).

    scripts/gen-aes-neon.py           # rewrite the file
    scripts/gen-aes-neon.py --check   # exit 1 if the file is stale

The NEON kernel runs `soft.rs`'s 32-bit fixslicing in each of the four
32-bit lanes of a Q register: lane `l` holds the two-block batch of blocks
`l` and `l + 4`, so eight blocks a call, with `soft`'s round keys
(replicated over the lanes by `vld1.32 {dN[], dM[]}` loads). The gates
are not retyped here: the S-box circuits are read from `soft.rs` (the
`let a = b ^ c;` lines of `sub_bytes`, `inv_sub_bytes` and `bp_middle`),
so the kernel computes what the tested portable code computes. The
MixColumns, transposition and ShiftRows steps are written below after
`soft.rs`'s `mix_columns`, `inv_mix_pre`, `transpose` and `shift_rows_2`,
with the rotations in NEON form:

- `rotate_right(8)` of a lane is `vshr.u32` + `vsli.32`, `rotate_right(16)`
  one `vrev32.16`;
- `rot1::<K>` for K > 0 is `rotate_right(8)` then every byte rotated right
  by `2 K` (`vshr.u8` + `vsli.8`), and `rot2::<K>` for odd K is
  `rotate_right(16)` then every byte's nibbles swapped: the masked pairs of
  rotations in `soft.rs` select exactly those bits.

Each step is a straight-line program in SSA form. A register allocator
puts it in the sixteen Q registers: operands are reloaded on demand, and
when none is free the value used furthest ahead is spilled to the stack
(`vst1.64`/`vld1.64` of the Q register at `sp + off`, the address made
in a core register by an `add` that dual-issues beside the NEON
instruction). Between steps the
eight planes sit in q0-q7 (plane i in qi). Every step is checked here by
running the emitted instructions in a small interpreter against the SSA
program on random inputs before the file is written; the library's tests
check the kernel against the FIPS 197 vectors and against `soft`.
"""
import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOFT = ROOT / "crates/peregrine/src/cipher/aes/soft.rs"
OUT = ROOT / "crates/peregrine/src/cipher/aes/arm_neon_asm.rs"
NREGS = 16
M32 = 0xFFFFFFFF

# ---------------------------------------------------------------------------
# SSA programs


class Prog:
    """A straight-line program: ops (dst, op, args, imm), inputs, outputs."""

    def __init__(self, inputs):
        self.n = 0
        self.ops = []
        self.inputs = [self.fresh() for _ in range(inputs)]
        self.outputs = []

    def fresh(self):
        self.n += 1
        return f"v{self.n}"

    def op(self, name, args=(), imm=None):
        d = self.fresh()
        self.ops.append((d, name, tuple(args), imm))
        return d

    def xor(self, a, b):
        return self.op("xor", (a, b))

    def and_(self, a, b):
        return self.op("and", (a, b))

    def xors(self, vals):
        acc = vals[0]
        for v in vals[1:]:
            acc = self.xor(acc, v)
        return acc


def fn_body(src, name):
    i = src.index(f"fn {name}<")
    return src[i : src.index("\n}\n", i)]


LET = re.compile(r"let (\w+) = (\w+(?:\[\d+\])?) ([\^&]) (\w+(?:\[\d+\])?);")


def run_lets(p, body, env):
    for m in LET.finditer(body):
        d, a, op, b = m.groups()
        f = p.xor if op == "^" else p.and_
        env[d] = f(env[a], env[b])


def names(text):
    return [n.strip() for n in text.split(",") if n.strip()]


class Circuits:
    """The S-box circuits of soft.rs, replayed into a Prog."""

    def __init__(self):
        src = SOFT.read_text()
        self.middle = fn_body(src, "bp_middle")
        self.sub = fn_body(src, "sub_bytes")
        self.inv = fn_body(src, "inv_sub_bytes")

    def bp_middle(self, p, y):
        env = {f"y[{i}]": v for i, v in enumerate(y)}
        body = self.middle
        cut = body.rindex("    [")
        run_lets(p, body[:cut], env)
        outs = []
        for m in re.finditer(r"(\w+) & (y\[\d+\]),", body[cut:]):
            outs.append(p.and_(env[m.group(1)], env[m.group(2)]))
        assert len(outs) == 18, len(outs)
        return outs

    def sbox(self, p, s, inverse=False):
        body = self.inv if inverse else self.sub
        xs = names(re.search(r"let \[([^\]]*)\] = \*s;", body).group(1))
        env = dict(zip(xs, s))
        call = body.index("] = bp_middle(&[")
        zs = names(body[body.rindex("let [", 0, call) + 5 : call])
        ys = names(body[call + len("] = bp_middle(&[") : body.index("]);", call)])
        run_lets(p, body[:call], env)
        for z, v in zip(zs, self.bp_middle(p, [env[y] for y in ys])):
            env[z] = v
        tail = body[body.index("]);", call) :]
        ret = tail.rindex("    [")
        run_lets(p, tail[:ret], env)
        outs = names(tail[ret + 5 : tail.index("]", ret)])
        assert len(outs) == 8
        return [env[o] for o in outs]


def rot1(p, x, k):
    r = p.op("ror8", (x,))
    return r if k == 0 else p.op("brot", (r,), 2 * k)


def rot2(p, x, k):
    r = p.op("rev16", (x,))
    return r if k % 2 == 0 else p.op("brot", (r,), 4)


def mix_columns(p, s, k, rk):
    """soft.rs's mix_columns::<K>, with the round key loaded (rk) or not."""
    r, t, u = [None] * 8, [None] * 8, [None] * 8
    out = [None] * 8
    terms = [[7], [0, 7], [1], [2, 7], [3, 7], [4], [5], [6]]
    for i in [7, 0, 1, 2, 3, 4, 5, 6]:
        r[i] = rot1(p, s[i], k)
        t[i] = p.xor(s[i], r[i])
        u[i] = rot2(p, t[i], k)
        if i == 7:
            continue
        for j in ([i] if i != 6 else [6, 7]):
            vals = [r[j]] + [t[m] for m in terms[j]] + [u[j]]
            if rk:
                vals.append(p.op("rk", (), j))
            out[j] = p.xors(vals)
    return out


def inv_mix_pre(p, s, k):
    u = [p.xor(x, rot2(p, x, k)) for x in s]
    u67 = p.xor(u[6], u[7])
    return [
        p.xor(s[0], u[6]),
        p.xor(s[1], u67),
        p.xors([s[2], u[0], u[7]]),
        p.xors([s[3], u[1], u[6]]),
        p.xors([s[4], u[2], u67]),
        p.xors([s[5], u[3], u[7]]),
        p.xor(s[6], u[4]),
        p.xor(s[7], u[5]),
    ]


def ark(p, s):
    return [p.xor(x, p.op("rk", (), j)) for j, x in enumerate(s)]


def swap_layer(p, w, bit, shift, mask):
    m = p.op("const", (), mask)
    for lo in range(8):
        if lo & bit == 0:
            a, b = w[lo], w[lo | bit]
            t = p.and_(p.xor(p.op("shr", (a,), shift), b), m)
            w[lo | bit] = p.xor(b, t)
            w[lo] = p.xor(a, p.op("shl", (t,), shift))


def transpose(p, w, inverse):
    layers = [(1, 1, 0x55555555), (2, 2, 0x33333333), (4, 4, 0x0F0F0F0F)]
    for layer in reversed(layers) if inverse else layers:
        swap_layer(p, w, *layer)


def shift_rows_2(p, w):
    m = p.op("const", (), 0xFF00FF00)
    for j in range(4):
        t = p.and_(p.xor(w[j], w[j + 4]), m)
        w[j] = p.xor(w[j], t)
        w[j + 4] = p.xor(w[j + 4], t)


# The words of a loaded batch (soft.rs's `load`: word 2c + b is column c of
# block b) sit after the four vld4.32 in q(c + 4b); the planes in qi.
WORD_REGS = [(i // 2) + 4 * (i % 2) for i in range(8)]
PLANE_REGS = list(range(8))


def step(name, body, in_regs=PLANE_REGS, out_regs=PLANE_REGS):
    p = Prog(8)
    p.outputs = body(p, list(p.inputs))
    return name, p, in_regs, out_regs


def steps(circ):
    def rnd(k):
        return lambda p, s: mix_columns(p, circ.sbox(p, s), k, True)

    def inv_rnd(k):
        def f(p, s):
            t = inv_mix_pre(p, ark(p, s), k)
            return circ.sbox(p, mix_columns(p, t, k, False), inverse=True)

        return f

    def tr(inverse):
        def f(p, w):
            transpose(p, w, inverse)
            return w

        return f

    def sr(p, w):
        shift_rows_2(p, w)
        return w

    out = [
        step("TO_PLANES", tr(False), WORD_REGS, PLANE_REGS),
        step("TO_WORDS", tr(True), PLANE_REGS, WORD_REGS),
        step("SHIFT_ROWS_2", sr, WORD_REGS, WORD_REGS),
        step("ARK", ark),
        step("LAST", lambda p, s: ark(p, circ.sbox(p, s))),
        step("ARK_INV_SBOX", lambda p, s: circ.sbox(p, ark(p, s), inverse=True)),
    ]
    out += [step(f"ROUND{k}", rnd(k)) for k in range(4)]
    out += [step(f"INV_ROUND{k}", inv_rnd(k)) for k in range(4)]
    return out


# ---------------------------------------------------------------------------
# Scheduling: the circuits' order has long dependency chains, and the NEON
# units of in-order cores (Cortex-A7, A8, A9, A53) stall on a result
# that is not ready (three cycles for a logic op in LLVM's Cortex-A9
# model). A list scheduler reorders each step: every cycle it issues the
# ready operation with the longest path to the step's end, and when the
# live values approach the register count it prefers operations that end
# an operand's life.

LATENCY = 3


def schedule(p, limit=20):
    ops = p.ops
    n = len(ops)
    prod = {d: i for i, (d, _, _, _) in enumerate(ops)}
    users = [[] for _ in range(n)]
    for i, (_, _, args, _) in enumerate(ops):
        for a in dict.fromkeys(args):
            if a in prod:
                users[prod[a]].append(i)
    height = [0] * n
    for i in reversed(range(n)):
        height[i] = LATENCY + max((height[u] for u in users[i]), default=0)
    left = {}
    for _, _, args, _ in ops:
        for a in args:
            left[a] = left.get(a, 0) + 1
    for v in p.outputs:
        left[v] = left.get(v, 0) + 1
    ready_at = {v: 0 for v in p.inputs}
    live = sum(1 for v in p.inputs if left.get(v))
    rks = [i for i in range(n) if ops[i][1] == "rk"]
    done = [False] * n
    order = []
    cycle = 0
    while len(order) < n:
        best = None
        for i in range(n):
            if done[i]:
                continue
            d, name, args, imm = ops[i]
            if any(a not in ready_at for a in args):
                continue
            if name == "rk" and rks[len([j for j in order if ops[j][1] == "rk"])] != i:
                continue
            t = max((ready_at[a] for a in args), default=0)
            frees = sum(1 for a in dict.fromkeys(args) if left[a] == args.count(a))
            grows = 1 - frees
            key = (
                t <= cycle,
                -(grows if live + grows > limit else 0),
                height[i],
                -i,
            )
            if best is None or key > best[0]:
                best = (key, i, t)
        _, i, t = best
        d, name, args, imm = ops[i]
        cycle = max(cycle, t)
        for a in args:
            left[a] -= 1
            if left[a] == 0:
                live -= 1
        ready_at[d] = cycle + (1 if name == "rk" else LATENCY)
        live += 1 if left.get(d) else 0
        done[i] = True
        order.append(i)
        cycle += 1
    p.ops = [ops[i] for i in order]


# ---------------------------------------------------------------------------
# Register allocation and emission


def q_d(q):
    return f"d{2 * q}", f"d{2 * q + 1}"


def reload(r, s):
    lo, hi = q_d(r)
    return [f"add {{tmp}}, sp, #{16 * s}", f"vld1.64 {{{{{lo}, {hi}}}}}, [{{tmp}}:64]"]


def allocate(p, in_regs, out_regs):
    """Returns the instruction lines and the spill area used (bytes)."""
    ops = p.ops
    end = len(ops)
    uses = {}
    for i, (_, _, args, _) in enumerate(ops):
        for a in args:
            uses.setdefault(a, []).append(i)
    for v in p.outputs:
        uses.setdefault(v, []).append(end)

    def next_use(v, i):
        for u in uses.get(v, []):
            if u >= i:
                return u
        return None

    reg = {}  # value -> register
    held = [None] * NREGS  # register -> value
    slot = {}  # value -> spill slot (a valid stack copy)
    free_slots = []
    nslots = [0]
    lines = []

    for v, r in zip(p.inputs, in_regs):
        if next_use(v, 0) is not None:
            reg[v], held[r] = r, v

    def spill_slot():
        if free_slots:
            return free_slots.pop()
        nslots[0] += 1
        return nslots[0] - 1

    def evict(i, locked):
        best, far = None, -1
        for r in range(NREGS):
            v = held[r]
            if v is None or r in locked:
                continue
            nu = next_use(v, i)
            if nu is None:
                nu = 10**9
            if nu > far:
                best, far = r, nu
        v = held[best]
        if v not in slot:
            s = spill_slot()
            slot[v] = s
            lo, hi = q_d(best)
            lines.append(f"add {{tmp}}, sp, #{16 * s}")
            lines.append(f"vst1.64 {{{{{lo}, {hi}}}}}, [{{tmp}}:64]")
        del reg[v]
        held[best] = None
        return best

    def get_reg(i, locked, prefer=None):
        if prefer is not None and held[prefer] is None and prefer not in locked:
            return prefer
        for r in range(NREGS):
            if held[r] is None and r not in locked:
                return r
        return evict(i, locked)

    def release(v):
        r = reg.pop(v, None)
        if r is not None:
            held[r] = None
        s = slot.pop(v, None)
        if s is not None:
            free_slots.append(s)

    out_pref = {v: r for v, r in zip(p.outputs, out_regs)}

    for i, (d, name, args, imm) in enumerate(ops):
        locked = set()
        for a in args:
            if a not in reg:
                r = get_reg(i, locked)
                lines += reload(r, slot[a])
                reg[a], held[r] = r, a
            locked.add(reg[a])
        two_step = name in ("ror8", "brot", "shr", "shl")
        src = [reg[a] for a in args]
        if not two_step:
            for a in dict.fromkeys(args):
                if next_use(a, i + 1) is None:
                    release(a)
            locked = set(reg[a] for a in args if a in reg)
        rd = get_reg(i, locked, out_pref.get(d))
        q = f"q{rd}"
        s = [f"q{r}" for r in src]
        if name == "xor":
            lines.append(f"veor {q}, {s[0]}, {s[1]}")
        elif name == "and":
            lines.append(f"vand {q}, {s[0]}, {s[1]}")
        elif name == "ror8":
            lines.append(f"vshr.u32 {q}, {s[0]}, #8")
            lines.append(f"vsli.32 {q}, {s[0]}, #24")
        elif name == "brot":
            lines.append(f"vshr.u8 {q}, {s[0]}, #{imm}")
            lines.append(f"vsli.8 {q}, {s[0]}, #{8 - imm}")
        elif name == "rev16":
            lines.append(f"vrev32.16 {q}, {s[0]}")
        elif name == "shr":
            lines.append(f"vshr.u32 {q}, {s[0]}, #{imm}")
        elif name == "shl":
            lines.append(f"vshl.i32 {q}, {s[0]}, #{imm}")
        elif name == "rk":
            lo, hi = q_d(rd)
            lines.append(f"vld1.32 {{{{{lo}[], {hi}[]}}}}, [{{rk}}]!")
        elif name == "const":
            b = imm & 0xFF
            if imm == b * 0x01010101:
                lines.append(f"vmov.i8 {q}, #{b:#04x}")
            else:
                assert imm == 0xFF00FF00
                lines.append(f"vmov.i16 {q}, #0xff00")
        else:
            raise ValueError(name)
        if two_step:
            for a in dict.fromkeys(args):
                if next_use(a, i + 1) is None:
                    release(a)
        reg[d], held[rd] = rd, d
        if next_use(d, i + 1) is None:
            release(d)

    # Outputs into their registers: reload spilled ones, then swap.
    for v, r in zip(p.outputs, out_regs):
        if v not in reg:
            rr = r if held[r] is None else get_reg(end, set(reg.values()))
            lines += reload(rr, slot[v])
            reg[v], held[rr] = rr, v
    for v, r in zip(p.outputs, out_regs):
        cur = reg[v]
        if cur != r:
            lines.append(f"vswp q{r}, q{cur}")
            w = held[r]
            held[r], held[cur] = v, w
            reg[v] = r
            if w is not None:
                reg[w] = cur
    return lines, 16 * nslots[0]


# ---------------------------------------------------------------------------
# Checking: the SSA program and the emitted lines on the same inputs.


def ror(x, n):
    return ((x >> n) | (x << (32 - n))) & M32


def brot(x, n):
    out = 0
    for b in range(4):
        y = (x >> (8 * b)) & 0xFF
        out |= (((y >> n) | (y << (8 - n))) & 0xFF) << (8 * b)
    return out


def eval_ssa(p, ins, rks):
    env = dict(zip(p.inputs, ins))
    k = 0
    for d, name, args, imm in p.ops:
        a = [env[x] for x in args]
        if name == "xor":
            env[d] = a[0] ^ a[1]
        elif name == "and":
            env[d] = a[0] & a[1]
        elif name == "ror8":
            env[d] = ror(a[0], 8)
        elif name == "brot":
            env[d] = brot(a[0], imm)
        elif name == "rev16":
            env[d] = ror(a[0], 16)
        elif name == "shr":
            env[d] = a[0] >> imm
        elif name == "shl":
            env[d] = (a[0] << imm) & M32
        elif name == "rk":
            assert imm == k % 8
            env[d] = rks[k]
            k += 1
        elif name == "const":
            env[d] = imm
    return [env[v] for v in p.outputs]


def run_lines(lines, regs, rks):
    """Interprets the emitted subset, one 32-bit lane."""
    regs = list(regs)
    mem = {}
    tmp = None
    k = 0
    for line in lines:
        m, rest = line.split(" ", 1)
        ops = [o.strip() for o in rest.split(",")]

        def qn(o):
            return int(o[1:])

        if m == "add":
            assert ops[:2] == ["{tmp}", "sp"]
            tmp = int(ops[2][1:])
            continue
        if m in ("vst1.64", "vld1.64"):
            lo, hi = (int(o.strip("{}d")) for o in ops[:2])
            assert hi == lo + 1 and lo % 2 == 0 and ops[2] == "[{tmp}:64]"
            if m == "vst1.64":
                mem[tmp] = regs[lo // 2]
            else:
                regs[lo // 2] = mem[tmp]
            tmp = None
            continue
        if m == "vld1.32":
            q = int(ops[0].strip("{}[]d")) // 2
            regs[q] = rks[k]
            k += 1
            continue
        if m == "vswp":
            a, b = qn(ops[0]), qn(ops[1])
            regs[a], regs[b] = regs[b], regs[a]
            continue
        d = qn(ops[0])
        src = [regs[qn(o)] for o in ops[1:] if o.startswith("q")]
        imm = int(ops[-1][1:], 0) if ops[-1].startswith("#") else None
        if m == "veor":
            regs[d] = src[0] ^ src[1]
        elif m == "vand":
            regs[d] = src[0] & src[1]
        elif m == "vshr.u32":
            regs[d] = src[0] >> imm
        elif m == "vshl.i32":
            regs[d] = (src[0] << imm) & M32
        elif m == "vsli.32":
            regs[d] = ((src[0] << imm) & M32) | (regs[d] & ((1 << imm) - 1))
        elif m == "vshr.u8":
            regs[d] = sum(((((src[0] >> (8 * b)) & 0xFF) >> imm) << (8 * b)) for b in range(4))
        elif m == "vsli.8":
            out = 0
            for b in range(4):
                y = (src[0] >> (8 * b)) & 0xFF
                z = (regs[d] >> (8 * b)) & 0xFF
                out |= ((((y << imm) & 0xFF) | (z & ((1 << imm) - 1)))) << (8 * b)
            regs[d] = out
        elif m == "vrev32.16":
            regs[d] = ror(src[0], 16)
        elif m == "vmov.i8":
            regs[d] = imm * 0x01010101
        elif m == "vmov.i16":
            regs[d] = imm * 0x00010001
        else:
            raise ValueError(line)
    return regs


def check(name, p, in_regs, out_regs, lines):
    rng = random.Random(name)
    for _ in range(200):
        ins = [rng.getrandbits(32) for _ in range(8)]
        rks = [rng.getrandbits(32) for _ in range(8)]
        want = eval_ssa(p, ins, rks)
        regs = [rng.getrandbits(32) for _ in range(NREGS)]
        for v, r in zip(ins, in_regs):
            regs[r] = v
        got = run_lines(lines, regs, rks)
        assert [got[r] for r in out_regs] == want, name


# ---------------------------------------------------------------------------


def render(blocks, spill):
    out = [
        "// @generated by scripts/gen-aes-neon.py from soft.rs's circuits; do not",
        "// edit (rerun the script). One macro per step, each expanding to the",
        "// step's instructions: the eight planes in q0-q7 before and after",
        "// (the words of a loaded batch in q(c + 4 b) for TO_PLANES' input,",
        "// TO_WORDS' output and SHIFT_ROWS_2), round",
        "// keys read through `{rk}`, spills at `[sp, #0..SPILL)` (each through",
        "// `{tmp}`: `vst1.64`/`vld1.64` of a Q register take no offset).",
        "",
        f"/// Stack bytes the steps spill to.",
        f"pub(super) const SPILL: usize = {spill};",
        "",
    ]
    out += [
        "/// Zeroes the spill area (the steps leave round state there).",
        "macro_rules! wipe_spills {",
        "    () => {",
        "        concat!(",
        '            "vmov.i8 q0, #0\\n",',
    ]
    for off in range(0, spill, 16):
        out.append(f'            "add {{tmp}}, sp, #{off}\\n",')
        out.append('            "vst1.64 {{d0, d1}}, [{tmp}:64]\\n",')
    out += ["        )", "    };", "}", "pub(super) use wipe_spills;", ""]
    for name, p, lines in blocks:
        counts = {}
        for l in lines:
            m = l.split(" ", 1)[0]
            counts[m] = counts.get(m, 0) + 1
        spills = counts.get("vst1.64", 0)
        reloads = counts.get("vld1.64", 0)
        out.append(
            f"/// {name}: {len(lines)} instructions ({len(p.ops)} operations, "
            f"{spills} spills, {reloads} reloads)."
        )
        out.append(f"macro_rules! {name.lower()} {{")
        out.append("    () => {")
        out.append("        concat!(")
        for l in lines:
            out.append(f'            "{l}\\n",')
        out.append("        )")
        out.append("    };")
        out.append("}")
        out.append(f"pub(super) use {name.lower()};")
        out.append("")
    return "\n".join(out)


def main():
    circ = Circuits()
    blocks = []
    spill = 0
    for name, p, in_regs, out_regs in steps(circ):
        schedule(p)
        lines, used = allocate(p, in_regs, out_regs)
        check(name, p, in_regs, out_regs, lines)
        spill = max(spill, used)
        blocks.append((name, p, lines))
    text = render(blocks, spill)
    if "--check" in sys.argv:
        if OUT.read_text() != text:
            print(f"{OUT} is stale: run scripts/gen-aes-neon.py", file=sys.stderr)
            sys.exit(1)
        return
    OUT.write_text(text)
    for name, p, lines in blocks:
        print(f"{name}: {len(lines)} lines, {len(p.ops)} ops")
    print(f"spill area {spill} bytes")


if __name__ == "__main__":
    main()
