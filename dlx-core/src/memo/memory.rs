//! The default memory limit of the memo: a quarter of the machine's memory.

/// The memo limit used when none is given: a quarter of the machine's physical memory
/// (`MemTotal` in `/proc/meminfo`), or 2 GiB where that cannot be read.
///
/// ```
/// assert!(dlx_core::default_memo_limit() >= 1 << 20);
/// ```
pub fn default_memo_limit() -> u64 {
    total_memory().map_or(2 << 30, |m| m / 4)
}

fn total_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    parse_meminfo(&text)
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
}
