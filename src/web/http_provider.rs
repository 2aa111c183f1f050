//! The HTTP provider: Chat Completions over the browser's fetch, against any OpenAI-compatible
//! endpoint. It classifies what really came back with the engine's rules (`http`, `sse`), so the
//! same three layers apply to a real model as to the built-in one, and chaos wraps it the same way.

use futures::future::{select, Either, LocalBoxFuture};
use gloo_timers::future::TimeoutFuture;
use js_sys::{Reflect, Uint8Array};
use rusty_lock_engine::run::connection::{callable_address, diagnose_models, models_url, Diagnosis};
use rusty_lock_engine::run::http::{classify_response, error_for_status};
use rusty_lock_engine::run::provider::{BodyProblem, CallContext, CallFailure, Provider, ProviderError};
use rusty_lock_engine::run::sse::{is_event_stream, SseParser, StreamError};
use rusty_lock_engine::run::wire::{ChatRequest, ChatResponse};
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, Headers, Request, RequestInit, RequestMode, Response};

/// What the page hears while a reply streams in.
pub enum StreamUpdate {
    /// A new call started: clear the oracle's speech bubble.
    Started,
    /// More of the reply's text arrived.
    Text(String),
}

/// Where and how to call. The key lives here, in memory, and goes nowhere but the
/// Authorization header of this endpoint.
#[derive(Clone)]
pub struct HttpSettings {
    pub base_url: String,
    pub model: String,
    pub api_key: String,
    pub stream: bool,
    /// Longest silence between two stream chunks before the stream counts as stalled.
    pub stall_ms: u32,
}

pub struct HttpProvider {
    pub settings: HttpSettings,
    pub on_stream: Rc<dyn Fn(StreamUpdate)>,
}

/// Aborts the fetch when the call is dropped: by the watchdog, by Stop, or by a finished run.
pub struct AbortOnDrop(AbortController);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl Provider for HttpProvider {
    fn complete(
        &self,
        request: &ChatRequest,
        _ctx: CallContext,
    ) -> LocalBoxFuture<'static, Result<ChatResponse, ProviderError>> {
        let mut request = request.clone();
        request.model = self.settings.model.clone();
        request.stream = self.settings.stream.then_some(true);
        let settings = self.settings.clone();
        let on_stream = self.on_stream.clone();
        Box::pin(async move {
            on_stream(StreamUpdate::Started);
            let body = serde_json::to_string(&request).map_err(|_| bad_body(BodyProblem::RequestNotWritten))?;
            let url = format!("{}/chat/completions", settings.base_url.trim_end_matches('/'));
            let (response, _abort) = send(&url, "POST", Some(&body), &settings.api_key).await?;
            let now = js_sys::Date::now() as u64;
            let header = |name: &str| response.headers().get(name).ok().flatten();
            if let Some(err) = error_for_status(response.status(), &header, now) {
                return Err(err);
            }
            if settings.stream && is_event_stream(header("content-type").as_deref()) {
                read_stream(&response, settings.stall_ms, &on_stream).await
            } else {
                let text = JsFuture::from(response.text().map_err(|_| network())?).await.map_err(|_| network())?;
                let text = text.as_string().unwrap_or_default();
                classify_response(response.status(), &header, &text, now)
            }
        })
    }
}

/// One fetch. A rejected fetch is a network failure: a dropped connection, a server that is
/// down, or a CORS block, which the browser deliberately makes look the same.
pub async fn send(
    url: &str,
    method: &str,
    body: Option<&str>,
    api_key: &str,
) -> Result<(Response, AbortOnDrop), ProviderError> {
    let controller = AbortController::new().map_err(|_| network())?;
    let init = RequestInit::new();
    init.set_method(method);
    init.set_mode(RequestMode::Cors);
    init.set_signal(Some(&controller.signal()));
    let headers = Headers::new().map_err(|_| network())?;
    if let Some(body) = body {
        let _ = headers.set("content-type", "application/json");
        init.set_body(&JsValue::from_str(body));
    }
    if !api_key.is_empty() {
        let _ = headers.set("authorization", &format!("Bearer {api_key}"));
    }
    init.set_headers(&headers);
    let guard = AbortOnDrop(controller);
    let request = Request::new_with_str_and_init(url, &init).map_err(|_| bad_body(BodyProblem::BadAddress))?;
    let window = web_sys::window().ok_or_else(network)?;
    let response = JsFuture::from(window.fetch_with_request(&request)).await.map_err(|_| network())?;
    let response: Response = response.dyn_into().map_err(|_| network())?;
    Ok((response, guard))
}

