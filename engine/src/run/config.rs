//! The settings of a run. Together with the fault plan and the seed they determine, with the
//! built-in model, every event of the run.

use crate::run::builtin::Personality;
use crate::run::error_text::ErrorText;
use crate::run::provider::RetryPolicy;
use crate::run::script::Lang;
use serde::{Deserialize, Serialize};

/// The guards. A limit of 0 switches that guard off, which is itself a lesson.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Guards {
    /// Turns before the run gives up. Default 10; a run always gets at least one turn.
    pub max_turns: u32,
    /// Tool errors in a row before giving up. Default 3.
    pub max_errors_in_a_row: u32,
    /// Stop and hand over when the model repeats its previous turn's calls exactly. Default on.
    pub stop_on_repeat: bool,
    /// Cut a model call that has not answered after this long. Default 5000 ms.
    pub watchdog_ms: u64,
}

impl Guards {
    /// The defaults, as a constant so that the page's words can quote them (the watchdog's
    /// seconds in a lesson) instead of writing the numbers again.
    pub const DEFAULT: Guards =
        Guards { max_turns: 10, max_errors_in_a_row: 3, stop_on_repeat: true, watchdog_ms: 5000 };
}

impl Default for Guards {
    fn default() -> Self {
        Guards::DEFAULT
    }
}

/// What the robust loop does when a tool's reply is lost after it may have acted (a tool
/// timeout): the two schools of a tool that changes things.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LostReply {
    /// The right school: the tool result says the call may have gone through and to check
    /// first, so the model looks before acting again.
    #[default]
    TellModel,
    /// The wrong school, on purpose: your code calls the tool again by itself, so an action
    /// that is not safe to repeat happens twice.
    RetryTool,
}

impl LostReply {
    pub const ALL: [LostReply; 2] = [LostReply::TellModel, LostReply::RetryTool];

    /// As written in links (`lostreply=`).
    pub fn slug(self) -> &'static str {
        match self {
            LostReply::TellModel => "tell",
            LostReply::RetryTool => "retry",
        }
    }

    pub fn from_slug(slug: &str) -> Option<LostReply> {
        LostReply::ALL.into_iter().find(|l| l.slug() == slug)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunConfig {
    pub model: String,
    pub personality: Personality,
    pub guards: Guards,
    pub retry: RetryPolicy,
    /// Seeds the jitter. Same seed, same waits.
    pub seed: u64,
    /// The language the conversation is held in (system prompt, task, tool results, the built-in
    /// model's lines). Traces from before it existed are English.
    #[serde(default)]
    pub lang: Lang,
    /// What the model reads when a tool fails. Traces from before it existed wrote one sentence.
    #[serde(default)]
    pub error_text: ErrorText,
    /// What to do with a tool's lost reply. Traces from before it existed told the model.
    #[serde(default)]
    pub lost_reply: LostReply,
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig {
            model: "builtin".into(),
            personality: Personality::Helpful,
            guards: Guards::default(),
            retry: RetryPolicy::default(),
            seed: 42,
            lang: Lang::En,
            error_text: ErrorText::Sentence,
            lost_reply: LostReply::TellModel,
        }
    }
}
