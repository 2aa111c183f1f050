//! What one press of a presenter's clicker shows. A room does not need each event of a turn that
//! goes well on a press of its own: the call out, the reply, the tool and its result are one beat.
//! What the room is there to see keeps a press each: a failure, its handling (a wait, a guard, a
//! tolerated quirk), a secret leaving, the outcome; the watchdog cutting a silent call and the
//! timeout it makes are one failure, one press. A wait is a beat of its own, and the retried
//! call the next: a beat never goes on by itself after time has passed on screen, so the count of
//! presses is the same whatever the teacher's rhythm.
//!
//! One rule for both places a press lands: the gate of a live narrated run
//! (`web::gate` in the page) and the record of a finished one, which the presenter steps through.

use crate::run::events::{Event, Guard};

/// What a press asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    /// Exactly one event (the arrows and Space, and a paused playback's step).
    Step,
    /// One beat: a turn where nothing fails, or one thing the room should see (the clicker).
    Beat,
    /// Everything up to and including the next failure (the jump-to-failure key).
    ToFailure,
    /// Everything, to the outcome (End during a live narrated run).
    ToEnd,
}

/// An event that is part of a turn going as it should: it joins the beat it comes in.
pub fn is_quiet(event: &Event) -> bool {
    matches!(
        event,
        Event::RunStarted { .. }
            | Event::TurnStarted { .. }
            | Event::ModelCalled { .. }
            | Event::ModelReplied { .. }
            | Event::ToolStarted { .. }
            | Event::ToolSucceeded { .. }
    )
}

/// Where the jump-to-failure key stops: something went wrong, or the run is over.
pub fn is_failure(event: &Event) -> bool {
    matches!(
        event,
        Event::ModelCallFailed { .. }
            | Event::ToolFailed { .. }
            | Event::GuardTripped { .. }
            | Event::QuirkTolerated { .. }
            | Event::SecretSent { .. }
            | Event::Finished { .. }
    )
}

/// One press on its way through a run's events: which of them it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PressState {
    kind: Press,
    passed: u32,
    /// Whether quiet events may follow the press's first: yes after a quiet one; a failure, a
    /// wait, a guard or the outcome shows alone.
    first_quiet: bool,
    /// Whether all the press has shown is the run's start: the first turn then joins it.
    only_start: bool,
    /// Whether the press began on the watchdog cutting a silent call: the call's failure, the
    /// same moment, joins it (one failure, one press).
    first_watchdog: bool,
    failure_seen: bool,
}

impl PressState {
    pub fn new(kind: Press) -> Self {
        PressState {
            kind,
            passed: 0,
            first_quiet: false,
            only_start: false,
            first_watchdog: false,
            failure_seen: false,
        }
    }

    pub fn kind(&self) -> Press {
        self.kind
    }

    /// How many events this press has shown so far.
    pub fn shown(&self) -> u32 {
        self.passed
    }

    /// Whether `event` is shown by this press, noting it if so. The first event always is.
    pub fn admits(&mut self, event: &Event) -> bool {
        let admitted = if self.passed == 0 {
            self.first_quiet = is_quiet(event);
            self.only_start = matches!(event, Event::RunStarted { .. });
            self.first_watchdog = matches!(event, Event::GuardTripped { guard: Guard::Watchdog, .. });
            true
        } else {
            match self.kind {
                Press::Step => false,
                Press::Beat => {
                    (self.first_quiet
                        && is_quiet(event)
                        && (!matches!(event, Event::TurnStarted { .. }) || self.only_start))
                        || (self.first_watchdog && self.passed == 1 && matches!(event, Event::ModelCallFailed { .. }))
                }
                Press::ToFailure => !self.failure_seen,
                Press::ToEnd => true,
            }
        };
        if admitted {
            if self.passed > 0 {
                self.only_start = false;
            }
            self.passed += 1;
            self.failure_seen |= is_failure(event);
        }
        admitted
    }

    /// Whether any event after those admitted so far could still join: `false` once the press is
    /// certainly over, so a live run holds its clock at once instead of at its next event.
    pub fn may_continue(&self) -> bool {
        match self.kind {
            Press::Step => self.passed == 0,
            Press::Beat => self.passed == 0 || self.first_quiet || (self.first_watchdog && self.passed == 1),
            Press::ToFailure => !self.failure_seen,
            Press::ToEnd => true,
        }
    }
}

/// Where a press that starts on step `from` of `events` ends: the index of the last step it
/// shows (`from` itself at least), for stepping through a run already recorded.
pub fn press_end(events: &[Event], from: usize, kind: Press) -> usize {
    let mut press = PressState::new(kind);
    let mut last = from;
    for (i, event) in events.iter().enumerate().skip(from) {
        if !press.admits(event) {
            break;
        }
        last = i;
    }
    last.min(events.len().saturating_sub(1))
}

/// The first step of each beat of a whole run: how many presses of the clicker it takes, and
/// where each lands.
pub fn beat_starts(events: &[Event]) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut i = 0;
    while i < events.len() {
        starts.push(i);
        i = press_end(events, i, Press::Beat) + 1;
    }
    starts
}

/// The step a presenter's "back" lands on from step `at`: the start of the beat before the one
/// `at` is in (or of that beat, when `at` is past its start).
pub fn beat_back(events: &[Event], at: usize) -> usize {
    let starts = beat_starts(events);
    let current = starts.iter().rposition(|&s| s <= at).unwrap_or(0);
    // Each beat is shown at its last step; back shows the previous beat's last step.
    if current == 0 {
        return 0;
    }
    let previous_end = starts[current] - 1;
    previous_end.min(at.saturating_sub(1))
}
