//! Documented on [`Checkpoint`], which this private module defines.

use std::io::Read;
use std::path::Path;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::engine::{Auto, Counters, DenseError, EngineChoice, Limits, Step};
use crate::links::arena::Arena;
use crate::links::Links;
use crate::problem::Problem;
use crate::unit::{TreePosition, Unit, UnitError, UnitRecord, UnitSearch};
use std::cmp::Ordering;

/// The checkpoint format's version. Version 2 added `until` (where each record ends), so
/// that a checkpoint can be checked to cover the tree exactly once; version 3 the
/// `digest` over the records, so that a hand-edited file is refused.
pub const CHECKPOINT_VERSION: u32 = 3;

/// The largest checkpoint file [`Checkpoint::load`] reads (256 MiB): a run writes a few
/// records per thread, so a larger file is not one of ours.
pub const MAX_CHECKPOINT_BYTES: u64 = 256 << 20;

/// A stable name for a problem: FNV-1a (64 bits) of its canonical DLX text (items and
/// options as [`format::write`](crate::format::write) writes them), as 16 hex digits.
///
/// ```
/// use dlx_core::{format::parse, problem_hash};
/// let a = parse("A B\nA\nB\n").unwrap();
/// let b = parse("| same problem, other comments\nA  B\nA\nB\n").unwrap();
/// let c = parse("A B\nA B\n").unwrap();
/// assert_eq!(problem_hash(&a), problem_hash(&b));
/// assert_ne!(problem_hash(&a), problem_hash(&c));
/// assert_eq!(problem_hash(&a).len(), 16);
/// ```
pub fn problem_hash(problem: &Problem) -> String {
    let text = crate::format::write(problem).unwrap_or_else(|_| format!("{problem:?}"));
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The state of a run: the units that partition the tree, each finished or to do.
///
/// A checkpoint means the same on both engines (a unit names the same subtree on the links
/// and on the dense engine, see [`UnitSearch`](crate::UnitSearch)), so one written by a run
/// on either engine resumes on either, with the same solutions and nodes. It does not record
/// the engine: the updates of each finished record are the count of the engine that searched
/// it, so a run resumed on the other engine reports updates that mix the two counts.
///
/// ```
/// use dlx_core::{format::parse, Checkpoint};
/// let p = parse("A\nA\n").unwrap();
/// let c = Checkpoint::fresh(&p);
/// c.check(&p).unwrap();
/// assert_eq!(c.totals().unwrap().solutions, 0);
/// assert_eq!(c.pending().count(), 1);
/// ```
///
/// Checkpoints: which units of a run are finished (with their counts) and which are still
/// to do, as versioned JSON, written atomically, naming the problem by a hash of its
/// canonical text.
///
/// A checkpoint is only used once it proves that it covers the search tree exactly once:
/// every record is an interval of the search's order (see [`TreePosition`]), and sorted by
/// their starts each must end where the next begins, from the start of the search to its
/// end. Each unit is replayed on the problem to check that it exists and where it ends, and
/// the counts are added without wrapping. A unit removed, repeated or added, or a unit of
/// another split, is refused.
///
/// A finished record's counts, and where a finished record ends when that is past its own
/// unit (finished neighbours are merged into one record, so the file stays a few records
/// per thread), cannot be checked without searching its part of the tree again. A file
/// therefore carries a digest over its records (their units, ends and counts, and the
/// problem's hash), written by [`Checkpoint::save`] and checked by [`Checkpoint::load`]: a
/// record edited, removed, merged into another or given another end is refused, unless
/// whoever edits it also recomputes the digest ([`Checkpoint::digest`]). The digest is not
/// a secret: it detects damage and hand edits, not a forger who runs this code. A
/// checkpoint built in memory (not read from a file) is trusted for its counts and for the
/// ends of its finished records past their units; everything else is checked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// The format's version ([`CHECKPOINT_VERSION`]).
    pub version: u32,
    /// [`problem_hash`] of the problem.
    pub problem: String,
    /// The units.
    pub units: Vec<UnitRecord>,
}

