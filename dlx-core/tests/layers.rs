//! The layers that `docs/architecture.md` draws hold in the code: in every crate of the
//! workspace, no module imports from a module of a layer above its own.
//!
//! The layers are the `layers` blocks of `docs/architecture.md` ("Layers"): per crate, one
//! line per layer, the top layer first, each a list of module paths (`links::arena` is the
//! file `src/links/arena.rs`). A module belongs to the layer of the longest path that is a
//! prefix of its own (`links::xc` to the layer of `links`, `engine::auto` to its own line).
//! What a module imports is read from its source outside its test module: every
//! `use crate::…`, `use super::…` and `use self::…` (braces expanded) and every path
//! `crate::…` in the code, resolved to the deepest module of the crate it names (a name
//! re-exported at the crate root, `crate::Solver`, to the module it comes from). Comments
//! and doc examples are not read. So an upward import fails here, with the file, the path
//! and both layers; a module that no layer names fails too, so the picture names every
//! module.
//!
//! This runs with `cargo test --workspace` (and so in `.ci/run`); it reads the workspace's
//! own sources and docs, nothing else.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The workspace root (this crate's parent folder).
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("dlx-core lives in the workspace")
        .to_path_buf()
}

/// Per crate, its layers from the top down, as `docs/architecture.md` declares them.
fn declared_layers(doc: &str) -> BTreeMap<String, Vec<Vec<String>>> {
    let mut out: BTreeMap<String, Vec<Vec<String>>> = BTreeMap::new();
    let mut in_block = false;
    let mut current: Option<String> = None;
    for line in doc.lines() {
        let t = line.trim();
        if !in_block {
            in_block = t == "```layers";
            continue;
        }
        if t == "```" {
            in_block = false;
            current = None;
            continue;
        }
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if let Some(name) = t.strip_prefix("crate ") {
            current = Some(name.trim().to_owned());
            out.entry(name.trim().to_owned()).or_default();
            continue;
        }
        let krate = current
            .clone()
            .expect("a layers block starts with `crate NAME`");
        let layer = t
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect();
        out.get_mut(&krate).expect("entered above").push(layer);
    }
    out
}

/// Every source file of `src` under its module path (`""` for the crate root).
fn modules(src: &Path) -> BTreeMap<String, PathBuf> {
    fn walk(dir: &Path, src: &Path, out: &mut BTreeMap<String, PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("readable src") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                walk(&path, src, out);
                continue;
            }
            if path.extension().and_then(|e| e.to_str()) != Some("rs") {
                continue;
            }
            let rel = path
                .strip_prefix(src)
                .expect("under src")
                .with_extension("");
            let mut parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if parts.last().map(String::as_str) == Some("mod") {
                parts.pop();
            }
            if parts == ["lib"] || parts == ["main"] {
                parts.clear();
            }
            out.insert(parts.join("::"), path);
        }
    }
    let mut out = BTreeMap::new();
    walk(src, src, &mut out);
    out
}

