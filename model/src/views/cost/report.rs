//! The panel's numbers as text: byte counts, hours, the bottleneck, and the prose that
//! explains them, every figure taken from `ringlab_core::analysis::cost`.

use ringlab_core::analysis::cost::{resize_cost, Bottleneck, ResizeComparison, ResizeCost, Role};

use super::params::{CostParams, Field};
pub use crate::format::percent;
use crate::format::{grouped, grouped_rounded};

/// Bytes in the largest fitting decimal unit with two decimals: "10.24 TB", "640.00 GB".
/// Amounts of at least 10 GB are always in TB, as the worked example writes them.
pub fn bytes(value: f64) -> String {
    const UNITS: [(&str, f64); 5] = [
        ("PB", 1e15),
        ("TB", 1e12),
        ("GB", 1e9),
        ("MB", 1e6),
        ("kB", 1e3),
    ];
    if value >= 1e16 {
        return format!("{:.2} PB", value / 1e15);
    }
    if value >= 1e10 {
        return format!("{:.2} TB", value / 1e12);
    }
    for (unit, size) in UNITS {
        if value >= size {
            return format!("{:.2} {unit}", value / size);
        }
    }
    format!("{} B", value.round())
}

/// The exact count, for a title: "10,240,000,000,000 bytes".
pub fn exact_bytes(value: f64) -> String {
    format!("{} bytes", grouped_rounded(value))
}

/// Hours with two decimals, and hours and minutes: "4.27 h (4 h 16 min)".
pub fn hours(value: f64) -> String {
    if value <= 0.0 {
        return "0 h".into();
    }
    let minutes = (value * 60.0).round() as u64;
    let hm = if minutes >= 60 {
        format!("{} h {} min", minutes / 60, minutes % 60)
    } else {
        format!("{minutes} min")
    };
    format!("{value:.2} h ({hm})")
}

/// The reading of a long number under its input: "10,000,000,000 objects", "1.09 kB each".
pub fn input_hint(params: &CostParams, field: Field) -> Option<String> {
    match field {
        Field::Objects => Some(format!("{} objects", grouped(params.objects))),
        Field::Size => Some(format!("{} each", bytes(params.size as f64))),
        _ => None,
    }
}

fn plural(count: usize, one: &str, many: &str) -> String {
    if count == 1 {
        format!("1 {one}")
    } else {
        format!("{} {many}", grouped(count as u64))
    }
}

/// The servers whose link sets the wall-clock: "the new server", "each new server".
/// `changed` is how many servers join or leave.
pub fn busiest(cost: &ResizeCost, changed: u64) -> &'static str {
    match cost.bottleneck {
        Bottleneck::Nothing => "no server",
        Bottleneck::Inbound(Role::Newcomer) if changed > 1 => "each new server",
        Bottleneck::Inbound(Role::Newcomer) => "the new server",
        Bottleneck::Outbound(Role::Leaver) if changed > 1 => "each leaving server",
        Bottleneck::Outbound(Role::Leaver) => "the leaving server",
        Bottleneck::Inbound(Role::Leaver) | Bottleneck::Outbound(Role::Newcomer) => "a server",
        Bottleneck::Inbound(Role::Existing) => "the busiest receiving server",
        Bottleneck::Outbound(Role::Existing) => "each old server",
    }
}

/// The link that sets the wall-clock, in words: "the new server's inbound link".
pub fn bottleneck(cost: &ResizeCost, changed: u64) -> String {
    match cost.bottleneck {
        Bottleneck::Nothing => "none: nothing moves".into(),
        Bottleneck::Inbound(_) => format!("{}'s inbound link", busiest(cost, changed)),
        Bottleneck::Outbound(_) => format!("{}'s outbound link", busiest(cost, changed)),
    }
}

/// Everything the panel shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    pub params: CostParams,
    pub cost: ResizeComparison,
    /// The explanation, one paragraph each, computed from the numbers.
    pub prose: Vec<String>,
}

