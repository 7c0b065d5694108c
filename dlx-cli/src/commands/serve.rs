//! `dlx serve`: the f-puzzles solver, served by dlx. A websocket server that speaks the
//! protocol of the SudokuSolver userscript for f-puzzles (which connects the editor to a
//! solver on `ws://localhost:4545`), so that a setter who presses *Connect* in the editor
//! gets dlx's true candidates, solutions and counts in the page.
//!
//! A request is one text message, `{"nonce": N, "command": C, "dataType": "fpuzzles",
//! "data": "<lz-string base64 of the f-puzzles JSON>"}`; every answer carries the same
//! nonce and a `type`:
//!
//! | command | answer |
//! | --- | --- |
//! | `truecandidates` | `truecandidates`, `solutionsPerCandidate`: solutions per cell and digit, flat, index `(row * size + col) * size + digit - 1`, capped at the puzzle's `truecandidatesoptions` (`truecandidatesnumsolutions=N`, or `colored` for 8; else 1) |
//! | `solve` | `solved`, `solution`: the digits, row by row |
//! | `check` | `count`, `count` up to 2, `inProgress: false` |
//! | `count` | `count`: every solution, with `inProgress: true` messages while it runs |
//! | `cancel` | `canceled` |
//! | `solvepath`, `step`, `estimate` | `invalid`: dlx gives no logical steps nor estimates |
//!
//! `invalid` (with a `message`) also answers a puzzle with no solution, one with a rule
//! dlx does not know (named), data it cannot read, a message that is not such JSON, an
//! unknown command. A new request from a client cancels that client's running one (which
//! answers `canceled`); a client that goes away cancels its own. Every client has its own
//! thread, and every request a worker thread of its own.
//!
//! Tungstenite does the websocket handshake and framing; this module the protocol.

use std::io::Write;
use std::net::{IpAddr, TcpListener, TcpStream};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use dlx_sudoku::variant::{fpuzzles_json, from_fpuzzles, VariantEngine, VariantSolver};
use dlx_sudoku::{First, StopReason};
use serde_json::{json, Value};
use tungstenite::protocol::WebSocketConfig;
use tungstenite::Message;

use super::variant::MAX_VARIANT_SIZE;

/// The largest message taken: 8 MiB. A puzzle's compressed payload is a few kilobytes; the
/// decompressed JSON is bounded by the f-puzzles reader (`MAX_JSON_UNITS`) too.
pub const MAX_MESSAGE_BYTES: usize = 8 << 20;

/// How often a client's thread looks for a message from its client and sends the answers
/// its worker has ready: the delay added to an answer or a cancel, at most.
const POLL: Duration = Duration::from_millis(5);

/// How long a client may take over the websocket handshake.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// How often a running count reports its progress.
const PROGRESS_EVERY: Duration = Duration::from_millis(500);

pub fn run(args: &crate::cli::ServeArgs) -> Result<ExitCode> {
    let host: IpAddr = args.host.parse().map_err(|_| {
        crate::output::InputError::new(format!(
            "--host {}: not an IP address (give 127.0.0.1, ::1, or 0.0.0.0 for every interface)",
            args.host
        ))
    })?;
    let listener = TcpListener::bind((host, args.port))
        .with_context(|| format!("cannot listen on {host} port {}", args.port))?;
    let addr = listener.local_addr()?;
    if !host.is_loopback() {
        eprintln!(
            "dlx: warning: listening on {host}: other machines can reach this solver (the \
             default, 127.0.0.1, takes this machine only)"
        );
    }
    // The address on standard output, flushed, so that a script or a test can read the
    // port the system chose.
    let mut out = std::io::stdout();
    writeln!(out, "dlx serve: listening on ws://{addr}")?;
    out.flush()?;
    serve(listener, args.max_clients as usize)
}

