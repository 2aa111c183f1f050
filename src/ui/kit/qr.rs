//! A QR code of a link, drawn as one SVG path of its dark modules on a white square with the
//! standard quiet zone, so it scales to any size (a handout's corner, a projected wall) and
//! stays sharp. The `qrcode` crate does the encoding; it lives in the `kit` part only.

use crate::text;
use leptos::prelude::*;
use qrcode::{Color, EcLevel, QrCode};
use std::fmt::Write;

/// The white border around the code, in modules: the standard asks for four.
const QUIET: usize = 4;

/// The dark modules of `link`'s code as SVG path data, and the side of the whole square in
/// modules (quiet zone included). `None` if the link is too long for any QR code.
fn modules(link: &str) -> Option<(String, usize)> {
    // Level M survives a smudged printout or a glare on the projector screen.
    let code = QrCode::with_error_correction_level(link.as_bytes(), EcLevel::M).ok()?;
    let width = code.width();
    let colors = code.to_colors();
    let mut d = String::new();
    for (y, row) in colors.chunks(width).enumerate() {
        let mut x = 0;
        while x < width {
            if row[x] == Color::Light {
                x += 1;
                continue;
            }
            // One rectangle per run of dark modules in a row keeps the path short.
            let start = x;
            while x < width && row[x] == Color::Dark {
                x += 1;
            }
            let _ = write!(d, "M{} {}h{}v1h-{}z", start + QUIET, y + QUIET, x - start, x - start);
        }
    }
    Some((d, width + 2 * QUIET))
}

/// The QR code of `link`, named by its link for screen readers. Its size comes from its class.
#[component]
pub fn Qr(link: String, class: &'static str, testid: &'static str) -> impl IntoView {
    let (d, side) = modules(&link)?;
    Some(view! {
        <svg class=format!("qr {class}") data-testid=testid role="img" aria-label=text::qr_label(&link)
            viewBox=format!("0 0 {side} {side}") shape-rendering="crispEdges">
            <rect width=side height=side fill="#fff"></rect>
            <path d=d fill="#000"></path>
        </svg>
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lesson_link_fits_a_small_code_with_its_quiet_zone() {
        let (d, side) = modules("https://teacher.example.org/rusty-lock/?lesson=bad-request-retried").unwrap();
        // Version 4 or 5 at level M: 33 or 37 modules, plus the quiet zone on both sides.
        assert!((33 + 8..=37 + 8).contains(&side), "{side}");
        // The three finder patterns start in the corners just inside the quiet zone.
        assert!(d.starts_with("M4 4h7v1h-7z"), "{}", &d[..20]);
        assert!(d.contains(&format!("M{} 4h7v1h-7z", side - QUIET - 7)));
    }
}
