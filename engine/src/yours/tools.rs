//! The room and its two tools as the learner's code calls them (`await use({...})`). The same
//! dispatch, schema checks and sentences as the engine's own loop ([`run_tool`]), so an invalid
//! argument throws the sentence the model would have read; and the tool-timeout fault acts as
//! [`crate::run::chaos::ChaosTools`] does: the tool acts, then its reply is lost, once per turn.

use crate::run::chaos::FaultPlan;
use crate::run::script::{fill, matches, script, Lang, Script, ERROR_PREFIX};
use crate::run::tools::{run_tool, ToolErrorKind};
use crate::run::wire::ToolCall;
use crate::run::world::Room;

/// The page's tools for one run.
#[derive(Clone, Debug)]
pub struct PageTools {
    room: Room,
    lang: Lang,
    plan: FaultPlan,
    /// The turn of the last model reply: the turn a call now belongs to.
    turn: u32,
    /// The turns whose timeout has been spent.
    timed_out: Vec<u32>,
    calls: u32,
}

impl PageTools {
    pub fn new(lang: Lang, plan: FaultPlan) -> Self {
        PageTools { room: Room::default(), lang, plan, turn: 0, timed_out: Vec::new(), calls: 0 }
    }

    /// Tells the tools which turn the model is on: the turn of the last reply the server gave
    /// ([`crate::yours::server::PageServer::last_reply_turn`]).
    pub fn at_turn(&mut self, turn: u32) {
        self.turn = turn;
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The room as it is now, after every call so far.
    pub fn room(&self) -> Room {
        self.room
    }

    /// Runs one tool as the code called it, `args_json` being the JSON text of the value it
    /// passed. `Ok` is what the tool returns; `Err` is the sentence of the error it throws.
    pub fn call(&mut self, name: &str, args_json: &str) -> Result<String, String> {
        self.calls += 1;
        let s = script(self.lang);
        let call = ToolCall::new(&format!("page_{}", self.calls), name, args_json);
        let outcome = run_tool(&mut self.room, &call, s);
        // Only a call that reached the tool can time out after acting.
        let reached = !matches!(
            outcome.error,
            Some(ToolErrorKind::UnknownTool | ToolErrorKind::BadJson | ToolErrorKind::SchemaInvalid)
        );
        if reached && self.plan.tool_timeout(self.turn) && !self.timed_out.contains(&self.turn) {
            self.timed_out.push(self.turn);
            return Err(fill(s.reply_lost, &[("name", name)]));
        }
        match outcome.error {
            None => Ok(outcome.output),
            Some(_) => Err(outcome.output.strip_prefix(ERROR_PREFIX).unwrap_or(&outcome.output).to_string()),
        }
    }
}

/// Which kind of tool error a thrown sentence is, read against the same templates that wrote it.
pub fn kind_of_error(message: &str, lang: Lang) -> ToolErrorKind {
    let s: &Script = script(lang);
    let why = message.strip_prefix(ERROR_PREFIX).unwrap_or(message);
    if matches(why, s.reply_lost) {
        ToolErrorKind::ReplyLost
    } else if matches(why, s.no_such_tool) {
        ToolErrorKind::UnknownTool
    } else if matches(why, s.args_not_json) {
        ToolErrorKind::BadJson
    } else if [s.args_not_object, s.field_missing, s.field_unknown, s.field_not_text, s.not_carried]
        .iter()
        .any(|t| matches(why, t))
    {
        ToolErrorKind::SchemaInvalid
    } else {
        ToolErrorKind::ToolFailed
    }
}
