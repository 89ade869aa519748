//! Reading the JSON a client's constructor takes: one clear sentence for every mistake.

use crate::ConfigError;
use serde_json::{Map, Value};

/// Parses `text` as JSON; an empty text is `{}`. `what` names the argument in a refusal.
pub fn parse(text: &str, what: &str) -> Result<Value, ConfigError> {
    if text.trim().is_empty() {
        return Ok(Value::Object(Map::new()));
    }
    serde_json::from_str(text).map_err(|e| invalid(format!("{what} is not valid JSON: {e}")))
}

pub(crate) fn invalid(message: impl Into<String>) -> ConfigError {
    ConfigError::Invalid(message.into())
}

/// The options object, refusing any name outside `known`.
pub fn options<'a>(
    options: &'a Value,
    library: &str,
    known: &[&str],
) -> Result<&'a Map<String, Value>, ConfigError> {
    let map = options
        .as_object()
        .ok_or_else(|| invalid(format!("{library}'s options must be a JSON object")))?;
    if let Some(unknown) = map.keys().find(|k| !known.contains(&k.as_str())) {
        let known = if known.is_empty() {
            "it takes none".to_string()
        } else {
            format!("it takes {}", known.join(", "))
        };
        return Err(invalid(format!(
            "{library} has no option {unknown:?}: {known}"
        )));
    }
    Ok(map)
}

/// A whole number from `low` to `high`, or a refusal naming it.
pub fn whole(value: &Value, what: &str, low: u64, high: u64) -> Result<u64, ConfigError> {
    value
        .as_u64()
        .or_else(|| {
            value
                .as_f64()
                .filter(|f| f.fract() == 0.0 && *f >= 0.0)
                .map(|f| f as u64)
        })
        .filter(|n| (low..=high).contains(n))
        .ok_or_else(|| {
            invalid(format!(
                "{what} must be a whole number from {low} to {high}, not {value}"
            ))
        })
}

/// An optional whole number with a default.
pub fn whole_or(
    map: &Map<String, Value>,
    key: &str,
    default: u64,
    low: u64,
    high: u64,
) -> Result<u64, ConfigError> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(default),
        Some(v) => whole(v, key, low, high),
    }
}

/// A JSON array of strings (server names), refusing other items and an empty list.
pub fn names(config: &Value, library: &str) -> Result<Vec<String>, ConfigError> {
    let list = config
        .as_array()
        .ok_or_else(|| invalid(format!("{library} takes a JSON list of names")))?;
    let names = list
        .iter()
        .map(|v| {
            v.as_str()
                .map(str::to_string)
                .ok_or_else(|| invalid(format!("{library}: {v} is not a name (a string)")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    nonempty(names, library)
}

/// The most points a client's ring may hold here: more would take the page seconds.
pub const MAX_POINTS: u64 = 1_000_000;

/// Refuses a ring of more than [`MAX_POINTS`] points.
pub fn within_points(points: u64, library: &str) -> Result<(), ConfigError> {
    if points > MAX_POINTS {
        return Err(invalid(format!(
            "{library}: {points} points in all, more than the {MAX_POINTS} ringlab builds"
        )));
    }
    Ok(())
}

/// Refuses an empty list of servers.
pub fn nonempty<T>(list: Vec<T>, library: &str) -> Result<Vec<T>, ConfigError> {
    if list.is_empty() {
        return Err(invalid(format!("{library}: the server list is empty")));
    }
    Ok(list)
}

/// Refuses a name listed twice (the answers must tell the servers apart).
pub fn distinct(names: &[String], library: &str) -> Result<(), ConfigError> {
    for (i, name) in names.iter().enumerate() {
        if names[..i].contains(name) {
            return Err(invalid(format!("{library}: {name:?} is listed twice")));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mistakes_are_sentences() {
        assert!(parse("", "--config").unwrap().is_object());
        let bad = parse("[1,", "--config").unwrap_err().to_string();
        assert!(bad.starts_with("--config is not valid JSON"), "{bad}");
        let v = parse(r#"{"vnodes": 40, "x": 1}"#, "--options").unwrap();
        let e = options(&v, "uhashring", &["vnodes"])
            .unwrap_err()
            .to_string();
        assert_eq!(e, "uhashring has no option \"x\": it takes vnodes");
        assert_eq!(whole(&Value::from(40.0), "vnodes", 1, 100), Ok(40));
        assert!(whole(&Value::from(0.5), "vnodes", 0, 100).is_err());
        assert!(whole(&Value::from(101), "vnodes", 0, 100).is_err());
        assert!(names(&parse(r#"["a", 2]"#, "").unwrap(), "x").is_err());
        assert!(names(&parse("[]", "").unwrap(), "x").is_err());
        assert!(distinct(&["a".into(), "a".into()], "x").is_err());
    }
}
