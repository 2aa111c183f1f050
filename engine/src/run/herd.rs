//! The thundering herd: why backoff needs jitter.
//!
//! `clients` clients each make one call at time 0. The server is down for `down_ms`, so every
//! call before then fails; after that it serves at most `capacity` calls per time slot of
//! `slot_ms`, and the calls over that number fail too (an overloaded server refuses them). A
//! failed client waits as its policy says and calls again, until its call goes through.
//!
//! Every wait comes from [`crate::run::provider::backoff`], the function the harness's own retry
//! policy calls, and the user's own policy runs through [`RetryPolicy::wait_ms`] itself, so the
//! herd shows what the page's retries would really do. Each client draws from its own seeded
//! generator ([`client_seed`]), so a herd is a pure function of its [`HerdSetup`].

use crate::run::provider::{backoff, Jitter, RetryPolicy};
use crate::run::rng::SeededRng;
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The most clients a herd may have; the page's control and link stop here too.
pub const MAX_CLIENTS: u32 = 10_000;
/// A herd stops simulating a policy after this many calls and says so ([`HerdLine::cut_short`]):
/// ten thousand clients with no backoff against a tiny server would otherwise take minutes.
pub const MAX_CALLS: u64 = 3_000_000;
/// The longest stretch of simulated time a policy may take before it is cut short.
pub const MAX_TIME_MS: u64 = 3_600_000;
/// The most time slots a line keeps for its chart: later calls are still counted in its totals.
pub const MAX_SLOTS: usize = 20_000;

/// The retry policies the herd compares. The first five are the published families; the sixth
/// is whatever the user set in the retry settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HerdPolicy {
    /// Call again at once: the server gets every client on every slot.
    NoBackoff,
    /// Capped exponential backoff without jitter: clients back off but stay in step.
    Exponential,
    /// A random wait from 0 to the ceiling (what the harness does with jitter on).
    FullJitter,
    /// Half the ceiling, plus a random part of the other half.
    EqualJitter,
    /// A random wait between the base and three times the previous wait.
    Decorrelated,
    /// The user's own retry settings, attempts limit included.
    Yours,
}

impl HerdPolicy {
    pub const ALL: [HerdPolicy; 6] = [
        HerdPolicy::NoBackoff,
        HerdPolicy::Exponential,
        HerdPolicy::FullJitter,
        HerdPolicy::EqualJitter,
        HerdPolicy::Decorrelated,
        HerdPolicy::Yours,
    ];

    /// The short name used in links and test hooks.
    pub fn slug(self) -> &'static str {
        match self {
            HerdPolicy::NoBackoff => "none",
            HerdPolicy::Exponential => "exponential",
            HerdPolicy::FullJitter => "full",
            HerdPolicy::EqualJitter => "equal",
            HerdPolicy::Decorrelated => "decorrelated",
            HerdPolicy::Yours => "yours",
        }
    }

    pub fn from_slug(s: &str) -> Option<HerdPolicy> {
        HerdPolicy::ALL.into_iter().find(|p| p.slug() == s)
    }
}

/// Everything a herd depends on. Same setup, same herd.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HerdSetup {
    /// How many clients call at time 0 (1 to [`MAX_CLIENTS`]).
    pub clients: u32,
    /// How long the server refuses every call.
    pub down_ms: u64,
    /// Calls the server can serve per slot once it is back (at least 1).
    pub capacity: u32,
    /// The width of a time slot, the unit of the calls-per-slot chart (at least 1 ms).
    pub slot_ms: u64,
    /// How long a call takes to fail: a client's next call starts this long after the last
    /// one, plus its wait (at least 1 ms, so a client with no backoff still cannot call twice at once).
    pub call_ms: u64,
    /// The first ceiling of the five reference policies.
    pub base_ms: u64,
    /// The longest single wait of the five reference policies.
    pub cap_ms: u64,
    /// Seeds every client's generator.
    pub seed: u64,
    /// The user's retry settings, the sixth line.
    pub yours: RetryPolicy,
    /// Record every wait of this client, to compare with a run of the harness.
    pub trace_client: Option<u32>,
}

impl Default for HerdSetup {
    /// A thousand clients, a server down for one second that then serves 40 calls per 100 ms,
    /// and the default retry settings (first ceiling 500 ms, cap 4 s).
    fn default() -> Self {
        let yours = RetryPolicy::default();
        HerdSetup {
            clients: 1000,
            down_ms: 1000,
            capacity: 40,
            slot_ms: 100,
            call_ms: 100,
            base_ms: yours.base_delay_ms,
            cap_ms: yours.max_delay_ms,
            seed: 42,
            yours,
            trace_client: None,
        }
    }
}

/// What one policy did to the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HerdLine {
    pub policy: HerdPolicy,
    /// Calls made in all, the successful ones included: the work the server had to do.
    pub calls: u64,
    /// Calls that started in each time slot, from time 0 (at most [`MAX_SLOTS`] slots).
    pub calls_per_slot: Vec<u32>,
    /// Clients whose call went through.
    pub succeeded: u32,
    /// Clients that stopped trying (only the user's policy has an attempts limit).
    pub gave_up: u32,
    /// When the last successful call started, if any succeeded.
    pub last_success_ms: Option<u64>,
    /// The simulation hit [`MAX_CALLS`] or [`MAX_TIME_MS`] before every client was done.
    pub cut_short: bool,
    /// Every wait of [`HerdSetup::trace_client`], in order (empty without one).
    pub traced_waits: Vec<u64>,
}

impl HerdLine {
    /// Whether some clients never got through under this policy: they gave up (only the user's
    /// policy has an attempts limit), or the simulation stopped before they were done. Such a
    /// line's time and calls cover only the clients that stayed, so a short bar is no win.
    pub fn lost_clients(&self) -> bool {
        self.gave_up > 0 || self.cut_short
    }
}

