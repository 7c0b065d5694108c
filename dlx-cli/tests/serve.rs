//! `dlx serve`: the f-puzzles solver protocol, spoken by a real websocket client
//! (tungstenite) to the real binary on 127.0.0.1 at a port the system chose. The messages
//! are those the SudokuSolver userscript sends: the puzzles of `examples/variant/`,
//! exported as f-puzzles JSON and compressed with lz-string as the page compresses them.
//! Every answer type, cancellation (by a new request and by `cancel`), a client that
//! vanishes mid-search, malformed JSON, an oversized message, unknown commands and rules,
//! many clients at once. Every wait is bounded.

use crate::common;

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use dlx_sudoku::sudoku::{Cell, Shape};
use dlx_sudoku::variant::{
    from_fpuzzles, from_toml, to_fpuzzles, VariantEngine, VariantPuzzle, VariantSolver,
};
use serde_json::{json, Value};
use tungstenite::{Message, WebSocket};

/// The longest any answer may take in these tests.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);

/// A `dlx serve` process on an OS-chosen port, killed when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
            .args(["serve", "--port", "0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("dlx serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("the address line");
        let port = line
            .trim()
            .rsplit(':')
            .next()
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("a port in {line:?}"));
        assert!(
            line.contains("ws://127.0.0.1:"),
            "loopback by default: {line}"
        );
        Server { child, port }
    }

    fn connect(&self) -> WebSocket<TcpStream> {
        let stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connects");
        stream.set_read_timeout(Some(ANSWER_TIMEOUT)).unwrap();
        let url = format!("ws://127.0.0.1:{}/", self.port);
        tungstenite::client(url, stream).expect("handshake").0
    }

    /// The server's threads (Linux): 1 when it serves no client.
    fn threads(&self) -> Option<usize> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        status
            .lines()
            .find_map(|l| l.strip_prefix("Threads:"))
            .and_then(|t| t.trim().parse().ok())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A puzzle's payload as the userscript sends it: f-puzzles JSON (with the options it
/// adds), compressed to base64 by lz-string.
fn payload(fpuzzles: &str, options: &[&str]) -> String {
    let mut v: Value = serde_json::from_str(fpuzzles).expect("f-puzzles JSON");
    v["truecandidatesoptions"] = json!(options);
    v["disabledlogic"] = json!([]);
    lz_str::compress_to_base64(&v.to_string())
}

fn example(name: &str) -> String {
    std::fs::read_to_string(common::root().join("examples/variant").join(name)).expect("example")
}

/// The Kropki example, unique, as f-puzzles JSON.
fn kropki() -> String {
    example("kropki-fpuzzles.json")
}

/// The same with half its givens removed (many solutions), exported to f-puzzles JSON.
fn kropki_open() -> String {
    to_fpuzzles(&from_toml(&example("kropki-open.toml")).unwrap()).unwrap()
}

/// An empty grid of size `n` as f-puzzles JSON.
fn empty(n: usize) -> String {
    to_fpuzzles(&VariantPuzzle::new(Shape::for_size(n).unwrap())).unwrap()
}

fn send(ws: &mut WebSocket<TcpStream>, nonce: u64, command: &str, data: &str) {
    let m = json!({"nonce": nonce, "command": command, "dataType": "fpuzzles", "data": data});
    ws.send(Message::text(m.to_string())).expect("sent");
}

/// The next text answer, as JSON.
fn answer(ws: &mut WebSocket<TcpStream>) -> Value {
    let deadline = Instant::now() + ANSWER_TIMEOUT;
    loop {
        assert!(Instant::now() < deadline, "no answer in time");
        let message = match ws.read() {
            Ok(m) => m,
            // A signal arrived during the read (under load, another test's child
            // process): nothing was consumed, read again.
            Err(tungstenite::Error::Io(e)) if e.kind() == std::io::ErrorKind::Interrupted => {
                continue;
            }
            Err(e) => panic!("an answer: {e:?}"),
        };
        match message {
            Message::Text(t) => return serde_json::from_str(t.as_str()).expect("JSON answer"),
            Message::Close(_) => panic!("closed"),
            _ => {}
        }
    }
}

/// The next answer for `nonce` (earlier ones, for requests it overtook, are returned too).
fn answer_for(ws: &mut WebSocket<TcpStream>, nonce: u64) -> (Value, Vec<Value>) {
    let mut before = Vec::new();
    loop {
        let a = answer(ws);
        if a["nonce"] == json!(nonce) {
            return (a, before);
        }
        before.push(a);
    }
}

