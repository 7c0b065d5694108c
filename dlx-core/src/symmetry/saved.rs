//! Checkpoints of a count by symmetry: which of its pieces ([`Pieces`]) are finished, and
//! their counts. A resumed run makes the same pieces again (the same problem, group and
//! number asked for) and counts only those not finished.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::checkpoint::{read_regular, write_atomically, CheckpointError};
use crate::engine::Counters;

use super::Pieces;

/// The version of the format [`SymmetricCheckpoint`] writes.
pub const SYMMETRY_CHECKPOINT_VERSION: u32 = 1;

/// The state of a count by symmetry: for each piece, its counts once finished.
///
/// ```
/// use dlx_core::format::parse;
/// use dlx_core::problem_hash;
/// use dlx_core::symmetry::{find_group, SymmetricCheckpoint, SymmetricCounter};
/// let p = parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/q8.dlx"))).unwrap();
/// let group = find_group(&p)?;
/// let counter = SymmetricCounter::new(&p, &group).up_to_symmetry(true);
/// let pieces = counter.pieces(40)?;
/// let mut saved = SymmetricCheckpoint::fresh(&problem_hash(&p), &pieces, 40);
/// // The first piece counted, then the run stopped.
/// let first = counter.count_piece(&pieces.pieces[0])?;
/// saved.done[0] = Some(dlx_core::Counters { solutions: first.solutions, nodes: 0, updates: 0 });
/// let path = std::env::temp_dir().join(format!("dlx-sym-doc-{}.json", std::process::id()));
/// saved.save(&path).unwrap();
/// let loaded = SymmetricCheckpoint::load(&path).unwrap();
/// loaded.check(&problem_hash(&p), &counter.pieces(loaded.at_least)?).unwrap();
/// let count = counter.count_pieces(&pieces, &loaded.done, &|_, _| {})?;
/// assert_eq!((count.solutions, count.up_to_symmetry), (92, Some(12)));
/// # std::fs::remove_file(&path).unwrap();
/// # Ok::<(), dlx_core::symmetry::SymmetryError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SymmetricCheckpoint {
    /// The format's version ([`SYMMETRY_CHECKPOINT_VERSION`]).
    pub dlx_symmetry_checkpoint: u32,
    /// The problem's hash ([`problem_hash`](crate::problem_hash)).
    pub problem: String,
    /// The digest of the pieces ([`Pieces::digest`]).
    pub pieces: String,
    /// The number of pieces asked for when they were made.
    pub at_least: usize,
    /// Each piece's counts once finished.
    pub done: Vec<Option<Counters>>,
}

/// The file: the checkpoint and the digest of its contents.
#[derive(Serialize, Deserialize)]
struct File {
    #[serde(flatten)]
    checkpoint: SymmetricCheckpoint,
    digest: Option<String>,
}

impl SymmetricCheckpoint {
    /// A run not started: no piece finished.
    ///
    /// See [`SymmetricCheckpoint`] for an example.
    pub fn fresh(problem_hash: &str, pieces: &Pieces, at_least: usize) -> Self {
        SymmetricCheckpoint {
            dlx_symmetry_checkpoint: SYMMETRY_CHECKPOINT_VERSION,
            problem: problem_hash.to_string(),
            pieces: pieces.digest(problem_hash),
            at_least,
            done: vec![None; pieces.pieces.len()],
        }
    }

    /// How many pieces are finished.
    ///
    /// ```
    /// # use dlx_core::symmetry::{Pieces, SymmetricCheckpoint};
    /// let pieces = Pieces { pieces: vec![], plan_nodes: 0, group_order: 1, up_to_symmetry: false };
    /// assert_eq!(SymmetricCheckpoint::fresh("p", &pieces, 1).finished(), 0);
    /// ```
    pub fn finished(&self) -> usize {
        self.done.iter().filter(|d| d.is_some()).count()
    }

    /// FNV-1a (64 bits, 16 hex digits) over the contents: catches damage and hand edits
    /// (no secret: not a forger who recomputes it).
    pub fn digest(&self) -> String {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let text = serde_json::to_string(self).unwrap_or_default();
        for &b in b"dlx symmetry checkpoint\n".iter().chain(text.as_bytes()) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        format!("{h:016x}")
    }

    /// Writes the checkpoint atomically, as [`Checkpoint::save`](crate::Checkpoint::save)
    /// does (a temporary file renamed over `path`; what is at `path` and is not a regular
    /// file is refused).
    pub fn save(&self, path: &Path) -> Result<(), CheckpointError> {
        let file = File {
            checkpoint: self.clone(),
            digest: Some(self.digest()),
        };
        let json = serde_json::to_vec(&file).map_err(|source| CheckpointError::Format {
            path: path.display().to_string(),
            source,
        })?;
        write_atomically(path, &json)
    }

    /// Reads a checkpoint written by [`save`](Self::save), its version and digest checked
    /// (a plain count's checkpoint is refused with a word saying so).
    pub fn load(path: &Path) -> Result<Self, CheckpointError> {
        let name = path.display().to_string();
        let bytes = read_regular(path)?;
        let value: serde_json::Value =
            serde_json::from_slice(&bytes).map_err(|source| CheckpointError::Format {
                path: name.clone(),
                source,
            })?;
        let refused = |reason: String| CheckpointError::Refused {
            path: name.clone(),
            reason,
        };
        match value.get("dlx_symmetry_checkpoint") {
            None if value.get("units").is_some() => {
                return Err(refused(
                    "a checkpoint of a plain count, not of a count by symmetry: resume it \
                     without --symmetry"
                        .into(),
                ))
            }
            None => return Err(refused("not a checkpoint of a count by symmetry".into())),
            Some(v) if v.as_u64() != Some(u64::from(SYMMETRY_CHECKPOINT_VERSION)) => {
                return Err(refused(format!(
                    "symmetry checkpoint version {v} is not supported (expected \
                     {SYMMETRY_CHECKPOINT_VERSION})"
                )))
            }
            Some(_) => {}
        }
        let file: File =
            serde_json::from_value(value).map_err(|source| CheckpointError::Format {
                path: name.clone(),
                source,
            })?;
        let expected = file.checkpoint.digest();
        match file.digest {
            None => Err(CheckpointError::Digest {
                path: name,
                reason: "it has no digest".into(),
            }),
            Some(d) if d != expected => Err(CheckpointError::Digest {
                path: name,
                reason: format!("its digest {d} does not match its contents ({expected})"),
            }),
            Some(_) => Ok(file.checkpoint),
        }
    }

    /// Checks that the checkpoint is of this problem (`problem_hash`) and these pieces
    /// (made again with [`at_least`](Self::at_least)): the same group and the same
    /// settings.
    pub fn check(&self, problem_hash: &str, pieces: &Pieces) -> Result<(), CheckpointError> {
        if self.problem != problem_hash {
            return Err(CheckpointError::OtherProblem {
                expected: problem_hash.to_string(),
                found: self.problem.clone(),
            });
        }
        let digest = pieces.digest(problem_hash);
        if self.pieces != digest || self.done.len() != pieces.pieces.len() {
            return Err(CheckpointError::OtherPieces {
                found: self.pieces.clone(),
                expected: digest,
            });
        }
        Ok(())
    }
}
