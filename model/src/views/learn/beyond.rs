//! Step 11 ("Beyond the ring"): its sentences with figures, jump's renumbering when a
//! bucket in the middle goes and Maglev's slots that change when a backend joins.

use crate::format::percent;
use crate::views::jump::moves::renumber_expected;
use crate::views::learn::figures::maglev_moved;

/// Jump without bucket `r` of `n` (0 < r < n - 1): the buckets renumbered and the keys
/// that change server, against the least (the removed bucket's 1/n).
pub fn jump_removal(n: u32, r: u32) -> String {
    format!(
        "Its buckets are numbers, though. Remove bucket {r} of {n}: buckets {} to {} become \
         {r} to {}, and {} of the keys change server, against the {} that had to. That is \
         why jump suits numbered shards, and not servers that fail anywhere.",
        r + 1,
        n - 1,
        n - 2,
        percent(renumber_expected(n, r)),
        percent(1.0 / f64::from(n))
    )
}

/// Maglev's movement when a ninth backend joins eight, on Envoy's table, against the
/// least possible (the newcomer's 1/9).
pub fn maglev_join() -> String {
    format!(
        "Balance comes first, so movement is only almost minimal: when a ninth backend \
         joins eight, {} of Envoy's 65,537 slots change, against the least possible {}. \
         Step through the paper's example and watch B2 leave.",
        percent(maglev_moved(8, 9)),
        percent(1.0 / 9.0)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;
    use ringlab_core::schemes::maglev::{Maglev, DEFAULT_TABLE_SIZE};
    use ringlab_core::Server;

    /// Without bucket r of n: bucket r's keys move (1/n), buckets r+1 to n-2 each name
    /// the next server down ((n-r-2)/n), and bucket n-1's keys fall evenly on the n-1
    /// left, staying only on the one now numbered n-2 (1/n of them times (n-2)/(n-1)).
    #[test]
    fn jump_removal_counts_the_renumbered_keys() {
        for (n, r) in [(10, 3), (16, 5), (5, 1), (100, 50)] {
            let (nf, rf) = (f64::from(n), f64::from(r));
            let moved = 1.0 / nf + (nf - rf - 2.0) / nf + (1.0 / nf) * ((nf - 2.0) / (nf - 1.0));
            assert_numbers(
                &jump_removal(n, r),
                &[rf, nf, rf + 1.0, nf - 1.0, rf, nf - 2.0, moved, 1.0 / nf],
            );
        }
    }

    /// The changed slots counted here on the core's two tables, servers s0 to s7 and then
    /// s0 to s8 (Envoy's 65,537 slots); the least is the ninth backend's 1/9.
    #[test]
    fn maglev_join_counts_the_changed_slots() {
        let table = |n: usize| {
            let servers: Vec<Server> = (0..n).map(|i| Server::new(format!("s{i}"))).collect();
            Maglev::new(servers, 65_537).unwrap().table().to_vec()
        };
        let (eight, nine) = (table(8), table(9));
        let changed = eight.iter().zip(&nine).filter(|(a, b)| a != b).count();
        assert_eq!(DEFAULT_TABLE_SIZE, 65_537);
        assert_numbers(
            &maglev_join(),
            &[
                changed as f64 / 65_537.0,
                65_537.0,
                1.0 / 9.0,
                // "B2"
                2.0,
            ],
        );
        // More than the least, as the sentence says.
        assert!(changed as f64 / 65_537.0 > 1.0 / 9.0);
    }
}
