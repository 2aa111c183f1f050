//! The backoff strip: one bar per retry of a turn, showing the ceiling the policy allowed
//! (base × 2ⁿ, capped), a tick where the random pick landed, the server's `Retry-After` in its own
//! colour, and the time spent waiting in all. Beside the scene it follows playback and time
//! travel (it is derived from the events up to the step on screen); in the verdict it shows every
//! retried turn. It comes in the `strip` part, fetched the first time a wait is on screen.

use crate::parts::{split_point, PartMissing};
use crate::state::shown::Shown;
use crate::state::Playground;
use crate::text;
use crate::ui::lazy::Build;
use leptos::prelude::*;
use rusty_lock_engine::run::provider::WaitReason;
use rusty_lock_engine::show::view::{backoff_strips, Strip};

/// Where the bars start and how wide the common scale is, in SVG units.
const X0: f64 = 96.0;
const SCALE_W: f64 = 200.0;
const ROW: f64 = 24.0;
/// Projected: a row of figures (24 units, style/lessons.css) over a bar as wide as the chart.
const PRESENT_SCALE_W: f64 = 450.0;
const PRESENT_ROW: f64 = 62.0;

/// The strip of the turn on screen, while that turn has waited at least once.
#[component]
pub fn SceneStrip() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let shown = crate::state::expect_context::<Shown>();
    let strip = Memo::new(move |_| {
        let index = shown.index.get()?;
        let turn = shown.view.with(|v| v.turn);
        let policy = pg.scenario.with_untracked(|s| s.config.retry.clone());
        pg.run.with(|rec| {
            let upto = &rec.events()[..(index + 1).min(rec.events().len())];
            backoff_strips(&policy, upto).into_iter().rev().find(|s| s.turn == turn)
        })
    });
    move || {
        strip.get().map(
            |s| view! { <section class="panel strip-panel" data-testid="scene-strip"><StripChart strip=s /></section> },
        )
    }
}

/// Every retried turn of the finished run, for the verdict.
#[component]
pub fn VerdictStrips() -> impl IntoView {
    let pg = crate::state::expect_context::<Playground>();
    let strips = Memo::new(move |_| {
        let policy = pg.scenario.with_untracked(|s| s.config.retry.clone());
        pg.run.with(|rec| backoff_strips(&policy, rec.events()))
    });
    move || strips.get().into_iter().map(|s| view! { <StripChart strip=s /> }).collect_view()
}

/// One turn's waits as bars on a common scale, with the same figures in words for screen readers.
/// Projected (presenter mode, in the lesson's column), each bar runs the chart's width under its
/// figures, drawn large enough for the back row; the attempt is the bar's place in the list.
#[component]
pub fn StripChart(strip: Strip) -> impl IntoView {
    // Its styles are in lessons.css, not the first load's sheet.
    crate::web::lesson_styles::link();
    let present = crate::state::expect_context::<Playground>().scenario.with_untracked(|s| s.mode)
        == rusty_lock_engine::show::scenario::Mode::Present;
    let (x0, scale_w, row) = if present { (2.0, PRESENT_SCALE_W, PRESENT_ROW) } else { (X0, SCALE_W, ROW) };
    let scale = strip.scale_ms();
    let x = move |ms: u64| x0 + scale_w * ms as f64 / scale as f64;
    let height = row * strip.bars.len() as f64 + 4.0;
    let words: Vec<String> = strip.bars.iter().map(text::strip_bar).collect();
    let total = strip.total_wait_ms();
    view! {
        <div class="strip" data-testid="backoff-strip" data-turn=strip.turn>
            <h3 class="strip-title">{text::strip_title(strip.turn)}</h3>
            <svg class="strip-chart" viewBox=format!("0 0 460 {height}") role="img" aria-label=words.join(" ")
                data-x0=x0 data-scale-width=scale_w data-scale-ms=scale>
                {strip.bars.iter().enumerate().map(|(i, bar)| {
                    let y = 2.0 + row * i as f64;
                    // Projected, the figures are a line above the bar, which takes the rest of the row.
                    let (bar_y, bar_h, text_y) = if present { (y + 30.0, row - 32.0, y + 24.0) } else { (y, ROW, y + 16.0) };
                    let asked = bar.retry_after_ms.map(|ms| view! {
                        <rect class="strip-asked" x=x0 y=bar_y + 4.0 width=format!("{:.1}", x(ms) - x0) height=bar_h - 8.0 rx="2" data-testid="strip-retry-after" />
                    });
                    let tick = x(bar.wait_ms);
                    view! {
                        <g data-testid="strip-bar" data-attempt=bar.attempt data-wait-ms=bar.wait_ms data-ceiling-ms=bar.ceiling_ms
                            data-reason=match bar.reason { WaitReason::Backoff => "backoff", WaitReason::RetryAfter => "retry-after" }>
                            {(!present).then(|| view! { <text class="strip-label" x="0" y=text_y>{text::strip_label(bar.attempt + 1)}</text> })}
                            <rect class="strip-ceiling" x=x0 y=bar_y + 6.0 width=format!("{:.1}", x(bar.ceiling_ms) - x0) height=bar_h - 12.0 rx="2" />
                            {asked}
                            <line class="strip-tick" data-testid="strip-tick" x1=format!("{tick:.2}") x2=format!("{tick:.2}") y1=bar_y + 1.0 y2=bar_y + bar_h - 1.0 />
                            <text class="strip-value" x=if present { x0 } else { X0 + SCALE_W + 8.0 } y=text_y>{text::strip_value(bar)}</text>
                        </g>
                    }
                }).collect_view()}
            </svg>
            <p class="strip-total" data-testid="strip-total" data-total-ms=total>
                {text::strip_total(total)}
                <span class="strip-key"><span class="key-ceiling" aria-hidden="true"></span>{text::strip_key_ceiling()}</span>
                <span class="strip-key"><span class="key-tick" aria-hidden="true"></span>{text::strip_key_tick()}</span>
                <span class="strip-key"><span class="key-asked" aria-hidden="true"></span>{text::strip_key_asked()}</span>
            </p>
        </div>
    }
}

split_point! { strip,
    /// The verdict's strips as a split point of the `strip` part. It sits here, beside them, so the
    /// verdict panel that shows it does not import the hub of views that imports the verdict panel.
    pub fn verdict_strips() -> Result<Build, PartMissing> {
        Ok(Box::new(move || view! { <VerdictStrips /> }.into_any()))
    }
}
