//! The report card: for each failure of the matrix, what your loop did beside what the page's
//! robust loop does (the outcome, the requests, the virtual time), the verdict with its
//! one-sentence fix, and a button that opens the case in the scene.

use crate::state::yours::{CardRow, Yours};
use crate::state::Playground;
use crate::text;
use leptos::prelude::*;
use rusty_lock_engine::yours::card::{summary as card_summary, CaseResult, Summary};

#[component]
pub fn ReportCard() -> impl IntoView {
    let yours = crate::state::expect_context::<Yours>();
    let pg = crate::state::expect_context::<Playground>();
    let total = move || yours.card.with(Vec::len);
    // The count is the rows' own (the engine's `summary`): cases that need the page's own tools
    // count neither way, out of the count, and said.
    let summary = move || {
        let rows: Vec<CaseResult> = yours.card.with(|rows| rows.iter().map(|r| r.yours.clone()).collect());
        let Summary { passed, counted, left_out, page_failed, perfect, .. } = card_summary(&rows);
        if perfect {
            return text::yours_perfect().to_string();
        }
        let mut said = vec![text::yours_card_count(passed, counted)];
        if left_out > 0 {
            said.push(text::yours_card_left_out(left_out));
        }
        if page_failed > 0 {
            said.push(text::yours_card_page_failed(page_failed));
        }
        text::one_after_another(&said)
    };
    // No case reached the model: no rows to grade, only why (the problem, said above).
    let nothing_ran = move || {
        yours.card.with(|rows| card_summary(&rows.iter().map(|r| r.yours.clone()).collect::<Vec<_>>()).nothing_ran())
    };
    view! {
        <section class="yours-card" data-testid="yours-card" aria-labelledby="yours-card-title">
            <h2 id="yours-card-title">{text::yours_card_title()}</h2>
            <p class="hint">{text::yours_card_hint()}</p>
            // A mistake in the code is said here too, at once: in place of "nothing has run" when
            // nothing could, above the rows when every row shows it.
            {move || yours.problem.get().map(|p| view! {
                <p class="yours-problem" data-testid="yours-card-problem" data-problem=p.slug() data-line=p.line()>{text::yours_problem(&p, yours.code_lang_untracked())}</p>
            })}
            <Show when=nothing_ran>
                <p class="yours-nothing-ran" data-testid="yours-card-nothing-ran">{text::yours_card_nothing_ran()}</p>
            </Show>
            <Show when=move || { total() > 0 && !nothing_ran() } fallback=move || view! { <p class="hint" data-testid="yours-not-run" hidden=move || yours.problem.with(Option::is_some) || nothing_ran()>{text::yours_not_run()}</p> }>
                <p class="yours-card-summary" data-testid="yours-card-summary">{summary}</p>
                <div class="table-scroll">
                    <table>
                        <thead>
                            <tr>
                                <th scope="col">{text::yours_col_case()}</th>
                                <th scope="col">{text::yours_col_yours()}</th>
                                <th scope="col">{text::yours_col_reference()}</th>
                                <th scope="col">{text::yours_col_verdict()}</th>
                                <th scope="col"><span class="visually-hidden">{text::yours_open_case()}</span></th>
                            </tr>
                        </thead>
                        <tbody>
                            // Keyed by case (and its run): a row arriving adds its line, and the lines already
                            // drawn stay as they are (no redraw of the whole card per row).
                            <For each=move || yours.card.get() key=|row| (row.case, row.real_ms.to_bits()) let:row>
                                <CardLine row=row pg=pg />
                            </For>
                        </tbody>
                    </table>
                </div>
            </Show>
        </section>
    }
}

/// What a loop did in one case: its outcome and its cost.
fn did(result: &CaseResult) -> String {
    format!("{} ({})", text::yours_outcome(&result.outcome), text::yours_cost(result.requests, result.virtual_ms))
}

#[component]
fn CardLine(row: CardRow, pg: Playground) -> impl IntoView {
    // The fix's examples in the code's own language (the card is cleared when it changes).
    let code = use_context::<Yours>().map(|y| y.code_lang_untracked()).unwrap_or_default();
    let ok = row.yours.passed();
    let left_out = row.yours.left_out();
    let verdicts = row
        .yours
        .verdicts
        .iter()
        .map(|v| {
            let fix = text::yours_fix(v, code);
            // Where in the code it was decided, when the sandbox told: marked in the editor too
            // once the row is opened.
            let lines = row.findings.iter().find(|f| f.verdict == *v).map(|f| f.lines.clone()).unwrap_or_default();
            let at = (!lines.is_empty()).then(|| text::yours_at_lines(&lines));
            let data_lines = lines.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
            view! { <li data-verdict=v.slug() data-lines=data_lines><span class="verdict-name">{text::yours_verdict(v)}</span>{at.map(|a| view! { <span class="verdict-at">" ("{a}")"</span> })}{fix.map(|f| view! { <span class="verdict-fix">" "{f}</span> })}</li> }
        })
        .collect_view();
    let events = row.events.clone();
    let case = row.case;
    // The lines to mark in the editor when this row is opened, each with its finding's words.
    let marks: Vec<(u32, String)> = row
        .findings
        .iter()
        .flat_map(|f| {
            let said = text::yours_verdict(&f.verdict);
            f.lines.iter().map(move |l| (*l, said.clone()))
        })
        .collect();
    let open = move |_| {
        // The picker follows, so Run plays this case again and a copied link carries it.
        if let Some(yours) = use_context::<Yours>() {
            yours.case.set(case);
            yours.marked.set(marks.clone());
        }
        crate::actions::run::play(pg, events.to_vec());
        crate::ui::yours::reveal::bring_into_view(".yours-scene");
    };
    let slug = row.case.slug();
    let real = text::duration(row.real_ms.round() as u64);
    view! {
        <tr class:pass=ok class:fail=!ok && !left_out class:left-out=left_out data-left-out=left_out.to_string() data-testid="yours-card-row" data-case=slug data-pass=ok.to_string() data-real-ms=format!("{:.1}", row.real_ms)>
            // On a narrow screen each row is a card of its own (yours.css), the verdict on top: the
            // column names then come with the cells, and are not drawn (nor read) in the table.
            <th scope="row"><span class="cell-label">{text::yours_col_case()}</span>{text::yours_case(row.case)}</th>
            <td data-testid="yours-card-yours"><span class="cell-label">{text::yours_col_yours()}</span>{did(&row.yours)}<span class="real-ms" title=real.clone()>{real.clone()}</span></td>
            <td data-testid="yours-card-reference"><span class="cell-label">{text::yours_col_reference()}</span>{did(&row.reference)}</td>
            <td data-testid="yours-card-verdict"><ul class="verdicts">{verdicts}</ul></td>
            <td><button type="button" class="btn btn-quiet" data-testid="yours-open-case" on:click=open>{text::yours_open_case()}</button></td>
        </tr>
    }
}
