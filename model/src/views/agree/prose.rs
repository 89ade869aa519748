//! The view's sentences with figures: the count first, then the share and what chance
//! alone would give.

use crate::format::grouped;

use super::compare::Comparison;
use super::params::AgreeParams;

/// "268 of 400 keys land on the same server (67.0%)." — or partition.
pub fn headline(c: &Comparison, p: &AgreeParams) -> String {
    let n = c.keys.len() as u64;
    let place = if p.on_partitions() {
        "partition"
    } else {
        "server"
    };
    let share = 100.0 * c.same as f64 / n as f64;
    format!(
        "{} of {} keys land on the same {place} ({share:.1}%).",
        grouped(c.same as u64),
        grouped(n)
    )
}

/// What two unrelated placements would give, from the shares here.
pub fn chance(c: &Comparison) -> Option<String> {
    let chance = c.chance()?;
    Some(format!(
        "Two placements with nothing in common would agree on about {:.1}% of keys by chance.",
        100.0 * chance
    ))
}

/// After a switch: the reads that miss. None for partitions.
pub fn misses(c: &Comparison, p: &AgreeParams) -> Option<String> {
    if p.on_partitions() || !c.built() {
        return None;
    }
    let differ = (c.keys.len() - c.same) as u64;
    Some(format!(
        "Switch a service from A to B and {} of {} reads go, right away, to a server that does not hold the key: cache misses until it fills again.",
        grouped(differ),
        grouped(c.keys.len() as u64)
    ))
}

/// The grid's label: what its lit cells are.
pub fn grid_label(c: &Comparison) -> String {
    format!(
        "{} keys, one cell each; the {} placed differently are marked",
        grouped(c.keys.len() as u64),
        grouped((c.keys.len() - c.same) as u64)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlkit::parse_query;
    use crate::view_state::ViewState;

    /// The sentences against counts taken here, key by key, from the two answer lists.
    #[test]
    fn sentences_read_the_counts() {
        let (p, _) = AgreeParams::from_query(&parse_query("a=uhashring&b=hashring&keys=1000"));
        let c = Comparison::of(&p);
        let (a, b) = (c.a.as_ref().unwrap(), c.b.as_ref().unwrap());
        let same = a
            .answers
            .iter()
            .zip(&b.answers)
            .filter(|(x, y)| x == y)
            .count();
        assert_eq!(
            headline(&c, &p),
            format!(
                "{same} of 1,000 keys land on the same server ({:.1}%).",
                same as f64 / 10.0
            )
        );
        assert!(misses(&c, &p).unwrap().starts_with(&format!(
            "Switch a service from A to B and {} of 1,000 reads",
            1000 - same
        )));
        let chance = chance(&c).unwrap();
        assert!(chance.contains("about 3"), "{chance}");
        let (k, _) = AgreeParams::from_query(&parse_query("a=kafka&b=librdkafka"));
        let kc = Comparison::of(&k);
        assert!(headline(&kc, &k).contains("same partition"));
        assert!(misses(&kc, &k).is_none());
    }
}
