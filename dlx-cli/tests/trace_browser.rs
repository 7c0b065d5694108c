//! The trace page (`dlx trace --format html`) in a real headless browser.
//!
//! Each test writes a page with the `dlx` binary, opens it in Chromium at `#step=N` with
//! `--dump-dom` (the DOM after the page's script ran) and checks the state it shows: which
//! items are covered and at which level, which options are set aside, chosen, tried or
//! hidden, the partial solution and the solutions found. One test drives the buttons, the
//! keys and the slider from a script appended to a copy of the page; one takes a screenshot.
//! Pages, DOMs and the screenshot are kept in `target/test-output/`.
//!
//! They run when `DLX_REQUIRE_BROWSER=1` (as `.ci/run` sets once it has installed Chromium:
//! without a Chromium binary they then fail) or `DLX_BROWSER_TESTS=1` is set; otherwise they
//! print a notice and pass, so that a first `cargo test` does not spend its 40 s in a
//! browser.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How long one Chromium run may take.
const BROWSER_TIMEOUT: Duration = Duration::from_secs(120);

/// The Chromium binary, or `None` (after a notice) when the browser tests were not asked
/// for, or there is none and none is required.
fn chromium() -> Option<PathBuf> {
    let required = std::env::var("DLX_REQUIRE_BROWSER").as_deref() == Ok("1");
    if !required && std::env::var("DLX_BROWSER_TESTS").as_deref() != Ok("1") {
        let _ = writeln!(
            std::io::stderr(),
            "NOTICE: skipping the trace page's browser test (about 40 s): set \
             DLX_BROWSER_TESTS=1 to run it (.ci/run does)"
        );
        return None;
    }
    let candidates = ["chromium", "chromium-browser", "google-chrome", "chrome"];
    let from_env = std::env::var_os("DLX_CHROMIUM").map(PathBuf::from);
    let found = from_env
        .into_iter()
        .chain(candidates.iter().filter_map(|name| {
            let path = std::env::var_os("PATH")?;
            std::env::split_paths(&path)
                .map(|dir| dir.join(name))
                .find(|p| p.is_file())
        }));
    let found = found.into_iter().next();
    if found.is_none() {
        if required {
            panic!("DLX_REQUIRE_BROWSER=1 but no Chromium binary was found on PATH");
        }
        // Straight to the process's standard error, past the test harness's capture, so
        // that the skip is seen.
        let _ = writeln!(
            std::io::stderr(),
            "NOTICE: skipping the trace page's browser test: no chromium binary on PATH \
             (install Debian's chromium, or set DLX_CHROMIUM)"
        );
    }
    found
}

/// `target/test-output/`, created.
fn output_dir() -> PathBuf {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let dir = tmp.parent().unwrap_or(tmp).join("test-output");
    std::fs::create_dir_all(&dir).expect("create target/test-output");
    dir
}

/// Writes the page of a lesson with the `dlx` binary as `trace-{name}.html` (one name per
/// test: they run in parallel) and returns its path.
fn write_page(name: &str, lesson: &str, extra: &[&str]) -> PathBuf {
    let path = output_dir().join(format!("trace-{name}.html"));
    let status = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(["trace", "--example", lesson, "--format", "html", "-o"])
        .arg(&path)
        .args(extra)
        .status()
        .expect("run dlx");
    assert!(status.success(), "dlx trace --format html failed");
    path
}

fn file_url(path: &Path, fragment: &str) -> String {
    let abs = std::fs::canonicalize(path).expect("page exists");
    let mut url = String::from("file://");
    for c in abs.to_string_lossy().chars() {
        match c {
            ' ' => url.push_str("%20"),
            '#' => url.push_str("%23"),
            '%' => url.push_str("%25"),
            '?' => url.push_str("%3F"),
            c => url.push(c),
        }
    }
    url.push_str(fragment);
    url
}

