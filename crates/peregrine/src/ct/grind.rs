//! Constant-time checking under valgrind's memcheck (`cfg(peregrine_ctgrind)`).
//!
//! Technique: Adam Langley's ctgrind (2010), as BoringSSL uses it
//! (`CONSTTIME_SECRET` / `CONSTTIME_DECLASSIFY`): secret bytes are marked
//! *undefined* with memcheck's client request, so memcheck reports every
//! conditional branch and every memory address that depends on them
//! ("Conditional jump or move depends on uninitialised value(s)", "Use of
//! uninitialised value of size 8"), which is exactly what a constant-time
//! implementation must never do. Values that are public by design (a
//! verification verdict, a length, a ciphertext) are marked *defined*
//! again at the named points where the library releases them.
//!
//! The client request is valgrind's documented ABI (`valgrind.h`), written
//! here as inline `asm!`: a "special instruction preamble" of rotations
//! whose net effect is nothing (four rotations of one register by a total
//! of 128 bits), then a marker instruction that is also a no-op (`xchg rbx,
//! rbx` on x86_64, `orr x10, x10, x10` on aarch64). Valgrind's JIT
//! recognises the sequence and performs the request named in a six-word
//! argument block (request code, five arguments) whose address is in `rax`
//! / `x4`; the result comes back in `rdx` / `x3`, which holds the default
//! result on entry. On a real CPU the sequence does nothing and the default
//! comes back, so a `peregrine_ctgrind` build still runs (and gives the
//! same results) outside valgrind. On other architectures the requests
//! are no-ops.

/// `VG_USERREQ_TOOL_BASE('M', 'C')`: memcheck's request codes start here.
const MEMCHECK_BASE: u64 = ((b'M' as u64) << 24) | ((b'C' as u64) << 16);
/// `VG_USERREQ__MAKE_MEM_UNDEFINED`.
const MAKE_MEM_UNDEFINED: u64 = MEMCHECK_BASE + 1;
/// `VG_USERREQ__MAKE_MEM_DEFINED`.
const MAKE_MEM_DEFINED: u64 = MEMCHECK_BASE + 2;
/// `VG_USERREQ__RUNNING_ON_VALGRIND` (a core request).
const RUNNING_ON_VALGRIND: u64 = 0x1001;
/// `VG_USERREQ__COUNT_ERRORS` (a core request).
const COUNT_ERRORS: u64 = 0x1201;

/// One client request: `args[0]` is the request code, `args[1..]` its
/// arguments; returns valgrind's answer, or `default` outside valgrind.
#[inline(always)]
fn request(default: u64, args: &[u64; 6]) -> u64 {
    #[allow(unused_mut)]
    let mut result = default;
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the rotations of `rdi` add up to 128 bits (the register is
    // unchanged) and `xchg rbx, rbx` swaps a register with itself, so on a
    // CPU the block changes nothing but flags (no `preserves_flags`). Under
    // valgrind it is the client request: valgrind reads the six words at
    // `rax` (a live array) and writes only `rdx` and, for the memcheck
    // requests, its own shadow state of the named bytes (never their
    // values). Memory is not marked `nomem`, so the compiler assumes the
    // block may read and write what `args` points to and anything a
    // request's address argument names (it must reload those bytes after).
    unsafe {
        core::arch::asm!(
            "rol rdi, 3",
            "rol rdi, 13",
            "rol rdi, 61",
            "rol rdi, 51",
            "xchg rbx, rbx",
            in("rax") args.as_ptr(),
            inout("rdx") result,
            options(nostack),
        );
    }
    #[cfg(target_arch = "aarch64")]
    // SAFETY: the rotations of `x12` add up to 128 bits (the register is
    // unchanged) and `orr x10, x10, x10` writes `x10` with its own value;
    // no flags are touched. Under valgrind it is the client request, as on
    // x86_64: the six words at `x4` are read, `x3` gets the answer, only
    // shadow state changes. Not `nomem`, for the same reason.
    unsafe {
        core::arch::asm!(
            "ror x12, x12, #3",
            "ror x12, x12, #13",
            "ror x12, x12, #51",
            "ror x12, x12, #61",
            "orr x10, x10, x10",
            in("x4") args.as_ptr(),
            inout("x3") result,
            options(nostack, preserves_flags),
        );
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    let _ = args;
    result
}

/// Marks `len` bytes at `ptr` undefined (secret) or defined (public) in
/// memcheck's shadow memory. The bytes themselves do not change.
#[inline(always)]
fn mark(code: u64, ptr: *const u8, len: usize) {
    if len != 0 {
        request(0, &[code, ptr as u64, len as u64, 0, 0, 0]);
    }
}

/// Marks the bytes of `value` secret (for a slice, its elements; for a
/// `Vec`, only its pointer, length and capacity: pass `&mut v[..]`):
/// memcheck reports any branch or address that depends on them from now
/// on. `&mut`, so the compiler must assume the request may have changed
/// the bytes and reloads them from memory (a value it had folded into
/// registers or constants would escape the marking).
#[doc(hidden)]
#[inline(always)]
pub fn secret<T: ?Sized>(value: &mut T) {
    mark(
        MAKE_MEM_UNDEFINED,
        (value as *mut T).cast::<u8>().cast_const(),
        core::mem::size_of_val(value),
    );
}

/// Marks the bytes of `value` public again (the test's form; the library
/// uses [`super::declassify`] and [`super::declassify_slice`], which exist
/// in every build).
#[doc(hidden)]
#[inline(always)]
pub fn public<T: ?Sized>(value: &mut T) {
    mark(
        MAKE_MEM_DEFINED,
        (value as *mut T).cast::<u8>().cast_const(),
        core::mem::size_of_val(value),
    );
}

/// Whether the process runs under valgrind (0 outside; the nesting depth
/// inside).
#[doc(hidden)]
pub fn running_on_valgrind() -> u64 {
    request(0, &[RUNNING_ON_VALGRIND, 0, 0, 0, 0, 0])
}

/// How many errors valgrind's tool has reported so far (0 outside
/// valgrind).
#[doc(hidden)]
pub fn error_count() -> u64 {
    request(0, &[COUNT_ERRORS, 0, 0, 0, 0, 0])
}