/// The source without its test module (`#[cfg(test)]` on a `mod`, `pub mod` or
/// `pub(crate) mod`: the crate's test modules come last in their file:
/// `clippy::items_after_test_module`), its comment lines left empty (so that line numbers
/// stay those of the file).
fn code(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::new();
    for (k, line) in lines.iter().enumerate() {
        let t = line.trim_start();
        if t == "#[cfg(test)]"
            && lines.get(k + 1).is_some_and(|next| {
                let next = next.trim_start();
                ["mod ", "pub mod ", "pub(crate) mod "]
                    .iter()
                    .any(|m| next.starts_with(m))
            })
        {
            break;
        }
        if !t.starts_with("//") {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// The paths a use tree names, braces expanded: `a::{b, c::{d, e}}` is `a::b`, `a::c::d`,
/// `a::c::e` (an alias `x as y` is `x`; a glob `a::*` is `a`).
fn expand(tree: &str) -> Vec<Vec<String>> {
    fn split_top(t: &str) -> Vec<&str> {
        let (mut depth, mut start, mut out) = (0, 0, Vec::new());
        for (i, c) in t.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    out.push(&t[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        out.push(&t[start..]);
        out
    }
    fn rec(prefix: &[String], t: &str, out: &mut Vec<Vec<String>>) {
        for part in split_top(t) {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            if let Some(open) = part.find('{') {
                let Some(close) = part.rfind('}').filter(|&c| c > open) else {
                    continue;
                };
                let mut p = prefix.to_vec();
                p.extend(
                    part[..open]
                        .split("::")
                        .filter(|s| !s.is_empty())
                        .map(str::to_owned),
                );
                let inner = &part[open + 1..close];
                rec(&p, inner, out);
            } else {
                let name = part.split(" as ").next().expect("a path");
                let mut p = prefix.to_vec();
                p.extend(
                    name.split("::")
                        .map(str::trim)
                        .filter(|s| !s.is_empty() && *s != "*" && *s != "self")
                        .map(str::to_owned),
                );
                out.push(p);
            }
        }
    }
    let flat: String = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = Vec::new();
    rec(&[], &flat, &mut out);
    out
}

/// One crate's modules and the names its root re-exports, to resolve paths.
struct Crate {
    modules: BTreeMap<String, PathBuf>,
    /// A name the root re-exports (`pub use solver::Solver`) and the path it comes from.
    reexports: BTreeMap<String, Vec<String>>,
}

impl Crate {
    fn read(dir: &Path) -> Crate {
        let modules = modules(&dir.join("src"));
        let mut reexports = BTreeMap::new();
        if let Some(root) = modules.get("") {
            let text = code(&std::fs::read_to_string(root).expect("readable root"));
            for (_, tree) in uses(&text, "pub use ") {
                for path in expand(&tree) {
                    if let Some(last) = path.last() {
                        reexports.insert(last.clone(), path[..path.len() - 1].to_vec());
                    }
                }
            }
        }
        Crate { modules, reexports }
    }

    /// The deepest module of the crate that `path` (after `crate::`) names.
    fn resolve(&self, path: &[String]) -> Option<String> {
        for k in (1..=path.len()).rev() {
            let m = path[..k].join("::");
            if self.modules.contains_key(&m) {
                return Some(m);
            }
        }
        let first = path.first()?;
        let from = self.reexports.get(first)?;
        if from.is_empty() || from.first() == Some(first) {
            return None;
        }
        let mut full = from.clone();
        full.extend_from_slice(&path[1..]);
        self.resolve(&full)
    }
}

/// Every `KEYWORD tree;` in `text` (a `use` may span lines), with the tree after the
/// keyword: `(line, tree)`.
fn uses(text: &str, keyword: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find(keyword) {
        let start = from + at;
        let before = text[..start].chars().next_back();
        from = start + keyword.len();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let Some(end) = text[from..].find(';') else {
            break;
        };
        let line = text[..start].matches('\n').count() + 1;
        out.push((line, text[from..from + end].to_owned()));
        from += end;
    }
    out
}

/// What `module` (in file `file`) imports from its crate: `(line, path as written, module
/// named)`.
fn imports(krate: &Crate, module: &str, file: &Path) -> Vec<(usize, String, String)> {
    let text = code(&std::fs::read_to_string(file).expect("readable source"));
    let here: Vec<String> = if module.is_empty() {
        Vec::new()
    } else {
        module.split("::").map(str::to_owned).collect()
    };
    let mut out = Vec::new();
    for (line, tree) in uses(&text, "use ") {
        for path in expand(&tree) {
            let full = match path.first().map(String::as_str) {
                Some("crate") => path[1..].to_vec(),
                Some("self") => here.iter().chain(&path[1..]).cloned().collect(),
                Some("super") => {
                    let ups = path.iter().take_while(|s| *s == "super").count();
                    let mut base = here[..here.len().saturating_sub(ups)].to_vec();
                    base.extend_from_slice(&path[ups..]);
                    base
                }
                _ => continue,
            };
            if let Some(m) = krate.resolve(&full) {
                out.push((line, path.join("::"), m));
            }
        }
    }
    let mut from = 0;
    while let Some(at) = text[from..].find("crate::") {
        let start = from + at;
        from = start + "crate::".len();
        let before = text[..start].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        let rest = &text[from..];
        let len = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        let path: Vec<String> = rest[..len]
            .split("::")
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect();
        if let Some(m) = krate.resolve(&path) {
            let line = text[..start].matches('\n').count() + 1;
            out.push((line, format!("crate::{}", &rest[..len]), m));
        }
    }
    // A `use crate::…` line is also a `crate::…` path: one message a line and module.
    let mut seen = BTreeSet::new();
    out.retain(|(line, _, m)| seen.insert((*line, m.clone())));
    out
}

/// The layer (0 the top) of `module`: that of the longest declared path that is a prefix
/// of it.
fn layer_of(layers: &[Vec<String>], module: &str) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for (k, layer) in layers.iter().enumerate() {
        for m in layer {
            let fits = module == m || module.starts_with(&format!("{m}::"));
            if fits && best.is_none_or(|(len, _)| m.len() > len) {
                best = Some((m.len(), k));
            }
        }
    }
    best.map(|(_, k)| k)
}

/// Every upward import of every crate that `docs/architecture.md` draws, as messages.
fn violations() -> Vec<String> {
    let root = workspace();
    let doc = std::fs::read_to_string(root.join("docs/architecture.md")).expect("the docs");
    let declared = declared_layers(&doc);
    let mut out = Vec::new();
    for (name, layers) in &declared {
        let krate = Crate::read(&root.join(name));
        for (module, file) in &krate.modules {
            if module.is_empty() {
                continue;
            }
            let Some(mine) = layer_of(layers, module) else {
                out.push(format!(
                    "{name}: module `{module}` is in no layer of docs/architecture.md"
                ));
                continue;
            };
            for (line, path, target) in imports(&krate, module, file) {
                let theirs = layer_of(layers, &target).unwrap_or(0);
                if theirs < mine && target != *module {
                    out.push(format!(
                        "{}:{line}: `{module}` (layer {}) imports `{path}`, of `{target}` \
                         (layer {}, above it)",
                        file.strip_prefix(&root).unwrap_or(file).display(),
                        layers.len() - mine,
                        layers.len() - theirs,
                    ));
                }
            }
        }
    }
    out
}

#[test]
fn no_module_imports_from_a_layer_above_its_own() {
    let found = violations();
    assert!(
        found.is_empty(),
        "imports against the layers of docs/architecture.md:\n{}",
        found.join("\n")
    );
}

#[test]
fn every_crate_of_the_workspace_has_its_layers() {
    let root = workspace();
    let doc = std::fs::read_to_string(root.join("docs/architecture.md")).expect("the docs");
    let declared: BTreeSet<String> = declared_layers(&doc).into_keys().collect();
    for name in ["dlx-core", "dlx-sudoku", "dlx-cli"] {
        assert!(declared.contains(name), "no layers for {name}");
    }
}

#[test]
fn the_check_sees_an_upward_import() {
    // A crate of three modules in two layers, `top` above `low`: `low` importing `top`
    // (braced, through `super`, or as a path in code) is found; `top` importing `low` is not,
    // nor a test module (`mod tests` or `pub(crate) mod tests`) importing `top`.
    let dir = std::env::temp_dir().join(format!("dlx-layers-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("low")).unwrap();
    std::fs::write(
        src.join("lib.rs"),
        "mod low;\nmod top;\npub use top::Top;\n",
    )
    .unwrap();
    std::fs::write(
        src.join("top.rs"),
        "use crate::low::Low;\npub struct Top;\n",
    )
    .unwrap();
    std::fs::write(
        src.join("low/mod.rs"),
        "mod part;\nuse crate::{low::part::P, top::{Top as T}};\npub struct Low;\n\
         #[cfg(test)]\npub(crate) mod tests {\n    use crate::top::Top;\n}\n",
    )
    .unwrap();
    std::fs::write(
        src.join("low/part.rs"),
        "// use crate::top::Top; (a comment)\npub struct P;\nfn f() { let _ = crate::Top; }\n\
         #[cfg(test)]\nmod tests {\n    use crate::top::Top;\n}\n",
    )
    .unwrap();
    let krate = Crate::read(&dir);
    let layers = vec![vec!["top".to_owned()], vec!["low".to_owned()]];
    let upward = |module: &str| -> Vec<String> {
        imports(&krate, module, &krate.modules[module])
            .into_iter()
            .filter(|(_, _, t)| layer_of(&layers, t) < layer_of(&layers, module))
            .map(|(line, path, _)| format!("{line}:{path}"))
            .collect()
    };
    assert_eq!(upward("top"), Vec::<String>::new());
    assert_eq!(upward("low"), ["2:crate::top::Top"]);
    assert_eq!(upward("low::part"), ["3:crate::Top"]);
    std::fs::remove_dir_all(&dir).unwrap();
}
