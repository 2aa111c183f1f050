//! A scenario is everything needed to replay a run, and its link is a short, readable query
//! string a teacher can edit by hand: `?v=1&faults=t2:503x2,t3:badjson&model=stubborn`.
//!
//! Two pure functions, [`encode`] and [`decode`], are the whole codec. Only settings that differ
//! from the defaults are written, so the default scenario is just `v=1`. Decoding never fails:
//! whatever it cannot use, it names in a [`Notice`] and falls back to the default.

use crate::run::builtin::Personality;
use crate::run::chaos::{Fault, FaultGroup, FaultPlan, FaultRule};
use crate::run::config::{LostReply, RunConfig};
use crate::run::error_text::ErrorText;
use crate::run::script::Lang;
use crate::show::lessons::LessonId;
use crate::show::notice::short;
/// A link's notices are their own module, below every reader of links (the herd view, a
/// teacher's lesson), and named here too, where a reader of the codec looks for them.
pub use crate::show::notice::{FaultProblem, Notice, Problem, MAX_LINK_LEN};
use crate::show::own_lesson::{read_expect, read_text, OwnLesson};
use crate::show::plan::{Plan, EXERCISES_KEY, LESSONS_KEY};

/// The link format this build writes. Links with a higher number are read as far as possible.
pub const FORMAT_VERSION: u32 = 1;
/// At most this many fault rules are read from a link.
pub const MAX_FAULTS: usize = 40;
/// The playback speeds, as written in links. Index 2 (`1`) is the default.
pub const SPEEDS: [&str; 6] = ["0.25", "0.5", "1", "2", "4", "instant"];
/// The factor of each of [`SPEEDS`], 0 for instant. Kept as numbers so the page never parses a
/// float: the parser would cost its first download about 2 KB gzip.
pub const SPEED_FACTORS: [f64; 6] = [0.25, 0.5, 1.0, 2.0, 4.0, 0.0];
pub const DEFAULT_SPEED: usize = 2;

/// Which model answers: the built-in one, or a real endpoint. The API key is never part of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ProviderChoice {
    #[default]
    Builtin,
    Http {
        endpoint: String,
        model: String,
    },
}

/// How the page is laid out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    #[default]
    Full,
    /// Compact, for an iframe in slides: scene, board and playback only.
    Embed,
    /// Large type and high contrast for a room, settings tucked away.
    Present,
}

/// How playback moves from one step to the next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pace {
    /// Each step stays on screen for its own time, at the chosen speed.
    #[default]
    Timed,
    /// Each step stays until the presenter moves it on (a slide build, driven by a clicker), so a
    /// teacher can say it aloud. Presenter mode's default.
    Narrate,
}

impl Pace {
    /// The pace a mode plays at when its link does not say.
    pub fn default_for(mode: Mode) -> Pace {
        match mode {
            Mode::Present => Pace::Narrate,
            Mode::Full | Mode::Embed => Pace::Timed,
        }
    }

    /// As written in links (`pace=`).
    pub fn slug(self) -> &'static str {
        match self {
            Pace::Timed => "timed",
            Pace::Narrate => "narrate",
        }
    }

    pub fn from_slug(slug: &str) -> Option<Pace> {
        [Pace::Timed, Pace::Narrate].into_iter().find(|p| p.slug() == slug)
    }
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::Full, Mode::Embed, Mode::Present];

    /// As written in links (`mode=`), on `<html data-mode>` and in the page's CSS classes.
    pub fn slug(self) -> &'static str {
        match self {
            Mode::Full => "full",
            Mode::Embed => "embed",
            Mode::Present => "present",
        }
    }

    pub fn from_slug(slug: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.slug() == slug)
    }
}

/// A setting of the run that a link can change. The page names each one when a lesson's link
/// changes it ("changed from the lesson"), so the word table matches this enum, not a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    Faults,
    Model,
    Turns,
    Errors,
    Watchdog,
    Attempts,
    Base,
    Cap,
    RaCap,
    Seed,
    Repeat,
    Jitter,
    RetryAll,
    /// What the model reads when a tool fails (`errtext=sentence|code|raw`).
    ErrorText,
    /// What the loop does with a tool's lost reply ([`LostReply`]).
    LostReply,
}