/// Costs the resize and explains it; `Err` with the core's message if it refuses.
pub fn report(params: &CostParams) -> Result<Report, String> {
    let workload = params.workload();
    let cost = resize_cost(&workload).map_err(|e| e.to_string())?;
    let prose = explain(params, &cost);
    Ok(Report {
        params: *params,
        cost,
        prose,
    })
}

/// Equal up to rounding.
fn same(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1e-300)
}

fn explain(params: &CostParams, cost: &ResizeComparison) -> Vec<String> {
    let (m, r) = (&cost.modulo, &cost.ring);
    let (n, n2) = (params.before, params.after);
    if n == n2 {
        return vec![format!(
            "With {n} servers before and after, nothing moves under either scheme."
        )];
    }
    let logical = params.workload().logical_bytes();
    let rf = params.replicas;
    let with_replicas = |c: &ResizeCost| {
        if rf == 1 {
            String::new()
        } else {
            format!(
                ", {} with all {rf} replicas",
                bytes(c.replicated_bytes_moved)
            )
        }
    };
    let mut prose = Vec::new();
    let ratio = if r.logical_bytes_moved > 0.0 {
        let x = m.logical_bytes_moved / r.logical_bytes_moved;
        if same(x, 1.0) {
            " The same amount.".to_string()
        } else {
            let times = if (x - x.round()).abs() < 0.05 {
                format!("{x:.0}")
            } else {
                format!("{x:.1}")
            };
            format!(" So mod N moves {times} times as much.")
        }
    } else {
        String::new()
    };
    prose.push(format!(
        "Going from {n} to {n2} servers, mod N moves {} of the keys ({}): {} of the {} of \
         objects{}. The ring moves only {} ({}): {}{}.{ratio}",
        m.moved,
        percent(m.moved_fraction),
        bytes(m.logical_bytes_moved),
        bytes(logical),
        with_replicas(m),
        r.moved,
        percent(r.moved_fraction),
        bytes(r.logical_bytes_moved),
        with_replicas(r),
    ));
    let link = format!(
        "{} Gbps link{}",
        grouped_decimal(params.gbps),
        if params.throttle < 100.0 {
            format!(" throttled to {}%", grouped_decimal(params.throttle))
        } else {
            String::new()
        }
    );
    let path = |c: &ResizeCost| {
        let verb = match c.bottleneck {
            Bottleneck::Inbound(_) => "receive",
            _ => "send",
        };
        format!(
            "{} must {verb} {} through its {link}",
            busiest(c, n.abs_diff(n2)),
            bytes(c.critical_bytes)
        )
    };
    if same(m.hours, r.hours) {
        prose.push(format!(
            "Yet both take the same {} on the critical path: {}, whatever the scheme. Under \
             mod N its {} is spread over {} sending and {} receiving at once, and none of \
             their links carries more than that (the busiest sender sends {}, the busiest receiver \
             receives {}); the ring moves only what has to move.",
            hours(r.hours),
            path(r),
            bytes(m.replicated_bytes_moved),
            plural(m.senders, "server", "servers"),
            grouped(m.receivers as u64),
            bytes(m.max_send_bytes),
            bytes(m.max_receive_bytes),
        ));
    } else {
        prose.push(format!(
            "It also takes longer under mod N: {} against the ring's {}. Under mod N {}; on \
             the ring {}.",
            hours(m.hours),
            hours(r.hours),
            path(m),
            path(r),
        ));
    }
    let total = n.max(n2) as usize;
    let busy = m.senders.max(m.receivers);
    let everyone = if busy == total {
        format!("every one of the {} servers is", grouped(total as u64))
    } else {
        format!(
            "{} of the {} servers are",
            grouped(busy as u64),
            grouped(total as u64)
        )
    };
    prose.push(format!(
        "On the ring {} and {}. Under mod N {} send and {} receive: {everyone} busy with the \
         rebalance for up to {}.",
        plural(r.senders, "server sends", "servers send"),
        plural(r.receivers, "receives", "receive"),
        grouped(m.senders as u64),
        grouped(m.receivers as u64),
        hours(m.hours),
    ));
    prose
}

