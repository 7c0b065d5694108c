//! Checkpoints: which units of a run are finished (with their counts) and which are still
//! to do, as versioned JSON, written atomically, naming the problem by a hash of its
//! canonical text.

use std::path::Path;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::problem::Problem;
use crate::unit::{Unit, UnitCounts};

/// The checkpoint format's version.
pub const CHECKPOINT_VERSION: u32 = 1;

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

/// One unit of a checkpoint and its state.
///
/// ```
/// use dlx_core::{UnitRecord, Unit, UnitCounts};
/// let r = UnitRecord { unit: Unit::Root, weight: 1.0, done: None };
/// assert!(!r.is_done());
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitRecord {
    /// The unit.
    pub unit: Unit,
    /// Its estimated share of the tree (for progress).
    pub weight: f64,
    /// Its counts, once finished; `None` while it is still to do.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub done: Option<UnitCounts>,
}

impl UnitRecord {
    /// True once the unit is finished.
    ///
    /// See [`UnitRecord`] for an example.
    pub fn is_done(&self) -> bool {
        self.done.is_some()
    }
}

/// The state of a run: the units that partition the tree, each finished or to do.
///
/// ```
/// use dlx_core::{format::parse, Checkpoint};
/// let p = parse("A\nA\n").unwrap();
/// let c = Checkpoint::fresh(&p);
/// assert_eq!(c.totals().solutions, 0);
/// assert_eq!(c.pending().count(), 1);
/// ```
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
}

impl Checkpoint {
    /// A checkpoint of a run not yet started: the whole tree, to do.
    ///
    /// See [`Checkpoint`] for an example.
    pub fn fresh(problem: &Problem) -> Checkpoint {
        Checkpoint {
            version: CHECKPOINT_VERSION,
            problem: problem_hash(problem),
            units: vec![UnitRecord {
                unit: Unit::Root,
                weight: 1.0,
                done: None,
            }],
        }
    }

    /// Checks version and problem.
    ///
    /// See [`CheckpointError`] for an example.
    pub fn check(&self, problem: &Problem) -> Result<(), CheckpointError> {
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

    /// The sum of the finished units' counts.
    ///
    /// See [`Checkpoint`] for an example.
    pub fn totals(&self) -> UnitCounts {
        self.units
            .iter()
            .filter_map(|r| r.done)
            .fold(UnitCounts::default(), |a, b| a + b)
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

    /// Reads a checkpoint file.
    ///
    /// ```
    /// # use dlx_core::{format::parse, Checkpoint};
    /// let p = parse("A\nA\n").unwrap();
    /// let path = std::env::temp_dir().join(format!("dlx-doc-{}.json", std::process::id()));
    /// Checkpoint::fresh(&p).save(&path).unwrap();
    /// assert_eq!(Checkpoint::load(&path).unwrap(), Checkpoint::fresh(&p));
    /// # std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn load(path: &Path) -> Result<Checkpoint, CheckpointError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| CheckpointError::Io {
            path: name.clone(),
            source,
        })?;
        let c: Checkpoint = serde_json::from_str(&text)
            .map_err(|source| CheckpointError::Format { path: name, source })?;
        if c.version != CHECKPOINT_VERSION {
            return Err(CheckpointError::Version { found: c.version });
        }
        Ok(c)
    }

    /// Writes the checkpoint atomically: to a temporary file beside `path`, synced, then
    /// renamed over it, so that a reader (or a resumed run after `kill -9`) sees either the
    /// old checkpoint or the new one, never half of one.
    ///
    /// See [`load`](Self::load) for an example.
    pub fn save(&self, path: &Path) -> Result<(), CheckpointError> {
        use std::io::Write;
        let io = |source| CheckpointError::Io {
            path: path.display().to_string(),
            source,
        };
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(format!(".tmp{}", std::process::id()));
        let tmp = std::path::PathBuf::from(tmp);
        let json = serde_json::to_vec(self).expect("a checkpoint serialises");
        let mut file = std::fs::File::create(&tmp).map_err(io)?;
        file.write_all(&json).map_err(io)?;
        file.write_all(b"\n").map_err(io)?;
        file.sync_all().map_err(io)?;
        drop(file);
        std::fs::rename(&tmp, path).map_err(io)?;
        Ok(())
    }
}