impl Setting {
    /// In link order.
    pub const ALL: [Setting; 15] = [
        Setting::Faults,
        Setting::Model,
        Setting::Turns,
        Setting::Errors,
        Setting::Watchdog,
        Setting::Attempts,
        Setting::Base,
        Setting::Cap,
        Setting::RaCap,
        Setting::Seed,
        Setting::Repeat,
        Setting::Jitter,
        Setting::RetryAll,
        Setting::ErrorText,
        Setting::LostReply,
    ];

    /// Its key in links.
    pub fn slug(self) -> &'static str {
        match self {
            Setting::Faults => "faults",
            Setting::Model => "model",
            Setting::Turns => "turns",
            Setting::Errors => "errors",
            Setting::Watchdog => "watchdog",
            Setting::Attempts => "attempts",
            Setting::Base => "base",
            Setting::Cap => "cap",
            Setting::RaCap => "ra_cap",
            Setting::Seed => "seed",
            Setting::Repeat => "repeat",
            Setting::Jitter => "jitter",
            Setting::RetryAll => "retryall",
            Setting::ErrorText => "errtext",
            Setting::LostReply => "lostreply",
        }
    }

    /// The values a number setting may take in a link; `None` for the others.
    pub fn bounds(self) -> Option<(u64, u64)> {
        match self {
            Setting::Turns => Some((1, 1000)),
            Setting::Errors => Some((0, 100)),
            Setting::Watchdog => Some((0, 120_000)),
            Setting::Attempts => Some((1, 10)),
            Setting::Base => Some((0, 60_000)),
            Setting::Cap | Setting::RaCap => Some((0, 120_000)),
            Setting::Seed => Some((0, u32::MAX as u64)),
            Setting::Faults
            | Setting::Model
            | Setting::Repeat
            | Setting::Jitter
            | Setting::RetryAll
            | Setting::ErrorText
            | Setting::LostReply => None,
        }
    }
}

/// Every key a scenario link reads. One enum for the encoder, the decoder and the words, so a
/// key added to one and not the others does not compile (the herd view's keys are its own).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Version,
    Lesson,
    Set(Setting),
    Speed,
    Pace,
    Endpoint,
    Llm,
    Mode,
    Lang,
    /// A teacher's own lesson: its answer, title, question and takeaway.
    Expect,
    Title,
    Ask,
    Takeaway,
    /// A workshop's plan (`lessons=`, `exercises=`; see [`crate::show::plan`]).
    Lessons,
    Exercises,
}

impl Key {
    const OTHERS: [Key; 14] = [
        Key::Version,
        Key::Lesson,
        Key::Speed,
        Key::Pace,
        Key::Endpoint,
        Key::Llm,
        Key::Mode,
        Key::Lang,
        Key::Expect,
        Key::Title,
        Key::Ask,
        Key::Takeaway,
        Key::Lessons,
        Key::Exercises,
    ];

    pub fn slug(self) -> &'static str {
        match self {
            Key::Version => "v",
            Key::Lesson => "lesson",
            Key::Set(setting) => setting.slug(),
            Key::Speed => "speed",
            Key::Pace => "pace",
            Key::Endpoint => "endpoint",
            Key::Llm => "llm",
            Key::Mode => "mode",
            Key::Lang => "lang",
            Key::Expect => "expect",
            Key::Title => "title",
            Key::Ask => "ask",
            Key::Takeaway => "takeaway",
            Key::Lessons => LESSONS_KEY,
            Key::Exercises => EXERCISES_KEY,
        }
    }

    /// Every key: the settings in link order, then the others.
    pub fn all() -> impl Iterator<Item = Key> {
        Setting::ALL.into_iter().map(Key::Set).chain(Key::OTHERS)
    }

    pub fn from_slug(slug: &str) -> Option<Key> {
        Key::all().find(|k| k.slug() == slug)
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scenario {
    pub config: RunConfig,
    pub faults: FaultPlan,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    pub provider: ProviderChoice,
    pub lesson: Option<LessonId>,
    pub lang: Option<Lang>,
    pub mode: Mode,
    /// Timed or step by step; a link names it only where it differs from the mode's default.
    pub pace: Pace,
    /// A teacher's own lesson (`expect=`, `title=`, `ask=`, `takeaway=`). It and a built-in
    /// `lesson` never go together: a link that names both plays the teacher's (see [`decode`]).
    pub own_lesson: Option<OwnLesson>,
    /// The workshop's plan the room follows: the whole library unless the link chose one.
    pub plan: Plan,
}

impl Scenario {
    pub fn new() -> Self {
        Scenario { speed: DEFAULT_SPEED, ..Scenario::default() }
    }

    /// The same scenario laid out as `mode`, at that mode's own pace: presenter mode's
    /// step-by-step narration does not follow a link out to the full page or a phone.
    pub fn in_mode(mut self, mode: Mode) -> Self {
        self.mode = mode;
        self.pace = Pace::default_for(mode);
        self
    }
}

/// How a room is watching: the layout, the playback speed and the pace a teacher chose. Every way
/// of moving to another lesson (the Lessons menu, the lesson card's links, the clicker's keys, the
/// projected agenda) keeps it, so a room in presenter mode at 0.5× stays there, and Back and
/// Forward find it in the links they return to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Watching {
    pub mode: Mode,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    pub pace: Pace,
    /// The workshop's plan: which lesson comes next, and when the workshop ends.
    pub plan: Plan,
}

