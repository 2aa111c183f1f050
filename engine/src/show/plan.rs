//! A workshop's plan: which lessons the room plays and in which order, and which exercises it
//! does after them. The teacher chooses it on the agenda; every link of the workshop then carries
//! it (`lessons=<slug>.<slug>…&exercises=<slug>.<slug>…`), so the next lesson (N, PageDown, the
//! lesson card's links), the presenter view, the handout and the closing screen all follow the
//! same choice, and a plan is shared by sending one link.
//!
//! Without those keys the plan is the whole library: every lesson in order, every exercise.

use crate::show::lessons::{find, Lesson, LessonId, LESSONS};
use crate::yours::exercise::ExerciseId;

/// Suggested minutes for an exercise done in the room: reading the goal, writing the gap, and
/// checking it against its cases.
pub const EXERCISE_MINUTES: u32 = 10;

const MAX_LESSONS: usize = LESSONS.len();
const MAX_EXERCISES: usize = ExerciseId::ALL.len();

/// The lessons and exercises chosen, in order, each at most once. `Copy`, like the rest of how a
/// room watches ([`crate::show::scenario::Watching`]): indices, not a list on the heap.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Indices into [`LESSONS`], the first `lesson_count` used.
    lessons: [u8; MAX_LESSONS],
    lesson_count: u8,
    /// Indices into [`ExerciseId::ALL`], the first `exercise_count` used.
    exercises: [u8; MAX_EXERCISES],
    exercise_count: u8,
}

/// Two plans are the same when they list the same lessons and exercises in the same order (the
/// slots past the counts are left-overs, not part of the plan).
impl PartialEq for Plan {
    fn eq(&self, other: &Self) -> bool {
        self.lesson_indices() == other.lesson_indices() && self.exercise_indices() == other.exercise_indices()
    }
}

impl Eq for Plan {}

impl Default for Plan {
    /// The whole library, in its own order.
    fn default() -> Self {
        Plan::of(&LESSONS.map(|l| l.id), &ExerciseId::ALL)
    }
}

/// The plans the agenda offers ready-made, built from the lessons' own minutes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadyPlan {
    /// Every lesson and every exercise.
    Everything,
    /// An hour: the three layers, the retry school and the herd, then one exercise.
    Hour,
    /// Half an hour: one failure per layer, a hang, then one exercise.
    HalfHour,
}

impl ReadyPlan {
    pub const ALL: [ReadyPlan; 3] = [ReadyPlan::Hour, ReadyPlan::HalfHour, ReadyPlan::Everything];

    pub fn plan(self) -> Plan {
        use ExerciseId as E;
        use LessonId as L;
        match self {
            ReadyPlan::Everything => Plan::default(),
            ReadyPlan::Hour => Plan::of(
                &[
                    L::RustedLock,
                    L::ServerHiccup,
                    L::RateLimited,
                    L::BadKey,
                    L::BadRequestRetried,
                    L::BrokenJson,
                    L::SameCallTwice,
                    L::NeverEndingTurn,
                    L::WhyJitter,
                ],
                &[E::Retry],
            ),
            ReadyPlan::HalfHour => {
                Plan::of(&[L::RustedLock, L::ServerHiccup, L::BadKey, L::NeverEndingTurn], &[E::Retry])
            }
        }
    }

    /// The ready plan `plan` is, if it is one.
    pub fn matching(plan: &Plan) -> Option<ReadyPlan> {
        ReadyPlan::ALL.into_iter().find(|r| r.plan() == *plan)
    }
}

impl Plan {
    /// These lessons and exercises in this order; a repeat is dropped (a plan plays a lesson once).
    pub fn of(lessons: &[LessonId], exercises: &[ExerciseId]) -> Plan {
        let mut plan =
            Plan { lessons: [0; MAX_LESSONS], lesson_count: 0, exercises: [0; MAX_EXERCISES], exercise_count: 0 };
        for id in lessons {
            plan.add_lesson(*id);
        }
        for id in exercises {
            plan.add_exercise(*id);
        }
        plan
    }

    /// No lesson and no exercise: what a teacher starts from when building their own.
    pub fn empty() -> Plan {
        Plan::of(&[], &[])
    }