/// Why a checkpoint could not be used.
///
/// ```
/// use dlx_core::{format::parse, Checkpoint, CheckpointError};
/// let a = parse("A\nA\n").unwrap();
/// let b = parse("B\nB\nB\n").unwrap();
/// let c = Checkpoint::fresh(&a);
/// assert!(matches!(c.check(&b), Err(CheckpointError::OtherProblem { .. })));
/// ```
#[derive(Debug, Error)]
pub enum CheckpointError {
    /// Reading or writing the file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The file is not a checkpoint.
    #[error("{path}: not a dlx checkpoint: {source}")]
    Format {
        /// The file.
        path: String,
        /// What went wrong.
        source: serde_json::Error,
    },
    /// A version this program does not read.
    #[error("checkpoint version {found} is not supported (expected {CHECKPOINT_VERSION})")]
    Version {
        /// The version found.
        found: u32,
    },
    /// The checkpoint was made for another problem.
    #[error(
        "checkpoint is for problem {found}, but this problem is {expected}: refusing to resume"
    )]
    OtherProblem {
        /// The hash of the problem given.
        expected: String,
        /// The hash in the checkpoint.
        found: String,
    },
    /// A checkpoint of a count by symmetry made with another group (or other settings):
    /// its pieces are not the ones this run makes.
    #[error(
        "checkpoint is of the pieces {found} of a count by symmetry, but this run makes the \
         pieces {expected} (another symmetry group?): refusing to resume"
    )]
    OtherPieces {
        /// The digest of the pieces this run makes.
        expected: String,
        /// The digest in the checkpoint.
        found: String,
    },
    /// A record's unit does not exist in this problem's tree.
    #[error("record {index}: unit {unit}: {source}")]
    BadUnit {
        /// The record's number in the file, from 0.
        index: usize,
        /// The unit, as JSON.
        unit: String,
        /// What is wrong with it.
        source: UnitError,
    },
    /// A record ends somewhere it cannot: a unit still to do that does not end where its
    /// unit does, or a record that ends before it starts.
    #[error("record {index}: it says it ends at {until}, but {expected}")]
    BadEnd {
        /// The record's number in the file, from 0.
        index: usize,
        /// Where it says it ends.
        until: TreePosition,
        /// What was expected instead.
        expected: String,
    },
    /// Part of the tree is covered by no record (a unit was removed).
    #[error("the records do not cover the search tree: nothing covers it from {from} to {to} (a unit is missing)")]
    Gap {
        /// Where the uncovered part begins.
        from: TreePosition,
        /// Where the next record begins.
        to: TreePosition,
    },
    /// Part of the tree is covered by two records (a unit repeated, or added).
    #[error(
        "records {first} and {second} both cover the search tree at {at} (a unit is counted twice)"
    )]
    Overlap {
        /// One record's number, from 0.
        first: usize,
        /// The other's.
        second: usize,
        /// Where the second begins.
        at: TreePosition,
    },
    /// The file's records are not those it was written with: its digest is missing or does
    /// not match them (a record edited, removed, merged or given another end by hand).
    #[error("{path}: {reason}: the file was changed after dlx wrote it (a checkpoint is not meant to be edited); refusing to resume")]
    Digest {
        /// The file.
        path: String,
        /// What does not match.
        reason: String,
    },
    /// The counts add up to more than 2⁶⁴ − 1.
    #[error("the counts add up to more than 2^64 - 1")]
    Overflow,
    /// The file is not a regular file (a device, a FIFO, a directory, a symbolic link), or
    /// larger than [`MAX_CHECKPOINT_BYTES`].
    #[error("{path}: {reason}")]
    Refused {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
}

impl Checkpoint {
    /// A checkpoint of a run not yet started: the whole tree, to do.
    ///
    /// See [`Checkpoint`] for an example.
    pub fn fresh(problem: &Problem) -> Checkpoint {
        Self::from_records(
            problem,
            vec![UnitRecord::pending(Unit::Root, 1.0, TreePosition::End)],
        )
    }

