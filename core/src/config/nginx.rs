//! An nginx `upstream` block with `hash $key consistent`, read from its text: the servers
//! as written (nginx hashes the server's name, not what it resolves to) with their
//! `weight=`. The first upstream with `hash ... consistent` is used, wherever it sits
//! (`http { ... }` or alone).
//!
//! The grammar is nginx's: words, `{`, `}` and `;`, `#` comments to the end of the line,
//! and quoted strings. A server marked `down` is left out: nginx walks past its points to
//! the next one, which is where the ring without it sends the key. `backup` is refused
//! by nginx itself with `hash`, and so here.

use crate::{ConfigError, Server};

/// The upstream as nginx places keys on it.
#[derive(Debug, Clone, PartialEq)]
pub struct Upstream {
    pub name: String,
    /// The `hash` key, such as `$request_uri`.
    pub key: String,
    pub servers: Vec<Server>,
    /// Lines read but not used, each `line N: why`.
    pub ignored: Vec<String>,
}

/// One token and the line it starts on.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Word(String),
    Open,
    Close,
    End,
}

fn tokens(text: &str) -> Result<Vec<(usize, Token)>, ConfigError> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    let mut line = 1;
    while let Some(c) = chars.next() {
        match c {
            '\n' => line += 1,
            c if c.is_whitespace() => {}
            '#' => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                        break;
                    }
                }
            }
            '{' => out.push((line, Token::Open)),
            '}' => out.push((line, Token::Close)),
            ';' => out.push((line, Token::End)),
            '"' | '\'' => {
                let start = line;
                let mut word = String::new();
                loop {
                    match chars.next() {
                        None => {
                            return Err(ConfigError::Invalid(format!(
                                "line {start}: a quoted string is never closed"
                            )))
                        }
                        Some(q) if q == c => break,
                        Some('\\') => word.extend(chars.next()),
                        Some(other) => {
                            line += usize::from(other == '\n');
                            word.push(other);
                        }
                    }
                }
                out.push((start, Token::Word(word)));
            }
            first => {
                let mut word = String::from(first);
                while let Some(&next) = chars.peek() {
                    if next.is_whitespace() || matches!(next, '{' | '}' | ';' | '"' | '\'') {
                        break;
                    }
                    word.push(next);
                    chars.next();
                }
                out.push((line, Token::Word(word)));
            }
        }
    }
    Ok(out)
}

/// A directive: its line, its words, and whether a block follows.
struct Directive {
    line: usize,
    words: Vec<String>,
    block: bool,
}

/// Words as a message quotes them: on one line, a quoted word's line breaks and other
/// control characters escaped.
fn shown(words: &[String]) -> String {
    words.join(" ").escape_debug().to_string()
}

/// Splits tokens into directives, keeping the nesting as a depth.
fn directives(tokens: &[(usize, Token)]) -> Result<Vec<(usize, Directive)>, ConfigError> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut words: Vec<String> = Vec::new();
    let mut start = 0;
    for (line, token) in tokens {
        match token {
            Token::Word(w) => {
                if words.is_empty() {
                    start = *line;
                }
                words.push(w.clone());
            }
            Token::End | Token::Open => {
                if words.is_empty() {
                    return Err(ConfigError::Invalid(format!(
                        "line {line}: unexpected \"{}\"",
                        if *token == Token::End { ";" } else { "{" }
                    )));
                }
                let block = *token == Token::Open;
                out.push((
                    depth,
                    Directive {
                        line: start,
                        words: std::mem::take(&mut words),
                        block,
                    },
                ));
                depth += usize::from(block);
            }
            Token::Close => {
                if !words.is_empty() {
                    return Err(ConfigError::Invalid(format!(
                        "line {start}: \"{}\" has no \";\" before \"}}\"",
                        shown(&words)
                    )));
                }
                depth = depth.checked_sub(1).ok_or_else(|| {
                    ConfigError::Invalid(format!("line {line}: \"}}\" closes nothing"))
                })?;
                out.push((
                    depth,
                    Directive {
                        line: *line,
                        words: Vec::new(),
                        block: false,
                    },
                ));
            }
        }
    }
    if !words.is_empty() {
        return Err(ConfigError::Invalid(format!(
            "line {start}: \"{}\" has no \";\"",
            shown(&words)
        )));
    }
    if depth > 0 {
        return Err(ConfigError::Invalid("a \"{\" is never closed".into()));
    }
    Ok(out)
}

