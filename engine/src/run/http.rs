//! Turning a real HTTP answer into the engine's types, with no HTTP client in sight.
//!
//! The browser (or any other client) does the fetch; this module only reads what came back: the
//! status, a way to look headers up, the body text and the current time. Keeping the decisions
//! here means they are plain functions that test natively, and every client classifies the same
//! answer the same way.

use crate::run::provider::{self, BodyProblem, CallFailure, ProviderError};
use crate::run::wire::ChatResponse;

/// The largest body the loop will try to read as a completion, in bytes (2 MB). A chat reply is a
/// few kilobytes; anything this big is a misrouted download or a runaway server, and parsing it
/// would freeze the page for nothing.
pub const MAX_BODY_BYTES: usize = 2 * 1024 * 1024;

/// How long a server's message shown to the user may be, in characters, before it is cut.
pub const SUMMARY_CHARS: usize = 300;

/// What replaces a secret in anything shown to the user.
pub const REDACTED: &str = "[redacted]";

/// Classifies one complete (non-streamed) HTTP answer.
///
/// * `status`: the HTTP status. `0` is what a browser reports for a response it will not show
///   (an opaque or blocked one), so it counts as a network failure, like a fetch that threw.
/// * `header`: looks a header up by its lower-case name and returns its value. A closure rather
///   than a map so the browser glue can pass `Headers::get` straight through (which already
///   ignores case) and tests can pass a tiny match. Cross-origin, a browser only lets the page
///   read `retry-after`, `retry-after-ms` and `x-should-retry` if the server lists them in
///   `Access-Control-Expose-Headers`; otherwise they look absent and the loop falls back to backoff.
/// * `body`: the body as text. Only read for a 2xx; an error body is for people, see
///   [`error_body_message`].
/// * `now_ms_since_epoch`: the wall-clock time, injected so that a `Retry-After` given as a date
///   turns into a wait without this module reading a clock.
///
/// A 2xx must be a usable completion ([`ChatResponse::parse`]); anything else is
/// [`CallFailure::BadBody`], which is not retried because the same request would get the same body.
/// Any other status becomes [`ProviderError::http`] carrying the server's retry hints.
pub fn classify_response(
    status: u16,
    header: &dyn Fn(&str) -> Option<String>,
    body: &str,
    now_ms_since_epoch: u64,
) -> Result<ChatResponse, ProviderError> {
    if let Some(err) = error_for_status(status, header, now_ms_since_epoch) {
        return Err(err);
    }
    parse_body(body)
}

/// The error a status stands for, or `None` for a 2xx. Split out of [`classify_response`] for
/// streaming: check the status and headers first, and only hand the body to
/// [`crate::run::sse::SseParser`] when this returns `None`. For a non-2xx, the body is the server's
/// explanation and never a stream.
pub fn error_for_status(
    status: u16,
    header: &dyn Fn(&str) -> Option<String>,
    now_ms_since_epoch: u64,
) -> Option<ProviderError> {
    if (200..300).contains(&status) {
        return None;
    }
    if status == 0 {
        return Some(ProviderError::of(CallFailure::Network));
    }
    let mut err = ProviderError::http(status);
    err.retry_after_ms = retry_after_from_headers(header, now_ms_since_epoch);
    err.should_retry = header("x-should-retry").and_then(|v| parse_bool(&v));
    Some(err)
}

/// Reads a 2xx body as a completion, refusing oversized bodies before any parsing.
pub fn parse_body(body: &str) -> Result<ChatResponse, ProviderError> {
    if body.len() > MAX_BODY_BYTES {
        let reason =
            BodyProblem::TooBig { bytes: body.len() as u64, limit_mb: (MAX_BODY_BYTES / (1024 * 1024)) as u64 };
        return Err(ProviderError::of(CallFailure::BadBody { reason }));
    }
    ChatResponse::parse(body).map_err(|reason| ProviderError::of(CallFailure::BadBody { reason }))
}

