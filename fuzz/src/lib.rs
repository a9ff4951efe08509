//! Shared helpers of the fuzz targets: a reader that turns libFuzzer's
//! bytes into choices, lengths and buffers (never failing: past the end it
//! yields zeros and empty slices, so every input is a valid case), and the
//! list of runnable backends of a primitive.

use peregrine::cpu::Backend;

/// Reads choices out of the fuzzer's input, front to back.
#[derive(Debug)]
pub struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    /// A reader over `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Input { data }
    }

    /// The next byte, or 0 past the end.
    pub fn u8(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// The next two bytes, little-endian.
    pub fn u16(&mut self) -> u16 {
        u16::from(self.u8()) | (u16::from(self.u8()) << 8)
    }

    /// A bool from the next byte's low bit.
    pub fn bool(&mut self) -> bool {
        self.u8() & 1 == 1
    }

    /// A number in `0..n` (`n >= 1`) from one byte (two when `n > 256`).
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n >= 1);
        if n <= 256 {
            usize::from(self.u8()) % n
        } else {
            usize::from(self.u16()) % n
        }
    }

    /// One element of `items`.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    /// Up to `n` bytes (fewer at the end of the input).
    pub fn bytes(&mut self, n: usize) -> &'a [u8] {
        let n = n.min(self.data.len());
        let (a, b) = self.data.split_at(n);
        self.data = b;
        a
    }

    /// Exactly `n` bytes, zero-padded past the end of the input.
    pub fn array(&mut self, n: usize) -> Vec<u8> {
        let mut v = self.bytes(n).to_vec();
        v.resize(n, 0);
        v
    }

    /// A length-prefixed buffer of at most `max` bytes (the length is one
    /// or two bytes, reduced modulo `max + 1`).
    pub fn buf(&mut self, max: usize) -> &'a [u8] {
        let n = self.below(max + 1);
        self.bytes(n)
    }

    /// Everything left.
    pub fn rest(&mut self) -> &'a [u8] {
        core::mem::take(&mut self.data)
    }

    /// Cut points for streaming `len` bytes: up to `max` fuzzer-chosen
    /// piece lengths (0 allowed), the last piece taking what remains.
    pub fn splits(&mut self, len: usize, max: usize) -> Vec<usize> {
        let n = self.below(max + 1);
        let mut cuts = Vec::with_capacity(n + 1);
        let mut left = len;
        for _ in 0..n {
            let c = if left == 0 {
                0
            } else {
                self.below(left.min(300) + 1)
            };
            cuts.push(c);
            left -= c;
        }
        cuts.push(left);
        cuts
    }
}

/// Splits `data` at the piece lengths of [`Input::splits`].
pub fn pieces<'a>(data: &'a [u8], cuts: &[usize]) -> Vec<&'a [u8]> {
    let mut out = Vec::with_capacity(cuts.len());
    let mut at = 0;
    for &c in cuts {
        out.push(&data[at..at + c]);
        at += c;
    }
    debug_assert_eq!(at, data.len());
    out
}

/// Every backend of `B` this machine can run, best first, `soft` last.
pub fn runnable<B: Backend>() -> Vec<B::Checked> {
    B::ALL.iter().filter_map(|b| b.check()).collect()
}

/// The portable backend of `B` (last in `ALL`, always runnable).
pub fn soft<B: Backend>() -> B::Checked {
    let s = *B::ALL.last().expect("a backend");
    assert_eq!(s.name(), "soft");
    s.check().expect("soft always runs")
}

/// The name of a checked backend.
pub fn name<B: Backend>(c: B::Checked) -> &'static str {
    B::of(c).name()
}

/// Hex for panic messages.
pub fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// [`runnable`] with `soft` first (the reference the others are compared
/// against), then the accelerated backends best first.
pub fn soft_first<B: Backend>() -> Vec<B::Checked> {
    let mut v = runnable::<B>();
    let last = v.len() - 1;
    v.rotate_left(last);
    v
}