/// A decimal without a trailing `.0`.
fn grouped_decimal(value: f64) -> String {
    format!("{value}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked workload: 16 -> 17 servers, 10 billion objects of 1,088 B, RF 3, 1 Gbps.
    #[test]
    fn the_defaults_give_the_worked_figures() {
        let report = report(&CostParams::default()).unwrap();
        let (m, r) = (report.cost.modulo, report.cost.ring);
        assert_eq!(bytes(m.logical_bytes_moved), "10.24 TB");
        assert_eq!(bytes(r.logical_bytes_moved), "0.64 TB");
        assert_eq!(
            exact_bytes(m.logical_bytes_moved),
            "10,240,000,000,000 bytes"
        );
        assert_eq!(exact_bytes(r.logical_bytes_moved), "640,000,000,000 bytes");
        assert_eq!(bytes(r.replicated_bytes_moved), "1.92 TB");
        assert_eq!(hours(m.hours), hours(r.hours));
        assert_eq!(hours(r.hours), "4.27 h (4 h 16 min)");
        assert_eq!(bottleneck(&r, 1), "the new server's inbound link");
        assert_eq!(bottleneck(&m, 1), "the new server's inbound link");
        let prose = report.prose.join("\n");
        assert!(prose.contains("16/17"), "{prose}");
        assert!(prose.contains("the same 4.27 h"), "{prose}");
        assert!(
            prose.contains("the new server must receive 1.92 TB through its 1 Gbps link"),
            "{prose}"
        );
        assert!(prose.contains("mod N moves 16 times as much"), "{prose}");
        assert!(
            prose.contains("every one of the 17 servers is busy"),
            "{prose}"
        );
    }

    #[test]
    fn the_prose_follows_the_numbers() {
        // 3 -> 5: mod N's old servers send 4/15 each, more than a newcomer's 1/5.
        let params = CostParams {
            before: 3,
            after: 5,
            throttle: 50.0,
            ..CostParams::default()
        };
        let report = report(&params).unwrap();
        let prose = report.prose.join("\n");
        assert!(
            prose.contains("It also takes longer under mod N"),
            "{prose}"
        );
        assert!(prose.contains("throttled to 50%"), "{prose}");
        assert!(prose.contains("each new server must receive"), "{prose}");
        // A shrink: the leaver's outbound link.
        let shrink = CostParams {
            before: 17,
            after: 16,
            replicas: 1,
            ..CostParams::default()
        };
        let report = super::report(&shrink).unwrap();
        assert_eq!(
            bottleneck(&report.cost.ring, 1),
            "the leaving server's outbound link"
        );
        assert!(!report.prose[0].contains("replicas"), "{}", report.prose[0]);
        let same = CostParams {
            after: 16,
            ..CostParams::default()
        };
        let report = super::report(&same).unwrap();
        assert_eq!(report.prose.len(), 1);
        assert_eq!(bottleneck(&report.cost.modulo, 0), "none: nothing moves");
    }

    #[test]
    fn long_inputs_get_a_reading() {
        let params = CostParams::default();
        assert_eq!(
            input_hint(&params, Field::Objects).as_deref(),
            Some("10,000,000,000 objects")
        );
        assert_eq!(
            input_hint(&params, Field::Size).as_deref(),
            Some("1.09 kB each")
        );
        assert_eq!(input_hint(&params, Field::Replicas), None);
    }

    #[test]
    fn formats() {
        assert_eq!(bytes(640e9), "0.64 TB");
        assert_eq!(bytes(5e9), "5.00 GB");
        assert_eq!(bytes(999.0), "999 B");
        assert_eq!(bytes(3e16), "30.00 PB");
        assert_eq!(hours(0.5), "0.50 h (30 min)");
        assert_eq!(hours(0.0), "0 h");
        assert_eq!(percent(1.0 / 17.0), "5.9%");
    }
}
