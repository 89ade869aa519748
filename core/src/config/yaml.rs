//! YAML for the configs written in it (nutcracker, Envoy), read with `yaml-rust2`, and the
//! two helpers their readers share: the first document, and the line where a value sits
//! (YAML values carry no position, so a message finds its line by the value's text).

use yaml_rust2::{Yaml, YamlLoader};

use crate::ConfigError;

/// The first document, or the scanner's message with its line.
pub fn load(text: &str) -> Result<Yaml, ConfigError> {
    let mut docs = YamlLoader::load_from_str(text)
        .map_err(|e| ConfigError::Invalid(format!("line {}: {}", e.marker().line(), e.info())))?;
    if docs.is_empty() {
        return Err(ConfigError::Invalid("the YAML is empty".into()));
    }
    Ok(docs.swap_remove(0))
}

/// The 1-based line of the first line holding `needle`, else 0.
pub fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|line| line.contains(needle))
        .map_or(0, |i| i + 1)
}

/// A scalar as text: strings as they are, numbers written back.
pub fn scalar(value: &Yaml) -> Option<String> {
    match value {
        Yaml::String(s) | Yaml::Real(s) => Some(s.clone()),
        Yaml::Integer(i) => Some(i.to_string()),
        Yaml::Boolean(b) => Some(b.to_string()),
        _ => None,
    }
}