/// The seed of one client's generator. Client `c` of a herd seeded `seed` waits exactly as a run
/// of the harness seeded `client_seed(seed, c)` does when its calls keep failing.
pub fn client_seed(seed: u64, client: u32) -> u64 {
    // One SplitMix step of the client number, so neighbouring clients get unrelated streams.
    seed ^ SeededRng::new(client as u64).next_u64()
}

/// One client's retry state.
struct Client {
    rng: SeededRng,
    failures: u32,
    last_wait: u64,
}

/// The wait after a client's `failures`-th failure under `policy`, or `None` when it gives up.
fn next_wait(setup: &HerdSetup, policy: HerdPolicy, client: &mut Client) -> Option<u64> {
    let (base, cap, n) = (setup.base_ms, setup.cap_ms, client.failures);
    let wait = match policy {
        HerdPolicy::NoBackoff => 0,
        HerdPolicy::Yours => {
            if n >= setup.yours.max_attempts.max(1) {
                return None;
            }
            setup.yours.wait_ms(n, None, client.rng.next_f64()).0
        }
        _ => {
            let jitter = match policy {
                HerdPolicy::Exponential => Jitter::None,
                HerdPolicy::FullJitter => Jitter::Full,
                HerdPolicy::EqualJitter => Jitter::Equal,
                _ => Jitter::Decorrelated,
            };
            backoff(jitter, base, cap, n, client.last_wait, client.rng.next_f64()).wait_ms
        }
    };
    client.last_wait = wait;
    Some(wait)
}

/// One policy's herd in progress. The page plays it a slice at a time ([`HerdRun::advance`]), a
/// browser task per slice, so even ten thousand clients with no backoff never hold the page in
/// one long task; [`simulate_policy`] plays it to the end at once.
pub struct HerdRun {
    setup: HerdSetup,
    capacity: u32,
    slot_ms: u64,
    call_ms: u64,
    clients: Vec<Client>,
    /// Calls waiting to start, earliest first; clients break ties in order of their number.
    queue: BinaryHeap<Reverse<(u64, u32)>>,
    served_slot: u64,
    served: u32,
    line: HerdLine,
    done: bool,
}

impl HerdRun {
    pub fn new(setup: &HerdSetup, policy: HerdPolicy) -> Self {
        let clients_n = setup.clients.clamp(1, MAX_CLIENTS);
        HerdRun {
            setup: setup.clone(),
            capacity: setup.capacity.max(1),
            slot_ms: setup.slot_ms.max(1),
            call_ms: setup.call_ms.max(1),
            clients: (0..clients_n)
                .map(|c| Client { rng: SeededRng::new(client_seed(setup.seed, c)), failures: 0, last_wait: 0 })
                .collect(),
            queue: (0..clients_n).map(|c| Reverse((0, c))).collect(),
            served_slot: u64::MAX,
            served: 0,
            line: HerdLine {
                policy,
                calls: 0,
                calls_per_slot: Vec::new(),
                succeeded: 0,
                gave_up: 0,
                last_success_ms: None,
                cut_short: false,
                traced_waits: Vec::new(),
            },
            done: false,
        }
    }

    /// Plays up to `calls` more calls. Returns true once every client is done (or the run was
    /// cut short at [`MAX_CALLS`] or [`MAX_TIME_MS`]).
    pub fn advance(&mut self, calls: u64) -> bool {
        let line = &mut self.line;
        let mut left = calls;
        while left > 0 {
            let Some(Reverse((at, c))) = self.queue.pop() else {
                self.done = true;
                break;
            };
            left -= 1;
            if line.calls >= MAX_CALLS || at > MAX_TIME_MS {
                line.cut_short = true;
                self.queue.clear();
                self.done = true;
                break;
            }
            line.calls += 1;
            let slot = at / self.slot_ms;
            if (slot as usize) < MAX_SLOTS {
                let i = slot as usize;
                if line.calls_per_slot.len() <= i {
                    line.calls_per_slot.resize(i + 1, 0);
                }
                line.calls_per_slot[i] += 1;
            }
            if slot != self.served_slot {
                (self.served_slot, self.served) = (slot, 0);
            }
            if at >= self.setup.down_ms && self.served < self.capacity {
                self.served += 1;
                line.succeeded += 1;
                line.last_success_ms = Some(at);
                continue;
            }
            let client = &mut self.clients[c as usize];
            client.failures += 1;
            match next_wait(&self.setup, line.policy, client) {
                Some(wait) => {
                    if self.setup.trace_client == Some(c) {
                        line.traced_waits.push(wait);
                    }
                    self.queue.push(Reverse((at.saturating_add(self.call_ms).saturating_add(wait), c)));
                }
                None => line.gave_up += 1,
            }
        }
        if self.queue.is_empty() {
            self.done = true;
        }
        self.done
    }

    /// The figures so far; final once [`HerdRun::advance`] has returned true.
    pub fn line(&self) -> &HerdLine {
        &self.line
    }

    pub fn into_line(self) -> HerdLine {
        self.line
    }
}

/// Plays the herd under one policy, to the end.
pub fn simulate_policy(setup: &HerdSetup, policy: HerdPolicy) -> HerdLine {
    let mut run = HerdRun::new(setup, policy);
    run.advance(u64::MAX);
    run.into_line()
}

/// The herd under all six policies, in the order of [`HerdPolicy::ALL`].
pub fn simulate_herd(setup: &HerdSetup) -> Vec<HerdLine> {
    HerdPolicy::ALL.into_iter().map(|p| simulate_policy(setup, p)).collect()
}
