//! Links `dlx` as a position-dependent executable on Linux: with about 5,400 pointers in
//! its read-only data, a position-independent `dlx` spent a fifth of the start-up of a run
//! on a tiny problem relocating them (30 of 150 page faults; issue 24, "start-up",
//! docs/performance.md). The libraries it loads stay position-independent.

fn main() {
    let linux = std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux");
    let gnu_like = matches!(
        std::env::var("CARGO_CFG_TARGET_ENV").as_deref(),
        Ok("gnu") | Ok("musl")
    );
    if linux && gnu_like {
        println!("cargo:rustc-link-arg-bin=dlx=-no-pie");
    }
}