    /// A checkpoint of `problem` made of `units`, sorted in the search's order.
    pub(crate) fn from_records(problem: &Problem, mut units: Vec<UnitRecord>) -> Checkpoint {
        units.sort_by_key(|r| r.unit.order_key());
        Checkpoint {
            version: CHECKPOINT_VERSION,
            problem: problem_hash(problem),
            units,
        }
    }

    /// Checks the version, the problem, and that the records cover the problem's search
    /// tree exactly once (see the documentation of [`Checkpoint`]); also that the finished counts add
    /// up without passing 2⁶⁴.
    ///
    /// ```
    /// use dlx_core::{format::parse, split_units, CheckpointError};
    /// let p = parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/q8.dlx"))).unwrap();
    /// let mut plan = split_units(&p, 8);
    /// plan.check(&p).unwrap();
    /// let dropped = plan.units.remove(3);
    /// assert!(matches!(plan.check(&p), Err(CheckpointError::Gap { .. })));
    /// plan.units.insert(3, dropped.clone());
    /// plan.units.push(dropped);
    /// assert!(matches!(plan.check(&p), Err(CheckpointError::Overlap { .. })));
    /// ```
    ///
    /// See also [`CheckpointError`].
    pub fn check(&self, problem: &Problem) -> Result<(), CheckpointError> {
        self.check_header(problem)?;
        self.ends(&Arena::new(problem))?;
        self.totals()?;
        Ok(())
    }

    /// The version and the problem's hash.
    pub(crate) fn check_header(&self, problem: &Problem) -> Result<(), CheckpointError> {
        if self.version != CHECKPOINT_VERSION {
            return Err(CheckpointError::Version {
                found: self.version,
            });
        }
        let expected = problem_hash(problem);
        if self.problem != expected {
            return Err(CheckpointError::OtherProblem {
                expected,
                found: self.problem.clone(),
            });
        }
        Ok(())
    }

    /// Where each record ends, after checking that the records cover the tree of the
    /// problem behind `arena` exactly once: each unit is replayed (it must exist; a unit
    /// still to do must end where its `until` says), then the intervals, sorted by their
    /// starts, must meet end to start from the start of the search to its end.
    pub(crate) fn ends(&self, arena: &Arena) -> Result<Vec<TreePosition>, CheckpointError> {
        let mut ends = Vec::with_capacity(self.units.len());
        for (index, r) in self.units.iter().enumerate() {
            let bad_unit = |source| CheckpointError::BadUnit {
                index,
                unit: serde_json::to_string(&r.unit).unwrap_or_default(),
                source,
            };
            let own_end = r.unit.end_in(arena).map_err(bad_unit)?;
            let end = match (&r.until, r.done.is_some()) {
                (None, _) => own_end,
                (Some(until), false) if *until != own_end => {
                    return Err(CheckpointError::BadEnd {
                        index,
                        until: until.clone(),
                        expected: format!("the unit, still to do, ends at {own_end}"),
                    })
                }
                (Some(until), _) if *until <= r.unit.start() => {
                    return Err(CheckpointError::BadEnd {
                        index,
                        until: until.clone(),
                        expected: format!("the record starts at {}", r.unit.start()),
                    })
                }
                (Some(until), _) => until.clone(),
            };
            ends.push(end);
        }
        check_partition(&self.units, &ends)?;
        Ok(ends)
    }

    /// The sum of the finished units' counts; an error if it would pass 2⁶⁴ − 1.
    ///
    /// See [`Checkpoint`] for an example.
    pub fn totals(&self) -> Result<Counters, CheckpointError> {
        self.units
            .iter()
            .filter_map(|r| r.done)
            .try_fold(Counters::default(), |a, b| a.checked_add(b))
            .ok_or(CheckpointError::Overflow)
    }

