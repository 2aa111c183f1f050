//! The drawing itself, in a 600 × 300 box: the oracle on the left, the hero on the floor, the
//! temple door on the right. Every part is always in the DOM; the stage's data attributes say
//! which are on, and style/scene.css shows, hides and moves them.
//!
//! The parts that never change are plain SVG markup (see [`art`]): a few strings cost far less
//! in the page's download than the same shapes built one element at a time. Only what changes
//! with the step (the hero's place, the history bundle, the words in the bubbles, the door and
//! lock and their test hooks) is built reactively.

use crate::text;
use leptos::prelude::*;
use rusty_lock_engine::run::events::Ending;
use rusty_lock_engine::run::world::Room;
use rusty_lock_engine::show::scene::{Act, Beat, Spot};

/// How many slabs of history the bundle can show; the number says the rest.
const BUNDLE_MAX: usize = 16;

/// The attributes that squeeze `text` into `max` units of the stage when it would not fit,
/// or nothing when it fits: a sign keeps its size whatever the language, and a long French word
/// is drawn a little narrower rather than spilling out of its frame. The width is estimated
/// (the stage cannot measure text before it is drawn): thousandths of an em per character, a
/// full em for Chinese, on the wide side so a real glyph is never wider than its estimate.
pub fn fit(text: &str, max: u32, font_px: u32, spacing_milli_em: u32) -> String {
    let milli_em: u32 = text
        .chars()
        .map(|c| {
            spacing_milli_em
                + match c {
                    c if (c as u32) >= 0x2E80 => 1000,
                    ' ' => 300,
                    'M' | 'W' | 'm' | 'w' | 'Œ' | 'Æ' => 900,
                    'A'..='Z' | '0'..='9' | 'À'..='Þ' => 720,
                    'i' | 'l' | 'j' | 't' | 'f' | 'r' | '.' | ',' | ':' | ';' | '\'' | '!' | '|' => 380,
                    _ => 600,
                }
        })
        .sum();
    if milli_em * font_px <= max * 1000 {
        String::new()
    } else {
        format!(r#" textLength="{max}" lengthAdjust="spacingAndGlyphs""#)
    }
}

/// [`fit`] for a monospaced line (the model's own words in the answer's scroll): every character
/// takes the same width, a space too, about 0.6 em (a full em for Chinese).
pub fn fit_mono(text: &str, max: u32, font_px: u32) -> String {
    let milli_em: u32 = text.chars().map(|c| if (c as u32) >= 0x2E80 { 1000 } else { 610 }).sum();
    if milli_em * font_px <= max * 1000 {
        String::new()
    } else {
        format!(r#" textLength="{max}" lengthAdjust="spacingAndGlyphs""#)
    }
}

/// The markup of the parts that never change.
mod art {
    use super::{fit, fit_mono};
    use crate::text;

    pub fn backdrop(px: u32) -> String {
        let mut bricks = String::new();
        for row in 0..6 {
            let y = 22 + row * 40;
            bricks.push_str(&format!(r#"<line x1="0" x2="600" y1="{y}" y2="{y}"/>"#));
            for col in 0..8 {
                let x = col * 80 + if row % 2 == 0 { 40 } else { 0 };
                bricks.push_str(&format!(r#"<line x1="{x}" x2="{x}" y1="{y}" y2="{}"/>"#, y + 40));
            }
        }
        format!(
            r#"<rect x="0" y="0" width="600" height="252" class="wall"/><g class="bricks">{bricks}</g>
<rect x="0" y="250" width="600" height="50" class="floor"/><line x1="120" x2="470" y1="262" y2="262" class="path"/>
<text x="78" y="288" class="label"{}>{}</text><text x="510" y="288" class="label"{}>{}</text>
<g class="bench"><rect x="262" y="232" width="76" height="10" rx="2"/><rect x="268" y="242" width="8" height="10"/><rect x="324" y="242" width="8" height="10"/></g>
<g class="oracle"><rect x="30" y="196" width="96" height="56" class="pedestal"/><rect x="24" y="190" width="108" height="10" class="pedestal-top"/>
<path d="M78 78 C58 78 52 100 52 122 L44 190 L112 190 L104 122 C104 100 98 78 78 78 Z" class="robe"/>
<ellipse cx="78" cy="112" rx="17" ry="15" class="hood"/><circle cx="71" cy="112" r="3.4" class="eye"/><circle cx="85" cy="112" r="3.4" class="eye"/>
<circle cx="78" cy="160" r="11" class="orb"/></g>
<path d="M444 252 V128 A66 66 0 0 1 576 128 V252 Z" class="arch"/>"#,
            fit(text::oracle(), 140, px, 30),
            text::oracle(),
            fit(text::the_room(), 160, px, 30),
            text::the_room()
        )
    }

    pub const DOOR: &str = r#"<path d="M456 252 V132 A54 54 0 0 1 564 132 V252 Z" class="doorway"/>
<g class="sunlight"><path d="M486 252 L470 150 M510 252 L510 140 M534 252 L550 150"/></g>
<g class="door-leaf"><path d="M456 252 V132 A54 54 0 0 1 564 132 V252 Z" class="planks"/>
<line x1="492" y1="80" x2="492" y2="252" class="seam"/><line x1="528" y1="80" x2="528" y2="252" class="seam"/>
<rect x="456" y="150" width="108" height="9" class="band"/><rect x="456" y="222" width="108" height="9" class="band"/></g>"#;

    pub const LOCK: &str = r#"<rect x="536" y="174" width="22" height="32" rx="3" class="lock-plate"/>
<circle cx="547" cy="186" r="4" class="keyhole"/><rect x="545.8" y="187" width="2.4" height="10" class="keyhole"/>
<circle cx="540" cy="179" r="2" class="rust"/><circle cx="554" cy="202" r="2.2" class="rust"/>
<circle cx="553" cy="178" r="1.5" class="rust"/><circle cx="540" cy="200" r="1.6" class="rust"/>
<path d="M560 168 q4 6 0 9 q-4 -3 0 -9z" class="shine"/>"#;

    const KEY: &str =
        r#"<g class="key-shape"><circle cx="7" cy="7" r="6"/><path d="M13 7 H32 M27 7 v6 M31 7 v5"/></g>"#;
    const OIL: &str = r#"<g class="oil-shape"><path d="M0 10 h16 l5 -5 l8 -2 l-9 8 v12 H0 Z"/><rect x="4" y="4" width="6" height="6"/></g>"#;

    /// The key and the oil can at work on the lock, and the eye of `look_at`.
    pub fn acts() -> String {
        format!(
            r#"<g class="act act-key" transform="translate(508 183)">{KEY}</g>
<g class="act act-oil"><g transform="rotate(35 520 160) translate(510 148)">{OIL}</g><path d="M545 176 q3 5 0 7 q-3 -2 0 -7z" class="drop"/></g>
<g class="act act-look"><path d="M0 0 Q16 -13 32 0 Q16 13 0 0 Z" class="eye-white"/><circle cx="16" cy="0" r="5.5" class="eye-pupil"/></g>"#
        )
    }

    /// The hero's body, feet at (0, 250), with the key and the oil can at the belt.
    pub fn hero() -> String {
        format!(
            r#"<rect x="-10" y="214" width="7" height="36" rx="2" class="leg"/><rect x="3" y="214" width="7" height="36" rx="2" class="leg"/>
<path d="M-15 176 Q0 168 15 176 L17 218 L-17 218 Z" class="tunic"/><rect x="-17" y="204" width="34" height="5" class="belt"/>
<g class="carried-key" transform="translate(-22 206) scale(.55)">{KEY}</g><g class="carried-oil" transform="translate(8 204) scale(.6)">{OIL}</g>
<circle cx="0" cy="158" r="13" class="skin"/><path d="M-19 150 H19 L13 146 Q0 128 -13 146 Z" class="hat"/>
<circle cx="5" cy="158" r="1.8" class="pupil"/><path d="M15 180 L26 196" class="arm"/>"#
        )
    }

    /// The villain: an error nobody catches. Square, like the layer it stands for.
    pub fn villain(px: u32) -> String {
        format!(
            r#"<path d="M318 252 L322 150 L336 126 L344 146 L358 118 L372 146 L386 126 L398 150 L402 252 Z" class="shadow"/>
<rect x="340" y="160" width="12" height="12" class="villain-eye"/><rect x="368" y="160" width="12" height="12" class="villain-eye"/>
<path d="M342 196 L352 188 L360 198 L368 188 L378 196" class="grin"/>
<rect x="296" y="80" width="128" height="28" rx="3" class="villain-tag"/><text x="360" y="99" class="villain-text"{}>{}</text>"#,
            fit(text::villain(), 118, px.max(15), 60),
            text::villain()
        )
    }

    /// The frames of everything that speaks; the words that change are added by the stage.
    pub fn frames(px: u32) -> String {
        format!(
            r#"<g class="bubble bubble-request"><rect x="16" y="10" width="262" height="58" rx="3" class="card"/>
<path d="M34 26 l8 8 m-4 -4 l-9 9 a4 4 0 1 0 4 4 l9 -9" class="wrench"/><text x="58" y="30" class="bubble-head"{ask_fit}>{ask}</text></g>
<g class="bubble bubble-final"><path d="M24 14 H266 q10 0 10 10 v34 q0 10 -10 10 H24 q-10 0 -10 -10 v-34 q0 -10 10 -10 Z" class="scroll"/>
<path d="M38 22 l4 9 l10 1 l-8 6 l3 10 l-9 -6 l-9 6 l3 -10 l-8 -6 l10 -1 Z" class="star"/>
<text x="60" y="32" class="bubble-head"{fin_fit}>{fin}</text><text x="60" y="56" class="bubble-call fin-open"{fin_text_fit}>{fin_text}</text><text x="60" y="56" class="bubble-call fin-shut"{fin_shut_fit}>{fin_shut}</text></g>
<g class="bubble bubble-failed"><path d="M150 120 L130 142 L146 146 L120 176" class="bolt"/><rect x="16" y="10" width="262" height="58" rx="3" class="alarm"/>
<text x="30" y="58" class="alarm-sub alarm-code"{code_fit}>{code}</text><text x="30" y="58" class="alarm-sub alarm-nobody"{nobody_fit}>{nobody}</text></g>
<g class="note note-ok"><rect x="350" y="80" width="242" height="34" rx="4"/><path d="M362 97 l6 6 l12 -13" class="tick"/><text x="386" y="103"{worked_fit}>{worked}</text></g>
<g class="note note-error"><rect x="118" y="80" width="238" height="34" rx="4"/><text x="133" y="104" class="bang">!</text><text x="150" y="103"{back_fit}>{back}</text></g>
<g class="note note-thrown"><rect x="350" y="80" width="242" height="34" rx="4"/><text x="362" y="104" class="bang">!</text><text x="378" y="103"{thrown_fit}>{thrown}</text></g>
<g class="call-tag"><rect x="300" y="96" width="180" height="30" rx="15"/></g>
<g class="countdown"><rect x="190" y="8" width="220" height="74" rx="8" class="countdown-box"/><path d="M346 200 h20 l-8 14 l8 14 h-20 l8 -14 Z" class="hourglass"/></g>
<g class="guard-sign"><rect x="176" y="10" width="248" height="58" rx="6"/><polygon points="200,22 214,48 186,48" class="guard-mark"/><text x="226" y="34" class="bubble-head"{guard_fit}>{guard}</text></g>
<g class="end-sign end-cancelled"><polygon points="282,12 318,12 336,30 336,56 318,74 282,74 264,56 264,30"/><text x="300" y="48"{stopped_fit}>{stopped}</text></g>
<g class="end-sign end-escalated"><line x1="330" y1="250" x2="330" y2="150" class="pole"/><path d="M330 152 h46 v26 h-46 Z" class="flag"/>
<rect x="200" y="14" width="200" height="44" rx="6"/><text x="300" y="43"{handed_fit}>{handed}</text></g>"#,
            ask = text::asks_for_a_tool(),
            // Estimated at `px`: 16, or presenter mode's 18 (its small words are 17.5, style/lessons.css).
            ask_fit = fit(text::asks_for_a_tool(), 206, px, 80),
            fin_fit = fit(text::final_answer(), 200, px, 80),
            fin_text_fit = fit_mono(text::final_answer_text(), 206, 19),
            fin_shut_fit = fit_mono(text::final_answer_shut(), 206, 19),
            // Bold too: projected, a letter's allowance is wider ("personne ne peut corriger" is 256
            // units at 17.5 px, over the 236 of its frame; the full page keeps its estimate).
            code_fit = fit(text::caught_by_code(), 236, px, if px > 16 { 90 } else { 0 }),
            nobody_fit = fit(text::nobody_can_fix(), 236, px, if px > 16 { 90 } else { 0 }),
            // The notes are bold: a bold letter is about an eighth wider than the estimate's
            // (measured: "Error: back to the model" 214 units at presenter mode's 15.5 px).
            worked_fit = fit(text::tool_worked(), 196, px, 80),
            back_fit = fit(text::tool_error_back(), 196, px, 80),
            thrown_fit = fit(text::tool_error_thrown(), 204, px, 80),
            guard_fit = fit(text::guard_sign(), 186, px, 80),
            stopped_fit = fit(text::stopped_sign(), 64, px, 50),
            handed_fit = fit(text::handed_over(), 186, px, 50),
            fin = text::final_answer(),
            fin_text = text::final_answer_text(),
            fin_shut = text::final_answer_shut(),
            code = text::caught_by_code(),
            nobody = text::nobody_can_fix(),
            worked = text::tool_worked(),
            back = text::tool_error_back(),
            thrown = text::tool_error_thrown(),
            guard = text::guard_sign(),
            stopped = text::stopped_sign(),
            handed = text::handed_over(),
        )
    }
}

#[component]
pub fn Stage(
    beat: Memo<Beat>,
    spot: Memo<Spot>,
    room: Memo<Room>,
    carried: Memo<usize>,
    villain: Memo<bool>,
    /// The history carries secrets: the bundle is marked, as every later turn sends them.
    leaked: Memo<bool>,
    /// While waiting: (next attempt, attempts in all, ms still to wait).
    countdown: Signal<Option<(u32, u32, u64)>>,
    hooks: &'static str,
    label: Signal<String>,
) -> impl IntoView {
    let door = move || if room.get().door_open { "open" } else { "closed" };
    let lock = move || if room.get().lock_oiled { "oiled" } else { "rusted" };
    let hero_x = move || match spot.get() {
        Spot::Start | Spot::Bench => 300,
        Spot::Oracle => 178,
        Spot::Room => 408,
        Spot::Door => 506,
    };
    // The words of the step: the call on screen (a guard's sign in its place), the failure's name.
    let call = move || beat.with(|b| b.guard.map_or_else(|| b.call.clone(), |g| text::guard_short(g).into()));
    let failure = move || beat.with(|b| b.failure.as_ref().map(text::failure_name).unwrap_or_default());
    // A long call (a broken JSON, a guard's words) is drawn narrower to stay inside its frame.
    let call_fit = move |max: u32, font_px: u32, length: &'static str| {
        move || (!fit_mono(&call(), max, font_px).is_empty()).then_some(length)
    };
    // The hero's name and the failure's name carry their own fit, as the frames do.
    // Presenter mode draws the scene's small words larger (style/lessons.css): estimated at its size.
    let present = crate::state::expect_context::<crate::state::Playground>().scenario.with_untracked(|s| s.mode)
        == rusty_lock_engine::show::scenario::Mode::Present;
    let px = if present { 18 } else { 16 };
    let hero_label = format!("<tspan{}>{}</tspan>", fit(text::hero(), 120, px, 30), text::hero());
    let bundle = move || {
        let n = carried.get();
        if n == 0 {
            return String::new();
        }
        let slabs: String = (0..n.min(BUNDLE_MAX))
            .map(|k| {
                format!(
                    r#"<rect x="-34" y="{}" width="17" height="5" rx="1" class="slab slab-{}"/>"#,
                    226 - k * 6,
                    k % 3
                )
            })
            .collect();
        let top = 214 - n.min(BUNDLE_MAX) * 6;
        let mark = if leaked.get() {
            format!(
                r#"<g class="bundle-leak" data-testid="{hooks}bundle-leak"><circle cx="-26" cy="{}" r="8"/><text x="-26" y="{}">!</text></g>"#,
                top - 28,
                top - 24
            )
        } else {
            String::new()
        };
        format!(r#"{slabs}<text x="-26" y="{top}" class="bundle-count">{n}</text>{mark}"#)
    };
    view! {
        <div class="stage-wrap">
            <svg
                class="stage"
                viewBox="0 0 600 300"
                role="img"
                aria-label=move || label.get()
                data-beat=move || beat.with(|b| b.name.slug())
                data-layer=move || beat.with(|b| b.layer.map(|l| l.slug()))
                data-act=move || beat.with(|b| b.act.map_or("", Act::slug))
                data-end=move || beat.with(|b| b.outcome.map(Ending::slug))
                data-spot=move || spot.get().slug()
                data-door=door
                data-villain=move || villain.get().to_string()
                data-leak=move || leaked.get().to_string()
                data-testid=format!("{hooks}stage")
            >
                <g inner_html=art::backdrop(px) />
                <g data-testid=format!("{hooks}door") data-state=door class=move || format!("door door-{}", door()) inner_html=art::DOOR />
                <g data-testid=format!("{hooks}lock") data-state=lock class=move || format!("lock lock-{}", lock()) inner_html=art::LOCK />
                <g inner_html=art::acts() />
                <g class="hero" style=move || format!("transform: translate({}px, 0px)", hero_x())>
                    <g class="hero-body">
                        <g class="bundle" inner_html=bundle />
                        <g inner_html=art::hero() />
                    </g>
                    <text x="0" y="272" class="label hero-label" inner_html=hero_label />
                </g>
                <g class="villain" inner_html=art::villain(px) />
                <g inner_html=art::frames(px) />
                // The words that change with the step, each inside its frame's area.
                <text x="58" y="55" class="bubble-call in-request" textLength=call_fit(212, 19, "212") lengthAdjust="spacingAndGlyphs">{call}</text>
                <text
                    x="30"
                    y="36"
                    class="alarm-title in-failed"
                    textLength=move || (!fit(&failure(), 236, 22, 0).is_empty()).then_some("236")
                    lengthAdjust="spacingAndGlyphs"
                >
                    {failure}
                </text>
                <text x="390" y="117" class="call-text in-tool" textLength=call_fit(172, px, "172") lengthAdjust="spacingAndGlyphs">{call}</text>
                <text x="226" y="58" class="bubble-call in-guard" textLength=call_fit(190, 19, "190") lengthAdjust="spacingAndGlyphs">{call}</text>
                <text x="300" y="48" class="countdown-time in-wait">
                    {move || countdown.get().map(|(_, _, ms)| text::duration(ms)).unwrap_or_default()}
                </text>
                <text
                    x="300"
                    y="72"
                    class="countdown-attempt in-wait"
                    textLength=move || {
                        countdown.get().and_then(|(a, m, _)| (!fit(&text::attempt_of(a, m), 206, px.max(17), 0).is_empty()).then_some("206"))
                    }
                    lengthAdjust="spacingAndGlyphs"
                >
                    {move || countdown.get().map(|(a, m, _)| text::attempt_of(a, m)).unwrap_or_default()}
                </text>
            </svg>
        </div>
    }
}
