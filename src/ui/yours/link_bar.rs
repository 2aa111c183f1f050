//! The code travels: a link that carries it (deflated, `code=`), or a file when it is too long
//! for one, and a file opened back into the editor. A link opens the code and runs nothing.

use crate::state::yours::{Exercises, Task, Yours};
use crate::text;
use crate::web::packed_code::{pack, MAX_PACKED};
use crate::web::share::{copy_text, download, page_base, read_picked_file};
use leptos::prelude::*;
use leptos::task::spawn_local;
use rusty_lock_engine::yours::card::CaseId;
use rusty_lock_engine::yours::code_lang::CodeLang;
use wasm_bindgen::JsCast;

/// The largest file the page opens into the editor: a loop is a few kilobytes.
const MAX_FILE_BYTES: usize = 200_000;

/// The link to this view with `code` packed in it, in the page's language, and the exercise or
/// the teacher's cases it is set to (so a teacher's own exercise is made by copying this link),
/// and the case the picker is on when it is not the plain run; `Err` with the packed length when
/// it is over [`MAX_PACKED`].
pub async fn code_link(code: &str, task: &Task, case: CaseId, code_lang: CodeLang) -> Result<String, usize> {
    let packed = pack(code).await.unwrap_or_default();
    if packed.len() > MAX_PACKED || packed.is_empty() {
        return Err(packed.len().max(code.len()));
    }
    let set = match task {
        Task::Free => String::new(),
        Task::Exercise(id) => format!("&exercise={}", id.slug()),
        Task::Teacher(goal) => format!("&cases={}", goal.cases_value()),
    };
    let picked = if case == CaseId::ALL[0] { String::new() } else { format!("&case={}", case.slug()) };
    // The language only where the code alone would be read as the other one.
    let as_lang =
        if CodeLang::detect(code) == code_lang { String::new() } else { format!("&code-lang={}", code_lang.slug()) };
    Ok(format!("{}?view=yours&lang={}{set}{picked}{as_lang}&code={packed}", page_base(), text::lang().code()))
}

#[component]
pub fn LinkBar() -> impl IntoView {
    let yours = crate::state::expect_context::<Yours>();
    let said = RwSignal::new(None::<String>);
    let exercises = crate::state::expect_context::<Exercises>();
    let copy = move |_| {
        let code = yours.code.get_untracked();
        let task = exercises.task.get_value();
        let case = yours.case.get_untracked();
        let code_lang = yours.code_lang_untracked();
        spawn_local(async move {
            let message = match code_link(&code, &task, case, code_lang).await {
                Ok(link) => {
                    if copy_text(&link).await {
                        text::yours_copied().to_string()
                    } else {
                        link
                    }
                }
                Err(chars) => text::yours_too_long(chars, MAX_PACKED),
            };
            said.try_set(Some(message));
        });
    };
    let save = move |_| {
        let code = yours.code.get_untracked();
        let _ = download(yours.code_lang_untracked().file_name(), &code);
    };
    // The run on screen as a trace file, which the playground's "Open a trace" replays like any.
    let pg = crate::state::expect_context::<crate::state::Playground>();
    let save_trace = move |_| {
        let events = pg.run.with_untracked(|rec| rec.events().to_vec());
        let (scenario, secrets) = (pg.scenario.get_untracked(), pg.secrets());
        spawn_local(async move {
            let said_now = match crate::parts::export_trace(scenario, events, secrets).await {
                Ok(json) => download("my-loop-trace.json", &json).err().map(|_| text::save_failed().to_string()),
                Err(_) => Some(text::trace_part_missing().to_string()),
            };
            said.try_set(said_now);
        });
    };
    let open = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
        spawn_local(async move {
            match read_picked_file(&input, MAX_FILE_BYTES).await {
                Ok(Some(text)) => {
                    yours.code.try_set(text);
                    said.try_set(None);
                }
                Ok(None) => {}
                Err(problem) => {
                    said.try_set(Some(problem));
                }
            }
            input.set_value("");
        });
    };
    view! {
        <div class="yours-links" data-testid="yours-links">
            <button type="button" class="btn" data-testid="yours-copy-link" on:click=copy>{text::yours_copy_link()}</button>
            <button type="button" class="btn" data-testid="yours-save" on:click=save>{text::yours_save_file()}</button>
            <button type="button" class="btn" data-testid="yours-save-trace" on:click=save_trace disabled=move || !pg.finished()>{text::export_trace()}</button>
            <label class="btn file-btn">
                {text::yours_open_file()}
                <input type="file" accept=".js,.ts,.mjs,.py,.txt,text/javascript,text/x-python,text/plain" data-testid="yours-open-file" on:change=open />
            </label>
            <p class="hint" role="status" data-testid="yours-link-said">{move || said.get()}</p>
        </div>
    }
}
