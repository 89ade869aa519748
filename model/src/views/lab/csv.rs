//! The lab's figures as text tables, CSV for the page's download and TSV for the command
//! line (`sep`): their columns and digits in one place. No cell holds a comma or a tab.

use super::agree::Pair;
use super::llm::{LlmFigure, LlmRouter, LlmRow, LLM_CACHE_BLOCKS, LLM_K, LLM_WORKERS};
use super::runs::{BOUNDED_KEYS, BOUNDED_SERVERS, KEYS_PLACED, KEYS_POINTS};
use super::series::{
    bounded_least_moved, keys_floor, keys_least_moved, memory_rows, AgreeRow, BoundedRow, KeysRow,
    SpeedRow, MEMORY_POINTS,
};
use crate::loss::Loss;

/// Figure 9's rows as CSV: each pair's clients and servers (the second one more for a
/// join), the keys, those alike, their share and the share expected.
pub fn agree_csv(rows: &[AgreeRow], sep: char) -> String {
    let mut text = String::from("pair,a,b,servers_a,servers_b,keys,same,share,expected\n");
    for (pair, n, o) in rows {
        let (a, b) = pair.clients();
        let second = if *pair == Pair::Join { n + 1 } else { *n };
        text.push_str(&format!(
            "{},{},{},{n},{second},{},{},{:.4},{:.4}\n",
            pair.name(),
            a.name(),
            b.name(),
            o.keys,
            o.same,
            o.share(),
            pair.expected(*n)
        ));
    }
    text.replace(',', &sep.to_string())
}

/// Figures 10 to 12's rows of `figure` as CSV: each router's K, bound and cache (`-`
/// for a K or a bound it does not read), the blocks reused of all, their share, the most any router
/// could, and the busiest worker's requests over the mean.
pub fn llm_csv(rows: &[LlmRow], most: (u64, u64), figure: LlmFigure, sep: char) -> String {
    let mut text = String::from(
        "router,k,c,cache_blocks,workers,reused,blocks,share,most_reusable,busiest_over_mean\n",
    );
    for r in rows.iter().filter(|r| r.figure == figure) {
        let (k, cache) = match figure {
            LlmFigure::Prefix => (r.x, LLM_CACHE_BLOCKS as f64),
            LlmFigure::Bound => (LLM_K as f64, LLM_CACHE_BLOCKS as f64),
            LlmFigure::Cache => (LLM_K as f64, r.x),
        };
        let c = match (r.router, figure) {
            (LlmRouter::RingBounded, LlmFigure::Bound) => r.x.to_string(),
            (LlmRouter::RingBounded, _) => "1.25".to_string(),
            _ => "-".to_string(),
        };
        // Round robin and cache-aware hash nothing: no K.
        let k = if r.router.router(1.25).hashes_prefix() {
            k.to_string()
        } else {
            "-".to_string()
        };
        text.push_str(&format!(
            "{},{k},{c},{cache},{LLM_WORKERS},{},{},{:.4},{},{:.4}\n",
            r.router.name(),
            r.reused,
            r.blocks,
            r.share(),
            most.0,
            r.busiest_over_mean
        ));
    }
    text.replace(',', &sep.to_string())
}

/// Figure 6's rows as CSV.
pub fn loss_csv(rows: &[(u32, Loss)], sep: char) -> String {
    let mut text = String::from("points,replica_sets,p_loss_plain,p_loss_rack_aware\n");
    for (v, l) in rows {
        text.push_str(&format!(
            "{v},{},{:.6},{:.6}\n",
            l.distinct_sets, l.plain, l.rack_aware
        ));
    }
    text.replace(',', &sep.to_string())
}

/// Figure 4's rows as CSV: each scheme and server count, the spread and its floor, the
/// busiest over the mean, the keys a join moved and the least possible.
pub fn keys_csv(rows: &[KeysRow], sep: char) -> String {
    let mut text =
        String::from("scheme,servers,keys,spread,floor,max_over_mean,moved,least_moved\n");
    for (scheme, n, o) in rows {
        let floor = keys_floor(*scheme, *n);
        text.push_str(&format!(
            "{},{n},{KEYS_PLACED},{:.4},{:.4},{:.4},{},{:.1}\n",
            scheme.name(),
            o.spread,
            floor,
            o.max_over_mean,
            o.moved,
            keys_least_moved(*n)
        ));
    }
    text.replace(',', &sep.to_string())
}

/// Figure 5's rows as CSV.
pub fn speed_csv(rows: &[SpeedRow], sep: char) -> String {
    let mut text = String::from("scheme,servers,points,lookups_per_second\n");
    for (scheme, n, rate) in rows {
        text.push_str(&format!("{},{n},{KEYS_POINTS},{rate:.0}\n", scheme.name()));
    }
    text.replace(',', &sep.to_string())
}

/// Figure 8's rows as CSV.
pub fn bounded_csv(rows: &[BoundedRow], sep: char) -> String {
    let mut text = String::from("epsilon,servers,keys,max_over_mean,pushed,moved,least_moved\n");
    for (epsilon, o) in rows {
        text.push_str(&format!(
            "{epsilon},{BOUNDED_SERVERS},{BOUNDED_KEYS},{:.4},{},{},{:.1}\n",
            o.max_over_mean,
            o.pushed,
            o.moved,
            bounded_least_moved(BOUNDED_SERVERS)
        ));
    }
    text.replace(',', &sep.to_string())
}

/// Figure 7's rows as CSV.
pub fn memory_csv(sep: char) -> String {
    let mut text =
        String::from("servers,points,ring_bytes,gossip_own_tokens_bytes,gossip_whole_ring_bytes\n");
    for (n, ring, lean, full) in memory_rows() {
        text.push_str(&format!("{n},{MEMORY_POINTS},{ring},{lean},{full}\n"));
    }
    text.replace(',', &sep.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::views::lab::series::MEMORY_SERVERS;

    #[test]
    fn csv_columns_and_digits() {
        let loss = Loss {
            distinct_sets: 16,
            plain: 16.0 / 560.0,
            rack_aware: 0.0,
        };
        assert_eq!(
            loss_csv(&[(1, loss)], ','),
            "points,replica_sets,p_loss_plain,p_loss_rack_aware\n1,16,0.028571,0.000000\n"
        );
        let text = memory_csv(',');
        assert_eq!(text.lines().count(), 1 + MEMORY_SERVERS.len());
        assert!(
            text.contains("\n1000,200,3200000,3196800,3196800000\n"),
            "{text}"
        );
    }
}
