//! A real endpoint before and after a Run: the presets people pick, and what a connection test
//! found. Plain data and plain functions, so "Test connection" and the diagnosis after a failed
//! Run read an answer the same way, and the page words each finding exactly once (a finding
//! without words is a compile error there).

use crate::run::http::error_body_message;

/// The servers people run most, each with where it listens by default. The page's words name
/// them and give each its own fixes; a `match` on this is checked for every preset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    Ollama,
    LmStudio,
    OpenAi,
    Vllm,
    Custom,
}

impl Preset {
    /// In the order the preset menu lists them.
    pub const ALL: [Preset; 5] = [Preset::Ollama, Preset::LmStudio, Preset::OpenAi, Preset::Vllm, Preset::Custom];

    /// The menu's value for this preset.
    pub fn id(self) -> &'static str {
        match self {
            Preset::Ollama => "ollama",
            Preset::LmStudio => "lmstudio",
            Preset::OpenAi => "openai",
            Preset::Vllm => "vllm",
            Preset::Custom => "custom",
        }
    }

    pub fn from_id(id: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.id() == id)
    }

    /// Where the server listens when nobody changed it; empty for a custom server. A `const fn`,
    /// so that the page's words can quote its port at compile time.
    pub const fn base_url(self) -> &'static str {
        match self {
            Preset::Ollama => "http://localhost:11434/v1",
            Preset::LmStudio => "http://localhost:1234/v1",
            Preset::OpenAi => "https://api.openai.com/v1",
            Preset::Vllm => "http://localhost:8000/v1",
            Preset::Custom => "",
        }
    }

    /// The preset an address belongs to, so the advice can be specific. `127.0.0.1` counts as
    /// `localhost`: it is the same server, and the fix for it is the same.
    pub fn of(endpoint: &str) -> Preset {
        let endpoint = endpoint.trim();
        // Prefix checks only: this runs in the first download (Run asks it), where a substring
        // search would cost more than the whole question.
        let local = endpoint.strip_prefix("http://127.0.0.1").map(|port| ("http://localhost", port));
        Preset::ALL
            .into_iter()
            .find(|p| {
                let url = p.base_url();
                *p != Preset::Custom
                    && match local {
                        Some((host, rest)) => url.strip_prefix(host).is_some_and(|port| rest.starts_with(port)),
                        None => endpoint.starts_with(url),
                    }
            })
            .unwrap_or(Preset::Custom)
    }

    /// Whether a chat request to this server must name a model. The four named servers refuse a
    /// request without one (or pick one the user did not mean); a custom server may not care
    /// (llama.cpp's server answers with the model it has), so the page does not insist there.
    pub fn needs_model(self) -> bool {
        !matches!(self, Preset::Custom)
    }

    /// A model name of the kind this server expects, shown as an example in the empty field.
    pub fn example_model(self) -> &'static str {
        match self {
            Preset::Ollama | Preset::Custom => "llama3.1",
            Preset::LmStudio => "qwen2.5-7b-instruct",
            Preset::OpenAi => "gpt-4o-mini",
            Preset::Vllm => "Qwen/Qwen2.5-7B-Instruct",
        }
    }
}

/// What asking an endpoint found, from the most basic failure to success. "Test connection"
/// finds any of them in one try; after a Run whose calls got no answer, the page finds one of
/// the first two the same way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Diagnosis {
    /// The address is not one a browser can call (no `http://` or `https://`, no host).
    BadAddress,
    /// Nothing answers at that address, not even to a blind request: the server is down, or
    /// the host or port is wrong.
    Unreachable,
    /// Something answered the blind request, but the browser would not let the page read the
    /// real one: the server does not allow this page's origin (CORS).
    CorsBlocked,
    /// The connection opened but no answer came within the test's time.
    Silent { after_ms: u32 },
    /// The server answered with an error status, and what it said about it (safe to show).
    HttpError { status: u16, message: Option<String> },
    /// A 2xx that is not what an OpenAI-compatible server sends for its model list.
    NotOpenAi { why: NotOpenAi },
    /// An OpenAI-compatible server, and the models it lists (possibly none).
    Ok { models: Vec<String> },
}

/// How a 2xx model list answer showed it is not from an OpenAI-compatible API.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotOpenAi {
    /// A web page: a proxy, a login page, or a base URL without `/v1`.
    Html,
    /// Text that is not JSON.
    NotJson,
    /// JSON, but without the `data` array of a model list.
    NoModelList,
}

impl Diagnosis {
    /// A stable name for the finding, for the page's `data-finding` and its tests.
    pub fn slug(&self) -> &'static str {
        match self {
            Diagnosis::BadAddress => "bad-address",
            Diagnosis::Unreachable => "unreachable",
            Diagnosis::CorsBlocked => "cors",
            Diagnosis::Silent { .. } => "silent",
            Diagnosis::HttpError { .. } => "http",
            Diagnosis::NotOpenAi { .. } => "not-openai",
            Diagnosis::Ok { .. } => "ok",
        }
    }

    /// Whether the endpoint can be used as it is.
    pub fn is_ok(&self) -> bool {
        matches!(self, Diagnosis::Ok { .. })
    }

    /// What a blind (`no-cors`) request found, when the real request got no answer the page
    /// could read: an answer of any kind means a live server that CORS hides.
    pub fn of_blind_probe(answered: bool) -> Diagnosis {
        if answered {
            Diagnosis::CorsBlocked
        } else {
            Diagnosis::Unreachable
        }
    }
}

/// Whether `base_url` is an address the browser can call as it is. A relative one would resolve
/// against the page's own address and test the wrong server.
pub fn callable_address(base_url: &str) -> bool {
    let url = base_url.trim();
    ["http://", "https://"]
        .iter()
        .filter_map(|scheme| url.strip_prefix(scheme))
        .any(|rest| rest.split(['/', '?', '#']).next().is_some_and(|host| !host.is_empty() && !host.contains(' ')))
}

/// The model list's address for a base URL.
pub fn models_url(base_url: &str) -> String {
    format!("{}/models", base_url.trim().trim_end_matches('/'))
}

/// Reads the answer to `GET {base}/models` that the page could read: an error status with the
/// server's own words (with every secret in `secrets` redacted), a body that shows the address
/// is not an OpenAI-compatible API, or the models it lists.
pub fn diagnose_models(status: u16, body: &str, secrets: &[&str]) -> Diagnosis {
    if !(200..300).contains(&status) {
        return Diagnosis::HttpError { status, message: error_body_message(body, secrets) };
    }
    let trimmed = body.trim_start();
    if trimmed.starts_with('<') {
        return Diagnosis::NotOpenAi { why: NotOpenAi::Html };
    }
    let Ok(value) = serde_json::from_str::<serde_json::Value>(trimmed) else {
        return Diagnosis::NotOpenAi { why: NotOpenAi::NotJson };
    };
    let Some(list) = value.get("data").and_then(|d| d.as_array()) else {
        return Diagnosis::NotOpenAi { why: NotOpenAi::NoModelList };
    };
    let models = list
        .iter()
        .filter_map(|m| m.get("id").and_then(|id| id.as_str()))
        .map(|id| crate::run::http::redact(id, secrets));
    Diagnosis::Ok { models: models.collect() }
}
