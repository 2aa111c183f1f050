//! The herd view (`?view=herd`): a thousand clients retrying against one recovering server,
//! under five textbook policies and the user's own, drawn as three plain SVG charts with a table
//! of the same figures for screen readers. It lives in the `herd` part, so the playground's first
//! load carries none of it.
//!
//! The engine's `herd` module does the simulating; this file only reads the link, plays the herd a
//! slice of calls per browser task (so it never holds the page for long) and draws.

use crate::text;
use crate::web::address::Address;
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use leptos::task::spawn_local;
use rusty_lock_engine::run::herd::{HerdLine, HerdPolicy, HerdRun, MAX_CLIENTS};
use rusty_lock_engine::show::herd::{decode_link, encode_link, HerdLink, MAX_CAPACITY, MAX_DOWN_MS};
use rusty_lock_engine::show::scenario::{decode, encode, Notice, Scenario};

/// Chart geometry, in SVG user units (the charts scale to their box).
const W: f64 = 640.0;
const H: f64 = 220.0;
const PAD_L: f64 = 44.0;
const PAD_B: f64 = 22.0;
const PAD_T: f64 = 8.0;
/// Calls simulated per browser task: a few milliseconds of work, so a herd of ten thousand
/// clients with no backoff (over a million calls) never makes a long task.
const CALLS_PER_TASK: u64 = 30_000;
/// The most points a line is drawn with: slots are summed into this many buckets at most.
const MAX_POINTS: usize = 320;

