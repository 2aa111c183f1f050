//! Reads a tool call's arguments for the scene, without a JSON library.
//!
//! The scene shows every call on screen, so this runs in the page's first download, where
//! serde_json's reader (and the float parsing it brings) cost about 12 KB gzip of the 150 KB
//! budget. The loop itself still validates arguments with serde_json (`tools`), in the lazy
//! engine part; this reader only has to agree with it on what the scene draws, which the tests
//! check against serde_json.

/// The members of a JSON object, in key order (as serde_json's map keeps them), a later
/// duplicate replacing an earlier one. String values are unescaped; any other value is given as
/// its JSON text. `None` when `text` is not one well-formed object. One difference from
/// serde_json, left on purpose: a number beyond a float's range (`1e400`) is read as its text,
/// where serde_json refuses the whole object.
pub fn object_members(text: &str) -> Option<Vec<(String, String)>> {
    let mut r = Reader { s: text.as_bytes(), i: 0 };
    r.ws();
    r.eat(b'{')?;
    let mut members: Vec<(String, String)> = Vec::new();
    r.ws();
    if r.peek() == Some(b'}') {
        r.i += 1;
    } else {
        loop {
            r.ws();
            let key = r.string()?;
            r.ws();
            r.eat(b':')?;
            r.ws();
            let value = if r.peek() == Some(b'"') { r.string()? } else { r.other_value()?.trim_end().to_string() };
            // Kept in key order as they come, so no sort (and none of the sort's code in the
            // first download): a key seen before takes the later value in its place.
            match members.binary_search_by(|(k, _)| k.as_str().cmp(&key)) {
                Ok(at) => members[at].1 = value,
                Err(at) => members.insert(at, (key, value)),
            }
            r.ws();
            match r.next()? {
                b',' => continue,
                b'}' => break,
                _ => return None,
            }
        }
    }
    r.ws();
    if r.i != r.s.len() {
        return None;
    }
    Some(members)
}

struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.i += 1;
        Some(b)
    }

    fn eat(&mut self, b: u8) -> Option<()> {
        (self.next()? == b).then_some(())
    }

    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }

    fn hex4(&mut self) -> Option<u32> {
        let digits = self.s.get(self.i..self.i + 4)?;
        self.i += 4;
        let digits = std::str::from_utf8(digits).ok()?;
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        u32::from_str_radix(digits, 16).ok()
    }

    /// A string, its escapes resolved; the reader stands on its opening quote.
    fn string(&mut self) -> Option<String> {
        self.eat(b'"')?;
        let mut out = Vec::new();
        loop {
            match self.next()? {
                b'"' => return String::from_utf8(out).ok(),
                b'\\' => {
                    let c = match self.next()? {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let hi = self.hex4()?;
                            if (0xD800..0xDC00).contains(&hi) {
                                self.eat(b'\\')?;
                                self.eat(b'u')?;
                                let lo = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&lo) {
                                    return None;
                                }
                                char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00))?
                            } else {
                                char::from_u32(hi)?
                            }
                        }
                        _ => return None,
                    };
                    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                }
                b if b < 0x20 => return None,
                b => out.push(b),
            }
        }
    }

    /// Any value but a string, as its text: a number, `true`, `false`, `null`, or a nested
    /// object or array (checked for balance and well-formed strings, not in full).
    fn other_value(&mut self) -> Option<&str> {
        let start = self.i;
        match self.peek()? {
            b'{' | b'[' => {
                let mut depth = 0usize;
                loop {
                    match self.peek()? {
                        b'"' => {
                            self.string()?;
                            continue;
                        }
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' => {
                            depth -= 1;
                            if depth == 0 {
                                self.i += 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                    self.i += 1;
                }
            }
            _ => {
                while matches!(self.peek(), Some(b) if !matches!(b, b',' | b'}' | b' ' | b'\t' | b'\n' | b'\r')) {
                    self.i += 1;
                }
                let word = std::str::from_utf8(&self.s[start..self.i]).ok()?;
                if !(matches!(word, "true" | "false" | "null") || is_number(word)) {
                    return None;
                }
            }
        }
        std::str::from_utf8(&self.s[start..self.i]).ok()
    }
}

/// JSON's number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
fn is_number(word: &str) -> bool {
    let b = word.as_bytes();
    let mut i = usize::from(b.first() == Some(&b'-'));
    let digits = |i: &mut usize| {
        let from = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - from
    };
    match b.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            digits(&mut i);
        }
        _ => return false,
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}
