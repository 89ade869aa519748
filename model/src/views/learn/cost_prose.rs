//! Step 8 ("What a resize costs"): its sentences with figures, the bytes modulo and the
//! ring move on a resize and the hours both take, from the core's cost model.

use ringlab_core::analysis::cost::resize_cost;

use crate::format::grouped;
use crate::views::cost::params::CostParams;
use crate::views::cost::report::bytes;

/// The resize of `params` in words: what each scheme moves, then how long it takes. One
/// sentence saying why if the core refuses the workload.
pub fn resize(params: &CostParams) -> Vec<String> {
    let workload = params.workload();
    let c = match resize_cost(&workload) {
        Ok(c) => c,
        Err(e) => return vec![format!("The cost could not be computed: {e}")],
    };
    vec![
        format!(
            "Grow a cluster from {} to {} servers holding {} objects of {} each, every object \
             on {} servers. Modulo moves {} of the data, the ring {}: {:.0} times less. \
             Counting every copy, that is {} against {}.",
            workload.servers_before,
            workload.servers_after,
            grouped(workload.objects),
            bytes(workload.object_bytes as f64),
            workload.replicas,
            bytes(c.modulo.logical_bytes_moved),
            bytes(c.ring.logical_bytes_moved),
            c.modulo.logical_bytes_moved / c.ring.logical_bytes_moved,
            bytes(c.modulo.replicated_bytes_moved),
            bytes(c.ring.replicated_bytes_moved)
        ),
        format!(
            "Yet both take {:.2} hours on a {} Gbit/s link. The new server must receive its \
             whole share, every copy, through that one link either way, and it is the \
             bottleneck. The ring's win is everywhere else: the other servers stay calm, and \
             their caches stay warm.",
            c.ring.hours, params.gbps
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_numbers::assert_numbers;

    /// Written out: modulo keeps gcd/max of the keys and the ring moves the newcomer's
    /// 1/N'; every copy moves; the newcomer takes in its 1/N' of every copy at the link's
    /// bytes per second.
    #[test]
    fn the_resize_reads_the_formulas() {
        let other = CostParams {
            before: 9,
            after: 10,
            objects: 2_000_000_000,
            size: 4_000,
            replicas: 2,
            gbps: 2.5,
            throttle: 100.0,
        };
        for params in [CostParams::default(), other] {
            let (n, m) = (params.before as f64, params.after as f64);
            let gcd = (1..=params.before)
                .rev()
                .find(|d| params.before % d == 0 && params.after % d == 0)
                .unwrap() as f64;
            let data = params.objects as f64 * params.size as f64;
            let rf = params.replicas as f64;
            let modulo = data * (1.0 - gcd / m);
            let ring = data * (m - n) / m;
            let text = resize(&params);
            assert_eq!(text.len(), 2);
            assert_numbers(
                &text[0],
                &[
                    n,
                    m,
                    params.objects as f64,
                    params.size as f64,
                    rf,
                    modulo,
                    ring,
                    modulo / ring,
                    modulo * rf,
                    ring * rf,
                ],
            );
            let link = params.gbps * 1e9 / 8.0;
            let hours = data * rf / m / link / 3600.0;
            assert_numbers(&text[1], &[hours, params.gbps]);
        }
        // The worked example's 4.27 hours, as the e2e test reads it.
        assert!(resize(&CostParams::default())[1].starts_with("Yet both take 4.27 hours"));
    }

    #[test]
    fn a_refused_workload_says_why() {
        let none = CostParams {
            replicas: 0,
            ..CostParams::default()
        };
        let text = resize(&none);
        assert_eq!(text.len(), 1);
        assert!(
            text[0].starts_with("The cost could not be computed: "),
            "{text:?}"
        );
    }
}
