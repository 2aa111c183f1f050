//! Code in a link: deflated by the browser's own `CompressionStream` and written in base64url,
//! so a from-scratch loop of a few kilobytes fits in a link. Reading gives the text back, or
//! `None` for anything damaged (cut, edited, not ours): the caller says so and keeps the code
//! on screen.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// The longest `code=` value the page writes into a link: with the rest of the address, well
/// under what browsers, chat apps and QR codes carry.
pub const MAX_PACKED: usize = 6000;

/// The most text a link's code may unpack to, so a crafted link cannot make the page inflate
/// without end.
const MAX_UNPACKED: f64 = 200_000.0;

/// `text` deflated and base64url-encoded, without padding.
pub async fn pack(text: &str) -> Option<String> {
    let bytes = through(text.as_bytes(), "CompressionStream").await?;
    Some(base64url(&bytes))
}

/// The text of a packed value, or `None` if it is damaged.
pub async fn unpack(packed: &str) -> Option<String> {
    let bytes = from_base64url(packed.trim())?;
    let out = through(&bytes, "DecompressionStream").await?;
    String::from_utf8(out).ok()
}

/// Pipes `bytes` through `new <kind>('deflate-raw')` and reads it all back.
async fn through(bytes: &[u8], kind: &str) -> Option<Vec<u8>> {
    let global = js_sys::global();
    let ctor: js_sys::Function = js_sys::Reflect::get(&global, &JsValue::from_str(kind)).ok()?.dyn_into().ok()?;
    let args = js_sys::Array::of1(&JsValue::from_str("deflate-raw"));
    let stream = js_sys::Reflect::construct(&ctor, &args).ok()?;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes).into());
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts).ok()?;
    let readable = blob.stream();
    let pipe: js_sys::Function = js_sys::Reflect::get(&readable, &"pipeThrough".into()).ok()?.dyn_into().ok()?;
    let piped = pipe.call1(&readable, &stream).ok()?;
    let response = web_sys::Response::new_with_opt_readable_stream(Some(piped.unchecked_ref())).ok()?;
    let buffer = JsFuture::from(response.array_buffer().ok()?).await.ok()?;
    let array = js_sys::Uint8Array::new(&buffer);
    if f64::from(array.length()) > MAX_UNPACKED {
        return None;
    }
    Some(array.to_vec())
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Base64url without padding.
pub fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

/// Reads base64url (padding and the `+/` alphabet tolerated, as chat apps rewrite links); `None`
/// for any other character or an impossible length.
pub fn from_base64url(text: &str) -> Option<Vec<u8>> {
    let text = text.trim_end_matches('=');
    if text.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' | b'+' => 62,
            b'_' | b'/' => 63,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_round_trips_every_length_and_byte() {
        for len in 0..70 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            let text = base64url(&bytes);
            assert!(text.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'), "{text}");
            assert_eq!(from_base64url(&text), Some(bytes));
        }
    }

    #[test]
    fn base64url_refuses_what_a_link_should_not_hold() {
        assert_eq!(from_base64url("ab$c"), None);
        assert_eq!(from_base64url("abcde"), None);
        assert_eq!(from_base64url("aGk="), Some(b"hi".to_vec()));
        assert_eq!(from_base64url("+/8"), from_base64url("-_8"));
    }
}