/// Runs Chromium headless with fresh state on `url`, with `args` (`--dump-dom`,
/// `--screenshot=...`), and returns its standard output.
fn run_browser(chrome: &Path, args: &[String], url: &str) -> String {
    static RUN: AtomicUsize = AtomicUsize::new(0);
    let run = RUN.fetch_add(1, Ordering::Relaxed);
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("chromium-{}-{run}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).expect("create a profile directory");
    let stdout_path = scratch.join("stdout.txt");
    let stderr_path = scratch.join("stderr.txt");
    let mut child = Command::new(chrome)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!(
            "--user-data-dir={}",
            scratch.join("profile").display()
        ))
        .args(args)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&stdout_path).expect("stdout file"))
        .stderr(std::fs::File::create(&stderr_path).expect("stderr file"))
        .spawn()
        .expect("start chromium");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for chromium") {
            break status;
        }
        if start.elapsed() > BROWSER_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium took more than {BROWSER_TIMEOUT:?} on {url}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let out = std::fs::read_to_string(&stdout_path).unwrap_or_default();
    let err = std::fs::read_to_string(&stderr_path).unwrap_or_default();
    assert!(
        status.success(),
        "chromium failed on {url}: {status}\n{err}"
    );
    let _ = std::fs::remove_dir_all(&scratch);
    out
}

/// The DOM of the page at `#step=N`, after its script ran; saved next to the page.
fn dom_at(chrome: &Path, page: &Path, step: &str) -> Dom {
    let url = file_url(page, &format!("#step={step}"));
    let html = run_browser(chrome, &["--dump-dom".to_string()], &url);
    assert!(
        html.contains("</html>"),
        "no DOM came back for {url}: {html:.200}"
    );
    let name = page.file_stem().unwrap().to_string_lossy();
    let _ = std::fs::write(
        output_dir().join(format!("{name}-step{step}.dom.html")),
        &html,
    );
    Dom(html)
}

/// A serialised DOM, with just enough parsing for these checks (the page's ids are unique
/// and its markup regular).
struct Dom(String);

impl Dom {
    /// The opening tag of the element with this id.
    fn tag(&self, id: &str) -> &str {
        let needle = format!(" id=\"{id}\"");
        let at = self
            .0
            .find(&needle)
            .unwrap_or_else(|| panic!("no element #{id}"));
        let start = self.0[..at].rfind('<').expect("tag start");
        let end = at + self.0[at..].find('>').expect("tag end");
        &self.0[start..=end]
    }

    /// An attribute of the element with this id.
    fn attr(&self, id: &str, name: &str) -> Option<String> {
        let tag = self.tag(id);
        let needle = format!(" {name}=\"");
        let at = tag.find(&needle)? + needle.len();
        let len = tag[at..].find('"')?;
        Some(tag[at..at + len].to_string())
    }

    fn state(&self, id: &str) -> String {
        self.attr(id, "data-state")
            .unwrap_or_else(|| panic!("#{id} has no data-state: {}", self.tag(id)))
    }

    fn level(&self, id: &str) -> Option<String> {
        self.attr(id, "data-level")
    }

    fn has_class(&self, id: &str, class: &str) -> bool {
        self.attr(id, "class")
            .is_some_and(|c| c.split_whitespace().any(|k| k == class))
    }

    /// The text of the element with this id (tags stripped, entities for & < > decoded).
    fn text(&self, id: &str, element: &str) -> String {
        let tag = self.tag(id);
        let start = self.0.find(tag).expect("tag") + tag.len();
        let end = start
            + self.0[start..]
                .find(&format!("</{element}>"))
                .expect("closing tag");
        strip_tags(&self.0[start..end])
    }

    /// The texts of the `<li>` children of the list with this id.
    fn items(&self, id: &str) -> Vec<String> {
        let tag = self.tag(id);
        let start = self.0.find(tag).expect("tag") + tag.len();
        let end = start + self.0[start..].find("</ol>").expect("closing tag");
        self.0[start..end]
            .split("<li")
            .skip(1)
            .filter(|li| !li.contains("class=\"empty\""))
            .map(|li| strip_tags(&format!("<li{li}")))
            .collect()
    }
}

