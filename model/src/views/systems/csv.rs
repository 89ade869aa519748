//! The table as CSV (RFC 4180): `key,owner`, with a change `after,moved` too, and where the
//! system keeps copies `replicas` (space-separated).

use super::outcome::Outcome;

/// One field, quoted when it must be.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) || text.starts_with(' ') || text.ends_with(' ') {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The CSV of every looked-up key. A key with no owner has an empty owner.
///
/// ```
/// use ringlab_model::views::systems::{csv::csv, outcome::outcome, params::SystemsParams};
/// let params = SystemsParams { keys: Some("a,b\nc".into()), ..SystemsParams::default() };
/// let out = outcome(&params).unwrap();
/// let text = csv(&out);
/// assert!(text.starts_with("key,owner\r\n\"a,b\","));
/// assert_eq!(text.lines().count(), 3);
/// ```
pub fn csv(outcome: &Outcome) -> String {
    let changed = matches!(outcome.change, Some(Ok(_)));
    let replicas = outcome.replicas_rule.is_some();
    let mut out = String::from("key,owner");
    if changed {
        out.push_str(",after,moved");
    }
    if replicas {
        out.push_str(",replicas");
    }
    out.push_str("\r\n");
    for row in &outcome.rows {
        let owner = row.owner.map_or("", |i| outcome.servers[i].name.as_str());
        out.push_str(&field(&row.key));
        out.push(',');
        out.push_str(&field(owner));
        if changed {
            let after = row.after.clone().flatten().unwrap_or_default();
            out.push(',');
            out.push_str(&field(&after));
            out.push(',');
            out.push_str(if row.moved(&outcome.servers) {
                "yes"
            } else {
                "no"
            });
        }
        out.push_str("\r\n");
    }
    out
}
