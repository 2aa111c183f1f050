//! The named holes of a sentence template (`{name}`), shared by the tests of every table of words.

/// The holes of a template, sorted.
pub fn holes(template: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else { break };
        let name = &rest[open + 1..open + close];
        if !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase()) {
            out.push(name.to_string());
        }
        rest = &rest[open + close + 1..];
    }
    out.sort();
    out
}