#[component]
pub fn HerdView() -> impl IntoView {
    let address = crate::state::expect_context::<Address>();
    let parsed = Memo::new(move |_| {
        let search = address.search();
        let (scenario, mut notices): (Scenario, Vec<Notice>) = decode(&search);
        let (link, more) = decode_link(&search).unwrap_or_default();
        notices.extend(more);
        (scenario, link, notices)
    });
    let link = Memo::new(move |_| parsed.with(|p| p.1.clone()));
    let scenario = Memo::new(move |_| parsed.with(|p| p.0.clone()));
    // Projected (`mode=present`): the charts are drawn for the back row (herd.css lays them out).
    let present = scenario.with_untracked(|s| s.mode) == rusty_lock_engine::show::scenario::Mode::Present;
    // The root type grows with the screen, as in the playground's presenter mode.
    if let Some(root) = document().document_element() {
        let _ = if present { root.set_attribute("data-mode", "present") } else { root.remove_attribute("data-mode") };
    }
    let lines: RwSignal<Vec<HerdLine>> = RwSignal::new(Vec::new());
    let compute_ms = RwSignal::new(0.0f64);
    let generation = StoredValue::new(0u64);

    // Writes a changed herd setting back to the address bar (history replace, as the playground does).
    let write = move |change: &dyn Fn(&mut HerdLink)| {
        let mut next = link.get_untracked();
        change(&mut next);
        let query = format!("?{}&{}", encode(&scenario.get_untracked()), encode_link(&next));
        address.replace(&query);
    };
    let write = StoredValue::new_local(write);

    // Recomputes when the herd or the retry settings change, a slice of calls per task, the stale
    // computation dropped as soon as a newer one starts.
    Effect::new(move |_| {
        let setup = link.with(|l| scenario.with(|s| l.setup(&s.config.retry, s.config.seed)));
        let this = generation.get_value() + 1;
        generation.set_value(this);
        lines.set(Vec::new());
        compute_ms.set(0.0);
        spawn_local(async move {
            for policy in HerdPolicy::ALL {
                let mut run = HerdRun::new(&setup, policy);
                loop {
                    TimeoutFuture::new(0).await;
                    // A newer computation started, or the view is gone (a language switch draws
                    // it anew, a link leaves it): this one stops.
                    if generation.try_get_value() != Some(this) {
                        return;
                    }
                    let start = js_sys::Date::now();
                    let done = run.advance(CALLS_PER_TASK);
                    compute_ms.try_update(|ms| *ms += js_sys::Date::now() - start);
                    if done {
                        break;
                    }
                }
                if lines.try_update(|l| l.push(run.into_line())).is_none() {
                    return;
                }
            }
        });
    });

    let done = move || lines.with(|l| l.len() == HerdPolicy::ALL.len());
    let highlight = move || link.with(|l| l.policy);
    let back = move || format!("?{}", encode(&scenario.get()));
    let field = move |label: &'static str,
                      testid: &'static str,
                      min: u64,
                      max: u64,
                      get: fn(&HerdLink) -> u64,
                      set: fn(&mut HerdLink, u64)| {
        view! {
            <label class="field">
                <span class="field-label">{label}</span>
                <input type="number" min=min max=max data-testid=testid
                    prop:value=move || link.with(get).to_string()
                    on:change=move |ev| {
                        let Some(raw) = crate::web::events::target_value(&ev) else { return };
                        let v = raw.trim().parse::<u64>().unwrap_or(min).clamp(min, max);
                        write.with_value(|w| w(&move |l: &mut HerdLink| set(l, v)));
                    }
                />
            </label>
        }
    };

    view! {
        <div class="app herd-page">
            // The view's own styles come with it (src/ui/herd.css), not in the first load.
            <link rel="stylesheet" href="herd.css" />
            <header class="top">
                <div class="brand">
                    <div>
                        <h1>{text::herd_title()}</h1>
                        <p class="tagline">{text::herd_tagline()}</p>
                    </div>
                </div>
                <div class="top-actions">
                    <a class="btn" data-testid="herd-back" href=back>{text::herd_back()}</a>
                </div>
            </header>
            <main class="herd" data-testid="herd" data-state=move || if done() { "done" } else { "computing" }
                data-compute-ms=move || format!("{:.0}", compute_ms.get())>
                <Show when=move || parsed.with(|p| !p.2.is_empty())>
                    <div class="notice" role="status" data-testid="link-notice">
                        <div>
                            <strong>{text::link_notice_title()}</strong>
                            <ul>
                                {move || parsed.with(|p| p.2.clone()).into_iter().map(|n| view! { <li><code>{n.key}</code>" "{text::notice(&n.problem)}</li> }).collect_view()}
                            </ul>
                        </div>
                    </div>
                </Show>
                <section class="panel herd-settings" aria-labelledby="herd-settings-title">
                    <h2 id="herd-settings-title">{text::herd_settings()}</h2>
                    <div class="grid3">
                        {field(text::herd_clients(), "herd-clients", 1, MAX_CLIENTS as u64, |l| l.clients as u64, |l, v| l.clients = v as u32)}
                        {field(text::herd_down(), "herd-down", 0, MAX_DOWN_MS, |l| l.down_ms, |l, v| l.down_ms = v)}
                        {field(text::herd_capacity(), "herd-capacity", 1, MAX_CAPACITY as u64, |l| l.capacity as u64, |l, v| l.capacity = v as u32)}
                        <label class="field">
                            <span class="field-label">{text::herd_highlight()}</span>
                            <select data-testid="herd-policy" on:change=move |ev| {
                                let Some(raw) = crate::web::events::target_value(&ev) else { return };
                                let p = HerdPolicy::from_slug(&raw);
                                write.with_value(|w| w(&move |l: &mut HerdLink| l.policy = p));
                            }>
                                <option value="" selected=move || highlight().is_none()>{text::herd_highlight_none()}</option>
                                {HerdPolicy::ALL.into_iter().map(|p| view! {
                                    <option value=p.slug() selected=move || highlight() == Some(p)>{text::herd_policy_name(p)}</option>
                                }).collect_view()}
                            </select>
                        </label>
                    </div>
                    <p class="hint">{move || scenario.with(|s| text::herd_yours(&s.config.retry))}</p>
                </section>
                <section class="panel" aria-labelledby="herd-slots-title">
                    <h2 id="herd-slots-title">{text::herd_slots_title()}</h2>
                    <p class="hint">{move || link.with(|l| text::herd_slots_hint(l.capacity, rusty_lock_engine::run::herd::HerdSetup::default().slot_ms))}</p>
                    {move || done().then(|| lines.with(|l| slots_chart(l, highlight(), present)))}
                    <Show when=move || !done()>
                        <p class="hint" role="status">{text::herd_computing()}</p>
                    </Show>
                </section>
                <div class="herd-bars">
                    <section class="panel" aria-labelledby="herd-calls-title">
                        <h2 id="herd-calls-title">{text::herd_calls_title()}</h2>
                        {move || lines.with(|l| bars_chart(l, "calls", |line| Some(line.calls as f64), calls_label, highlight(), present))}
                    </section>
                    <section class="panel" aria-labelledby="herd-done-title">
                        <h2 id="herd-done-title">{text::herd_done_title()}</h2>
                        {move || lines.with(|l| bars_chart(l, "done", |line| line.last_success_ms.map(|ms| ms as f64), done_label, highlight(), present))}
                    </section>
                </div>
                <Show when=move || done() && lines.with(|l| l.iter().any(HerdLine::lost_clients))>
                    <p class="herd-lost-key" data-testid="herd-lost-key">
                        <svg class="swatch-lost" viewBox="0 0 24 12" aria-hidden="true">
                            <defs>{hatch("herd-hatch-key")}</defs>
                            <rect width="24" height="12" rx="2" style=lost_style("herd-hatch-key") />
                        </svg>
                        {text::herd_lost_key()}
                    </p>
                </Show>
                <section class="panel" aria-labelledby="herd-table-title">
                    <h2 id="herd-table-title">{text::herd_table_title()}</h2>
                    <table class="herd-table" data-testid="herd-table">
                        <thead><tr>
                            <th scope="col">{text::herd_col_policy()}</th>
                            <th scope="col">{text::herd_col_calls()}</th>
                            <th scope="col">{text::herd_col_done()}</th>
                            <th scope="col">{text::herd_col_gave_up()}</th>
                        </tr></thead>
                        <tbody>
                            {move || lines.get().into_iter().map(|line| view! {
                                <tr data-policy=line.policy.slug()>
                                    <th scope="row">{text::herd_policy_name(line.policy)}</th>
                                    <td>{text::count(line.calls)}</td>
                                    <td>{text::herd_done(&line)}</td>
                                    <td>{text::count(line.gave_up as u64)}</td>
                                </tr>
                            }).collect_view()}
                        </tbody>
                    </table>
                    <p>{text::herd_explanation()}</p>
                </section>
            </main>
        </div>
    }
}