impl Default for Watching {
    fn default() -> Self {
        Watching::in_mode(Mode::Full)
    }
}

impl Watching {
    /// `mode` at its own pace and the default speed.
    pub fn in_mode(mode: Mode) -> Self {
        Watching { mode, speed: DEFAULT_SPEED, pace: Pace::default_for(mode), plan: Plan::default() }
    }

    /// How `s` is watched.
    pub fn of(s: &Scenario) -> Self {
        Watching { mode: s.mode, speed: s.speed, pace: s.pace, plan: s.plan }
    }

    /// Presenter mode, at the speed and pace chosen if the room is in it already, or at its own.
    pub fn presenting(self) -> Self {
        if self.mode == Mode::Present {
            self
        } else {
            Watching { plan: self.plan, ..Watching::in_mode(Mode::Present) }
        }
    }

    /// What a link adds to keep it, as [`encode`] writes it (`&speed=0.5&pace=timed&mode=present`):
    /// nothing for the full page at its own pace and speed.
    pub fn tail(self) -> String {
        let mut out = String::new();
        if self.speed != DEFAULT_SPEED {
            out.push_str(&format!("&{}={}", Key::Speed.slug(), SPEEDS.get(self.speed).copied().unwrap_or("1")));
        }
        if self.pace != Pace::default_for(self.mode) {
            out.push_str(&format!("&{}={}", Key::Pace.slug(), self.pace.slug()));
        }
        if self.mode != Mode::Full {
            out.push_str(&format!("&{}={}", Key::Mode.slug(), self.mode.slug()));
        }
        out.push_str(&self.plan.tail());
        out
    }

    /// A built-in lesson's link (`?…`), watched this way.
    pub fn lesson_link(self, lesson: &crate::show::lessons::Lesson) -> String {
        format!("?{}{}", crate::show::lessons::lesson_query(lesson), self.tail())
    }
}

/// The turns a fault rule may name (`t2`).
const TURN_BOUNDS: (u64, u64) = (1, 1000);
const MAX_TIMES: u32 = 10;

