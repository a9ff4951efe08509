#!/usr/bin/env python3
"""trace2mca.py: qemu's disassembly of an executed instruction stream (the
trace mode of insns.c) rewritten in the syntax LLVM's assembler reads, for
llvm-mca (scripts/insn-count.sh with INSN_MCA=1).

    trace2mca.py ARCH < TRACE > ASM      (ARCH: armv7, mipsel or aarch64)

qemu prints PC-relative branch targets as absolute addresses (ARM: `bne
#0x401a2e6c`; AArch64: `b.ne #0x...`) or not at all (MIPS: `beqz t0,`);
llvm-mca does not follow branches, so every target becomes one undefined
label. MIPS registers get their `$`. Thumb-2 `it` becomes `nop` (see
below). Lines qemu could not disassemble become `nop`.
"""
import re
import sys

MIPS_REG = re.compile(r"(?<![\w$])(zero|at|v[01]|a[0-3]|t[0-9]|s[0-8]|k[01]|gp|sp|fp|ra|f\d+)(?!\w)")
ARM_BRANCH = re.compile(r"^(b|bl|blx|b(eq|ne|hs|cs|lo|cc|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al))(\.w|\.n)?$")
A64_BRANCH = re.compile(r"^(b|bl|b\.\w+|cbz|cbnz|tbz|tbnz)$")


def main():
    arch = sys.argv[1]
    out = []
    for line in sys.stdin:
        line = line.strip()
        if not line or line.startswith("(bad)") or line.startswith("illegal"):
            out.append("nop")
            continue
        parts = line.split(None, 1)
        mn = parts[0]
        ops = parts[1] if len(parts) > 1 else ""
        if arch == "mipsel":
            ops = MIPS_REG.sub(r"$\1", ops)
            if ops.endswith(","):
                ops += " .Lx"
            elif not ops and mn in ("b", "bal", "j", "jal"):
                ops = ".Lx"
        elif arch == "armv7":
            if ARM_BRANCH.match(mn) and ops.startswith("#"):
                ops = ".Lx"
            elif re.match(r"^it[te]{0,3}$", mn):
                # Thumb-2 IT: qemu prints the instructions it covers
                # without their condition, which the assembler then
                # rejects inside the block; the block is dropped (its
                # instructions timed as unconditional) and IT kept as a
                # slot
                mn, ops = "nop", ""
        elif arch == "aarch64":
            if A64_BRANCH.match(mn):
                ops = re.sub(r"#0x[0-9a-f]+$", ".Lx", ops)
        out.append(f"{mn} {ops}".rstrip())
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
