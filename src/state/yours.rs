//! Your own loop's state (`?view=yours`): the code, what the last run or report card found, and
//! the sandboxes still running. The scene, the log and the board read the playground's own state
//! ([`crate::state::Playground`]), which the view provides beside this one, so they draw your
//! loop's run exactly as they draw the page's.

use crate::web::sandbox::SandboxRun;
use leptos::prelude::*;
use rusty_lock_engine::run::events::Event;
use rusty_lock_engine::yours::card::{CaseId, CaseResult};
use rusty_lock_engine::yours::code_lang::CodeLang;
use rusty_lock_engine::yours::exercise::{Attempt, ExerciseId, Goal};
use rusty_lock_engine::yours::problem::CodeProblem;

/// What the view is doing now, for its status line.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    Idle,
    /// One case is running in the sandbox.
    Running,
    /// The report card: `done` of `total` cases graded.
    Grading {
        done: usize,
        total: usize,
    },
    /// Something to say in words the page owns (a strip error, a missing part).
    Said(String),
}

/// How Python's start is going, for the line that shows it: its files coming (bytes so far, of
/// how many), then the interpreter starting. Gone once Python is ready.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PythonStart {
    Fetching { loaded: f64, total: f64 },
    Starting,
}

/// One line of the report card: the case, what your loop did, what the robust loop does, and
/// your run's events, to open in the scene.
#[derive(Clone, Debug, PartialEq)]
pub struct CardRow {
    pub case: CaseId,
    pub yours: CaseResult,
    /// Each finding of `yours` at the lines of the code that decided it: marked in the editor
    /// when the row is opened.
    pub findings: Vec<rusty_lock_engine::yours::card::FindingAt>,
    pub reference: CaseResult,
    /// Shared, not copied: the card's rows are read again each time one arrives.
    pub events: std::sync::Arc<Vec<Event>>,
    /// The real time the case took in its sandbox, in milliseconds: each case's own cost.
    pub real_ms: f64,
}

/// A line your code logged (`console.log`), at a virtual time.
#[derive(Clone, Debug, PartialEq)]
pub struct LoggedLine {
    pub t_ms: u64,
    pub level: rusty_lock_engine::yours::observe::LogLevel,
    pub text: String,
}

/// What the view is set to solve, from its link.
#[derive(Clone, Debug, PartialEq)]
pub enum Task {
    /// No exercise: the whole report card.
    Free,
    /// One exercise of the track (`exercise=<id>`).
    Exercise(ExerciseId),
    /// A teacher's own exercise: the link's code and cases (`cases=`).
    Teacher(Goal),
}

impl Task {
    pub fn goal(&self) -> Option<Goal> {
        match self {
            Task::Free => None,
            Task::Exercise(id) => Some(id.goal()),
            Task::Teacher(goal) => Some(goal.clone()),
        }
    }
}

/// The exercises' side of the view: what is set, the last attempt, and the progress.
#[derive(Clone, Copy)]
pub struct Exercises {
    pub task: StoredValue<Task>,
    /// The last "Check my code", judged; `None` before one, or once the code changed since
    /// (`ui::yours::exercise_panel`).
    pub attempt: RwSignal<Option<Attempt>>,
    /// Solved on this device (localStorage).
    pub solved: RwSignal<Vec<ExerciseId>>,
    /// Solved as a progress link says (`progress=`): shown, never written to the device.
    pub from_link: RwSignal<Option<Vec<ExerciseId>>>,
    /// A sentence about the link or the progress (damaged, copied, reset).
    pub said: RwSignal<Option<String>>,
}

impl Exercises {
    pub fn new(task: Task, solved: Vec<ExerciseId>) -> Self {
        Exercises {
            task: StoredValue::new(task),
            attempt: RwSignal::new(None),
            solved: RwSignal::new(solved),
            from_link: RwSignal::new(None),
            said: RwSignal::new(None),
        }
    }