/// Sums `slots` into at most [`MAX_POINTS`] buckets of `per` slots each, as calls per slot.
fn bucketed(slots: &[u32], range: usize, per: usize) -> Vec<f64> {
    (0..range.div_ceil(per))
        .map(|b| {
            let from = (b * per).min(slots.len());
            let to = ((b + 1) * per).min(slots.len());
            slots[from..to].iter().map(|&n| n as f64).sum::<f64>() / per as f64
        })
        .collect()
}

/// Calls per time slot, one line per policy. The time axis ends at twice the median
/// policy's length (or the longest, if shorter), so one very slow policy does not squeeze the
/// others into a corner; a line that goes on past the edge says so in the legend.
fn slots_chart(lines: &[HerdLine], highlight: Option<HerdPolicy>, present: bool) -> AnyView {
    // Projected, the ticks are larger (24 units, herd.css): room for them left of and under the axes.
    let (pad_l, pad_b, top_y) = if present { (72.0, 32.0, PAD_T + 16.0) } else { (PAD_L, PAD_B, PAD_T + 10.0) };
    let slot_ms = rusty_lock_engine::run::herd::HerdSetup::default().slot_ms;
    let mut lens: Vec<usize> = lines.iter().map(|l| l.calls_per_slot.len()).collect();
    lens.sort_unstable();
    let longest = lens.last().copied().unwrap_or(1).max(1);
    let median = lens.get(lens.len() / 2).copied().unwrap_or(1).max(1);
    let range = longest.min(median * 2).max(2);
    let per = range.div_ceil(MAX_POINTS).max(1);
    let series: Vec<Vec<f64>> = lines.iter().map(|l| bucketed(&l.calls_per_slot, range, per)).collect();
    let top = series.iter().flatten().copied().fold(1.0f64, f64::max);
    let points = range.div_ceil(per);
    let x = move |i: usize| pad_l + (W - pad_l - 4.0) * i as f64 / (points.max(2) - 1) as f64;
    let y = move |v: f64| PAD_T + (H - PAD_T - pad_b) * (1.0 - v / top);
    let end_ms = range as u64 * slot_ms;
    let summary = text::herd_slots_summary(lines, end_ms);
    view! {
        <svg class="herd-chart" viewBox=format!("0 0 {W} {H}") role="img" aria-labelledby="herd-slots-svg-title herd-slots-svg-desc" data-testid="herd-slots">
            <title id="herd-slots-svg-title">{text::herd_slots_title()}</title>
            <desc id="herd-slots-svg-desc">{summary}</desc>
            <line class="axis" x1=pad_l y1=H - pad_b x2=W y2=H - pad_b />
            <line class="axis" x1=pad_l y1=PAD_T x2=pad_l y2=H - pad_b />
            <text class="tick" x=pad_l - 4.0 y=top_y text-anchor="end">{format!("{top:.0}")}</text>
            <text class="tick" x=pad_l - 4.0 y=H - pad_b text-anchor="end">"0"</text>
            <text class="tick" x=pad_l y=H - 6.0>"0"</text>
            <text class="tick" x=W - 4.0 y=H - 6.0 text-anchor="end">{text::duration(end_ms)}</text>
            {lines.iter().zip(series.iter()).map(|(line, s)| {
                let pts: String = s.iter().enumerate().map(|(i, v)| format!("{:.1},{:.1} ", x(i), y(*v))).collect();
                let slug = line.policy.slug();
                view! {
                    <polyline class=format!("herd-line herd-{slug}") class:strong=highlight == Some(line.policy)
                        data-testid="herd-line" data-policy=slug points=pts />
                }
            }).collect_view()}
        </svg>
        <ul class="herd-legend">
            {lines.iter().map(|line| {
                let slug = line.policy.slug();
                let past = line.calls_per_slot.len() > range;
                view! {
                    <li data-policy=slug>
                        <svg class="swatch" viewBox="0 0 24 8" aria-hidden="true"><line class=format!("herd-line herd-{slug}") x1="0" y1="4" x2="24" y2="4" /></svg>
                        {text::herd_policy_name(line.policy)}
                        {past.then(|| format!(" {}", text::herd_goes_on(line)))}
                    </li>
                }
            }).collect_view()}
        </ul>
    }
    .into_any()
}