#[test]
fn every_answer_type() {
    let server = Server::start();
    let mut ws = server.connect();
    let text = kropki();
    // The solution the TOML form of the same puzzle records.
    let solution = from_toml(&example("kropki.toml"))
        .unwrap()
        .solution
        .expect("the file's solution");

    // True candidates of a unique puzzle: its solution, one per cell.
    send(&mut ws, 1, "truecandidates", &payload(&text, &[]));
    let a = answer(&mut ws);
    assert_eq!(
        (a["nonce"].clone(), a["type"].as_str()),
        (json!(1), Some("truecandidates"))
    );
    let counts: Vec<u64> = serde_json::from_value(a["solutionsPerCandidate"].clone()).unwrap();
    assert_eq!(counts.len(), 9 * 9 * 9);
    for k in 0..81 {
        let d = solution.get(Cell::from_index(k, 9)).unwrap() as usize;
        for digit in 1..=9 {
            assert_eq!(
                counts[k * 9 + digit - 1],
                u64::from(digit == d),
                "cell {k} digit {digit}"
            );
        }
    }

    // Coloured (counts up to 8) and counted up to 3 on the open puzzle: the library's
    // counts, from clause learning alone.
    let open = kropki_open();
    let open_puzzle = from_fpuzzles(&open).unwrap().puzzle;
    for (nonce, options, cap) in [
        (2, vec!["colored"], 8),
        (3, vec!["truecandidatesnumsolutions=3", "logical"], 3),
    ] {
        send(&mut ws, nonce, "truecandidates", &payload(&open, &options));
        let a = answer(&mut ws);
        assert_eq!(a["type"], "truecandidates", "{a}");
        let counts: Vec<u32> = serde_json::from_value(a["solutionsPerCandidate"].clone()).unwrap();
        let expected = VariantSolver::new(&open_puzzle)
            .unwrap()
            .with_engine(VariantEngine::ClauseLearning)
            .true_candidates(cap);
        assert_eq!(counts, expected.counts(), "cap {cap}");
        assert!(counts.iter().any(|&c| c > 1) && counts.iter().all(|&c| c <= cap));
    }

    // Solve: a solution, checked by the puzzle's checker.
    send(&mut ws, 4, "solve", &payload(&text, &[]));
    let a = answer(&mut ws);
    assert_eq!(a["type"], "solved", "{a}");
    let digits: Vec<u8> = serde_json::from_value(a["solution"].clone()).unwrap();
    assert_eq!(digits, solution.values());

    // Check counts to 2; count counts all (the 288 grids of 4×4).
    send(&mut ws, 5, "check", &payload(&text, &[]));
    assert_eq!(
        answer(&mut ws),
        json!({"nonce": 5, "type": "count", "count": 1, "inProgress": false})
    );
    send(&mut ws, 6, "check", &payload(&open, &[]));
    assert_eq!(
        answer(&mut ws),
        json!({"nonce": 6, "type": "count", "count": 2, "inProgress": false})
    );
    send(&mut ws, 7, "count", &payload(&empty(4), &[]));
    let (a, _) = answer_for(&mut ws, 7);
    let mut a = a;
    while a["inProgress"] == true {
        a = answer(&mut ws);
    }
    assert_eq!(
        a,
        json!({"nonce": 7, "type": "count", "count": 288, "inProgress": false})
    );

    // Cancel: answered `canceled` with its nonce.
    ws.send(Message::text(
        json!({"nonce": 8, "command": "cancel"}).to_string(),
    ))
    .unwrap();
    assert_eq!(answer(&mut ws), json!({"nonce": 8, "type": "canceled"}));

    // Invalid: no solution, a rule dlx does not know (named), unreadable data, logical
    // steps.
    let mut clash: Value = serde_json::from_str(&empty(4)).unwrap();
    clash["grid"][0][0] = json!({"value": 1, "given": true});
    clash["grid"][0][1] = json!({"value": 1, "given": true});
    send(
        &mut ws,
        9,
        "truecandidates",
        &payload(&clash.to_string(), &[]),
    );
    let a = answer(&mut ws);
    assert_eq!(
        (a["nonce"].clone(), a["type"].as_str()),
        (json!(9), Some("invalid"))
    );
    assert_eq!(a["message"], "No solutions found.");
    send(
        &mut ws,
        10,
        "truecandidates",
        &payload(&example("unsupported-fpuzzles.json"), &[]),
    );
    let a = answer(&mut ws);
    assert_eq!(a["type"], "invalid");
    let unsupported: Value = serde_json::from_str(&example("unsupported-fpuzzles.json")).unwrap();
    let named = unsupported.as_object().unwrap().keys().any(|k| {
        a["message"].as_str().unwrap().contains(k.as_str())
            && k != "size"
            && k != "grid"
            && k != "title"
    });
    assert!(named, "the unknown rule is named: {a}");
    send(&mut ws, 11, "solve", "not a payload at all!");
    let a = answer(&mut ws);
    assert_eq!(
        (a["nonce"].clone(), a["type"].as_str()),
        (json!(11), Some("invalid")),
        "{a}"
    );
    for (nonce, command) in [(12, "solvepath"), (13, "step")] {
        send(&mut ws, nonce, command, &payload(&text, &[]));
        let a = answer(&mut ws);
        assert_eq!(a["type"], "invalid");
        assert!(
            a["message"].as_str().unwrap().contains("no logical steps"),
            "{a}"
        );
    }
}