    /// The progress the track shows: the link's when it carries one, else this device's.
    pub fn shown(&self) -> Vec<ExerciseId> {
        self.from_link.get().unwrap_or_else(|| self.solved.get())
    }
}

#[derive(Clone, Copy)]
pub struct Yours {
    /// The editor's text: what Run runs and what a link carries.
    pub code: RwSignal<String>,
    /// The code a link brought (`code=`): what "Starting code" puts back, outside an exercise.
    pub start: RwSignal<Option<String>>,
    /// The language the learner chose, where it differs from what the code looks like
    /// ([`CodeLang::detect`]); `None` follows the code. Cleared when an edit changes the guess, so
    /// a paste of another language is read as that language.
    pub chosen_lang: RwSignal<Option<CodeLang>>,
    /// What the code looks like ([`CodeLang::detect`]), read once per edit: the editor, the
    /// choice, the run bar and the notes all read this, not the code.
    pub detected: Memo<CodeLang>,
    /// Python starting (its files coming, the interpreter starting): shown under the buttons.
    pub python: RwSignal<Option<PythonStart>>,
    pub status: RwSignal<Status>,
    /// The case Run plays.
    pub case: RwSignal<CaseId>,
    /// The report card's rows, in the matrix's order, filled as cases finish.
    pub card: RwSignal<Vec<CardRow>>,
    /// What the last run logged.
    pub logs: RwSignal<Vec<LoggedLine>>,
    /// A mistake in the code itself, found by the last Run, report card or check (a syntax
    /// error, a bug at a line, a package, no `runAgent`): said where the learner looks and
    /// marked at its line in the editor, until the code changes.
    pub problem: RwSignal<Option<CodeProblem>>,
    /// The lines marked in the editor for the card's row opened last: each with the finding's
    /// words. Gone on the next edit, run or card.
    pub marked: RwSignal<Vec<(u32, String)>>,
    /// Whose tools the last run (or every case of the last card) ran, and the placeholders the
    /// page's own met: the line under the editor.
    pub tools_used: RwSignal<rusty_lock_engine::yours::observe::ToolsUsed>,
    /// The environment names the last run (or card) read and the page answered, such as
    /// `OPENAI_API_KEY`: the line under the editor names them (issue 51).
    pub env_read: RwSignal<Vec<String>>,
    /// The sandboxes running now, to tear down on Stop, a new run or the view going away.
    pub(crate) sandboxes: StoredValue<Vec<SandboxRun>, LocalStorage>,
    /// Bumped by each Run, Report card and Stop: a sandbox's end from an older one is dropped.
    pub(crate) generation: StoredValue<u64>,
}

impl Yours {
    pub fn new(code: String) -> Self {
        let code = RwSignal::new(code);
        Yours {
            code,
            detected: Memo::new(move |_| code.with(|c| CodeLang::detect(c))),
            start: RwSignal::new(None),
            chosen_lang: RwSignal::new(None),
            python: RwSignal::new(None),
            status: RwSignal::new(Status::Idle),
            case: RwSignal::new(CaseId::ALL[0]),
            card: RwSignal::new(Vec::new()),
            logs: RwSignal::new(Vec::new()),
            problem: RwSignal::new(None),
            marked: RwSignal::new(Vec::new()),
            tools_used: RwSignal::new(Default::default()),
            env_read: RwSignal::new(Vec::new()),
            sandboxes: StoredValue::new_local(Vec::new()),
            generation: StoredValue::new(0),
        }
    }

    /// The language the code runs as: the learner's choice, else what the code looks like.
    pub fn code_lang(&self) -> CodeLang {
        self.chosen_lang.get().unwrap_or_else(|| self.detected.get())
    }

    pub fn code_lang_untracked(&self) -> CodeLang {
        self.chosen_lang.get_untracked().unwrap_or_else(|| self.detected.get_untracked())
    }

    pub fn busy(&self) -> bool {
        matches!(self.status.get(), Status::Running | Status::Grading { .. })
    }
}