    /// The units still to do.
    ///
    /// See [`Checkpoint`] for an example.
    pub fn pending(&self) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(|r| !r.is_done()).map(|r| &r.unit)
    }

    /// True when every unit is finished.
    ///
    /// ```
    /// # use dlx_core::{format::parse, Checkpoint};
    /// let p = parse("A\nA\n").unwrap();
    /// assert!(!Checkpoint::fresh(&p).is_complete());
    /// ```
    pub fn is_complete(&self) -> bool {
        self.units.iter().all(UnitRecord::is_done)
    }

    /// The digest a file of this checkpoint carries: FNV-1a (64 bits, as 16 hex digits) over
    /// the version, the problem's hash and every record in order (its unit, its end and its
    /// counts; not its weight, which only drives progress). It detects damage and hand
    /// edits; it is no secret, so it does not stop a forger who recomputes it.
    ///
    /// ```
    /// use dlx_core::{format::parse, split_units};
    /// let p = parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/q8.dlx"))).unwrap();
    /// let plan = split_units(&p, 8);
    /// let mut edited = plan.clone();
    /// edited.units.pop();
    /// assert_ne!(plan.digest(), edited.digest());
    /// ```
    pub fn digest(&self) -> String {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |bytes: &[u8]| {
            for &b in bytes {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        };
        eat(b"dlx checkpoint\n");
        eat(&self.version.to_le_bytes());
        eat(self.problem.as_bytes());
        eat(b"\n");
        for r in &self.units {
            eat(serde_json::to_string(&r.unit)
                .unwrap_or_default()
                .as_bytes());
            eat(b"|");
            eat(serde_json::to_string(&r.until)
                .unwrap_or_default()
                .as_bytes());
            eat(b"|");
            match r.done {
                None => eat(b"to do"),
                Some(c) => {
                    eat(&c.solutions.to_le_bytes());
                    eat(&c.nodes.to_le_bytes());
                    eat(&c.updates.to_le_bytes());
                }
            }
            eat(b"\n");
        }
        format!("{h:016x}")
    }

    /// Reads a checkpoint file: a regular file of at most [`MAX_CHECKPOINT_BYTES`] (a
    /// device or a FIFO is refused rather than read forever). It is not checked against a
    /// problem yet: see [`check`](Self::check).
    ///
    /// ```
    /// # use dlx_core::{format::parse, Checkpoint};
    /// let p = parse("A\nA\n").unwrap();
    /// let dir = std::env::temp_dir().join(format!("dlx-doc-load-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// let path = dir.join("run.json");
    /// Checkpoint::fresh(&p).save(&path).unwrap();
    /// assert_eq!(Checkpoint::load(&path).unwrap(), Checkpoint::fresh(&p));
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn load(path: &Path) -> Result<Checkpoint, CheckpointError> {
        let name = path.display().to_string();
        let bytes = read_regular(path)?;
        // The version first, so that a file of another version says so rather than fail on
        // a field it does not have.
        let version: VersionOnly =
            serde_json::from_slice(&bytes).map_err(|source| CheckpointError::Format {
                path: name.clone(),
                source,
            })?;
        if version.version != CHECKPOINT_VERSION {
            return Err(CheckpointError::Version {
                found: version.version,
            });
        }
        let file: FileIn =
            serde_json::from_slice(&bytes).map_err(|source| CheckpointError::Format {
                path: name.clone(),
                source,
            })?;
        let c = Checkpoint {
            version: file.version,
            problem: file.problem,
            units: file.units,
        };
        let expected = c.digest();
        match file.digest {
            None => Err(CheckpointError::Digest {
                path: name,
                reason: "it has no digest".into(),
            }),
            Some(d) if d != expected => Err(CheckpointError::Digest {
                path: name,
                reason: format!("its digest {d} does not match its records ({expected})"),
            }),
            Some(_) => Ok(c),
        }
    }

    /// Writes the checkpoint atomically: to a new temporary file beside `path` (created
    /// exclusively, with an unpredictable name, so that nothing planted in the directory is
    /// followed or overwritten), synced, then renamed over `path`, so that a reader (or a
    /// resumed run after `kill -9`) sees either the old checkpoint or the new one, never
    /// half of one. Something at `path` that is not a regular file (a device, a FIFO, a
    /// directory, a symbolic link) is refused, never replaced. Temporary files of this
    /// checkpoint left by a run killed while writing (`.dlx-checkpoint-NAME-*.tmp`) are
    /// removed first. The file carries the [`digest`](Self::digest) of the records.
    ///
    /// See [`load`](Self::load) for an example.
    pub fn save(&self, path: &Path) -> Result<(), CheckpointError> {
        let name = path.display().to_string();
        let file = FileOut {
            version: self.version,
            problem: &self.problem,
            units: &self.units,
            digest: self.digest(),
        };
        let json = serde_json::to_vec(&file).map_err(|source| CheckpointError::Format {
            path: name.clone(),
            source,
        })?;
        write_atomically(path, &json)
    }
}

