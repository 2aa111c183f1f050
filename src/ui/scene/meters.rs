//! The two meters under the scene: the turn budget (one mark per turn left) and the history
//! meter (what each turn sent to the model, which grows because the whole history goes again).

use crate::text;
use crate::ui::digits;
use leptos::prelude::*;
use rusty_lock_engine::show::view::{RunView, TurnLoad};

/// At most this many turn marks; a number says the rest.
const MARKS_MAX: u32 = 20;
/// The history meter shows the last this many turns.
const BARS: usize = 10;

#[component]
pub fn TurnBudget(turn: Memo<(u32, u32)>, hooks: &'static str) -> impl IntoView {
    let left = move || {
        let (t, m) = turn.get();
        m.saturating_sub(t)
    };
    view! {
        <div class="meter-box" data-testid=format!("{hooks}turn-budget") data-left=left>
            <p class="meter-title">{text::turns_left_label()}</p>
            <div class="marks" role="img" aria-label=move || { let (_, m) = turn.get(); text::turns_left(left(), m) }>
                {move || {
                    let (t, m) = turn.get();
                    let shown = m.min(MARKS_MAX);
                    (1..=shown).map(|i| view! { <span class="mark" class:spent=i <= t.min(shown)></span> }).collect_view()
                }}
                {move || {
                    let (_, m) = turn.get();
                    (m > MARKS_MAX).then(|| view! { <span class="marks-more">{format!("+{}", m - MARKS_MAX)}</span> })
                }}
            </div>
            <p class="meter-value"><strong>{left}</strong>" / "{move || turn.get().1}</p>
        </div>
    }
}

#[component]
pub fn TokenMeter(view: Signal<RunView>, hooks: &'static str) -> impl IntoView {
    let recent = Memo::new(move |_| {
        view.with(|v| {
            let from = v.sent.len().saturating_sub(BARS);
            v.sent[from..].to_vec()
        })
    });
    let peak = Memo::new(move |_| {
        recent.with(|r| r.iter().map(|l| l.est_tokens.max(l.prompt_tokens.unwrap_or(0))).max().unwrap_or(1).max(1))
    });
    let last = Memo::new(move |_| recent.with(|r| r.last().copied()));
    view! {
        <div class="meter-box tokens" data-testid=format!("{hooks}token-meter") data-turns=move || view.with(|v| v.sent.len())>
            <p class="meter-title">{text::resent()}</p>
            // The explanation waits where the bars will grow, so the box keeps its height.
            <div class="bars-slot">
                <Show when=move || last.get().is_none()>
                    <p class="meter-empty">{text::resent_empty()}</p>
                </Show>
                // How many bars, for the counts' places (style/scene.css places each count over
                // its bar, in the row's box), and how many digits the widest count has: there
                // only every second, third or fourth bar keeps its count where they would run
                // into each other.
                <div class="bars" aria-hidden="true" style=move || format!("--n: {}", recent.with(Vec::len).max(1))
                    data-digits=move || recent.with(|r| label_digits(r))>
                    {move || recent.get().into_iter().enumerate().map(|(i, TurnLoad { turn, messages, est_tokens, prompt_tokens })| {
                        let height = |tokens: u32| (u64::from(tokens) * 100 / u64::from(peak.get())).max(4);
                        let h = height(est_tokens);
                        let title = text::token_bar(turn, messages, est_tokens, prompt_tokens);
                        // The server's own count, when it gave one, as a thin bar beside the estimate.
                        let counted = prompt_tokens.map(|c| view! {
                            <span class="bar-counted" style=format!("height: {}%", height(c)) title=title.clone()></span>
                        });
                        view! {
                            <span class="bar-pair">
                                <span class="bar" style=format!("height: {h}%") title=title.clone()>
                                    <span class="bar-label" style=format!("--i: {i}; --d: {}; --h: {h}%", digits(messages))>{messages}</span>
                                </span>
                                {counted}
                            </span>
                        }
                    }).collect_view()}
                </div>
            </div>
            <p class="meter-value" data-testid=format!("{hooks}token-value") data-server-tokens=move || last.get().and_then(|l| l.prompt_tokens)>
                {move || last.get().map_or_else(|| text::resent_nothing().to_string(), |l| text::history_meter(l.messages, l.est_tokens))}
                // Said to screen readers; drawn as the thin bar, so the line never wraps mid-run.
                {move || last.get().and_then(|l| l.prompt_tokens).map(|c| view! { <span class="sr-only">{text::server_counted(c)}</span> })}
            </p>
        </div>
    }
}

/// The digits of the widest count over the bars (1 to 5; a count of 10,000 messages or more is
/// drawn as wide as 5 digits).
fn label_digits(recent: &[TurnLoad]) -> u32 {
    digits(recent.iter().map(|l| l.messages).max().unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(messages: usize) -> TurnLoad {
        TurnLoad { turn: 1, messages, est_tokens: 10, prompt_tokens: None }
    }

    #[test]
    fn the_widest_count_sets_the_digits_from_one_to_five() {
        assert_eq!(label_digits(&[]), 1);
        assert_eq!(label_digits(&[load(0)]), 1);
        assert_eq!(label_digits(&[load(9), load(10)]), 2);
        assert_eq!(label_digits(&[load(999), load(1998), load(2000)]), 4);
        assert_eq!(label_digits(&[load(123_456)]), 5);
    }
}