/// Accepts clients for ever, one thread each.
fn serve(listener: TcpListener, max_clients: usize) -> Result<ExitCode> {
    let clients = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        if clients.load(Ordering::SeqCst) >= max_clients {
            drop(stream);
            continue;
        }
        clients.fetch_add(1, Ordering::SeqCst);
        let clients = Arc::clone(&clients);
        thread::spawn(move || {
            client(stream);
            clients.fetch_sub(1, Ordering::SeqCst);
        });
    }
    Ok(ExitCode::SUCCESS)
}

/// A request running: its cancel flag.
struct Running {
    cancel: Arc<AtomicBool>,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// One client: reads its requests, starts a worker for each (cancelling the one before),
/// and sends the workers' answers; when the client goes, its work is cancelled.
fn client(stream: TcpStream) {
    let _ = stream.set_nodelay(true);
    let _ = stream.set_read_timeout(Some(HANDSHAKE_TIMEOUT));
    let config = WebSocketConfig::default()
        .max_message_size(Some(MAX_MESSAGE_BYTES))
        .max_frame_size(Some(MAX_MESSAGE_BYTES));
    let Ok(mut ws) = tungstenite::accept_with_config(stream, Some(config)) else {
        return;
    };
    if ws.get_ref().set_read_timeout(Some(POLL)).is_err() {
        return;
    }
    let (tx, rx): (Sender<String>, Receiver<String>) = mpsc::channel();
    // The request running, cancelled when replaced or dropped (the client gone).
    let mut _running: Option<Running> = None;
    loop {
        // Answers ready first, so that a cancel's answer follows the answer it overtook.
        while let Ok(answer) = rx.try_recv() {
            if ws.send(Message::text(answer)).is_err() {
                return;
            }
        }
        match ws.read() {
            Ok(Message::Text(text)) => {
                _running = None; // a new request cancels the running one
                _running = request(text.as_str(), &tx);
            }
            Ok(Message::Binary(_)) => {
                let answer = invalid(None, "binary messages are not understood: send JSON text");
                if ws.send(Message::text(answer)).is_err() {
                    return;
                }
            }
            Ok(Message::Close(_)) => {
                // Answered by tungstenite; the loop ends when the socket is closed.
            }
            Ok(_) => {} // pings are answered by tungstenite
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock
                        | std::io::ErrorKind::TimedOut
                        | std::io::ErrorKind::Interrupted
                ) =>
            {
                let _ = ws.flush();
            }
            Err(tungstenite::Error::Capacity(e)) => {
                let message = format!(
                    "message refused: {e} (the largest taken is {} MiB)",
                    MAX_MESSAGE_BYTES >> 20
                );
                let _ = ws.send(Message::text(invalid(None, &message)));
                let _ = ws.close(None);
                let _ = ws.flush();
                return;
            }
            // Gone (closed, reset, a protocol error): `running` is dropped, which cancels
            // the work.
            Err(_) => return,
        }
    }
}

/// A request's fields.
struct Request {
    nonce: Value,
    command: String,
    data: String,
}

/// Starts a request: answers at once what needs no search (a cancel, an error), else
/// starts its worker and returns its handle.
fn request(text: &str, tx: &Sender<String>) -> Option<Running> {
    let req = match parse(text) {
        Ok(r) => r,
        Err((nonce, message)) => {
            let _ = tx.send(invalid(nonce.as_ref(), &message));
            return None;
        }
    };
    let nonce = req.nonce.clone();
    let reply = |m: String| {
        let _ = tx.send(m);
    };
    match req.command.as_str() {
        "cancel" => {
            reply(answer(&nonce, "canceled", json!({})));
            None
        }
        "truecandidates" | "solve" | "check" | "count" => {
            let cancel = Arc::new(AtomicBool::new(false));
            let (flag, tx) = (Arc::clone(&cancel), tx.clone());
            thread::spawn(move || work(req, flag, tx));
            Some(Running { cancel })
        }
        "solvepath" | "step" => {
            reply(invalid(
                Some(&nonce),
                "dlx gives no logical steps: it searches (dancing links and clause learning) \
                 rather than reasoning as a solver does; use True Candidates, Solve, Check or \
                 Count",
            ));
            None
        }
        "estimate" => {
            reply(invalid(
                Some(&nonce),
                "dlx does not estimate counts; use Count for the exact number",
            ));
            None
        }
        other => {
            reply(invalid(
                Some(&nonce),
                &format!(
                    "unknown command {other:?}: dlx answers truecandidates, solve, check, \
                     count and cancel"
                ),
            ));
            None
        }
    }
}

