//! The default memory limit of the memo: a quarter of the memory the process may use.

/// The memo limit used when none is given: a quarter of the memory this process may use:
/// the machine's physical memory (`MemTotal` in `/proc/meminfo`), or less where a
/// container's limit (`/sys/fs/cgroup/memory.max`) or the process's address-space limit
/// (`ulimit -v`, "Max address space" in `/proc/self/limits`) says so; 2 GiB where none
/// can be read.
///
/// ```
/// assert!(dlx_core::default_memo_limit() >= 1 << 20);
/// ```
pub fn default_memo_limit() -> u64 {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let limits = [
        read("/proc/meminfo").and_then(|t| parse_meminfo(&t)),
        read("/sys/fs/cgroup/memory.max").and_then(|t| parse_cgroup_max(&t)),
        read("/proc/self/limits").and_then(|t| parse_address_space(&t)),
    ];
    limits
        .into_iter()
        .flatten()
        .min()
        .map_or(2 << 30, |m| m / 4)
}

/// A cgroup v2 `memory.max`: a number of bytes, or `max` (no limit).
fn parse_cgroup_max(text: &str) -> Option<u64> {
    text.trim().parse::<u64>().ok().filter(|&b| b >= 4 << 20)
}

/// The soft "Max address space" of `/proc/self/limits`, in bytes (`unlimited`: none).
fn parse_address_space(text: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with("Max address space"))?;
    let soft = line["Max address space".len()..]
        .split_whitespace()
        .next()?;
    soft.parse::<u64>().ok().filter(|&b| b >= 4 << 20)
}

fn parse_meminfo(text: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024).filter(|&b| b >= 4 << 20)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_mem_total() {
        let text = "MemTotal:       24576000 kB\nMemFree: 1 kB\n";
        assert_eq!(parse_meminfo(text), Some(24576000 * 1024));
        assert_eq!(parse_meminfo("nothing"), None);
        assert_eq!(parse_meminfo("MemTotal: 12 kB\n"), None);
    }

    #[test]
    fn reads_container_and_address_space_limits() {
        assert_eq!(parse_cgroup_max("1073741824\n"), Some(1 << 30));
        assert_eq!(parse_cgroup_max("max\n"), None);
        let limits = "Limit                     Soft Limit           Hard Limit           Units     \n\
                      Max cpu time              unlimited            unlimited            seconds   \n\
                      Max address space         4096000000           unlimited            bytes     \n";
        assert_eq!(parse_address_space(limits), Some(4_096_000_000));
        let unlimited =
            "Max address space         unlimited            unlimited            bytes\n";
        assert_eq!(parse_address_space(unlimited), None);
    }
}