/// The wait the server asked for, in milliseconds: `retry-after-ms` first, then `Retry-After` as
/// (possibly decimal) seconds, then `Retry-After` as an HTTP date, counted from
/// `now_ms_since_epoch` (a date already past means "now", so 0). Unreadable values are ignored.
pub fn retry_after_from_headers(header: &dyn Fn(&str) -> Option<String>, now_ms_since_epoch: u64) -> Option<u64> {
    let after = header("retry-after");
    let after_ms = header("retry-after-ms");
    if let Some(ms) = provider::retry_after_ms(after.as_deref(), after_ms.as_deref()) {
        return Some(ms);
    }
    let at = parse_http_date(after.as_deref()?)?;
    Some(at.saturating_sub(now_ms_since_epoch))
}

fn parse_bool(value: &str) -> Option<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/// Parses an HTTP date into milliseconds since the Unix epoch.
///
/// The standard form is the IMF-fixdate (`Wed, 21 Oct 2015 07:28:00 GMT`). HTTP also asks
/// recipients to accept two older forms, `Wednesday, 21-Oct-15 07:28:00 GMT` and the C `asctime`
/// layout `Wed Oct 21 07:28:00 2015`; all three name the same parts in an order this reads
/// without guessing: the first number is the day, the second the year. The weekday is not checked
/// (it adds nothing), but every other part must be present and in range, and a zone other than
/// GMT/UTC is refused rather than misread. Dates before 1970 are refused too.
pub fn parse_http_date(text: &str) -> Option<u64> {
    let mut month = None;
    let mut time = None;
    let mut numbers = Vec::new();
    let mut words = 0;
    for token in text.split([' ', ',', '-']).filter(|t| !t.is_empty()) {
        let lower = token.to_ascii_lowercase();
        if token.contains(':') {
            if time.is_some() {
                return None;
            }
            time = Some(parse_time(token)?);
        } else if token.bytes().all(|b| b.is_ascii_digit()) {
            numbers.push(token);
        } else if let Some(m) = MONTHS.iter().position(|m| *m == lower) {
            if month.replace(m as u32 + 1).is_some() {
                return None;
            }
        } else if lower == "gmt" || lower == "utc" {
            continue;
        } else if words == 0 && is_weekday(&lower) {
            // The weekday, at most one of it, in its short or long form.
            words += 1;
        } else {
            return None;
        }
    }
    let [day, year] = numbers.as_slice() else { return None };
    if day.len() > 2 || !(year.len() == 2 || year.len() == 4) {
        return None;
    }
    let day: u32 = day.parse().ok()?;
    let mut year: i64 = year.parse().ok()?;
    if year < 100 {
        // Two-digit years (the old form): 70..99 are the 1900s, the rest the 2000s.
        year += if year >= 70 { 1900 } else { 2000 };
    }
    let month = month?;
    let (h, m, s) = time?;
    if day == 0 || day > days_in_month(year, month) || year < 1970 {
        return None;
    }
    let days = days_since_epoch(year, month, day);
    let secs = days * 86_400 + i64::from(h) * 3600 + i64::from(m) * 60 + i64::from(s);
    u64::try_from(secs).ok()?.checked_mul(1000)
}

fn is_weekday(lower: &str) -> bool {
    const DAYS: [&str; 7] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
    lower.len() >= 3 && DAYS.iter().any(|d| d.starts_with(lower))
}

fn parse_time(token: &str) -> Option<(u32, u32, u32)> {
    let mut parts = token.split(':');
    let mut next = |max: u32| -> Option<u32> {
        let p = parts.next()?;
        if p.len() != 2 || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        p.parse().ok().filter(|v| *v <= max)
    };
    // 60 seconds is allowed for a leap second.
    let hms = (next(23)?, next(59)?, next(60)?);
    if parts.next().is_some() {
        return None;
    }
    Some(hms)
}

fn is_leap(year: i64) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Whole days from 1970-01-01 to the given date (which must not be earlier).
fn days_since_epoch(year: i64, month: u32, day: u32) -> i64 {
    // Leap days in the years before `y`, counted from year 1.
    let leaps_before = |y: i64| (y - 1) / 4 - (y - 1) / 100 + (y - 1) / 400;
    let mut days = 365 * (year - 1970) + leaps_before(year) - leaps_before(1970);
    for m in 1..month {
        days += i64::from(days_in_month(year, m));
    }
    days + i64::from(day) - 1
}

