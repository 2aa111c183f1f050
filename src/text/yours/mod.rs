//! Your own loop's words (`?view=yours`), all three languages, and its starting code: a
//! from-scratch loop in our own words whose comments speak the page's language. Only the view's
//! part reads them.

mod en;
mod fr;
mod zh;

pub use en::YOURS as EN;
pub use fr::YOURS as FR;
pub use zh::YOURS as ZH;

/// The code the editor starts with in `lang`: it earns a perfect report card.
pub fn starting_code(lang: super::Lang) -> &'static str {
    match lang {
        super::Lang::En => include_str!("../loop/en.js"),
        super::Lang::Fr => include_str!("../loop/fr.js"),
        super::Lang::Zh => include_str!("../loop/zh.js"),
    }
}
