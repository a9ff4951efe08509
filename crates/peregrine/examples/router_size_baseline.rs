//! The baseline for `router_size`'s code size (`scripts/size-report.sh`):
//! the same input and output with no cryptography, so that `router_size`'s
//! `.text` minus this one's is what the primitives add on top of `std`
//! (start-up, I/O, formatting, panics and allocation).
//!
//! ```text
//! echo -n hello | cargo run -p peregrine --example router_size_baseline
//! ```

use std::io::Read;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let msg = if args.is_empty() {
        let mut buf = Vec::new();
        if let Err(e) = std::io::stdin().read_to_end(&mut buf) {
            eprintln!("router_size_baseline: reading standard input: {e}");
            std::process::exit(1);
        }
        buf
    } else {
        args.join(" ").into_bytes()
    };
    let hex: String = msg.iter().take(32).map(|b| format!("{b:02x}")).collect();
    println!("input        {} bytes, {hex}", msg.len());
}