/// The fault list as written in links: `t2:503x2,t3:badjson`.
pub fn encode_faults(plan: &FaultPlan) -> String {
    plan.rules
        .iter()
        .map(|r| {
            if r.times > 1 && r.fault.group() == FaultGroup::Server {
                format!("t{}:{}x{}", r.turn, r.fault.slug(), r.times)
            } else {
                format!("t{}:{}", r.turn, r.fault.slug())
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// Whether a page's host (as the address bar's `hostname` gives it) names the machine itself:
/// `localhost` and its subdomains, 127.0.0.0/8, `[::1]`, or the unspecified 0.0.0.0 and `[::]`.
/// A link on such a host opens on the device that follows it, so a phone scanning it finds
/// nothing: the presenter's phone sheet warns instead of pretending.
pub fn is_loopback_host(host: &str) -> bool {
    let host = host.trim().trim_end_matches('.');
    let bare = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')).unwrap_or(host);
    if let Ok(ip) = bare.parse::<std::net::IpAddr>() {
        let mapped = match ip {
            std::net::IpAddr::V6(v6) => v6.to_ipv4_mapped().map(std::net::IpAddr::V4).unwrap_or(ip),
            v4 => v4,
        };
        return mapped.is_loopback() || mapped.is_unspecified();
    }
    let lower = host.to_ascii_lowercase();
    lower == "localhost" || lower.ends_with(".localhost")
}

/// Writes the query string (without `?`) for a scenario. Pure, canonical and stable: the same
/// scenario always gives the same link, which is what keeps URL sync free of echo loops.
///
/// A lesson's link names the lesson and only what differs from the lesson's own settings, so
/// `?lesson=bad-key` is the whole link a teacher writes on a slide.
pub fn encode(s: &Scenario) -> String {
    // Not `unwrap_or_default`: the default scenario plays at 1x, `Scenario::default()` does not.
    #[allow(clippy::unwrap_or_default)]
    // A teacher's own lesson stands alone: its link writes every setting that differs from the
    // default, and names no built-in lesson.
    let lesson = if s.own_lesson.is_some() { None } else { s.lesson };
    let d = lesson.and_then(lesson_scenario).unwrap_or_else(Scenario::new);
    let (c, dc) = (&s.config, &d.config);
    let mut out = form_urlencoded::Serializer::new(String::new());
    out.append_pair(Key::Version.slug(), &FORMAT_VERSION.to_string());
    if let Some(lesson) = lesson {
        out.append_pair(Key::Lesson.slug(), lesson.slug());
    }
    if s.faults != d.faults {
        out.append_pair(Setting::Faults.slug(), &encode_faults(&s.faults));
    }
    if c.personality != dc.personality {
        out.append_pair(Setting::Model.slug(), personality_slug(c.personality));
    }
    let numbers: [(Setting, u64, u64); 8] = [
        (Setting::Turns, c.guards.max_turns as u64, dc.guards.max_turns as u64),
        (Setting::Errors, c.guards.max_errors_in_a_row as u64, dc.guards.max_errors_in_a_row as u64),
        (Setting::Watchdog, c.guards.watchdog_ms, dc.guards.watchdog_ms),
        (Setting::Attempts, c.retry.max_attempts as u64, dc.retry.max_attempts as u64),
        (Setting::Base, c.retry.base_delay_ms, dc.retry.base_delay_ms),
        (Setting::Cap, c.retry.max_delay_ms, dc.retry.max_delay_ms),
        (Setting::RaCap, c.retry.retry_after_cap_ms, dc.retry.retry_after_cap_ms),
        (Setting::Seed, c.seed, dc.seed),
    ];
    for (setting, value, default) in numbers {
        if value != default {
            out.append_pair(setting.slug(), &value.to_string());
        }
    }
    let flags = [
        (Setting::Repeat, c.guards.stop_on_repeat, dc.guards.stop_on_repeat),
        (Setting::Jitter, c.retry.jitter, dc.retry.jitter),
        (Setting::RetryAll, c.retry.retry_everything, dc.retry.retry_everything),
    ];
    for (setting, value, default) in flags {
        if value != default {
            out.append_pair(setting.slug(), if value { "on" } else { "off" });
        }
    }
    if c.error_text != dc.error_text {
        out.append_pair(Setting::ErrorText.slug(), c.error_text.slug());
    }
    if c.lost_reply != dc.lost_reply {
        out.append_pair(Setting::LostReply.slug(), c.lost_reply.slug());
    }
    if s.speed != d.speed {
        out.append_pair(Key::Speed.slug(), SPEEDS.get(s.speed).copied().unwrap_or("1"));
    }
    if s.pace != Pace::default_for(s.mode) {
        out.append_pair(Key::Pace.slug(), s.pace.slug());
    }
    if let ProviderChoice::Http { endpoint, model } = &s.provider {
        out.append_pair(Key::Endpoint.slug(), endpoint);
        out.append_pair(Key::Llm.slug(), model);
    }
    if s.mode != Mode::Full {
        out.append_pair(Key::Mode.slug(), s.mode.slug());
    }
    if let Some(lang) = s.lang {
        out.append_pair(Key::Lang.slug(), lang.code());
    }
    if !s.plan.is_default() {
        out.append_pair(Key::Lessons.slug(), &s.plan.lessons_value());
        out.append_pair(Key::Exercises.slug(), &s.plan.exercises_value());
    }
    // Last, so the settings come first to the eye, and a link cut for length loses words rather
    // than settings; `expect` first of them, as the lesson cannot do without it.
    if let Some(own) = &s.own_lesson {
        out.append_pair(Key::Expect.slug(), own.answer.slug());
        for (key, text) in [(Key::Title, &own.title), (Key::Ask, &own.question), (Key::Takeaway, &own.takeaway)] {
            if !text.is_empty() {
                out.append_pair(key.slug(), text);
            }
        }
    }
    out.finish()
}

fn personality_slug(p: Personality) -> &'static str {
    match p {
        Personality::Helpful => "helpful",
        Personality::Stubborn => "stubborn",
    }
}

/// The scenario a lesson plays: its own link, read as any link is.
pub fn lesson_scenario(id: LessonId) -> Option<Scenario> {
    let (_, lesson) = crate::show::lessons::find(id)?;
    Some(decode(lesson.link).0)
}

/// The link keys whose settings differ from the lesson's own, in link order: what the page
/// shows as "changed from the lesson". Empty without a lesson.
pub fn lesson_changes(s: &Scenario) -> Vec<Setting> {
    if s.lesson.and_then(lesson_scenario).is_none() {
        return Vec::new();
    }
    let written: Vec<String> = form_urlencoded::parse(encode(s).as_bytes()).map(|(k, _)| k.into_owned()).collect();
    Setting::ALL.into_iter().filter(|k| written.iter().any(|w| w == k.slug())).collect()
}

/// A query string without its `?`, cut to [`MAX_LINK_LEN`] at its last complete setting (so no
/// half value is read), and whether it was cut.
pub(crate) fn cut_link(query: &str) -> (&str, bool) {
    let query = query.strip_prefix('?').unwrap_or(query);
    if query.len() <= MAX_LINK_LEN {
        return (query, false);
    }
    let mut cut = MAX_LINK_LEN;
    while !query.is_char_boundary(cut) {
        cut -= 1;
    }
    let head = &query[..cut];
    (head.rfind('&').map_or(head, |i| &head[..i]), true)
}

/// Reads a query string (with or without `?`). Always returns a usable scenario: each part it
/// cannot use is left at its default and named in the notices.
pub fn decode(query: &str) -> (Scenario, Vec<Notice>) {
    let mut s = Scenario::new();
    let mut notices = Vec::new();
    let mut note = |key: &str, problem: Problem| notices.push(Notice { key: key.to_string(), problem });
    let (query, cut) = cut_link(query);
    if cut {
        note("link", Problem::LinkTooLong { max: MAX_LINK_LEN });
    }
    // A lesson's own settings come first, so `?lesson=<id>` alone plays that lesson; every other
    // key of the link then changes them (see `lesson_changes`).
    let lesson = form_urlencoded::parse(query.as_bytes()).find(|(k, _)| k.trim() == Key::Lesson.slug()).map(|(_, v)| v);
    if let Some(id) = lesson {
        let slug = id.trim();
        match LessonId::from_slug(slug).and_then(|id| Some((id, lesson_scenario(id)?))) {
            Some((id, base)) => s = Scenario { lesson: Some(id), ..base },
            None => note("lesson", Problem::UnknownLesson { value: short(slug) }),
        }
    }
    // The keys read so far, in a list: a link has a few dozen keys (a crafted one at most about
    // 2,000 short ones in MAX_LINK_LEN), and the page's first download then carries no hash set
    // and no SipHash for them.
    let mut seen: Vec<String> = Vec::new();
    let mut endpoint = None;
    let mut llm = None;
    let mut pace = None;
    // A teacher's own lesson: its layer, and its title, question and takeaway, read as they come.
    let mut expect = None;
    let mut texts: [Option<String>; 3] = [None, None, None];
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        let (key, value) = (key.trim(), value.trim());
        if key.is_empty() {
            continue;
        }
        if seen.iter().any(|k| k == key) {
            note(key, Problem::Repeated);
            continue;
        }
        seen.push(key.to_string());
        let c = &mut s.config;
        let result: Result<(), Problem> = match Key::from_slug(key) {
            Some(Key::Version) => match value.parse::<u32>() {
                Ok(v) if v <= FORMAT_VERSION => Ok(()),
                Ok(v) => Err(Problem::NewerFormat { found: v, ours: FORMAT_VERSION }),
                Err(_) => Err(Problem::NotAFormat { value: short(value) }),
            },
            // Read before the loop.
            Some(Key::Lesson) => Ok(()),
            Some(Key::Set(setting)) => match setting {
                Setting::Faults => {
                    s.faults = decode_faults(value, &mut note);
                    Ok(())
                }
                Setting::Model => [Personality::Helpful, Personality::Stubborn]
                    .into_iter()
                    .find(|p| personality_slug(*p) == value)
                    .ok_or_else(|| Problem::UnknownModel { value: short(value) })
                    .map(|p| c.personality = p),
                Setting::Turns => number(setting, value).map(|v| c.guards.max_turns = v as u32),
                Setting::Errors => number(setting, value).map(|v| c.guards.max_errors_in_a_row = v as u32),
                Setting::Watchdog => number(setting, value).map(|v| c.guards.watchdog_ms = v),
                Setting::Attempts => number(setting, value).map(|v| c.retry.max_attempts = v as u32),
                Setting::Base => number(setting, value).map(|v| c.retry.base_delay_ms = v),
                Setting::Cap => number(setting, value).map(|v| c.retry.max_delay_ms = v),
                Setting::RaCap => number(setting, value).map(|v| c.retry.retry_after_cap_ms = v),
                Setting::Seed => number(setting, value).map(|v| c.seed = v),
                Setting::Repeat => flag(value).map(|v| c.guards.stop_on_repeat = v),
                Setting::Jitter => flag(value).map(|v| c.retry.jitter = v),
                Setting::RetryAll => flag(value).map(|v| c.retry.retry_everything = v),
                Setting::ErrorText => ErrorText::from_slug(value)
                    .ok_or_else(|| Problem::UnknownErrorText { value: short(value) })
                    .map(|e| c.error_text = e),
                Setting::LostReply => LostReply::from_slug(value)
                    .ok_or_else(|| Problem::UnknownLostReply { value: short(value) })
                    .map(|l| c.lost_reply = l),
            },
            Some(Key::Speed) => match SPEEDS.iter().position(|sp| *sp == value) {
                Some(i) => Ok(i),
                None => Err(Problem::UnknownSpeed { value: short(value) }),
            }
            .map(|i| s.speed = i),
            Some(Key::Pace) => match Pace::from_slug(value) {
                Some(p) => Ok(p),
                None => Err(Problem::UnknownPace { value: short(value) }),
            }
            .map(|p| pace = Some(p)),
            Some(Key::Endpoint) => endpoint_value(value).map(|v| endpoint = Some(v)),
            Some(Key::Llm) => model_value(value).map(|v| llm = Some(v)),
            Some(Key::Mode) => match Mode::from_slug(value) {
                Some(m) => Ok(m),
                None => Err(Problem::UnknownMode { value: short(value) }),
            }
            .map(|m| s.mode = m),
            Some(Key::Lang) => match Lang::from_code(value) {
                Some(lang) => Ok(lang),
                None => Err(Problem::UnknownLang { value: short(value) }),
            }
            .map(|l| s.lang = Some(l)),
            Some(Key::Expect) => read_expect(value).map(|l| expect = Some(l)),
            Some(plan_key @ (Key::Lessons | Key::Exercises)) => {
                let (plan, unknown) =
                    if plan_key == Key::Lessons { s.plan.with_lessons(value) } else { s.plan.with_exercises(value) };
                s.plan = plan;
                for item in unknown {
                    note(key, Problem::UnknownPlanItem { value: short(&item) });
                }
                Ok(())
            }
            Some(text @ (Key::Title | Key::Ask | Key::Takeaway)) => {
                let slot = match text {
                    Key::Title => 0,
                    Key::Ask => 1,
                    _ => 2,
                };
                texts[slot] = Some(read_text(key, value, &mut note));
                Ok(())
            }
            None => match key {
                "key" | "api_key" | "apikey" | "token" => Err(Problem::KeyInLink),
                // The herd view's own keys: crate::show::herd::decode_link reads and checks them.
                k if crate::show::herd::LINK_KEYS.contains(&k) => Ok(()),
                _ => Err(Problem::UnknownKey),
            },
        };
        if let Err(problem) = result {
            note(key, problem);
        }
    }
    s.pace = pace.unwrap_or(Pace::default_for(s.mode));
    let [title, question, takeaway] = texts;
    let words = title.is_some() || question.is_some() || takeaway.is_some();
    match expect {
        Some(answer) => {
            s.own_lesson = Some(OwnLesson {
                title: title.unwrap_or_default(),
                question: question.unwrap_or_default(),
                answer,
                takeaway: takeaway.unwrap_or_default(),
            });
            // The built-in lesson's settings stay (they were read first); its words give way.
            if let Some(id) = s.lesson.take() {
                note("lesson", Problem::OwnLessonInstead { value: id.slug().into() });
            }
        }
        // An `expect=` that was there but unreadable has its notice already.
        None if words && !seen.iter().any(|k| k == "expect") => note("expect", Problem::MissingExpect),
        None => {}
    }
    match (endpoint, llm) {
        (Some(endpoint), Some(model)) => s.provider = ProviderChoice::Http { endpoint, model },
        (Some(endpoint), None) => s.provider = ProviderChoice::Http { endpoint, model: String::new() },
        (None, Some(_)) => note("llm", Problem::ModelWithoutEndpoint),
        (None, None) => {}
    }
    (s, notices)
}

fn decode_faults(value: &str, note: &mut impl FnMut(&str, Problem)) -> FaultPlan {
    let mut rules = Vec::new();
    for item in value.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        if rules.len() == MAX_FAULTS {
            note("faults", Problem::TooManyFaults { max: MAX_FAULTS });
            break;
        }
        match decode_fault(item) {
            Ok(rule) => rules.push(rule),
            Err(why) => note("faults", Problem::Fault { value: short(item), why }),
        }
    }
    FaultPlan::new(rules)
}

fn decode_fault(item: &str) -> Result<FaultRule, FaultProblem> {
    let (turn, rest) = item.strip_prefix('t').and_then(|r| r.split_once(':')).ok_or(FaultProblem::Shape)?;
    let (lo, hi) = TURN_BOUNDS;
    let turn = turn
        .parse::<u64>()
        .ok()
        .filter(|t| (lo..=hi).contains(t))
        .ok_or(FaultProblem::TurnRange { min: lo, max: hi })?;
    let (name, times) = match rest.rsplit_once('x') {
        Some((name, times)) if Fault::from_slug(name).is_some() => (name, Some(times)),
        _ => (rest, None),
    };
    let fault = Fault::from_slug(name).ok_or(FaultProblem::UnknownFault)?;
    let times = match times {
        None => 1,
        Some(t) => t
            .parse::<u32>()
            .ok()
            .filter(|t| (1..=MAX_TIMES).contains(t))
            .ok_or(FaultProblem::TimesRange { max: MAX_TIMES })?,
    };
    Ok(FaultRule { turn: turn as u32, fault, times })
}

fn number(setting: Setting, value: &str) -> Result<u64, Problem> {
    let (lo, hi) = setting.bounds().unwrap_or((0, u64::MAX));
    match value.parse::<u64>() {
        Ok(v) if (lo..=hi).contains(&v) => Ok(v),
        Ok(_) => Err(Problem::OutOfRange { min: lo, max: hi }),
        Err(_) => Err(Problem::NotANumber { value: short(value) }),
    }
}

fn flag(value: &str) -> Result<bool, Problem> {
    match value {
        "on" | "1" | "true" => Ok(true),
        "off" | "0" | "false" => Ok(false),
        other => Err(Problem::NotAFlag { value: short(other) }),
    }
}

fn endpoint_value(value: &str) -> Result<String, Problem> {
    let trimmed = value.trim_end_matches('/');
    let host = trimmed.strip_prefix("http://").or_else(|| trimmed.strip_prefix("https://")).unwrap_or_default();
    let ok = !host.is_empty()
        && !host.starts_with('/')
        && trimmed.len() <= 300
        && !trimmed.contains('@')
        && !trimmed.chars().any(|c| c.is_whitespace() || c.is_control());
    if ok {
        Ok(trimmed.to_string())
    } else {
        Err(Problem::BadEndpoint)
    }
}

fn model_value(value: &str) -> Result<String, Problem> {
    if value.len() <= 120 && !value.chars().any(|c| c.is_control()) {
        Ok(value.to_string())
    } else {
        Err(Problem::BadModelName)
    }
}
