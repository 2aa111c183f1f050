//! The retry policy at a glance, before any run: for each retry the settings allow, the backoff
//! ceiling and the band of waits the policy may pick under it, redrawn as the settings change.
//! It sits under the retry settings, in the `below` part.

use crate::text;
use leptos::prelude::*;
use rusty_lock_engine::run::provider::RetryPolicy;

const W: f64 = 300.0;
const H: f64 = 120.0;
const PAD_L: f64 = 40.0;
const PAD_B: f64 = 18.0;
const PAD_T: f64 = 6.0;

#[component]
pub fn RetryPreview(policy: Signal<RetryPolicy>) -> impl IntoView {
    // Its styles are in lessons.css, not the first load's sheet.
    crate::web::lesson_styles::link();
    let chart = move || {
        let p = policy.get();
        let retries = p.max_attempts.max(1) - 1;
        if retries == 0 {
            return view! { <p class="hint" data-testid="retry-preview" data-ceilings="">{text::preview_no_retry()}</p> }
                .into_any();
        }
        let ranges: Vec<(u64, u64)> = (1..=retries).map(|n| p.wait_range(n)).collect();
        let top = ranges.iter().map(|r| r.1).max().unwrap_or(0).max(1);
        let slot = (W - PAD_L) / retries as f64;
        let y = move |ms: u64| PAD_T + (H - PAD_T - PAD_B) * (1.0 - ms as f64 / top as f64);
        let ceilings: Vec<String> = ranges.iter().map(|r| r.1.to_string()).collect();
        let worst: u64 = ranges.iter().map(|r| r.1).fold(0, u64::saturating_add);
        let words: Vec<String> =
            ranges.iter().enumerate().map(|(i, r)| text::preview_retry(i as u32 + 2, r.0, r.1)).collect();
        view! {
            <svg class="preview-chart" viewBox=format!("0 0 {W} {H}") role="img" aria-label=words.join(" ")
                data-testid="retry-preview" data-ceilings=ceilings.join(",")>
                <line class="axis" x1=PAD_L y1=H - PAD_B x2=W y2=H - PAD_B />
                <text class="tick" x=PAD_L - 4.0 y=PAD_T + 10.0 text-anchor="end">{text::duration(top)}</text>
                <text class="tick" x=PAD_L - 4.0 y=H - PAD_B text-anchor="end">"0"</text>
                {ranges.iter().enumerate().map(|(i, (lo, hi))| {
                    let x = PAD_L + slot * i as f64 + slot * 0.2;
                    let w = slot * 0.6;
                    view! {
                        <g data-testid="preview-retry" data-low=*lo data-high=*hi>
                            <rect class="preview-band" x=format!("{x:.1}") y=format!("{:.1}", y(*hi)) width=format!("{w:.1}") height=format!("{:.1}", (y(*lo) - y(*hi)).max(1.5)) />
                            <line class="preview-ceiling" x1=format!("{x:.1}") x2=format!("{:.1}", x + w) y1=format!("{:.1}", y(*hi)) y2=format!("{:.1}", y(*hi)) />
                            <text class="tick" x=format!("{:.1}", x + w / 2.0) y=H - 5.0 text-anchor="middle">{text::preview_axis(i as u32 + 2)}</text>
                        </g>
                    }
                }).collect_view()}
            </svg>
            <p class="hint preview-worst">{text::preview_worst(worst)}</p>
        }
        .into_any()
    };
    view! {
        <div class="retry-preview">
            <h3>{text::preview_title()}</h3>
            {chart}
        </div>
    }
}