/// The calls chart's label: the count, and for a policy that lost clients, how many.
fn calls_label(line: &HerdLine) -> String {
    let figure = text::count(line.calls);
    if line.gave_up > 0 {
        text::herd_lost(&figure, line.gave_up)
    } else {
        figure
    }
}

/// The time chart's label: when the last client got through, and for a policy that lost
/// clients, how many never did.
fn done_label(line: &HerdLine) -> String {
    match line.last_success_ms {
        Some(ms) if line.gave_up > 0 && !line.cut_short => text::herd_lost(&text::duration(ms), line.gave_up),
        _ => text::herd_done(line),
    }
}

/// Grey stripes: the fill of a bar whose policy lost clients (`id` is unique on the page).
fn hatch(id: &str) -> impl IntoView {
    view! {
        <pattern id=id.to_string() width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            // A path, not a rect: the charts' rects are their bars.
            <path d="M0 0h7v7h-7z" fill="#ece8e1" />
            <line x1="0" y1="0" x2="0" y2="7" stroke="#6e655c" stroke-width="3.5" />
        </pattern>
    }
}

/// A lost-clients bar's style: the stripes, and a dashed grey edge; inline, so the policy's own
/// colour (a class) gives way to it.
fn lost_style(id: &str) -> String {
    format!("fill: url(#{id}); stroke: #6e655c; stroke-width: 1.5; stroke-dasharray: 4 2;")
}

/// [`bars_chart`] projected: each policy's name and figure on a line (18 units, herd.css) over its
/// bar, which may take the chart's whole width, so the long names need no column of their own.
fn bars_chart_projected(
    lines: &[HerdLine],
    id: &'static str,
    value: fn(&HerdLine) -> Option<f64>,
    label: fn(&HerdLine) -> String,
    highlight: Option<HerdPolicy>,
) -> AnyView {
    let row = 33.0;
    let h = row * HerdPolicy::ALL.len() as f64 + 2.0;
    let w = 480.0;
    let top = lines.iter().filter_map(value).fold(1.0f64, f64::max);
    let labels: Vec<String> = lines.iter().map(label).collect();
    let desc = bars_desc(lines, &labels);
    let pattern = format!("herd-hatch-{id}");
    view! {
        <svg class="herd-chart herd-bars-chart" viewBox=format!("0 0 {w} {h}") role="img" aria-label=desc data-testid=format!("herd-{id}")>
            <defs>{hatch(&pattern)}</defs>
            {lines.iter().zip(labels).enumerate().map(|(i, (line, label))| {
                let y0 = row * i as f64;
                let width = value(line).map_or(0.0, |v| (w - 2.0) * v / top);
                let slug = line.policy.slug();
                let lost = line.lost_clients();
                view! {
                    <g data-policy=slug data-lost=lost.to_string()>
                        <text class="bar-name" x="0" y=y0 + 16.0>{text::herd_policy_name(line.policy)}</text>
                        <text class="bar-value" class:bar-lost=lost x=w y=y0 + 16.0 text-anchor="end">{label}</text>
                        <rect class=format!("herd-bar herd-{slug}") class:strong=highlight == Some(line.policy) class:lost=lost
                            style=lost.then(|| lost_style(&pattern)) x="1" y=y0 + 21.0 width=format!("{width:.1}") height="10" rx="3" />
                    </g>
                }
            }).collect_view()}
        </svg>
    }
    .into_any()
}