/// Writes `json` and a newline to `path` atomically (see [`Checkpoint::save`]).
pub(crate) fn write_atomically(path: &Path, json: &[u8]) -> Result<(), CheckpointError> {
    use std::io::Write;
    let name = path.display().to_string();
    let io = |source| CheckpointError::Io {
        path: name.clone(),
        source,
    };
    refuse_unless_regular(path)?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let prefix = temporary_prefix(path);
    remove_stale_temporaries(dir, &prefix);
    let mut tmp = tempfile::Builder::new()
        .prefix(&prefix)
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| io(without_temporary_name(e)))?;
    tmp.write_all(json).map_err(io)?;
    tmp.write_all(b"\n").map_err(io)?;
    tmp.as_file().sync_all().map_err(io)?;
    // Checked again just before the rename, which replaces the name, never what a
    // link points to.
    refuse_unless_regular(path)?;
    tmp.persist(path).map_err(|e| io(e.error))?;
    // The rename itself is durable once the directory is synced (best effort: not
    // every file system lets a directory be opened for that).
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Reads the file at `path`: a regular file of at most [`MAX_CHECKPOINT_BYTES`] (a device
/// or a FIFO is refused rather than read forever).
pub(crate) fn read_regular(path: &Path) -> Result<Vec<u8>, CheckpointError> {
    let name = path.display().to_string();
    let io = |source| CheckpointError::Io {
        path: name.clone(),
        source,
    };
    // Looked at before opening: opening a FIFO would wait for a writer.
    let not_regular = || CheckpointError::Refused {
        path: name.clone(),
        reason: "not a regular file".into(),
    };
    if !std::fs::metadata(path).map_err(io)?.is_file() {
        return Err(not_regular());
    }
    let file = std::fs::File::open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(CheckpointError::Refused {
            path: name,
            reason: "not a regular file".into(),
        });
    }
    let mut bytes = Vec::new();
    file.take(MAX_CHECKPOINT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_CHECKPOINT_BYTES {
        return Err(CheckpointError::Refused {
            path: name,
            reason: format!(
                "larger than {} MiB: not a dlx checkpoint",
                MAX_CHECKPOINT_BYTES >> 20
            ),
        });
    }
    Ok(bytes)
}

/// The start of the name of a temporary file written for the checkpoint at `path`:
/// `.dlx-checkpoint-NAME-` (NAME the file's name, at most 64 characters of it), so that the
/// leftovers of a run killed while writing can be told from those of other checkpoints.
fn temporary_prefix(path: &Path) -> String {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().chars().take(64).collect::<String>())
        .unwrap_or_default();
    format!(".dlx-checkpoint-{name}-")
}

/// The error of creating a temporary file without the temporary file's name (`tempfile`
/// adds "at path …/.dlx-checkpoint-….tmp"): the error names the checkpoint already, and the
/// name of a file that was never made only repeats it.
fn without_temporary_name(e: std::io::Error) -> std::io::Error {
    let text = e.to_string();
    match text.split_once(" at path ") {
        Some((head, _)) => std::io::Error::new(e.kind(), head.to_string()),
        None => e,
    }
}