fn strip_tags(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// Options (by index) of Knuth's toy example: 0 "c e", 1 "a d g", 2 "b c f", 3 "a d f",
/// 4 "b g", 5 "d e g"; items a..g are 0..6.
#[test]
fn toy_page_shows_the_state_of_each_step() {
    let Some(chrome) = chromium() else { return };
    let page = write_page("toy", "toy", &[]);
    // The SVG namespace is a name, never fetched.
    let source = std::fs::read_to_string(&page)
        .unwrap()
        .replace("http://www.w3.org/2000/svg", "");
    for external in ["http:", "https:", "<link", "src=", "@import", "url("] {
        assert!(
            !source.contains(external),
            "the page must be self-contained, found {external:?}"
        );
    }

    // Step 0: nothing chosen yet.
    let dom = dom_at(&chrome, &page, "0");
    assert_eq!(dom.attr_of_body("data-step").as_deref(), Some("0"));
    assert_eq!(dom.text("step-label", "span"), "Step 0 of 22");
    for i in 0..7 {
        assert_eq!(dom.state(&format!("item-{i}")), "active");
    }
    for o in 0..6 {
        assert_eq!(dom.state(&format!("option-{o}")), "active");
    }
    assert!(dom.items("partial").is_empty());
    assert!(dom.items("solutions").is_empty());

    // Step 2: "a d g" tried: a (chosen), d and g covered at level 0; "b g" and "d e g"
    // hidden; "a d f" set aside as the other option of a.
    let dom = dom_at(&chrome, &page, "2");
    assert_eq!(dom.attr_of_body("data-step").as_deref(), Some("2"));
    assert_eq!(dom.text("line", "div"), "Step 2 — L0: a d g (1 of 2)");
    assert!(dom.has_class("item-0", "chosen"));
    for (i, state) in [
        "covered", "active", "active", "covered", "active", "active", "covered",
    ]
    .iter()
    .enumerate()
    {
        assert_eq!(dom.state(&format!("item-{i}")), *state, "item {i}");
    }
    assert_eq!(dom.level("item-3").as_deref(), Some("0"));
    assert_eq!(dom.level("item-3").as_deref(), Some("0"));
    assert_eq!(dom.state("option-1"), "chosen");
    assert!(dom.has_class("option-1", "current"));
    assert_eq!(dom.state("option-3"), "candidate");
    assert_eq!(dom.state("option-4"), "hidden");
    assert_eq!(dom.state("option-5"), "hidden");
    assert_eq!(dom.state("option-0"), "active");
    assert_eq!(dom.state("option-2"), "active");
    assert_eq!(dom.items("partial"), ["L0: a d g (1 of 2)"]);
    assert_eq!(dom.text("optstate-4", "td"), "L0 hidden");

    // Step 6: dead end at level 2: e has no options; "c e" was hidden at level 1 by "b c f".
    let dom = dom_at(&chrome, &page, "6");
    assert_eq!(
        dom.text("line", "div"),
        "Step 6 — L2: dead end: e has no options left"
    );
    assert!(dom.has_class("item-4", "dead"));
    assert_eq!(dom.level("item-4").as_deref(), Some("2"));
    assert_eq!(dom.level("item-4").as_deref(), Some("2"));
    assert_eq!(dom.state("option-0"), "hidden");
    assert_eq!(dom.level("option-0").as_deref(), Some("1"));
    assert_eq!(dom.level("option-0").as_deref(), Some("1"));
    assert_eq!(
        dom.level("item-2").as_deref(),
        Some("1"),
        "c covered by b c f"
    );
    assert_eq!(
        dom.items("partial"),
        ["L0: a d g (1 of 2)", "L1: b c f (1 of 1)"]
    );

    // Step 11: back at level 0, "a d g" tried, "a d f" (2 of 2) chosen.
    let dom = dom_at(&chrome, &page, "11");
    assert_eq!(dom.state("option-1"), "tried");
    assert_eq!(dom.state("option-3"), "chosen");
    assert_eq!(dom.state("option-2"), "hidden");
    assert_eq!(dom.state("option-5"), "hidden");
    assert_eq!(dom.state("option-4"), "active");
    assert_eq!(dom.state("item-5"), "covered");
    assert_eq!(dom.state("item-6"), "active");
    assert_eq!(dom.items("partial"), ["L0: a d f (2 of 2)"]);

    // Step 16: the solution.
    let dom = dom_at(&chrome, &page, "16");
    assert_eq!(dom.items("solutions"), ["a d f; b g; c e"]);
    for o in [0, 3, 4] {
        assert!(dom.has_class(&format!("option-{o}"), "in-solution"), "{o}");
    }
    for i in 0..7 {
        assert_eq!(dom.state(&format!("item-{i}")), "covered", "item {i}");
    }
    assert_eq!(dom.items("partial").len(), 3);

    // Past the end: clamped to the last step, where everything is restored.
    let dom = dom_at(&chrome, &page, "999");
    assert_eq!(dom.attr_of_body("data-step").as_deref(), Some("22"));
    assert_eq!(dom.text("step-label", "span"), "Step 22 of 22");
    for o in 0..6 {
        assert_eq!(dom.state(&format!("option-{o}")), "active");
    }
    assert_eq!(dom.items("solutions"), ["a d f; b g; c e"]);
}

#[test]
fn buttons_keys_and_slider_move_through_the_steps() {
    let Some(chrome) = chromium() else { return };
    let page = write_page("latin2-driven-source", "latin2", &[]);
    let source = std::fs::read_to_string(&page).unwrap();
    let driver = r#"<script>
(function () {
  var log = [];
  function step() { return document.body.getAttribute('data-step'); }
  function key(k) { document.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })); }
  document.getElementById('next').click(); log.push(step());
  document.getElementById('next').click(); log.push(step());
  key('ArrowRight'); log.push(step());
  key('ArrowLeft'); log.push(step());
  key('End'); log.push(step());
  document.getElementById('prev').click(); log.push(step());
  var s = document.getElementById('slider'); s.value = '7'; s.dispatchEvent(new Event('input')); log.push(step());
  document.getElementById('step-12').click(); log.push(step());
  log.push(location.hash);
  key('Home'); log.push(step());
  document.getElementById('prev').click(); log.push(step());
  var out = document.createElement('div'); out.id = 'test-result'; out.textContent = log.join(',');
  document.body.appendChild(out);
})();
</script>
</body>"#;
    let driven = output_dir().join("trace-latin2-driven.html");
    std::fs::write(&driven, source.replacen("</body>", driver, 1)).unwrap();
    let dom = dom_at(&chrome, &driven, "0");
    // latin2 has 32 steps.
    assert_eq!(
        dom.text("test-result", "div"),
        "1,2,3,2,32,31,7,12,#step=12,0,0"
    );
}

