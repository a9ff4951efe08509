//! Many Merkle–Damgård messages at once (SHA-256 and SHA-512's
//! `hash_many`): the jobs, their padded tails, and the scheduler that feeds
//! them through the lanes of a vector kernel.
//!
//! Each message is seen as its whole blocks followed by one or two padded
//! tail blocks. The lane scheduler holds one message per lane; a lane
//! whose message ends takes the next from the queue (longest first), so a
//! mix of lengths keeps the lanes full, and a lane with nothing left hashes
//! a block of zeros into a state nobody reads. A vector step costs the same
//! however many lanes are busy, so once the queue is empty and few jobs are
//! left, [`run_lanes`] hands them back (states and positions kept) for a
//! narrower backend to finish.
//!
//! Everything here branches on message lengths only (public); the kernels
//! do the same work in every lane.

use crate::ct::wipe;

/// A state word: `u32` for SHA-256, `u64` for SHA-512.
pub(crate) trait Word: Copy + Default {
    /// Bytes per word.
    const BYTES: usize;
    /// Writes the first `out.len()` bytes of the word, big-endian.
    fn put_be(self, out: &mut [u8]);
}

impl Word for u32 {
    const BYTES: usize = 4;
    fn put_be(self, out: &mut [u8]) {
        let n = out.len();
        out.copy_from_slice(&self.to_be_bytes()[..n]);
    }
}

impl Word for u64 {
    const BYTES: usize = 8;
    fn put_be(self, out: &mut [u8]) {
        let n = out.len();
        out.copy_from_slice(&self.to_be_bytes()[..n]);
    }
}

/// The largest tail: two SHA-512 blocks.
const MAX_TAIL: usize = 256;

/// One message: its state, its whole blocks, and its padded tail.
pub(crate) struct Job<'a, W: Word> {
    pub(crate) state: [W; 8],
    body: &'a [u8],
    tail: [u8; MAX_TAIL],
    tail_len: usize,
}

impl<'a, W: Word> Job<'a, W> {
    /// A job continuing from `state` after `prefix` bytes (a multiple of
    /// `block`) were absorbed, over `data`, padded for a total of
    /// `prefix + len` with a `len_bytes`-byte length field.
    fn new(state: [W; 8], prefix: u128, data: &'a [u8], block: usize, len_bytes: usize) -> Self {
        let whole = data.len() - data.len() % block;
        let rest = &data[whole..];
        let mut tail = [0u8; MAX_TAIL];
        tail[..rest.len()].copy_from_slice(rest);
        tail[rest.len()] = 0x80;
        let tail_len = if rest.len() < block - len_bytes {
            block
        } else {
            2 * block
        };
        let bits = prefix.wrapping_add(data.len() as u128).wrapping_mul(8);
        tail[tail_len - len_bytes..tail_len].copy_from_slice(&bits.to_be_bytes()[16 - len_bytes..]);
        Job {
            state,
            body: &data[..whole],
            tail,
            tail_len,
        }
    }

    fn segments(&self) -> [&[u8]; 2] {
        [self.body, &self.tail[..self.tail_len]]
    }

    /// The first `out.len()` bytes of the state, big-endian.
    pub(crate) fn digest(&self, out: &mut [u8]) {
        for (o, w) in out.chunks_mut(W::BYTES).zip(self.state) {
            w.put_be(o);
        }
    }
}

impl<W: Word> Drop for Job<'_, W> {
    fn drop(&mut self) {
        wipe(&mut self.state);
        wipe(&mut self.tail);
    }
}

/// The jobs of a call: `jobs[i]` is message `i`'s, `pos[i]` its position
/// (segment, byte offset; segment 2 means done), and `todo` the jobs not
/// yet started or handed back, taken from the back (longest first).
pub(crate) struct Batch<'a, W: Word> {
    pub(crate) jobs: alloc::vec::Vec<Job<'a, W>>,
    pub(crate) pos: alloc::vec::Vec<(usize, usize)>,
    pub(crate) todo: alloc::vec::Vec<usize>,
}