/// Removes the temporary files that a run killed while writing the checkpoint left in
/// `dir` (regular files whose name starts with `prefix` and ends in `.tmp`; a link or
/// anything else is left alone). Best effort: a file that cannot be removed stays.
fn remove_stale_temporaries(dir: &Path, prefix: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with(prefix)
            && name.ends_with(".tmp")
            && entry.file_type().is_ok_and(|t| t.is_file())
        {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// A checkpoint as [`Checkpoint::save`] writes it: with its [`Checkpoint::digest`].
#[derive(Serialize)]
struct FileOut<'a> {
    version: u32,
    problem: &'a str,
    units: &'a [UnitRecord],
    digest: String,
}

/// A checkpoint as [`Checkpoint::load`] reads it; the digest is checked there.
#[derive(Deserialize)]
struct FileIn {
    version: u32,
    problem: String,
    units: Vec<UnitRecord>,
    digest: Option<String>,
}

/// Only the version of a checkpoint file.
#[derive(Deserialize)]
struct VersionOnly {
    version: u32,
}

/// Refuses a `path` that exists and is not a regular file (a symbolic link included).
fn refuse_unless_regular(path: &Path) -> Result<(), CheckpointError> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_file() => Ok(()),
        Ok(meta) => Err(CheckpointError::Refused {
            path: path.display().to_string(),
            reason: format!(
                "{} is there, not a regular file: refusing to replace it",
                if meta.file_type().is_symlink() {
                    "a symbolic link"
                } else if meta.is_dir() {
                    "a directory"
                } else {
                    "a device, FIFO or socket"
                }
            ),
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(source) => Err(CheckpointError::Io {
            path: path.display().to_string(),
            source,
        }),
    }
}

/// Checks that the intervals `[start(unit), ends[k])` meet end to start, from the start of
/// the search to its end.
fn check_partition(records: &[UnitRecord], ends: &[TreePosition]) -> Result<(), CheckpointError> {
    let starts: Vec<TreePosition> = records.iter().map(|r| r.unit.start()).collect();
    let mut order: Vec<usize> = (0..records.len()).collect();
    order.sort_by(|&a, &b| starts[a].cmp(&starts[b]).then(a.cmp(&b)));
    let mut reached = TreePosition::At(Vec::new());
    let mut previous: Option<usize> = None;
    for &k in &order {
        match starts[k].cmp(&reached) {
            std::cmp::Ordering::Greater => {
                return Err(CheckpointError::Gap {
                    from: reached,
                    to: starts[k].clone(),
                })
            }
            std::cmp::Ordering::Less => {
                return Err(CheckpointError::Overlap {
                    first: previous.unwrap_or(k),
                    second: k,
                    at: starts[k].clone(),
                })
            }
            std::cmp::Ordering::Equal => {}
        }
        reached = ends[k].clone();
        previous = Some(k);
    }
    if reached != TreePosition::End {
        return Err(CheckpointError::Gap {
            from: reached,
            to: TreePosition::End,
        });
    }
    Ok(())
}
/// Splits the search tree of `problem` into at least `at_least` units to do (fewer only if
/// the tree is smaller), for runs spread over processes or machines. The result is a
/// [`Checkpoint`](Checkpoint): the parts explored while splitting are finished units
/// with their counts; the rest are pending; every record says where it ends, so the
/// records can be checked to cover the tree exactly once. Deterministic: the same problem
/// and number give the same units. The largest pending unit is split first, so units are
/// of similar size; choosing it takes a heap, so a split into `n` units takes
/// `O(n log n)` besides the replays.
///
/// ```
/// use dlx_core::{format::parse, split_units, UnitSearch, Solver};
/// let p = parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/q8.dlx"))).unwrap();
/// let plan = split_units(&p, 10);
/// assert!(plan.pending().count() >= 10);
/// plan.check(&p).unwrap(); // the units partition the tree
/// let mut total = plan.totals().unwrap();
/// for unit in plan.pending() {
///     total += UnitSearch::new(&p, unit).unwrap().count();
/// }
/// let seq = Solver::links(&p).count(); // the units count the links' updates
/// assert_eq!((total.solutions, total.nodes, total.updates),
///            (92, seq.stats.nodes, seq.stats.updates));
/// ```
pub fn split_units(problem: &Problem, at_least: usize) -> Checkpoint {
    split_on(
        problem,
        Auto::Links(Links::from_arena(Arena::new(problem))),
        at_least,
    )
}

/// [`split_units`] with the engine `choice` picks: the same units, positions, weights and
/// nodes and solutions of the parts explored while splitting (the tree is the same); the
/// updates of those parts are that engine's. Fails only when [`EngineChoice::Dense`] is
/// asked for a problem the dense engine cannot take.
///
/// ```
/// use dlx_core::{format::parse, split_units, split_units_with, DenseSolver, EngineChoice, UnitSearch};
/// let p = parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/q8.dlx"))).unwrap();
/// let plan = split_units_with(&p, 10, EngineChoice::Dense).unwrap();
/// let links = split_units(&p, 10);
/// assert_eq!(plan.pending().collect::<Vec<_>>(), links.pending().collect::<Vec<_>>());
/// let mut total = plan.totals().unwrap();
/// for unit in plan.pending() {
///     total += UnitSearch::with_engine(&p, unit, EngineChoice::Dense).unwrap().count();
/// }
/// let seq = DenseSolver::try_new(&p).unwrap().count();
/// assert_eq!((total.solutions, total.nodes, total.updates),
///            (92, seq.stats.nodes, seq.stats.updates));
/// ```
pub fn split_units_with(
    problem: &Problem,
    at_least: usize,
    choice: EngineChoice,
) -> Result<Checkpoint, DenseError> {
    Ok(split_on(problem, choice.build(problem)?, at_least))
}

/// [`split_units`] on `engine`, at the root of `problem`.
fn split_on(problem: &Problem, engine: Auto, at_least: usize) -> Checkpoint {
    use std::collections::BinaryHeap;

    /// A pending unit in the heap: the largest weight first, then the one made first.
    struct Entry {
        weight: f64,
        seq: usize,
        unit: Unit,
        end: TreePosition,
    }
    impl PartialEq for Entry {
        fn eq(&self, other: &Self) -> bool {
            self.cmp(other) == Ordering::Equal
        }
    }
    impl Eq for Entry {}
    impl PartialOrd for Entry {
        fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
            Some(self.cmp(other))
        }
    }
    impl Ord for Entry {
        fn cmp(&self, other: &Self) -> Ordering {
            self.weight
                .total_cmp(&other.weight)
                .then(other.seq.cmp(&self.seq))
        }
    }

    let mut done: Vec<crate::UnitRecord> = Vec::new();
    let mut pending = BinaryHeap::new();
    pending.push(Entry {
        weight: 1.0,
        seq: 0,
        unit: Unit::Root,
        end: TreePosition::End,
    });
    let mut seq = 1;
    while pending.len() < at_least {
        let Some(Entry {
            unit, weight, end, ..
        }) = pending.pop()
        else {
            break;
        };
        let mut us = UnitSearch::from_engine(engine.clone(), &unit)
            .expect("units made by splitting fit their problem");
        us.weight = weight;
        let mut limits = Limits::default();
        loop {
            limits.node_budget = us.counts().nodes + 1;
            match us.run(&limits) {
                Step::Solution => {}
                Step::Exhausted => {
                    done.push(UnitRecord::finished(
                        us.unit.clone(),
                        us.weight,
                        us.counts(),
                        end,
                    ));
                    break;
                }
                Step::Interrupted(_) => {
                    let unit_before = us.unit.clone();
                    let weight_before = us.weight;
                    if let Some(split) = us.split() {
                        // (Nothing is closed when the split comes at the unit's start.)
                        if split.closed_until > unit_before.start() {
                            let weight =
                                weight_before - split.continuing_weight - split.given_weight;
                            done.push(UnitRecord::finished(
                                unit_before,
                                weight.max(0.0),
                                split.closed,
                                split.closed_until,
                            ));
                        }
                        pending.push(Entry {
                            weight: split.continuing_weight,
                            seq,
                            unit: split.continuing,
                            end: split.continuing_end,
                        });
                        pending.push(Entry {
                            weight: split.given_weight,
                            seq: seq + 1,
                            unit: split.given,
                            end: split.given_end,
                        });
                        seq += 2;
                        break;
                    }
                }
            }
        }
        if pending.is_empty() {
            break;
        }
    }
    let mut units = done;
    units.extend(
        pending
            .into_iter()
            .map(|e| UnitRecord::pending(e.unit, e.weight, e.end)),
    );
    Checkpoint::from_records(problem, units)
}