#[test]
fn latin2_and_sudoku4_pages_show_levels_and_solutions() {
    let Some(chrome) = chromium() else { return };
    let page = write_page("latin2", "latin2", &[]);
    // Step 4: p11 r11 c11 at L0, then p12 r12 c22 at L1. Items: p11 p12 p21 p22 r11 r12 r21
    // r22 c11 c12 c21 c22 = 0..11; options (r, c, v) in order: 0 p11 r11 c11, 1 p11 r12 c12,
    // 2 p12 r11 c21, 3 p12 r12 c22, 4 p21 r21 c11, 5 p21 r22 c12, 6 p22 r21 c21,
    // 7 p22 r22 c22.
    let dom = dom_at(&chrome, &page, "4");
    assert_eq!(dom.state("option-0"), "chosen");
    assert_eq!(dom.level("option-0").as_deref(), Some("0"));
    assert_eq!(dom.state("option-3"), "chosen");
    assert_eq!(dom.level("option-3").as_deref(), Some("1"));
    assert_eq!(dom.state("option-2"), "hidden");
    assert_eq!(dom.level("option-2").as_deref(), Some("0"));
    assert_eq!(dom.state("option-7"), "hidden");
    assert_eq!(dom.level("option-7").as_deref(), Some("1"));
    assert_eq!(
        dom.level("item-11").as_deref(),
        Some("1"),
        "c22 covered at L1"
    );
    assert_eq!(dom.state("item-2"), "active", "p21 still to do");
    assert!(dom
        .tag("item-0")
        .contains("title=\"p11 (primary): cell (1,1) is filled\""));
    let dom = dom_at(&chrome, &page, "32");
    assert_eq!(
        dom.items("solutions"),
        [
            "p11 r11 c11; p12 r12 c22; p21 r22 c12; p22 r21 c21",
            "p11 r12 c12; p12 r11 c21; p21 r21 c11; p22 r22 c22"
        ]
    );
    assert!(dom
        .text("status", "div")
        .contains("Solutions so far: 2 (of 2 in this trace)"));

    // A truncated trace says so.
    let page = write_page("sudoku4-truncated", "sudoku4", &["--max-steps", "10"]);
    let dom = dom_at(&chrome, &page, "10");
    assert_eq!(dom.text("step-label", "span"), "Step 10 of 10");
    assert!(dom
        .text("truncated", "p")
        .starts_with("Only the first 10 steps of this search are shown"));
    assert_eq!(dom.attr("truncated", "hidden"), None);
    assert_eq!(dom.items("partial").len(), 5);
}