async fn read_stream(
    response: &Response,
    stall_ms: u32,
    on_stream: &Rc<dyn Fn(StreamUpdate)>,
) -> Result<ChatResponse, ProviderError> {
    let Some(body) = response.body() else { return Err(StreamError::Truncated.into()) };
    let reader: web_sys::ReadableStreamDefaultReader = body.get_reader().dyn_into().map_err(|_| network())?;
    let mut parser = SseParser::new();
    loop {
        let read = JsFuture::from(reader.read());
        let chunk = match select(read, TimeoutFuture::new(stall_ms)).await {
            Either::Left((Ok(chunk), _)) => chunk,
            Either::Left((Err(_), _)) => return Err(StreamError::Dropped.into()),
            Either::Right(_) => {
                let _ = reader.cancel();
                return Err(StreamError::Stalled.into());
            }
        };
        let done = Reflect::get(&chunk, &JsValue::from_str("done")).ok().and_then(|d| d.as_bool()).unwrap_or(true);
        if done {
            break;
        }
        let value = Reflect::get(&chunk, &JsValue::from_str("value")).unwrap_or(JsValue::UNDEFINED);
        let bytes = value.dyn_into::<Uint8Array>().map(|a| a.to_vec()).unwrap_or_default();
        if let Err(e) = parser.feed(&bytes) {
            let _ = reader.cancel();
            return Err(e.into());
        }
        let text = parser.take_new_text();
        if !text.is_empty() {
            on_stream(StreamUpdate::Text(text));
        }
    }
    parser.finish().map_err(Into::into)
}

/// The longest "Test connection" waits for an answer: a server that takes the connection and
/// never answers must not leave the button disabled for good.
pub const TEST_WAIT_MS: u32 = 15_000;

/// "Test connection": one request for the model list, read the way the engine reads it, and
/// when the page could not read any answer, one blind request to tell a CORS block from a
/// server that is down. One try, one finding, whatever the server does.
pub async fn test_connection(base_url: &str, api_key: &str) -> Diagnosis {
    if !callable_address(base_url) {
        return Diagnosis::BadAddress;
    }
    let asked = Box::pin(async {
        let Ok((response, _abort)) = send(&models_url(base_url), "GET", None, api_key).await else {
            return blind_probe(base_url).await;
        };
        // An answer the browser would not hand over (opaque): the same as no answer.
        if response.status() == 0 {
            return blind_probe(base_url).await;
        }
        let body = match response.text() {
            Ok(text) => JsFuture::from(text).await.ok().and_then(|t| t.as_string()),
            Err(_) => None,
        };
        match body {
            Some(body) => diagnose_models(response.status(), &body, &[api_key]),
            // The connection died while the body came in.
            None => Diagnosis::Unreachable,
        }
    });
    match select(asked, TimeoutFuture::new(TEST_WAIT_MS)).await {
        Either::Left((found, _)) => found,
        Either::Right(_) => Diagnosis::Silent { after_ms: TEST_WAIT_MS },
    }
}

/// Asks the server with `no-cors`, which the browser lets through without showing the answer:
/// if anything answers while the real request got nothing readable, the server is up and CORS
/// is what hid it. Used by "Test connection" and by the diagnosis after a Run, so both say the
/// same thing about the same server.
pub async fn blind_probe(base_url: &str) -> Diagnosis {
    let init = RequestInit::new();
    init.set_method("GET");
    init.set_mode(RequestMode::NoCors);
    let Ok(request) = Request::new_with_str_and_init(&models_url(base_url), &init) else {
        return Diagnosis::BadAddress;
    };
    let Some(window) = web_sys::window() else { return Diagnosis::Unreachable };
    Diagnosis::of_blind_probe(JsFuture::from(window.fetch_with_request(&request)).await.is_ok())
}

fn network() -> ProviderError {
    ProviderError::of(CallFailure::Network)
}

fn bad_body(reason: BodyProblem) -> ProviderError {
    ProviderError::of(CallFailure::BadBody { reason })
}