/// Reads a request; on failure the nonce if one could be read, and what was wrong.
fn parse(text: &str) -> Result<Request, (Option<Value>, String)> {
    let v: Value = serde_json::from_str(text).map_err(|e| {
        (
            None,
            format!("the message is not JSON ({e}): expected {{\"nonce\", \"command\", \"dataType\", \"data\"}}"),
        )
    })?;
    let Some(o) = v.as_object() else {
        return Err((None, "the message is not a JSON object".to_string()));
    };
    let nonce = o.get("nonce").cloned();
    let fail = |m: &str| (nonce.clone(), m.to_string());
    let Some(nonce_value) = nonce.clone().filter(|n| n.is_number()) else {
        return Err(fail("the message has no numeric \"nonce\""));
    };
    let Some(command) = o.get("command").and_then(Value::as_str) else {
        return Err(fail("the message has no \"command\""));
    };
    let data = match command {
        "cancel" | "solvepath" | "step" | "estimate" => String::new(),
        _ if !["truecandidates", "solve", "check", "count"].contains(&command) => String::new(),
        _ => {
            match o.get("dataType").and_then(Value::as_str) {
                Some("fpuzzles") => {}
                Some(other) => {
                    return Err(fail(&format!(
                        "dataType {other:?} is not understood: dlx reads \"fpuzzles\""
                    )))
                }
                None => return Err(fail("the message has no \"dataType\"")),
            }
            let Some(data) = o.get("data").and_then(Value::as_str) else {
                return Err(fail(
                    "the message has no \"data\" (the compressed f-puzzles puzzle)",
                ));
            };
            data.to_string()
        }
    };
    Ok(Request {
        nonce: nonce_value,
        command: command.to_string(),
        data,
    })
}

/// An answer: the nonce, the type and the fields.
fn answer(nonce: &Value, kind: &str, fields: Value) -> String {
    let mut o = json!({ "nonce": nonce, "type": kind });
    if let (Some(o), Value::Object(fields)) = (o.as_object_mut(), fields) {
        o.extend(fields);
    }
    o.to_string()
}

/// An `invalid` answer (with the nonce when the request had one).
fn invalid(nonce: Option<&Value>, message: &str) -> String {
    let mut o = json!({ "type": "invalid", "message": message });
    if let Some(n) = nonce {
        o["nonce"] = n.clone();
    }
    o.to_string()
}

/// The cap on solutions per candidate the puzzle's `truecandidatesoptions` asks for:
/// `truecandidatesnumsolutions=N`, or `colored` (8); else 1.
fn candidate_cap(json: &Value) -> u32 {
    let mut cap = 1;
    for option in json
        .get("truecandidatesoptions")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
    {
        if option == "colored" {
            cap = cap.max(8);
        }
        if let Some(n) = option.strip_prefix("truecandidatesnumsolutions=") {
            if let Ok(n) = n.trim().parse::<u32>() {
                cap = n.clamp(1, 1000);
            }
        }
    }
    cap
}

/// Runs one request on its own thread, sending its answer (or `canceled`).
fn work(req: Request, cancel: Arc<AtomicBool>, tx: Sender<String>) {
    let nonce = req.nonce.clone();
    let message = match run_request(&req, &cancel, &tx) {
        Ok(m) => m,
        Err(message) => invalid(Some(&nonce), &message),
    };
    let _ = tx.send(message);
}

