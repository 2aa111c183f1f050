//! One run of a learner's loop, as the page hosts it: the server and the tools of the run, kept
//! in step (a tool call belongs to the turn of the last reply), and everything recorded as
//! [`Observed`] in the order it happened. The page's handlers (`serve`, `abort`, `tool`, `log`,
//! the end) call these and nothing else, so what is graded is exactly what the code met.

use crate::run::builtin::Personality;
use crate::run::chaos::FaultPlan;
use crate::run::script::Lang;
use crate::run::world::Room;
use crate::yours::observe::{End, LogLevel, Observed, SiteOf, ToolResult};
use crate::yours::server::{HttpRequest, PageServer, ServerReply};
use crate::yours::tools::PageTools;

/// The page's side of one run.
#[derive(Clone, Debug)]
pub struct Session {
    server: PageServer,
    tools: PageTools,
    observed: Vec<Observed>,
    ended: bool,
}

impl Session {
    pub fn new(personality: Personality, lang: Lang, plan: FaultPlan) -> Self {
        Session {
            server: PageServer::new(personality, lang, plan.clone()),
            tools: PageTools::new(lang, plan),
            observed: Vec::new(),
            ended: false,
        }
    }

    /// Answers request `id` and records it.
    pub fn serve(&mut self, id: u64, request: &HttpRequest) -> ServerReply {
        let (reply, heard) = self.server.answer_heard(request);
        self.tools.at_turn(self.server.last_reply_turn());
        self.push(Observed::Request {
            id,
            t_ms: request.t_ms,
            url: request.url.clone(),
            method: request.method.clone(),
            body: request.body.clone(),
            reply: reply.clone(),
            heard,
        });
        reply
    }

    /// The code aborted request `id`.
    pub fn abort(&mut self, id: u64, t_ms: u64) {
        self.push(Observed::Aborted { id, t_ms });
    }

    /// The code called `fetch` with a signal already fired: nothing reaches the server.
    pub fn spent_signal(&mut self, t_ms: u64, url: &str, body: &str) {
        self.push(Observed::SpentSignal { t_ms, url: url.into(), body: body.into() });
    }

    /// Runs a tool call and records it: `Ok` resolves the code's promise, `Err` rejects it with
    /// an `Error` of that message.
    pub fn tool(&mut self, id: u64, t_ms: u64, name: &str, args_json: &str) -> Result<String, String> {
        let result = self.tools.call(name, args_json);
        let room = self.tools.room();
        let seen = ToolResult::from(result.clone());
        self.push(Observed::Tool { id, t_ms, name: name.into(), args: args_json.into(), result: seen, room });
        result
    }

    /// Where in the code request or tool call `id` was made (lines, innermost first).
    pub fn site(&mut self, of: SiteOf, id: u64, lines: &[u32]) {
        if !lines.is_empty() {
            self.push(Observed::Site { of, id, lines: lines.iter().copied().take(3).collect() });
        }
    }

    pub fn log(&mut self, t_ms: u64, level: LogLevel, text: &str) {
        self.push(Observed::Log { t_ms, level, text: text.into() });
    }

    /// Records the end. Anything reported after it is ignored: the sandbox is gone.
    pub fn end(&mut self, t_ms: u64, how: End) {
        self.push(Observed::End { t_ms, how });
        self.ended = true;
    }

    pub fn is_over(&self) -> bool {
        self.ended
    }

    /// Model requests and every other request so far.
    pub fn requests(&self) -> u32 {
        self.server.requests()
    }

    pub fn room(&self) -> Room {
        self.tools.room()
    }

    pub fn observed(&self) -> &[Observed] {
        &self.observed
    }

    fn push(&mut self, o: Observed) {
        if !self.ended {
            self.observed.push(o);
        }
    }
}
