//! The EVEX (AVX-512) kernels, checked over this test binary's own
//! disassembly (issue 14):
//!
//! - no legacy-SSE instruction (a non-VEX `movdqu`/`pxor`/... on an xmm
//!   register): mixing one into AVX-512 code costs a state transition
//!   (another library lost over 80% on some lengths to one stray move);
//! - every function that touches a ymm or zmm register executes
//!   `vzeroupper` before each `ret` (after its last ymm/zmm use), so the
//!   SSE code that runs next pays no penalty.
//!
//! The functions checked are those whose demangled path names an EVEX
//! module (`EVEX_MODULES`). The test needs `objdump` (binutils, which
//! `gcc` brings); without it, it fails rather than pass unchecked. The
//! binary is the test profile's (opt-level 1), so small helpers that the
//! release build inlines are checked on their own too.
#![cfg(target_arch = "x86_64")]

use std::process::Command;

/// Module paths whose functions are EVEX code.
const EVEX_MODULES: &[&str] = &[
    "cipher::chacha20::x86_64_avx512::",
    "cipher::salsa20::x86_64_avx512::",
    "cipher::aes::x86_64_vaes::z::",
    "cipher::camellia::x86_64_gfni::",
    "cipher::sm4::x86_64_gfni::",
    "aead::aes_gcm_x86_64_vaes::z::",
    "aead::ghash::x86_64_vpclmul::",
    "aead::chacha20_poly1305_x86_64::",
    "mac::poly1305::x86_64_ifma",
    "mac::poly1305::x86_64_avx2::z::",
    "bignum::mont::x86_64_ifma",
    "hash::sha256::x86_64_lanes::z::",
    "hash::sha256::x86_64_lanes::yvl::",
    "hash::sha512::x86_64_avx2::compress_evex",
    "hash::sha512::x86_64_lanes::",
    "hash::sha3::many::x86_64_avx512::",
    "hash::sha3::x86_64_avx512::",
    "ec::curve25519::many::x86_64_ifma::y::",
    "ec::curve25519::many::x86_64_ifma::z::",
];

/// Whether `line` (one instruction, Intel syntax, no raw bytes) uses an
/// xmm register without a VEX/EVEX encoding.
fn legacy_sse(mnemonic: &str, operands: &str) -> bool {
    operands.contains("xmm") && !mnemonic.starts_with('v') && !mnemonic.starts_with('k')
}

fn uses_wide(operands: &str) -> bool {
    operands.contains("ymm") || operands.contains("zmm")
}

/// The operands of an objdump line without its annotations: the symbol
/// after a call or jump target (`<...::ymm::step>`, a module named `ymm`
/// is not a ymm register) and `# address <symbol>` comments.
fn operands(raw: &str) -> &str {
    raw.split(['<', '#']).next().unwrap_or("").trim()
}

#[test]
fn evex_kernels_have_no_legacy_sse_and_end_with_vzeroupper() {
    // Reach every backend (the registry's table holds each one's
    // benchmark), so the linker keeps them all in this binary.
    let algs = std::hint::black_box(peregrine::registry::ALGORITHMS);
    assert!(!algs.is_empty());
    let exe = std::env::current_exe().expect("test binary path");
    let out = match Command::new("objdump")
        .args(["-d", "-C", "--no-show-raw-insn", "-M", "intel"])
        .arg(&exe)
        .output()
    {
        Ok(o) if o.status.success() => o,
        Ok(o) => panic!("objdump failed: {}", String::from_utf8_lossy(&o.stderr)),
        Err(e) => panic!("objdump is needed for this test (binutils): {e}"),
    };
    let text = String::from_utf8_lossy(&out.stdout);
    let mut problems = Vec::new();
    let mut checked = Vec::new();
    // (function name, instructions as (mnemonic, operands)).
    let mut cur: Option<(String, Vec<(String, String)>)> = None;
    let mut finish = |f: Option<(String, Vec<(String, String)>)>| {
        let Some((name, insns)) = f else { return };
        if !EVEX_MODULES.iter().any(|m| name.contains(m)) {
            return;
        }
        checked.push(name.clone());
        let mut wide_since_vzu = false;
        for (m, ops) in &insns {
            if legacy_sse(m, ops) {
                problems.push(format!("{name}: legacy SSE `{m} {ops}`"));
            }
            if m == "vzeroupper" {
                wide_since_vzu = false;
            } else if uses_wide(ops) {
                wide_since_vzu = true;
            }
            if m == "ret" && wide_since_vzu {
                problems.push(format!(
                    "{name}: `ret` after ymm/zmm use without vzeroupper"
                ));
            }
        }
    };
    for line in text.lines() {
        if let Some(rest) = line.strip_suffix(">:") {
            finish(cur.take());
            let name = rest.split_once('<').map_or(rest, |p| p.1);
            cur = Some((name.to_string(), Vec::new()));
            continue;
        }
        // "  addr:\tmnemonic operands"
        let Some((_, insn)) = line.split_once(":\t") else {
            continue;
        };
        // Drop objdump's encoding hints (`{evex}`, `{vex}`) and the
        // prefixes it prints as words.
        let mut insn = insn.trim();
        while let Some((first, rest)) = insn.split_once(' ') {
            let hint = first.starts_with('{') && first.ends_with('}');
            if hint
                || matches!(
                    first,
                    "lock" | "rep" | "repz" | "repnz" | "bnd" | "notrack" | "data16" | "cs"
                )
            {
                insn = rest.trim_start();
            } else {
                break;
            }
        }
        let (m, ops) = insn.split_once(' ').unwrap_or((insn, ""));
        if let Some((_, v)) = cur.as_mut() {
            v.push((m.to_string(), operands(ops).to_string()));
        }
    }
    finish(cur.take());
    assert!(
        !checked.is_empty(),
        "no EVEX kernel found in the disassembly of {}: the module list is stale",
        exe.display()
    );
    // Every module of the list is in the binary (a renamed module would
    // otherwise drop out of the check silently).
    for m in EVEX_MODULES {
        assert!(
            checked.iter().any(|n| n.contains(m)),
            "no function of {m} in the disassembly: the module list is stale"
        );
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    eprintln!("{} EVEX functions checked", checked.len());
}

/// The checker itself flags what it must.
#[test]
fn the_checker_flags_legacy_sse() {
    assert!(legacy_sse("movdqu", "xmm0,XMMWORD PTR [rdi]"));
    assert!(legacy_sse("pxor", "xmm1,xmm2"));
    assert!(!legacy_sse("vmovdqu", "xmm0,XMMWORD PTR [rdi]"));
    assert!(!legacy_sse("kmovq", "k1,rax"));
    assert!(!legacy_sse("mov", "rax,QWORD PTR [rdi]"));
    assert!(uses_wide("zmm0,zmm1,zmm2") && !uses_wide("xmm0,xmm1"));
    let call = operands("a5620 <peregrine::cipher::salsa20::x86_64_avx512::ymm::step>");
    assert!(!uses_wide(call));
    assert!(uses_wide(operands(
        "ymm0,YMMWORD PTR [rip+0x1]        # 10aca0 <anon.1>"
    )));
}
