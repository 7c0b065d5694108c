//! How `dlx` is linked on Linux (issue 24, "start-up"; docs/performance.md, "The default
//! engine and start-up"): a run on a tiny problem is almost all start-up, and most of the
//! start-up of a dynamically linked program is the kernel mapping it and the dynamic loader
//! loading, relocating and mapping its libraries page by page.
//!
//! * **Position-dependent** (`-no-pie`): with about 5,400 pointers in its read-only data, a
//!   position-independent `dlx` spent a fifth of its start-up relocating them.
//! * **Statically linked against the C library** where the toolchain has its static archives
//!   (glibc's `libc.a`, GCC's `libgcc_eh.a`; musl is static already): no dynamic loader at
//!   all. Rust's own switch for this (`-C target-feature=+crt-static`) applies to every crate
//!   of a build, proc-macros included, which cannot be built that way without `--target`, so
//!   the binary asks for it with linker arguments instead: `-static`, and a directory of
//!   one-line linker scripts, searched before the system's, that give the libraries rustc
//!   names (`-lc`, `-lm`, `-lgcc_s`, ...) their static archives. Set `DLX_LINK_DYNAMIC=1` to
//!   build a dynamically linked `dlx` (for example to package it against a shared libc).
//!
//! Both apply to the `dlx` binary only; the libraries and every test binary link as usual.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The C libraries rustc links a Rust program on Linux against, and the static archives
/// that stand for each in a static link (`gcc_s`, GCC's shared unwinder, becomes its static
/// unwinder and support library).
const SHIMS: &[(&str, &[&str])] = &[
    ("gcc_s", &["libgcc_eh.a", "libgcc.a"]),
    ("util", &["libutil.a"]),
    ("rt", &["librt.a"]),
    ("pthread", &["libpthread.a"]),
    ("m", &["libm.a"]),
    ("dl", &["libdl.a"]),
    ("c", &["libc.a", "libgcc.a", "libgcc_eh.a"]),
];

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=DLX_LINK_DYNAMIC");
    let env = |key: &str| std::env::var(key).unwrap_or_default();
    if env("CARGO_CFG_TARGET_OS") != "linux" {
        return;
    }
    match env("CARGO_CFG_TARGET_ENV").as_str() {
        "musl" => println!("cargo:rustc-link-arg-bin=dlx=-no-pie"),
        "gnu" => {
            println!("cargo:rustc-link-arg-bin=dlx=-no-pie");
            if matches!(env("DLX_LINK_DYNAMIC").as_str(), "" | "0") {
                link_statically();
            }
        }
        _ => {}
    }
}

/// Writes the shim directory and asks for a static link, when every archive is there;
/// otherwise leaves the link dynamic and says why (a warning, not an error).
fn link_statically() {
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let shims = out.join("static-libs");
    let linker = std::env::var("RUSTC_LINKER").unwrap_or_else(|_| "cc".to_string());
    let mut scripts = Vec::new();
    for (lib, archives) in SHIMS {
        let mut paths = Vec::new();
        for archive in *archives {
            match find_archive(&linker, archive) {
                Some(path) => paths.push(path),
                None => {
                    println!(
                        "cargo:warning=dlx is linked dynamically: `{linker} -print-file-name={archive}` found no static archive"
                    );
                    return;
                }
            }
        }
        let list: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        scripts.push((
            format!("lib{lib}.so"),
            format!("GROUP ( {} )\n", list.join(" ")),
        ));
    }
    if let Err(e) = write_shims(&shims, &scripts) {
        println!(
            "cargo:warning=dlx is linked dynamically: {}: {e}",
            shims.display()
        );
        return;
    }
    println!("cargo:rustc-link-arg-bin=dlx=-static");
    println!("cargo:rustc-link-arg-bin=dlx=-L{}", shims.display());
}

/// The absolute path of `archive` in the linker's search path, if it has one.
fn find_archive(linker: &str, archive: &str) -> Option<PathBuf> {
    let out = Command::new(linker)
        .arg(format!("-print-file-name={archive}"))
        .output()
        .ok()?;
    let path = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
    // Without the archive the compiler prints the bare name back.
    (out.status.success() && path.is_absolute() && path.is_file()).then_some(path)
}

fn write_shims(dir: &Path, scripts: &[(String, String)]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (name, text) in scripts {
        std::fs::write(dir.join(name), text)?;
    }
    Ok(())
}
