//! Output files (`--svg`, `-o`), written as checkpoints are: into a new temporary file in
//! the same folder, renamed over the final name once it is whole. A run that fails leaves
//! the old file as it was (and no temporary file); a reader never sees half a file; and
//! nothing at the final name is followed or replaced unless it is a regular file: a
//! symbolic link planted there (or a folder, a FIFO, a device) is refused, never written
//! through.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::output::InputError;

/// An output file being written: bytes go to a temporary file beside the final name, and
/// [`commit`](Self::commit) renames it into place. Dropped without a commit, it is removed.
pub struct OutputFile {
    tmp: tempfile::NamedTempFile,
    path: PathBuf,
}

/// Refuses a `path` that exists and is not a regular file: the error names what is there.
fn refuse_unless_regular(path: &Path) -> Result<(), InputError> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_file() => Ok(()),
        Ok(meta) => {
            let what = if meta.file_type().is_symlink() {
                "a symbolic link"
            } else if meta.is_dir() {
                "a folder"
            } else {
                "a device, FIFO or socket"
            };
            Err(InputError::new(format!(
                "{}: {what} is there, not a regular file: refusing to write through it or replace it",
                path.display()
            ))
            .with_hint("remove it, or give another file name"))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(InputError::new(format!("{}: {e}", path.display()))),
    }
}

fn cannot_write(path: &Path, e: &io::Error) -> InputError {
    InputError::new(format!("{}: cannot write file: {e}", path.display()))
}

impl OutputFile {
    /// Starts writing `path`: refused at once if something other than a regular file is
    /// there, or if its folder cannot take a new file.
    pub fn create(path: &Path) -> Result<OutputFile, InputError> {
        refuse_unless_regular(path)?;
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let mut builder = tempfile::Builder::new();
        builder.prefix(".dlx-output-").suffix(".tmp");
        #[cfg(unix)]
        {
            // As a new file would be made (the umask applies), not the private 0600 of a
            // temporary file.
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        // (Without the temporary file's name, which tempfile adds to the error.)
        let tmp = builder.tempfile_in(dir).map_err(|e| {
            let text = e.to_string();
            let text = text
                .split_once(" at path ")
                .map_or(text.as_str(), |(h, _)| h);
            InputError::new(format!("{}: cannot write file: {text}", path.display()))
        })?;
        Ok(OutputFile {
            tmp,
            path: path.to_path_buf(),
        })
    }

    /// Renames the file, now whole, over the final name (checked again just before: the
    /// rename replaces the name, never what a link there points to).
    pub fn commit(mut self) -> Result<(), InputError> {
        let path = self.path.clone();
        self.tmp.flush().map_err(|e| cannot_write(&path, &e))?;
        refuse_unless_regular(&path)?;
        self.tmp
            .persist(&path)
            .map_err(|e| cannot_write(&path, &e.error))?;
        Ok(())
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.tmp.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.tmp.flush()
    }
}

/// Writes `bytes` to `path` as an [`OutputFile`]: whole or not at all.
pub fn write_file(path: &Path, bytes: impl AsRef<[u8]>) -> Result<(), InputError> {
    let mut file = OutputFile::create(path)?;
    file.write_all(bytes.as_ref())
        .map_err(|e| cannot_write(path, &e))?;
    file.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_replaced_whole_and_nothing_else_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.svg");
        write_file(&path, "first").unwrap();
        write_file(&path, "second").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second");
        // Dropped without a commit: the old file stays, and no temporary file is left.
        let mut half = OutputFile::create(&path).unwrap();
        half.write_all(b"half").unwrap();
        drop(half);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        // A link at the final name is refused, and what it points to is untouched.
        let victim = dir.path().join("victim");
        std::fs::write(&victim, "precious").unwrap();
        let link = dir.path().join("link.svg");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        let err = write_file(&link, "evil").unwrap_err();
        assert!(err.to_string().contains("symbolic link"), "{err}");
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        // A folder at the final name is refused too; a missing folder says so.
        let err = write_file(dir.path(), "x").unwrap_err();
        assert!(err.to_string().contains("a folder"), "{err}");
        let err = write_file(&dir.path().join("missing/out.svg"), "x").unwrap_err();
        assert!(err.to_string().contains("cannot write file"), "{err}");
        assert!(!err.to_string().contains(".dlx-output"), "{err}");
    }
}