    fn add_lesson(&mut self, id: LessonId) {
        if let Some((i, _)) = find(id) {
            if !self.lesson_indices().contains(&(i as u8)) && (self.lesson_count as usize) < MAX_LESSONS {
                self.lessons[self.lesson_count as usize] = i as u8;
                self.lesson_count += 1;
            }
        }
    }

    fn add_exercise(&mut self, id: ExerciseId) {
        let i = (id.number() - 1) as u8;
        if !self.exercise_indices().contains(&i) && (self.exercise_count as usize) < MAX_EXERCISES {
            self.exercises[self.exercise_count as usize] = i;
            self.exercise_count += 1;
        }
    }

    fn lesson_indices(&self) -> &[u8] {
        &self.lessons[..self.lesson_count as usize]
    }

    fn exercise_indices(&self) -> &[u8] {
        &self.exercises[..self.exercise_count as usize]
    }

    /// The lessons, in the plan's order.
    pub fn lessons(&self) -> impl Iterator<Item = &'static Lesson> + '_ {
        self.lesson_indices().iter().map(|i| &LESSONS[*i as usize])
    }

    /// The exercises, in the plan's order.
    pub fn exercises(&self) -> impl Iterator<Item = ExerciseId> + '_ {
        self.exercise_indices().iter().map(|i| ExerciseId::ALL[*i as usize])
    }

    pub fn lesson_count(&self) -> usize {
        self.lesson_count as usize
    }

    pub fn exercise_count(&self) -> usize {
        self.exercise_count as usize
    }

    pub fn has_lesson(&self, id: LessonId) -> bool {
        self.position(id).is_some()
    }

    pub fn has_exercise(&self, id: ExerciseId) -> bool {
        self.exercises().any(|e| e == id)
    }

    /// Where `id` comes in the plan, from 0.
    pub fn position(&self, id: LessonId) -> Option<usize> {
        self.lessons().position(|l| l.id == id)
    }

    /// The lesson `step` places from `current` in the plan (1 the next, -1 the one before). From
    /// no lesson, or one the plan leaves out, the next is the plan's first and there is none before.
    pub fn neighbour(&self, current: Option<LessonId>, step: isize) -> Option<&'static Lesson> {
        let at = current.and_then(|id| self.position(id)).map_or(-1, |i| i as isize);
        let to = at + step;
        if at < 0 && step < 0 {
            return None;
        }
        (0..self.lesson_count as isize).contains(&to).then(|| &LESSONS[self.lessons[to as usize] as usize])
    }

    /// Whether `id` is the plan's last lesson: after it, the workshop's closing screen.
    pub fn is_last(&self, id: LessonId) -> bool {
        self.lesson_count > 0 && self.position(id) == Some(self.lesson_count as usize - 1)
    }

    /// The lessons' minutes, added up.
    pub fn lesson_minutes(&self) -> u32 {
        self.lessons().map(|l| l.minutes).sum()
    }

    /// The exercises' minutes, added up.
    pub fn exercise_minutes(&self) -> u32 {
        EXERCISE_MINUTES * self.exercise_count as u32
    }

    /// The whole plan's minutes.
    pub fn minutes(&self) -> u32 {
        self.lesson_minutes() + self.exercise_minutes()
    }

    /// The minutes of the lessons before `id`, and of `id` itself: where the workshop should be
    /// when that lesson starts and ends (the presenter view's time against the plan).
    pub fn minutes_until(&self, id: LessonId) -> Option<(u32, u32)> {
        let at = self.position(id)?;
        let before: u32 = self.lessons().take(at).map(|l| l.minutes).sum();
        Some((before, before + LESSONS[self.lessons[at] as usize].minutes))
    }

    pub fn is_default(&self) -> bool {
        *self == Plan::default()
    }

    /// This plan with `id` added at its end, or taken out if it was in.
    pub fn toggled_lesson(mut self, id: LessonId) -> Plan {
        match self.position(id) {
            Some(at) => take_out(&mut self.lessons, &mut self.lesson_count, at),
            None => self.add_lesson(id),
        }
        self
    }

    /// This plan with `id` added at its end, or taken out if it was in.
    pub fn toggled_exercise(mut self, id: ExerciseId) -> Plan {
        let at = self.exercises().position(|e| e == id);
        match at {
            Some(at) => take_out(&mut self.exercises, &mut self.exercise_count, at),
            None => self.add_exercise(id),
        }
        self
    }

    /// This plan with lesson `id` moved `step` places (-1 earlier, 1 later), as far as the plan
    /// goes; a lesson the plan leaves out does not move.
    pub fn moved(mut self, id: LessonId, step: isize) -> Plan {
        if let Some(at) = self.position(id) {
            let to = (at as isize + step).clamp(0, self.lesson_count as isize - 1) as usize;
            self.lessons.swap(at, to);
        }
        self
    }

    /// The lesson list as written after `lessons=`: slugs joined by `.`.
    pub fn lessons_value(&self) -> String {
        self.lessons().map(|l| l.id.slug()).collect::<Vec<_>>().join(".")
    }

    /// The exercise list as written after `exercises=`, [`NONE`] for none.
    pub fn exercises_value(&self) -> String {
        if self.exercise_count == 0 {
            return NONE.to_string();
        }
        self.exercises().map(|e| e.slug()).collect::<Vec<_>>().join(".")
    }

    /// What a link adds to carry the plan (`&lessons=…&exercises=…`): nothing for the default.
    pub fn tail(&self) -> String {
        if self.is_default() {
            return String::new();
        }
        format!("&{LESSONS_KEY}={}&{EXERCISES_KEY}={}", self.lessons_value(), self.exercises_value())
    }

    /// This plan with its lessons from a link's `lessons=` value. Unknown slugs are skipped and
    /// returned, so the page can name them; a list with no lesson the page knows leaves the
    /// lessons as they were.
    pub fn with_lessons(mut self, value: &str) -> (Plan, Vec<String>) {
        let (ids, unknown) = read_list(value, LessonId::from_slug);
        if !ids.is_empty() {
            self.lesson_count = 0;
            for id in ids {
                self.add_lesson(id);
            }
        }
        (self, unknown)
    }

    /// This plan with its exercises from a link's `exercises=` value ([`NONE`] for none).
    pub fn with_exercises(mut self, value: &str) -> (Plan, Vec<String>) {
        if value.trim() == NONE {
            self.exercise_count = 0;
            return (self, Vec::new());
        }
        let (ids, unknown) = read_list(value, ExerciseId::from_slug);
        if !ids.is_empty() {
            self.exercise_count = 0;
            for id in ids {
                self.add_exercise(id);
            }
        }
        (self, unknown)
    }
}