/// Roughly how wide `label` is at the bars' 15-unit font: wide (CJK) characters count double.
/// A bar chart's text alternative: each policy's name and its figure, in the bars' order.
fn bars_desc(lines: &[HerdLine], labels: &[String]) -> String {
    lines
        .iter()
        .zip(labels)
        .map(|(l, label)| format!("{}: {}", text::herd_policy_name(l.policy), label))
        .collect::<Vec<_>>()
        .join("; ")
}

fn label_width(label: &str) -> f64 {
    label.chars().map(|c| if c as u32 >= 0x2e80 { 15.0 } else { 8.8 }).sum()
}

/// One horizontal bar per policy, scaled to the largest value; a policy with no value (nobody
/// succeeded) gets no bar and says so in its label. A policy that lost clients (some gave up, or
/// the simulation stopped before they were done) is hatched grey, never in its own colour, and
/// its label says how many: its bar covers only the clients that stayed, so a short one there is
/// no win. The bars leave room for the longest label, so none runs out of the chart.
fn bars_chart(
    lines: &[HerdLine],
    id: &'static str,
    value: fn(&HerdLine) -> Option<f64>,
    label: fn(&HerdLine) -> String,
    highlight: Option<HerdPolicy>,
    present: bool,
) -> AnyView {
    if present {
        return bars_chart_projected(lines, id, value, label, highlight);
    }
    let row = 26.0;
    let h = row * HerdPolicy::ALL.len() as f64 + 4.0;
    let w = 480.0;
    // The names' column is as wide as the longest name (French ones are long), within bounds.
    let name_w =
        lines.iter().map(|l| label_width(text::herd_policy_name(l.policy)) + 10.0).fold(120.0f64, f64::max).min(220.0);
    let top = lines.iter().filter_map(value).fold(1.0f64, f64::max);
    let labels: Vec<String> = lines.iter().map(label).collect();
    // The longest bar the scale allows: as long as every bar's label still ends inside the chart.
    let full = lines.iter().zip(&labels).fold(w - name_w - 130.0, |full, (line, label)| match value(line) {
        Some(v) if v > 0.0 => full.min((w - name_w - 6.0 - label_width(label)) * top / v),
        _ => full,
    });
    let full = full.max(40.0);
    let desc = bars_desc(lines, &labels);
    let pattern = format!("herd-hatch-{id}");
    view! {
        <svg class="herd-chart herd-bars-chart" viewBox=format!("0 0 {w} {h}") role="img" aria-label=desc data-testid=format!("herd-{id}")>
            <defs>{hatch(&pattern)}</defs>
            {lines.iter().zip(labels).enumerate().map(|(i, (line, label))| {
                let y0 = 2.0 + row * i as f64;
                let width = value(line).map_or(0.0, |v| full * v / top);
                let slug = line.policy.slug();
                let lost = line.lost_clients();
                view! {
                    <g data-policy=slug data-lost=lost.to_string()>
                        <text class="bar-name" x="0" y=y0 + 17.0>{text::herd_policy_name(line.policy)}</text>
                        <rect class=format!("herd-bar herd-{slug}") class:strong=highlight == Some(line.policy) class:lost=lost
                            style=lost.then(|| lost_style(&pattern)) x=name_w y=y0 + 4.0 width=format!("{width:.1}") height=row - 8.0 rx="3" />
                        <text class="bar-value" class:bar-lost=lost x=name_w + width + 6.0 y=y0 + 17.0>{label}</text>
                    </g>
                }
            }).collect_view()}
        </svg>
    }
    .into_any()
}