/// The answer to a request that needs the puzzle.
fn run_request(
    req: &Request,
    cancel: &Arc<AtomicBool>,
    tx: &Sender<String>,
) -> Result<String, String> {
    let nonce = &req.nonce;
    let json_text = fpuzzles_json(&req.data).map_err(|e| format!("f-puzzles: {e}"))?;
    let raw: Value =
        serde_json::from_str(&json_text).map_err(|e| format!("f-puzzles: not JSON: {e}"))?;
    if let Some(size) = raw.get("size").and_then(Value::as_u64) {
        if size as usize > MAX_VARIANT_SIZE {
            return Err(format!(
                "a {size}×{size} grid: the largest dlx takes is {MAX_VARIANT_SIZE}×{MAX_VARIANT_SIZE}"
            ));
        }
    }
    let imported = from_fpuzzles(&json_text).map_err(|e| format!("f-puzzles: {e}"))?;
    let puzzle = imported.puzzle;
    let n = puzzle.size();
    let canceled = || answer(nonce, "canceled", json!({}));
    let solver = VariantSolver::new(&puzzle)
        .map_err(|e| e.to_string())?
        .with_cancel_flag(Arc::clone(cancel));
    match req.command.as_str() {
        "truecandidates" => {
            let tc = solver.true_candidates(candidate_cap(&raw));
            if !tc.is_complete() {
                return Ok(canceled());
            }
            if tc.solutions() == 0 {
                return Err("No solutions found.".to_string());
            }
            Ok(answer(
                nonce,
                "truecandidates",
                json!({ "solutionsPerCandidate": tc.counts() }),
            ))
        }
        "solve" => match solver.first() {
            First::Found(s) => {
                let digits: Vec<u8> = s.grid.values().to_vec();
                debug_assert_eq!(digits.len(), n * n);
                Ok(answer(nonce, "solved", json!({ "solution": digits })))
            }
            First::NoSolution => Err("No solutions found.".to_string()),
            First::Incomplete(_) => Ok(canceled()),
        },
        "check" => {
            let count = solver.count(Some(2));
            if count.stop.is_some_and(|s| s != StopReason::SolutionLimit) {
                return Ok(canceled());
            }
            Ok(answer(
                nonce,
                "count",
                json!({ "count": count.solutions, "inProgress": false }),
            ))
        }
        _ => {
            // Count every solution: dancing links, the faster engine to count many.
            let solver = solver.with_engine(VariantEngine::DancingLinks);
            let mut last = Instant::now();
            let mut found = 0u64;
            let (count, _) = solver.count_each(None, |_| {
                found += 1;
                if last.elapsed() >= PROGRESS_EVERY {
                    last = Instant::now();
                    let _ = tx.send(answer(
                        nonce,
                        "count",
                        json!({ "count": found, "inProgress": true }),
                    ));
                }
                true
            });
            if count.stop.is_some() {
                return Ok(canceled());
            }
            Ok(answer(
                nonce,
                "count",
                json!({ "count": count.solutions, "inProgress": false }),
            ))
        }
    }
}

/// Not a test of the server (see `tests/serve.rs`): of the pieces it reads requests with.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_follows_the_options() {
        assert_eq!(candidate_cap(&json!({})), 1);
        assert_eq!(
            candidate_cap(&json!({"truecandidatesoptions": ["colored"]})),
            8
        );
        let n = json!({"truecandidatesoptions": ["truecandidatesnumsolutions=5", "logical"]});
        assert_eq!(candidate_cap(&n), 5);
    }

    #[test]
    fn requests_are_read_or_refused_with_a_reason() {
        assert!(parse("{").is_err());
        let (nonce, message) = parse(r#"{"nonce": 3, "command": "solve"}"#).err().unwrap();
        assert_eq!(nonce, Some(json!(3)));
        assert!(message.contains("dataType"), "{message}");
        let r = parse(r#"{"nonce": 4, "command": "cancel"}"#).ok().unwrap();
        assert_eq!((r.nonce, r.command.as_str()), (json!(4), "cancel"));
        let a = answer(&json!(7), "count", json!({"count": 2}));
        let v: Value = serde_json::from_str(&a).unwrap();
        assert_eq!(v, json!({"nonce": 7, "type": "count", "count": 2}));
    }
}
