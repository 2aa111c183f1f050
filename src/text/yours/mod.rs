//! Your own loop's words (`?view=yours`), all three languages, and its starting code: a
//! from-scratch loop in our own words whose comments speak the page's language. Only the view's
//! part reads them.

mod en;
pub mod exercises;
mod fr;
mod zh;

pub use en::YOURS as EN;
pub use fr::YOURS as FR;
pub use zh::YOURS as ZH;

/// The code the editor starts with in `lang`: it earns a perfect report card. One template
/// (`src/text/loop/loop.js`) for the code, so a fix to the loop is made once; each language fills
/// its `⟦n⟧` lines with its own words (`LOOP` in `en.rs`, `fr.rs`, `zh.rs`).
pub fn starting_code(lang: super::Lang) -> String {
    let marked = starting_code_marked(lang);
    let lines: Vec<&str> = marked.split('\n').filter(|l| !(l.starts_with('⟪') && l.ends_with('⟫'))).collect();
    lines.join("\n")
}

/// The starting code with its regions' markers (`⟪name⟫ … ⟪/⟫`) still in: what the exercises cut.
fn starting_code_marked(lang: super::Lang) -> String {
    let words: &[&str] = match lang {
        super::Lang::En => &en::LOOP,
        super::Lang::Fr => &fr::LOOP,
        super::Lang::Zh => &zh::LOOP,
    };
    let template = include_str!("../loop/loop.js");
    let mut out = String::with_capacity(template.len() + 1024);
    for (i, line) in template.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let slot = line.strip_prefix('⟦').and_then(|l| l.strip_suffix('⟧')).and_then(|n| n.parse::<usize>().ok());
        match slot.and_then(|n| words.get(n)) {
            Some(filled) => out.push_str(filled),
            None => out.push_str(line),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_fills_every_line_of_the_starting_code() {
        let slots = include_str!("../loop/loop.js").matches('⟦').count();
        for lang in super::super::Lang::ALL {
            let code = starting_code(lang);
            assert!(!code.contains('⟦') && !code.contains('⟧'), "{lang:?} left a slot empty");
            assert!(code.contains("async function runAgent(task)"), "{lang:?}");
        }
        assert_eq!(slots, en::LOOP.len());
        assert_eq!(slots, fr::LOOP.len());
        assert_eq!(slots, zh::LOOP.len());
    }

    /// The browser tests build their solutions from the English starting code: this keeps their
    /// copy (`tests/e2e/loops/robust-en.js`) the same. `UPDATE_FIXTURES=1` rewrites it.
    #[test]
    fn the_browser_tests_copy_of_the_starting_code_is_current() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/e2e/loops/robust-en.js");
        let code = starting_code(super::super::Lang::En) + "\n";
        if std::env::var_os("UPDATE_FIXTURES").is_some() {
            std::fs::write(path, &code).expect("write the fixture");
        }
        let copy = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            copy == code,
            "{path} is stale: run UPDATE_FIXTURES=1 cargo test -p rusty-lock --bins copy_of_the_starting_code"
        );
    }
}