/// Removes slot `at` of the first `count` slots, closing the gap.
fn take_out(slots: &mut [u8], count: &mut u8, at: usize) {
    slots.copy_within(at + 1..*count as usize, at);
    *count -= 1;
}

/// The link keys of a plan.
pub const LESSONS_KEY: &str = "lessons";
pub const EXERCISES_KEY: &str = "exercises";
/// `exercises=none`: a plan with no exercise.
pub const NONE: &str = "none";

/// At most this many items of a list are read: a crafted link cannot make the page loop long.
const MAX_ITEMS: usize = 64;

fn read_list<T>(value: &str, parse: impl Fn(&str) -> Option<T>) -> (Vec<T>, Vec<String>) {
    let mut ids = Vec::new();
    let mut unknown = Vec::new();
    for slug in value.split('.').map(str::trim).filter(|s| !s.is_empty()).take(MAX_ITEMS) {
        match parse(slug) {
            Some(id) => ids.push(id),
            None => unknown.push(slug.to_string()),
        }
    }
    (ids, unknown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_plan_is_every_lesson_and_exercise_in_order_and_writes_nothing() {
        let plan = Plan::default();
        assert_eq!(plan.lesson_count(), LESSONS.len());
        assert!(plan.lessons().map(|l| l.id).eq(LESSONS.iter().map(|l| l.id)));
        assert!(plan.exercises().eq(ExerciseId::ALL));
        assert_eq!(plan.tail(), "");
    }

    #[test]
    fn the_ready_plans_fit_their_time() {
        assert_eq!(ReadyPlan::Hour.plan().minutes(), 60);
        assert_eq!(ReadyPlan::HalfHour.plan().minutes(), 30);
        assert_eq!(
            ReadyPlan::Everything.plan().minutes(),
            crate::show::lessons::total_minutes() + EXERCISE_MINUTES * ExerciseId::ALL.len() as u32
        );
    }

    #[test]
    fn a_plan_reads_back_from_its_own_link() {
        for ready in ReadyPlan::ALL {
            let plan = ready.plan();
            let (read, unknown) =
                Plan::default().with_lessons(&plan.lessons_value()).0.with_exercises(&plan.exercises_value());
            assert!(unknown.is_empty());
            assert_eq!(read, plan, "{ready:?}");
        }
        let none = Plan::of(&[LessonId::BadKey], &[]);
        assert_eq!(none.tail(), "&lessons=bad-key&exercises=none");
        assert_eq!(Plan::default().with_lessons("bad-key").0.with_exercises("none").0, none);
    }

    #[test]
    fn next_and_back_follow_the_plans_order_and_stop_at_its_ends() {
        let plan = Plan::of(&[LessonId::BadKey, LessonId::RustedLock, LessonId::WhyJitter], &[]);
        assert_eq!(plan.neighbour(None, 1).map(|l| l.id), Some(LessonId::BadKey));
        assert_eq!(plan.neighbour(Some(LessonId::BadKey), 1).map(|l| l.id), Some(LessonId::RustedLock));
        assert_eq!(plan.neighbour(Some(LessonId::RustedLock), -1).map(|l| l.id), Some(LessonId::BadKey));
        assert_eq!(plan.neighbour(Some(LessonId::WhyJitter), 1).map(|l| l.id), None);
        assert_eq!(plan.neighbour(Some(LessonId::BadKey), -1).map(|l| l.id), None);
        // A lesson the plan leaves out leads into the plan, never out of it.
        assert_eq!(plan.neighbour(Some(LessonId::LostReply), 1).map(|l| l.id), Some(LessonId::BadKey));
        assert_eq!(plan.neighbour(Some(LessonId::LostReply), -1).map(|l| l.id), None);
        assert!(plan.is_last(LessonId::WhyJitter));
        assert!(!plan.is_last(LessonId::BadKey));
        assert_eq!(plan.minutes_until(LessonId::RustedLock), Some((4, 9)));
    }

    #[test]
    fn a_teacher_takes_lessons_out_puts_them_back_at_the_end_and_moves_them() {
        let plan = ReadyPlan::HalfHour.plan();
        let out = plan.toggled_lesson(LessonId::ServerHiccup);
        assert!(out.lessons().map(|l| l.id).eq([LessonId::RustedLock, LessonId::BadKey, LessonId::NeverEndingTurn]));
        assert_eq!(out.minutes(), plan.minutes() - 5);
        let back = out.toggled_lesson(LessonId::ServerHiccup);
        assert_eq!(back.lessons().last().map(|l| l.id), Some(LessonId::ServerHiccup));
        let moved = back.moved(LessonId::ServerHiccup, -1).moved(LessonId::ServerHiccup, -1);
        assert_eq!(moved.position(LessonId::ServerHiccup), Some(1));
        // Past either end it stays; a lesson left out does not move.
        assert_eq!(moved.moved(LessonId::RustedLock, -1), moved);
        assert_eq!(moved.moved(LessonId::LostReply, 1), moved);
        let no_exercise = plan.toggled_exercise(ExerciseId::Retry);
        assert_eq!(no_exercise.exercise_count(), 0);
        assert_eq!(
            no_exercise.toggled_exercise(ExerciseId::Watchdog).exercises().collect::<Vec<_>>(),
            vec![ExerciseId::Watchdog]
        );
        // Every lesson out and back again is a plan of its own, in the new order.
        let emptied = LESSONS.iter().fold(Plan::default(), |p, l| p.toggled_lesson(l.id));
        assert_eq!(emptied.lesson_count(), 0);
        assert_eq!(emptied.neighbour(None, 1).map(|l| l.id), None);
    }

    #[test]
    fn a_damaged_list_keeps_what_it_can_and_names_the_rest() {
        let (plan, unknown) = Plan::default().with_lessons("bad-key..nope.bad-key. rusted-lock ");
        assert!(plan.lessons().map(|l| l.id).eq([LessonId::BadKey, LessonId::RustedLock]));
        assert_eq!(unknown, vec!["nope".to_string()]);
        // Nothing known: the plan stays as it was.
        let (plan, unknown) = Plan::default().with_lessons("zzz");
        assert!(plan.is_default());
        assert_eq!(unknown.len(), 1);
        // A huge list is read only so far.
        let huge = "bad-key.".repeat(10_000);
        let (plan, _) = Plan::default().with_lessons(&huge);
        assert_eq!(plan.lesson_count(), 1);
    }
}