impl<'a, W: Word> Batch<'a, W> {
    /// Every message from `iv` after `prefix` bytes, queued longest first.
    pub(crate) fn new(
        iv: [W; 8],
        prefix: u128,
        msgs: &[&'a [u8]],
        block: usize,
        len_bytes: usize,
    ) -> Self {
        let mut todo: alloc::vec::Vec<usize> = (0..msgs.len()).collect();
        // Longest first (taken from the back): lanes and groups then share
        // the most blocks, and the last lanes to finish have the least left.
        todo.sort_unstable_by_key(|&i| msgs[i].len());
        Batch {
            jobs: msgs
                .iter()
                .map(|m| Job::new(iv, prefix, m, block, len_bytes))
                .collect(),
            pos: alloc::vec![(0, 0); msgs.len()],
            todo,
        }
    }

    /// Skips job `i`'s empty segments; whether it has blocks left.
    pub(crate) fn has_blocks(&mut self, i: usize) -> bool {
        let segs = self.jobs[i].segments();
        let p = &mut self.pos[i];
        while p.0 < 2 && p.1 == segs[p.0].len() {
            *p = (p.0 + 1, 0);
        }
        p.0 < 2
    }

    /// Job `i`'s blocks from its position to the end of its segment.
    pub(crate) fn rest(&self, i: usize) -> &[u8] {
        let (seg, off) = self.pos[i];
        &self.jobs[i].segments()[seg][off..]
    }

    /// Every queued job to its end, one after the other, by `compress`.
    pub(crate) fn run_serial(&mut self, mut compress: impl FnMut(&mut [W; 8], &[u8])) {
        while let Some(i) = self.todo.pop() {
            while self.has_blocks(i) {
                let (seg, off) = self.pos[i];
                let job = &mut self.jobs[i];
                let [body, tail] = [job.body, &job.tail[..job.tail_len]];
                let rest = if seg == 0 { &body[off..] } else { &tail[off..] };
                compress(&mut job.state, rest);
                self.pos[i].1 += rest.len();
            }
        }
    }
}

/// A lane kernel: `n` blocks on each lane, lane `l` reading block `i` at
/// `ptrs[l] + i * steps[l]`.
#[cfg(target_arch = "x86_64")]
pub(crate) type LaneKernel<W, const L: usize> =
    unsafe fn(&mut [[W; L]; 8], &[*const u8; L], &[usize; L], usize);

/// A block of zeros for idle lanes to read (the larger block size).
#[cfg(target_arch = "x86_64")]
static ZERO_BLOCK: [u8; 128] = [0; 128];

/// Runs the queued jobs through `L` vector lanes of `block`-byte blocks,
/// refilling a lane as soon as its message ends. Returns when every job is
/// done, or when the queue is empty and at most `handoff` jobs are still
/// in flight: those go back into the queue (their states saved) for the
/// next, narrower backend. A queue of at most `handoff` jobs is left alone.
///
/// # Safety
/// `kernel` may run on this CPU (its backend was checked) and reads
/// `block`-byte blocks.
#[cfg(target_arch = "x86_64")]
pub(crate) unsafe fn run_lanes<W: Word, const L: usize>(
    kernel: LaneKernel<W, L>,
    handoff: usize,
    block: usize,
    batch: &mut Batch<'_, W>,
) {
    debug_assert!(block <= ZERO_BLOCK.len());
    if batch.todo.len() <= handoff {
        return;
    }
    let mut lanes: [Option<usize>; L] = [None; L];
    let mut st = [[W::default(); L]; 8];
    loop {
        // Retire the lanes whose message is done; refill from the queue.
        let mut active = 0;
        for l in 0..L {
            loop {
                if let Some(i) = lanes[l] {
                    if batch.has_blocks(i) {
                        active += 1;
                        break;
                    }
                    for (w, row) in batch.jobs[i].state.iter_mut().zip(&st) {
                        *w = row[l];
                    }
                    lanes[l] = None;
                } else if let Some(i) = batch.todo.pop() {
                    for (row, w) in st.iter_mut().zip(batch.jobs[i].state) {
                        row[l] = w;
                    }
                    lanes[l] = Some(i);
                } else {
                    break;
                }
            }
        }
        if active == 0 {
            break;
        }
        if batch.todo.is_empty() && active <= handoff {
            for (l, lane) in lanes.iter().enumerate() {
                if let Some(i) = *lane {
                    for (w, row) in batch.jobs[i].state.iter_mut().zip(&st) {
                        *w = row[l];
                    }
                    batch.todo.push(i);
                }
            }
            break;
        }
        let mut ptrs = [ZERO_BLOCK.as_ptr(); L];
        let mut steps = [0usize; L];
        let mut n = usize::MAX;
        for (l, lane) in lanes.iter().enumerate() {
            if let Some(i) = *lane {
                let rest = batch.rest(i);
                n = n.min(rest.len() / block);
                ptrs[l] = rest.as_ptr();
                steps[l] = block;
            }
        }
        // SAFETY: the caller vouches for the CPU; every busy lane has at
        // least `n` whole blocks from its pointer (its segment lengths are
        // multiples of `block`), and an idle one reads ZERO_BLOCK (at
        // least one block long) with step 0.
        unsafe { kernel(&mut st, &ptrs, &steps, n) };
        for lane in lanes.iter().flatten() {
            batch.pos[*lane].1 += block * n;
        }
    }
    for row in &mut st {
        wipe(row);
    }
}

/// One block's rounds for a lane kernel of SHA-256 or SHA-512, the state
/// `$v` (eight vectors: a..h) and the message words `$w` (sixteen vectors,
/// rewritten by the schedule); the eight-round groups from each base listed
/// after the `;` also run the schedule (16..56 for SHA-256's 64 rounds,
/// 16..72 for SHA-512's 80). Expects `add`, `set1`, `big_s0`, `big_s1`,
/// `small_s0`, `small_s1`, `ch`, `maj` and `K` of the kernel in scope;
/// evaluates to the new state (fed forward).
#[cfg(target_arch = "x86_64")]
macro_rules! sha2_lanes_block {
    ($v:ident, $w:ident; $($sched:literal),+) => {{
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = $v;
        macro_rules! round {
            ($a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident, $i:expr) => {
                let kw = add(set1(K[$i]), $w[$i & 15]);
                let t1 = add(add($h, kw), add(big_s1($e), ch($e, $f, $g)));
                $d = add($d, t1);
                $h = add(t1, add(big_s0($a), maj($a, $b, $c)));
            };
        }
        macro_rules! sched {
            ($i:expr) => {
                $w[$i & 15] = add(
                    add($w[$i & 15], small_s0($w[($i + 1) & 15])),
                    add($w[($i + 9) & 15], small_s1($w[($i + 14) & 15])),
                );
            };
        }
        macro_rules! nosched {
            ($i:expr) => {};
        }
        macro_rules! eight {
            ($base:expr, $s:tt) => {
                $s!($base);
                round!(a, b, c, d, e, f, g, h, $base);
                $s!($base + 1);
                round!(h, a, b, c, d, e, f, g, $base + 1);
                $s!($base + 2);
                round!(g, h, a, b, c, d, e, f, $base + 2);
                $s!($base + 3);
                round!(f, g, h, a, b, c, d, e, $base + 3);
                $s!($base + 4);
                round!(e, f, g, h, a, b, c, d, $base + 4);
                $s!($base + 5);
                round!(d, e, f, g, h, a, b, c, $base + 5);
                $s!($base + 6);
                round!(c, d, e, f, g, h, a, b, $base + 6);
                $s!($base + 7);
                round!(b, c, d, e, f, g, h, a, $base + 7);
            };
        }
        eight!(0, nosched);
        eight!(8, nosched);
        $(eight!($sched, sched);)+
        [
            add($v[0], a),
            add($v[1], b),
            add($v[2], c),
            add($v[3], d),
            add($v[4], e),
            add($v[5], f),
            add($v[6], g),
            add($v[7], h),
        ]
    }};
}
#[cfg(target_arch = "x86_64")]
pub(crate) use sha2_lanes_block;
