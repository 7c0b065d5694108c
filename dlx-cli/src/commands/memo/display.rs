//! What the progress display shows of a memoised run: the share of the search done, the
//! memo's nodes and its hit rate.

use dlx_core::MemoProgress;

use crate::commands::progress::Watched;

impl Watched for MemoProgress {
    fn look(&self) -> (f64, String) {
        let s = self.snapshot();
        (
            s.fraction,
            format!("memo: {} nodes, {:.1}% hits", s.nodes, 100.0 * s.hit_rate()),
        )
    }
}