/// Reads the first upstream with `hash ... consistent`.
///
/// ```
/// use ringlab_core::config::nginx::parse;
/// let upstream = parse("
/// upstream cache {
///     hash $request_uri consistent;   # the ring
///     server 10.0.0.1:80 weight=2;
///     server 10.0.0.2:80 max_fails=3;
///     server 10.0.0.3:80 down;
///     keepalive 16;
/// }").unwrap();
/// assert_eq!(upstream.name, "cache");
/// assert_eq!(upstream.key, "$request_uri");
/// let names: Vec<&str> = upstream.servers.iter().map(|s| s.name.as_str()).collect();
/// assert_eq!(names, ["10.0.0.1:80", "10.0.0.2:80"]);
/// assert_eq!(upstream.servers[0].weight, 2.0);
/// assert_eq!(upstream.ignored.len(), 2); // the server that is down, keepalive
/// ```
pub fn parse(text: &str) -> Result<Upstream, ConfigError> {
    let all = directives(&tokens(text)?)?;
    let mut other_upstreams = Vec::new();
    let mut i = 0;
    while i < all.len() {
        let (depth, d) = &all[i];
        if d.block && d.words[0] == "upstream" {
            let body: Vec<&Directive> = all[i + 1..]
                .iter()
                .take_while(|(inner, _)| inner > depth)
                .filter(|(inner, _)| *inner == depth + 1)
                .map(|(_, d)| d)
                .filter(|d| !d.words.is_empty())
                .collect();
            let name = d.words.get(1).cloned().unwrap_or_default();
            let hashed = body
                .iter()
                .any(|d| d.words[0] == "hash" && d.words.iter().any(|w| w == "consistent"));
            if hashed {
                let mut upstream = upstream(name, &body)?;
                upstream.ignored.extend(other_upstreams);
                return Ok(upstream);
            }
            other_upstreams.push(format!(
                "line {}: upstream {name} has no \"hash ... consistent\"; skipped",
                d.line
            ));
        }
        i += 1;
    }
    Err(ConfigError::Invalid(
        "no upstream block with \"hash $key consistent;\"".into(),
    ))
}

fn upstream(name: String, body: &[&Directive]) -> Result<Upstream, ConfigError> {
    let mut key = String::new();
    let mut servers = Vec::new();
    let mut ignored = Vec::new();
    for d in body {
        let at = |why: String| ConfigError::Invalid(format!("line {}: {why}", d.line));
        match d.words[0].as_str() {
            "hash" => match &d.words[1..] {
                [k, c] if c == "consistent" => key = k.clone(),
                _ => return Err(at("hash takes a key and \"consistent\"".into())),
            },
            "server" => {
                let Some(address) = d.words.get(1) else {
                    return Err(at("server needs an address".into()));
                };
                let mut weight = 1.0;
                let mut down = false;
                for option in &d.words[2..] {
                    if let Some(w) = option.strip_prefix("weight=") {
                        weight = match w.parse::<u32>() {
                            Ok(w) if (1..=crate::schemes::nginx::MAX_WEIGHT).contains(&w) => {
                                f64::from(w)
                            }
                            _ => {
                                return Err(at(format!(
                                    "weight={w}: a weight is a whole number from 1 to {}",
                                    crate::schemes::nginx::MAX_WEIGHT
                                )))
                            }
                        };
                    } else if option == "down" {
                        down = true;
                    } else if option == "backup" {
                        return Err(at(
                            "\"backup\" cannot be used with hash (nginx refuses it too)".into(),
                        ));
                    }
                }
                if down {
                    ignored.push(format!(
                        "line {}: server {address} is down: left out",
                        d.line
                    ));
                } else {
                    servers.push(Server::new(address.as_str()).with_weight(weight));
                }
            }
            other => ignored.push(format!(
                "line {}: {other} does not change placement",
                d.line
            )),
        }
    }
    if servers.is_empty() {
        return Err(ConfigError::Invalid(format!(
            "upstream {name} has no server that is up"
        )));
    }
    crate::validate_servers(&servers)?;
    Ok(Upstream {
        name,
        key,
        servers,
        ignored,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upstreams_inside_http_quotes_and_comments() {
        let text = "http {\n  upstream plain { server a:1; }\n  upstream 'ring' {\n    hash \"$arg_k\" consistent; # comment\n    server \"b:1\";\n    server c:1 weight=3;\n  }\n}\n";
        let u = parse(text).unwrap();
        assert_eq!(u.name, "ring");
        assert_eq!(u.key, "$arg_k");
        assert_eq!(u.servers.len(), 2);
        assert!(u.ignored[0].starts_with("line 2: upstream plain"));
    }

    #[test]
    fn errors_carry_line_numbers() {
        let cases = [
            (
                "upstream u {\n hash $k consistent;\n server a weight=0;\n}",
                "line 3",
            ),
            (
                "upstream u {\n hash $k consistent;\n server a backup;\n}",
                "line 3",
            ),
            ("upstream u {\n hash $k consistent\n}", "line 2"),
            (
                "upstream u {\n hash $k consistent;\n server 'a;\n}",
                "line 3",
            ),
            ("}", "line 1"),
            ("upstream u { server a; }", "no upstream"),
            (
                "upstream u { hash $k consistent; server a down; }",
                "no server",
            ),
        ];
        for (text, says) in cases {
            let err = parse(text).unwrap_err().to_string();
            assert!(err.contains(says), "{text:?}: {err}");
        }
    }

    /// A quoted word holding line breaks is quoted back escaped: messages are one line.
    /// (Found by `tests/properties.rs`: a quote opened before `upstream`, closed after.)
    #[test]
    fn a_quoted_line_break_stays_out_of_the_message() {
        for text in ["\"\nupstream u {\n\"", "upstream u {\n 'a\tb\nc' }"] {
            let err = parse(text).unwrap_err().to_string();
            assert!(!err.contains(['\n', '\t']), "{err:?}");
            assert!(err.starts_with("line "), "{err}");
        }
    }
}