/// Makes any text safe to show the user: every non-empty secret in `secrets` is replaced by
/// `[redacted]`, as is anything that looks like a credential even when the caller did not know
/// it (the word after `Bearer`, and `sk-…` keys), line breaks and runs of spaces fold into one
/// space, and the result is cut at [`SUMMARY_CHARS`] characters with an ellipsis. Redaction comes
/// before the cut so a secret can never survive half-shown.
pub fn redact(text: &str, secrets: &[&str]) -> String {
    let mut out = text.to_string();
    let mut known: Vec<&str> = secrets.iter().copied().filter(|s| !s.is_empty()).collect();
    // Longest first, so a secret that contains another is replaced whole.
    known.sort_by_key(|s| std::cmp::Reverse(s.len()));
    for secret in known {
        out = out.replace(secret, REDACTED);
    }
    let out = redact_token_shapes(&out);
    let folded = out.split_whitespace().collect::<Vec<_>>().join(" ");
    truncate_chars(&folded, SUMMARY_CHARS)
}

/// Characters that can appear inside an API key or bearer token.
fn is_token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '~' | '+' | '/' | '=')
}

/// Replaces the credential-shaped words: the token after `Bearer ` (any case) when it has a digit
/// or at least eight characters, so prose such as "the bearer token" survives, and words that
/// start with `sk-` and carry at least eight more token characters.
fn redact_token_shapes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut prev: Option<char> = None;
    while let Some(c) = rest.chars().next() {
        let at_word_start = prev.is_none_or(|p| !is_token_char(p));
        if at_word_start {
            if let Some(after) = strip_prefix_ignore_case(rest, "bearer ") {
                let token_len = after.find(|ch: char| !is_token_char(ch)).unwrap_or(after.len());
                // A token never ends with a dot; a dot there ends the sentence.
                let token = after[..token_len].trim_end_matches('.');
                let token_len = token.len();
                if token_len >= 8 || token.bytes().any(|b| b.is_ascii_digit()) {
                    out.push_str(&rest[..rest.len() - after.len()]);
                    out.push_str(REDACTED);
                    rest = &after[token_len..];
                    prev = Some(']');
                    continue;
                }
            }
            if rest.starts_with("sk-") {
                let is_key_char = |ch: char| ch.is_ascii_alphanumeric() || ch == '-' || ch == '_';
                let token_len = rest.find(|ch: char| !is_key_char(ch)).unwrap_or(rest.len());
                if token_len >= 3 + 8 {
                    out.push_str(REDACTED);
                    rest = &rest[token_len..];
                    prev = Some(']');
                    continue;
                }
            }
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
        prev = Some(c);
    }
    out
}

fn strip_prefix_ignore_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix).then(|| &text[prefix.len()..])
}

fn truncate_chars(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}…", text[..cut].trim_end()),
    }
}

/// What the server said about an error answer, safe to show: its own message when the body is
/// the usual JSON error (`{"error":{"message":…}}`, `{"error":"…"}` or `{"message":…}`),
/// otherwise the body's text with any HTML tags dropped, then [`redact`]ed. `None` when the body
/// says nothing. The page puts it in a sentence of its own, in the reader's language.
pub fn error_body_message(body: &str, secrets: &[&str]) -> Option<String> {
    let body = if body.len() > MAX_BODY_BYTES { &body[..body.floor_char_boundary(MAX_BODY_BYTES)] } else { body };
    let message = json_error_message(body).unwrap_or_else(|| strip_tags(body));
    let message = message.trim();
    (!message.is_empty()).then(|| redact(message, secrets))
}

fn json_error_message(body: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(body).ok()?;
    let error = value.get("error");
    let text = error
        .and_then(|e| e.get("message"))
        .or_else(|| error.filter(|e| e.is_string()))
        .or_else(|| value.get("message"))?
        .as_str()?;
    Some(text.to_string())
}

/// Drops everything between `<` and `>`, so an HTML error page reads as its text.
fn strip_tags(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}