#[test]
fn bad_messages_are_answered_invalid() {
    let server = Server::start();
    let mut ws = server.connect();
    ws.send(Message::text("{\"nonce\": 1, \"command\": "))
        .unwrap();
    let a = answer(&mut ws);
    assert_eq!(a["type"], "invalid");
    assert!(a["message"].as_str().unwrap().contains("not JSON"), "{a}");
    ws.send(Message::text(
        json!({"nonce": 2, "command": "fly"}).to_string(),
    ))
    .unwrap();
    let a = answer(&mut ws);
    assert_eq!(
        (a["nonce"].clone(), a["type"].as_str()),
        (json!(2), Some("invalid"))
    );
    assert!(
        a["message"]
            .as_str()
            .unwrap()
            .contains("unknown command \"fly\""),
        "{a}"
    );
    let m = json!({"nonce": 3, "command": "solve", "dataType": "sudokupad", "data": ""});
    ws.send(Message::text(m.to_string())).unwrap();
    let a = answer(&mut ws);
    assert!(a["message"].as_str().unwrap().contains("dataType"), "{a}");
    // The connection still serves after all that.
    send(&mut ws, 4, "check", &payload(&kropki(), &[]));
    assert_eq!(answer(&mut ws)["count"], 1);

    // An oversized message: refused with a reason, and the connection closed.
    let big = "x".repeat(9 << 20);
    let _ = ws.send(Message::text(big));
    let deadline = Instant::now() + ANSWER_TIMEOUT;
    let mut refused = false;
    while Instant::now() < deadline {
        match ws.read() {
            Ok(Message::Text(t)) => {
                let a: Value = serde_json::from_str(t.as_str()).unwrap();
                assert_eq!(a["type"], "invalid");
                assert!(a["message"].as_str().unwrap().contains("8 MiB"), "{a}");
                refused = true;
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    assert!(refused, "the oversized message was answered");
    // The server goes on serving others.
    let mut other = server.connect();
    send(&mut other, 1, "check", &payload(&kropki(), &[]));
    assert_eq!(answer(&mut other)["count"], 1);
}

/// A count of the empty 6×6 grid (28,200,960 solutions) runs long: it reports progress,
/// a new request cancels it (answered `canceled`, then the new answer), and so does
/// `cancel`, each within a bounded time.
#[test]
fn cancellation() {
    let server = Server::start();
    let mut ws = server.connect();
    let six = payload(&empty(6), &[]);
    send(&mut ws, 1, "count", &six);
    let a = answer(&mut ws);
    assert_eq!(
        (a["nonce"].clone(), a["inProgress"].clone()),
        (json!(1), json!(true)),
        "{a}"
    );
    assert!(a["count"].as_u64().unwrap() > 0);
    let start = Instant::now();
    send(&mut ws, 2, "check", &payload(&kropki(), &[]));
    let got = answers_until(&mut ws, &[json!(1), json!(2)]);
    assert_eq!(got[1]["count"], 1);
    assert_eq!(
        got[0],
        json!({"nonce": 1, "type": "canceled"}),
        "the count was cancelled"
    );
    assert!(start.elapsed() < Duration::from_secs(10));
    send(&mut ws, 3, "count", &six);
    let a = answer(&mut ws);
    assert_eq!(a["inProgress"], true);
    let start = Instant::now();
    ws.send(Message::text(
        json!({"nonce": 4, "command": "cancel"}).to_string(),
    ))
    .unwrap();
    let got = answers_until(&mut ws, &[json!(3), json!(4)]);
    assert_eq!(got[0], json!({"nonce": 3, "type": "canceled"}));
    assert_eq!(got[1], json!({"nonce": 4, "type": "canceled"}));
    assert!(start.elapsed() < Duration::from_secs(10));
}

/// Reads answers until each nonce of `nonces` has its final one (not a count in progress),
/// in any order; returns them in the order of `nonces`.
fn answers_until(ws: &mut WebSocket<TcpStream>, nonces: &[Value]) -> Vec<Value> {
    let mut got: Vec<Option<Value>> = vec![None; nonces.len()];
    while got.iter().any(Option::is_none) {
        let a = answer(ws);
        if a["inProgress"] == true {
            continue;
        }
        if let Some(k) = nonces.iter().position(|n| n == &a["nonce"]) {
            got[k] = Some(a);
        }
    }
    got.into_iter().flatten().collect()
}

/// A client that vanishes mid-search frees its work: the server's worker and client
/// threads end (Linux: counted in /proc), and other clients are served meanwhile.
#[test]
fn a_vanished_client_frees_its_work() {
    let server = Server::start();
    if server.threads().is_none() {
        eprintln!("NOTICE: no /proc here: thread count not checked");
        return;
    }
    let mut ws = server.connect();
    send(&mut ws, 1, "count", &payload(&empty(9), &[]));
    assert_eq!(answer(&mut ws)["inProgress"], true);
    assert!(server.threads().unwrap() >= 3, "acceptor, client, worker");
    drop(ws);
    let deadline = Instant::now() + Duration::from_secs(20);
    while server.threads() != Some(1) {
        assert!(
            Instant::now() < deadline,
            "the work was not freed: {:?} threads",
            server.threads()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Many clients at once, each with its own puzzle: every one gets its own answer.
#[test]
fn many_clients() {
    let server = Server::start();
    let text = kropki();
    let open = kropki_open();
    let mut clients: Vec<WebSocket<TcpStream>> = (0..8).map(|_| server.connect()).collect();
    for (k, ws) in clients.iter_mut().enumerate() {
        let data = if k % 2 == 0 { &text } else { &open };
        send(ws, 100 + k as u64, "check", &payload(data, &[]));
    }
    for (k, ws) in clients.iter_mut().enumerate() {
        let a = answer(ws);
        assert_eq!(a["nonce"], 100 + k as u64);
        assert_eq!(a["count"], if k % 2 == 0 { 1 } else { 2 });
    }
}

// ---------------------------------------------------------------------------------------
// In a real browser: headless Chromium opens a page that connects to `dlx serve` with the
// browser's own WebSocket, asks for true candidates as the userscript does, and writes them
// into a table; the test reads the table through the DevTools protocol (spoken with the
// same tungstenite client). Runs when DLX_REQUIRE_BROWSER=1 (then a missing Chromium fails)
// or DLX_BROWSER_TESTS=1; otherwise it prints a notice and passes, as the trace page's
// browser tests do.
// ---------------------------------------------------------------------------------------

/// The Chromium binary, or `None` (after a notice) when browser tests were not asked for.
fn chromium() -> Option<std::path::PathBuf> {
    use std::io::Write;
    let required = std::env::var("DLX_REQUIRE_BROWSER").as_deref() == Ok("1");
    if !required && std::env::var("DLX_BROWSER_TESTS").as_deref() != Ok("1") {
        let _ = writeln!(
            std::io::stderr(),
            "NOTICE: skipping dlx serve's browser test: set DLX_BROWSER_TESTS=1 to run it \
             (.ci/run does)"
        );
        return None;
    }
    let from_env = std::env::var_os("DLX_CHROMIUM").map(std::path::PathBuf::from);
    let names = ["chromium", "chromium-browser", "google-chrome", "chrome"];
    let found = from_env.into_iter().chain(names.iter().filter_map(|name| {
        let path = std::env::var_os("PATH")?;
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    }));
    let found = found.into_iter().next();
    if found.is_none() {
        assert!(
            !required,
            "DLX_REQUIRE_BROWSER=1 but no Chromium binary was found on PATH"
        );
        let _ = writeln!(
            std::io::stderr(),
            "NOTICE: skipping dlx serve's browser test: no chromium binary on PATH"
        );
    }
    found
}

/// The page: connects, asks for the true candidates of `payload`, fills a table.
fn page(port: u16, payload: &str, size: usize) -> String {
    format!(
        r#"<!doctype html>
<html><head><meta charset="utf-8"><title>dlx serve test</title></head>
<body><p id="status">connecting</p><table id="grid"></table>
<script>
const size = {size};
const status = document.getElementById("status");
const ws = new WebSocket("ws://127.0.0.1:{port}");
ws.onopen = () => {{
  status.textContent = "asking";
  ws.send(JSON.stringify({{nonce: 1, command: "truecandidates", dataType: "fpuzzles", data: "{payload}"}}));
}};
ws.onerror = () => {{ status.textContent = "error"; }};
ws.onmessage = (m) => {{
  const r = JSON.parse(m.data);
  if (r.nonce !== 1) return;
  if (r.type !== "truecandidates") {{ status.textContent = "answer: " + m.data; return; }}
  const table = document.getElementById("grid");
  for (let row = 0; row < size; row++) {{
    const tr = table.insertRow();
    for (let col = 0; col < size; col++) {{
      const cands = [];
      for (let d = 1; d <= size; d++) {{
        if (r.solutionsPerCandidate[(row * size + col) * size + d - 1] > 0) cands.push(d);
      }}
      tr.insertCell().textContent = cands.join("");
    }}
  }}
  status.textContent = "done";
}};
</script></body></html>
"#
    )
}

/// One DevTools request on `ws` (in `session` if given); its result.
fn devtools(
    ws: &mut WebSocket<TcpStream>,
    id: u64,
    session: Option<&str>,
    method: &str,
    params: Value,
) -> Value {
    let mut m = json!({"id": id, "method": method, "params": params});
    if let Some(s) = session {
        m["sessionId"] = json!(s);
    }
    ws.send(Message::text(m.to_string()))
        .expect("DevTools request");
    loop {
        let a = answer(ws);
        if a["id"] == json!(id) {
            assert!(a.get("error").is_none(), "{method}: {a}");
            return a["result"].clone();
        }
    }
}

#[test]
fn a_browser_shows_the_candidates() {
    let Some(chrome) = chromium() else { return };
    let server = Server::start();
    let open = kropki_open();
    let puzzle = from_fpuzzles(&open).unwrap().puzzle;
    let expected = VariantSolver::new(&puzzle).unwrap().true_candidates(1);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("candidates.html");
    std::fs::write(&path, page(server.port, &payload(&open, &[]), 9)).unwrap();
    let profile = dir.path().join("profile");
    let mut browser = Command::new(chrome)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--remote-debugging-port=0",
            "--remote-debugging-address=127.0.0.1",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("about:blank")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start chromium");
    struct Kill(Child);
    impl Drop for Kill {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let stderr = browser.stderr.take().unwrap();
    let _browser = Kill(browser);
    // "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/ID"
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some(url) = line.strip_prefix("DevTools listening on ") {
                let _ = tx.send(url.trim().to_string());
            }
        }
    });
    let url = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("Chromium's DevTools address");
    let host_port = url
        .strip_prefix("ws://")
        .and_then(|r| r.split('/').next())
        .expect("an address")
        .to_string();
    let stream = TcpStream::connect(&host_port).expect("DevTools connects");
    stream.set_read_timeout(Some(ANSWER_TIMEOUT)).unwrap();
    let mut ws = tungstenite::client(url.as_str(), stream)
        .expect("DevTools handshake")
        .0;
    let file_url = format!("file://{}", path.display());
    let target = devtools(
        &mut ws,
        1,
        None,
        "Target.createTarget",
        json!({"url": file_url}),
    );
    let target_id = target["targetId"].as_str().expect("a target").to_string();
    let attached = devtools(
        &mut ws,
        2,
        None,
        "Target.attachToTarget",
        json!({"targetId": target_id, "flatten": true}),
    );
    let session = attached["sessionId"]
        .as_str()
        .expect("a session")
        .to_string();
    let expression = "JSON.stringify({status: document.getElementById('status') ? \
                      document.getElementById('status').textContent : 'loading', cells: \
                      Array.from(document.querySelectorAll('td')).map(td => td.textContent)})";
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut id = 3;
    let shown = loop {
        let r = devtools(
            &mut ws,
            id,
            Some(&session),
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true}),
        );
        id += 1;
        let value: Value = r["result"]["value"]
            .as_str()
            .and_then(|s| serde_json::from_str(s).ok())
            .unwrap_or(Value::Null);
        if value["status"] == "done" {
            break value;
        }
        assert!(
            !value["status"].as_str().unwrap_or("").starts_with("error")
                && !value["status"].as_str().unwrap_or("").starts_with("answer"),
            "the page says {value}"
        );
        assert!(
            Instant::now() < deadline,
            "the page never showed candidates: {value}"
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    let cells: Vec<String> = serde_json::from_value(shown["cells"].clone()).unwrap();
    assert_eq!(cells.len(), 81);
    for (k, text) in cells.iter().enumerate() {
        let want: String = expected
            .candidates(Cell::from_index(k, 9))
            .iter()
            .map(|d| d.to_string())
            .collect();
        assert_eq!(text, &want, "cell {k}");
    }
}