#[test]
fn screenshot_of_a_step() {
    let Some(chrome) = chromium() else { return };
    let page = write_page("toy-screenshot", "toy", &[]);
    let shot = output_dir().join("trace-toy-step6.png");
    let _ = std::fs::remove_file(&shot);
    run_browser(
        &chrome,
        &[
            format!("--screenshot={}", shot.display()),
            "--window-size=1280,1000".to_string(),
        ],
        &file_url(&page, "#step=6"),
    );
    let png = std::fs::read(&shot).expect("a screenshot was written");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    assert!(png.len() > 10_000, "the screenshot is suspiciously small");
    eprintln!("screenshot: {}", shot.display());
}

/// Writes the page of `dlx gen ARGS | dlx trace - --format html EXTRA` as
/// `trace-{name}.html` and returns its path.
fn write_gen_page(name: &str, gen: &[&str], extra: &[&str]) -> PathBuf {
    let problem = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .arg("gen")
        .args(gen)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."))
        .output()
        .expect("run dlx gen");
    assert!(problem.status.success(), "dlx gen {gen:?} failed");
    let path = output_dir().join(format!("trace-{name}.html"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(["trace", "-", "--format", "html", "-o"])
        .arg(&path)
        .args(extra)
        .stdin(Stdio::piped())
        .spawn()
        .expect("run dlx trace");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(&problem.stdout)
        .expect("write the problem");
    assert!(child.wait().expect("wait").success(), "dlx trace failed");
    path
}

/// Runs `script` (the body of a function that returns a string) in a copy of `page`
/// opened at `#step=STEP` in a window `width` pixels wide, and returns what it returned.
fn drive(chrome: &Path, page: &Path, step: &str, width: u32, script: &str) -> String {
    let source = std::fs::read_to_string(page).unwrap();
    let driver = format!(
        "<script>\n(function () {{\n  var result = (function () {{\n{script}\n  }})();\n  \
         var out = document.createElement('div'); out.id = 'test-result';\n  \
         out.textContent = String(result); document.body.appendChild(out);\n}})();\n\
         </script>\n</body>"
    );
    let name = page.file_stem().unwrap().to_string_lossy();
    let driven = output_dir().join(format!("{name}-driven-{width}.html"));
    std::fs::write(&driven, source.replacen("</body>", &driver, 1)).unwrap();
    let url = file_url(&driven, &format!("#step={step}"));
    let html = run_browser(
        chrome,
        &[
            "--dump-dom".to_string(),
            format!("--window-size={width},900"),
        ],
        &url,
    );
    Dom(html).text("test-result", "div")
}

/// How many times `needle` occurs in the DOM.
impl Dom {
    fn count(&self, needle: &str) -> usize {
        self.0.matches(needle).count()
    }

    /// An attribute of `<body>`.
    fn attr_of_body(&self, name: &str) -> Option<String> {
        let at = self.0.find("<body")?;
        let tag = &self.0[at..at + self.0[at..].find('>')?];
        let needle = format!(" {name}=\"");
        let start = tag.find(&needle)? + needle.len();
        Some(tag[start..start + tag[start..].find('"')?].to_string())
    }

    /// How many of the puzzle's marks have this role.
    fn marks(&self, role: &str) -> usize {
        let needle = format!("data-role=\"{role}\"");
        self.0
            .split("<g class=\"mark\"")
            .skip(1)
            .filter(|t| t[..t.find('>').unwrap_or(t.len())].contains(&needle))
            .count()
    }
}

/// Four queens (secondary items): the board fills in, the links and the tree follow the
/// search, and a dead end is not a solution. Options are the squares row by row (option
/// 4r + c is a queen on row r + 1, column c + 1); items r1..r4 are 0..3.
#[test]
fn queens4_page_draws_the_board_the_links_and_the_tree() {
    let Some(chrome) = chromium() else { return };
    let page = write_page("queens4", "queens4", &[]);
    // Step 13: queens on (1,1), (2,4), (3,2); r4 has no option left.
    let dom = dom_at(&chrome, &page, "13");
    assert_eq!(
        dom.attr("status", "data-status").as_deref(),
        Some("dead-end")
    );
    assert!(dom.text("status", "div").contains("dead end"));
    assert_eq!(dom.marks("placed"), 3);
    for option in [0, 7, 9] {
        assert!(
            dom.0
                .contains(&format!("data-option=\"{option}\" data-role=\"placed\"")),
            "queen of option {option} on the board"
        );
    }
    assert_eq!(
        dom.text("len-6", "th"),
        "0",
        "c3 has no options left either"
    );
    assert_eq!(
        dom.text("len-3", "th"),
        "",
        "r4, chosen, is no longer active"
    );
    assert_eq!(dom.text("updates", "b"), "74");
    assert!(dom
        .text("updates-detail", "span")
        .contains("57 nodes hidden + 17 items covered"));
    assert_eq!(
        dom.attr("tree-node-4", "data-kind").as_deref(),
        Some("dead-end")
    );
    assert!(dom.has_class("tree-node-4", "current"));
    assert_eq!(dom.count("class=\"node current"), 1, "one current node");
    // Secondary items: the diagonals are in the matrix, after the primary ones.
    assert!(dom.tag("item-8").contains("a1"));
    // The page's own model of the links agrees with the trace's item lengths.
    assert!(dom.0.contains("data-links-check=\"ok\""));

    // The end: two solutions in the tree, dead ends marked apart from them.
    let dom = dom_at(&chrome, &page, "68");
    assert_eq!(dom.count("data-kind=\"solution\" tabindex"), 2);
    assert!(dom.count("data-kind=\"dead-end\" tabindex") >= 2);
    assert_eq!(dom.items("solutions").len(), 2);
    assert_eq!(dom.text("updates", "b"), "237");

    // At a solution: the status says so, and the four queens are drawn as the solution.
    let first_solution = drive(
        &chrome,
        &page,
        "0",
        1280,
        "for (var s = 0; s < 68; s++) { document.getElementById('next').click();
           if (document.getElementById('status').getAttribute('data-status') === 'solution') break; }
         return document.body.getAttribute('data-step') + ' ' +
           document.querySelectorAll('#puzzle .mark[data-role=\"solution\"]').length + ' ' +
           document.querySelectorAll('#puzzle .mark[data-role=\"placed\"]').length;",
    );
    let parts: Vec<&str> = first_solution.split(' ').collect();
    assert_eq!(
        parts[1..],
        ["4", "0"],
        "at step {}: {first_solution}",
        parts[0]
    );
}

/// The legend draws what the page draws, each entry differently; dead ends and solutions
/// are told apart by colour and by word; level tints never repeat.
#[test]
fn legend_states_and_level_colours_are_distinct() {
    let Some(chrome) = chromium() else { return };
    let page = write_gen_page("queens8", &["queens", "8"], &["--max-steps", "2000"]);
    let result = drive(
        &chrome,
        &page,
        "2000",
        1280,
        "var sw = Array.prototype.map.call(document.querySelectorAll('#legend .sw'),
            function (e) { return e.innerHTML; });
         var distinct = new Set(sw).size === sw.length;
         var hues = new Map(), clash = [];
         document.querySelectorAll('#tree .node[data-kind=\"choose\"]').forEach(function (n) {
           var level = /L(\\d+)/.exec(n.getAttribute('aria-label'))[1];
           var tint = n.style.getPropertyValue('--lvl');
           var hue = parseFloat(/hsl\\(([\\d.]+)/.exec(tint)[1]);
           if (hues.has(level) && hues.get(level) !== hue) clash.push('level ' + level + ' two tints');
           hues.set(level, hue);
         });
         var seen = new Map();
         hues.forEach(function (h, l) {
           if (seen.has(h)) clash.push('levels ' + seen.get(h) + ' and ' + l + ' share hue ' + h);
           seen.set(h, l);
           if (h < 28 || h > 340 || (h > 85 && h < 165)) clash.push('level ' + l + ' hue ' + h + ' is red or green');
         });
         var words = Array.prototype.map.call(document.querySelectorAll('#legend span'),
            function (e) { return e.textContent; }).join('|');
         return [sw.length, distinct, hues.size, clash.join(';') || 'none',
                 /dead end/.test(words), /solution/.test(words)].join(' ');",
    );
    let parts: Vec<&str> = result.split(' ').collect();
    assert!(parts[0].parse::<usize>().unwrap() >= 8, "{result}");
    assert_eq!(
        parts[1], "true",
        "legend swatches are all different: {result}"
    );
    assert!(
        parts[2].parse::<usize>().unwrap() >= 8,
        "levels seen: {result}"
    );
    assert_eq!(parts[3..], ["none", "true", "true"], "{result}");
}

/// A 9×9 Sudoku's matrix (256 columns) scrolls inside its panel without widening the page,
/// keeps its headers in view, zooms, opens showing only what is active (at full size) and
/// shows the whole on request; the tree and the keys work.
#[test]
fn a_wide_matrix_fits_zooms_and_shows_only_what_is_active() {
    let Some(chrome) = chromium() else { return };
    let page = write_gen_page(
        "sudoku9",
        &["sudoku", "examples/sudoku/classic.txt", "--puzzle", "1"],
        &["--max-steps", "300"],
    );
    let result = drive(
        &chrome,
        &page,
        "40",
        1400,
        "var wrap = document.getElementById('matrix-wrap'), table = document.getElementById('matrix');
         var fits = document.documentElement.scrollWidth <= window.innerWidth + 1;
         var th = table.querySelector('thead th');
         var sticky = getComputedStyle(th).position === 'sticky';
         function shown() { return Array.prototype.filter.call(table.querySelectorAll('thead th[id^=\"item-\"]'),
           function (e) { return getComputedStyle(e).display !== 'none'; }).length; }
         function rows() { return Array.prototype.filter.call(table.querySelectorAll('tr[id^=\"option-\"]'),
           function (e) { return getComputedStyle(e).display !== 'none'; }).length; }
         var opened = document.getElementById('active-only').getAttribute('aria-pressed');
         var z0 = document.body.getAttribute('data-zoom');
         var before = [shown(), rows()];
         document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
         var after = [shown(), rows()];
         var pressed = document.getElementById('active-only').getAttribute('aria-pressed');
         document.getElementById('zoom-in').click();
         var z1 = document.body.getAttribute('data-zoom');
         document.getElementById('tree-node-2').dispatchEvent(new MouseEvent('click', { bubbles: true }));
         var step = document.body.getAttribute('data-step');
         var hasPicture = document.querySelectorAll('#puzzle .mark').length;

         return [fits, sticky, after[0], after[0] > before[0], after[1] > before[1],
                 opened + '/' + pressed + '/' + z0,
                 parseFloat(z1) > parseFloat(z0), step === document.getElementById('tree-node-2').getAttribute('data-step'),
                 hasPicture].join(' ');",
    );
    let parts: Vec<&str> = result.split(' ').collect();
    assert_eq!(
        parts[0..2],
        ["true", "true"],
        "the page does not overflow; sticky headers: {result}"
    );
    assert!(parts[2].parse::<usize>().unwrap() > 200, "{result}");
    // A matrix this large opens showing only what is active, at full size (issue 41); the
    // key `a` shows the whole again.
    assert_eq!(
        parts[3..8],
        ["true", "true", "true/false/1", "true", "true"],
        "opened active only at 100 %, the whole on `a`, zoom, tree click: {result}"
    );
    assert!(
        parts[8].parse::<usize>().unwrap() > 0,
        "the grid is drawn: {result}"
    );
}

/// "Links one at a time" plays a step unlink by unlink, with the list it changes drawn, and
/// the update count moves one at a time.
#[test]
fn links_one_at_a_time_play_a_cover() {
    let Some(chrome) = chromium() else { return };
    let page = write_page("latin2-dance", "latin2", &[]);
    let result = drive(
        &chrome,
        &page,
        "1",
        1280,
        "function key(k) { document.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })); }
         function updates() { return Number(document.getElementById('updates').textContent); }
         key('d');
         var u0 = updates(), seen = [];
         var drawn = 0, label = '';
         for (var n = 0; n < 6; n++) {
           key('ArrowRight');
           seen.push(document.body.getAttribute('data-step') + ':' + document.body.getAttribute('data-link') + ':' + updates());
           if (n === 2) {
             drawn = document.getElementById('list-view').innerHTML.length;
             label = document.getElementById('dance-label').textContent;
           }
         }
         return u0 + ' ' + seen.join(',') + ' ' + drawn + ' ' + (label.length > 0);",
    );
    // Step 2 tries p11 r11 c11: it covers r11 and c11 (after p11 at step 1: 5 updates).
    let parts: Vec<&str> = result.split(' ').collect();
    assert_eq!(parts[0], "5", "{result}");
    let seen: Vec<&str> = parts[1].split(',').collect();
    assert_eq!(seen[0], "1:1:6", "{result}");
    assert_eq!(seen[1], "1:2:7", "{result}");
    // Step 2's six unlinkings (r11 and c11, and the nodes of the options they hide), then
    // step 2 itself.
    assert_eq!(seen[5], "2:0:11", "{result}");
    assert_eq!(parts[3], "true", "the link being played is named: {result}");
}

/// On a phone-sized window the page does not scroll sideways (the matrix scrolls in its own
/// panel), and every control can be reached with the keyboard.
#[test]
fn the_page_reads_on_a_phone_and_by_keyboard() {
    let Some(chrome) = chromium() else { return };
    let page = write_page("sudoku4-phone", "sudoku4", &[]);
    let result = drive(
        &chrome,
        &page,
        "6",
        390,
        "var wide = document.documentElement.scrollWidth <= window.innerWidth + 1;
         var controls = document.querySelectorAll('button, input, [tabindex]');
         var unreachable = Array.prototype.filter.call(controls, function (e) { return e.tabIndex < 0; }).length;
         var puzzle = document.getElementById('puzzle').getBoundingClientRect().width <= window.innerWidth;
         return [wide, controls.length > 10, unreachable, puzzle].join(' ');",
    );
    assert_eq!(result, "true true 0 true");
    let shot = output_dir().join("trace-sudoku4-phone.png");
    run_browser(
        &chrome,
        &[
            format!("--screenshot={}", shot.display()),
            "--window-size=390,1600".to_string(),
        ],
        &file_url(&page, "#step=6"),
    );
    assert!(std::fs::read(&shot).is_ok_and(|png| png.starts_with(b"\x89PNG")));
}

/// Problems from `dlx gen` get their puzzle drawn: one mark group per option.
#[test]
fn gen_problems_are_drawn() {
    let Some(chrome) = chromium() else { return };
    for (name, gen) in [
        ("gen-queens5", &["queens", "5"][..]),
        ("gen-langford4", &["langford", "4"][..]),
        (
            "gen-pent3x20",
            &["pentomino", "3x20", "--symmetry-break"][..],
        ),
    ] {
        let page = write_gen_page(name, gen, &["--max-steps", "200"]);
        let dom = dom_at(&chrome, &page, "2");
        assert!(dom.count("class=\"mark\"") > 10, "{name}: no marks");
        assert_eq!(
            dom.marks("placed") + dom.marks("current"),
            1,
            "{name}: the option tried at step 2 is drawn"
        );
    }
}

/// On a 1440×900 screen the search tree's drawing is in view when the page opens: its
/// panel at the top of the last column, beside the puzzle (under the puzzle it began below
/// the fold), the whole scrolling box of the drawing within the window.
#[test]
fn the_tree_is_in_view_on_a_laptop_screen() {
    let Some(chrome) = chromium() else { return };
    let pages = [
        write_page("queens4-laptop", "queens4", &[]),
        write_page("sudoku4-laptop", "sudoku4", &[]),
        write_gen_page(
            "gen-queens6-laptop",
            &["queens", "6"],
            &["--max-steps", "200"],
        ),
    ];
    for page in pages {
        let result = drive(
            &chrome,
            &page,
            "6",
            1440,
            "var wrap = document.getElementById('tree-wrap').getBoundingClientRect();
             var tree = document.getElementById('tree').getBoundingClientRect();
             var nodes = document.querySelectorAll('#tree .node').length;
             return [wrap.top >= 0, wrap.bottom <= window.innerHeight, wrap.right <= window.innerWidth,
                     tree.height > 50, nodes > 3, window.innerHeight < 900,
                     Math.round(wrap.top), Math.round(wrap.bottom), window.innerHeight].join(' ');",
        );
        assert!(
            result.starts_with("true true true true true true "),
            "{}: the tree's box (in view?, top, bottom, window height): {result}",
            page.display()
        );
    }
}
