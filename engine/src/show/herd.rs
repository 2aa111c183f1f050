//! The herd view's link: its own keys (clients, outage, capacity, the policy on top) read from
//! and written to a query string. The herd itself, the simulator, is the loop's
//! ([`crate::run::herd`]); this is how a herd travels in a link.

use crate::run::herd::{HerdPolicy, HerdSetup, MAX_CLIENTS};
use crate::run::provider::RetryPolicy;
use crate::show::notice::{Notice, Problem};

/// The herd view's own settings, as they travel in a link:
/// `view=herd&clients=1000&down=1000&capacity=40&policy=full`. The retry settings (base, cap,
/// jitter, attempts, seed) are the scenario's own keys, read by [`crate::show::scenario::decode`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HerdLink {
    pub clients: u32,
    pub down_ms: u64,
    pub capacity: u32,
    /// The policy drawn on top of the others, if one was picked.
    pub policy: Option<HerdPolicy>,
}

impl Default for HerdLink {
    fn default() -> Self {
        let d = HerdSetup::default();
        HerdLink { clients: d.clients, down_ms: d.down_ms, capacity: d.capacity, policy: None }
    }
}

/// The keys the herd view reads; the scenario decoder leaves them to [`decode_link`].
pub const LINK_KEYS: [&str; 5] = ["view", "clients", "down", "capacity", "policy"];
/// The longest outage a link may ask for.
pub const MAX_DOWN_MS: u64 = 600_000;
/// The most calls per slot a link may ask for.
pub const MAX_CAPACITY: u32 = 10_000;

impl HerdLink {
    /// The herd this link describes, with the retry settings of the run (`yours`) as the sixth
    /// line and their base and cap shared by the five reference policies, so the comparison is
    /// "the same ceilings, picked five ways".
    pub fn setup(&self, yours: &RetryPolicy, seed: u64) -> HerdSetup {
        HerdSetup {
            clients: self.clients,
            down_ms: self.down_ms,
            capacity: self.capacity,
            base_ms: yours.base_delay_ms,
            cap_ms: yours.max_delay_ms,
            seed,
            yours: yours.clone(),
            ..HerdSetup::default()
        }
    }
}

/// Reads the herd view's keys from a query string. `None` unless it says `view=herd`; values it
/// cannot use stay at their defaults and are named in the notices, as the scenario decoder does.
pub fn decode_link(query: &str) -> Option<(HerdLink, Vec<Notice>)> {
    let query = query.strip_prefix('?').unwrap_or(query);
    let query = &query[..query.len().min(crate::show::notice::MAX_LINK_LEN)];
    let pairs: Vec<(String, String)> =
        form_urlencoded::parse(query.as_bytes()).map(|(k, v)| (k.trim().to_string(), v.trim().to_string())).collect();
    let first = |key: &str| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
    if first("view") != Some("herd") {
        return None;
    }
    let mut link = HerdLink::default();
    let mut notices = Vec::new();
    let mut note = |key: &str, problem: Problem| notices.push(Notice { key: key.to_string(), problem });
    let mut number = |key: &str, max: u64, min: u64| -> Option<u64> {
        let value = first(key)?;
        match value.parse::<u64>() {
            Ok(v) if (min..=max).contains(&v) => Some(v),
            _ => {
                note(key, Problem::OutOfRange { min, max });
                None
            }
        }
    };
    if let Some(v) = number("clients", MAX_CLIENTS as u64, 1) {
        link.clients = v as u32;
    }
    if let Some(v) = number("down", MAX_DOWN_MS, 0) {
        link.down_ms = v;
    }
    if let Some(v) = number("capacity", MAX_CAPACITY as u64, 1) {
        link.capacity = v as u32;
    }
    if let Some(v) = first("policy") {
        match HerdPolicy::from_slug(v) {
            Some(p) => link.policy = Some(p),
            None => note("policy", Problem::UnknownPolicy { value: crate::show::notice::short(v) }),
        }
    }
    Some((link, notices))
}

/// Writes the herd view's keys, only those that differ from the defaults (`view=herd` always).
pub fn encode_link(link: &HerdLink) -> String {
    let d = HerdLink::default();
    let mut out = form_urlencoded::Serializer::new(String::new());
    out.append_pair("view", "herd");
    if link.clients != d.clients {
        out.append_pair("clients", &link.clients.to_string());
    }
    if link.down_ms != d.down_ms {
        out.append_pair("down", &link.down_ms.to_string());
    }
    if link.capacity != d.capacity {
        out.append_pair("capacity", &link.capacity.to_string());
    }
    if let Some(p) = link.policy {
        out.append_pair("policy", p.slug());
    }
    out.finish()
}
