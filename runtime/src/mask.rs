//! Secret masking for text read from panes: spans shaped like credentials become a fixed
//! marker, `[masked:<detector>]`, before any tool looks at or returns the text.
//!
//! Matching is linear in the text (the regex crate's automata), one pass per detector. Each
//! built-in detector starts with or holds a literal (`AKIA`, `ghp_`, `://`) that the engine
//! finds with a vectorised search, so text with no secret in it costs a few fast scans. A
//! masked span keeps its line breaks (each of its lines becomes the marker), so line counts
//! and row positions stay what tmux reported.

use std::borrow::Cow;

use regex::{Regex, RegexBuilder};

/// The label of an operator's pattern (`LIBTMUX_MASK_PATTERNS`).
pub const PATTERN_LABEL: &str = "pattern";
/// A capture group of this name, when a pattern has one, is the part masked.
const SECRET_GROUP: &str = "secret";
/// Compiled size of one pattern, and the cache of its lazy DFA (which grows as text is matched;
/// when full it is cleared and refilled, so it bounds memory, not what can be matched).
const SIZE_LIMIT: usize = 4 << 20;
const CACHE_LIMIT: usize = 256 << 10;

/// The private-key detector's row in [`BUILT_IN`]: the one that spans lines.
const KEY_DETECTOR: usize = 0;

/// Built-in detectors: (label, pattern). Earlier rows win where spans overlap.
/// `(?-u:\b)` is an ASCII word boundary, and the classes are ASCII: that keeps the automata
/// fast on any text and small (Unicode classes and case folding cost hundreds of KiB each).
pub const BUILT_IN: &[(&str, &str)] = &[
    (
        "private-key",
        // The body runs on while it looks like one (base64, and headers such as DEK-Info), up to
        // its END line: a block cut off is masked as far as it goes. ASCII classes keep the
        // automaton small.
        r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?:[A-Za-z0-9+/=:,. \t\r\n]|-[A-Za-z])*(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----)?",
    ),
    (
        "url-credentials",
        r"(?-u:\b)[A-Za-z][A-Za-z0-9+.\-]*://(?P<secret>[!-~&&[^:/@]]+:[!-~&&[^/@]]+)@",
    ),
    (
        "bearer-token",
        r"(?-u:\b)(?i:bearer)[ \t]+(?P<secret>[A-Za-z0-9._~+/\-]{16,}=*)",
    ),
    (
        "aws-access-key-id",
        r"(?-u:\b)(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}(?-u:\b)",
    ),
    (
        "aws-secret-access-key",
        r#"(?i:aws_?secret_?(?:access_?)?key)["']?[ \t]*[=:][ \t]*["']?(?P<secret>[A-Za-z0-9/+]{40})(?-u:\b)"#,
    ),
    (
        "github-token",
        r"(?-u:\b)(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})",
    ),
    (
        "gitlab-token",
        r"(?-u:\b)gl(?:pat|dt|rt|ptt|soat|cbt)-[A-Za-z0-9_\-]{20,}",
    ),
    ("slack-token", r"(?-u:\b)xox[abposre]-[A-Za-z0-9\-]{10,}"),
    (
        "slack-webhook",
        r"https://hooks\.slack\.com/(?:services|workflows)/[A-Za-z0-9_/]{20,}",
    ),
    ("anthropic-api-key", r"(?-u:\b)sk-ant-[A-Za-z0-9_\-]{20,}"),
    (
        "openai-api-key",
        r"(?-u:\b)sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}",
    ),
    ("google-api-key", r"(?-u:\b)AIza[0-9A-Za-z_\-]{35}"),
    ("huggingface-token", r"(?-u:\b)hf_[A-Za-z0-9]{34,}"),
    ("groq-api-key", r"(?-u:\b)gsk_[A-Za-z0-9]{48,}"),
    ("xai-api-key", r"(?-u:\b)xai-[A-Za-z0-9]{60,}"),
    (
        "jwt",
        r"(?-u:\b)eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}",
    ),
];

#[derive(Debug, Clone)]
struct Detector {
    label: String,
    regex: Regex,
    /// The `secret` group's index, when only it is masked.
    group: Option<usize>,
}

fn compile(label: &str, source: &str) -> Result<Detector, String> {
    let regex = RegexBuilder::new(source)
        .size_limit(SIZE_LIMIT)
        .dfa_size_limit(CACHE_LIMIT)
        .build()
        .map_err(|e| {
            let why = e
                .to_string()
                .lines()
                .last()
                .unwrap_or_default()
                .trim()
                .to_owned();
            format!("mask pattern {source:?} is not a valid regular expression ({why})")
        })?;
    if regex.is_match("") {
        return Err(format!(
            "mask pattern {source:?} matches empty text; it must match at least one character"
        ));
    }
    let group = regex.capture_names().position(|n| n == Some(SECRET_GROUP));
    Ok(Detector {
        label: label.to_owned(),
        regex,
        group,
    })
}

/// The masking a server applies, fixed at startup. Cloning is cheap (the automata are shared).
#[derive(Debug, Clone)]
pub struct Masker {
    detectors: Vec<Detector>,
    built_in: bool,
}

/// Text after masking, and how many spans were masked in it.
#[derive(Debug, PartialEq, Eq)]
pub struct Masked<'a> {
    pub text: Cow<'a, str>,
    pub count: usize,
}

impl Masker {
    /// The built-in detectors (when `built_in`) and the operator's `patterns`, each a regular
    /// expression; an error names the pattern that does not compile.
    pub fn new(built_in: bool, patterns: &[String]) -> Result<Masker, String> {
        let built: &[(&str, &str)] = if built_in { BUILT_IN } else { &[] };
        let detectors = built
            .iter()
            .map(|(label, source)| compile(label, source))
            .chain(patterns.iter().map(|p| compile(PATTERN_LABEL, p)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Masker {
            detectors,
            built_in,
        })
    }

    /// A masker that masks nothing.
    pub fn off() -> Masker {
        Masker {
            detectors: Vec::new(),
            built_in: false,
        }
    }

    pub fn built_in(&self) -> bool {
        self.built_in
    }

    /// The labels of the built-in detectors in use (none when they are off).
    pub fn detectors_built_in(&self) -> Vec<&'static str> {
        match self.built_in {
            true => BUILT_IN.iter().map(|(label, _)| *label).collect(),
            false => Vec::new(),
        }
    }

    /// How many operator patterns there are.
    pub fn patterns(&self) -> usize {
        self.detectors
            .iter()
            .filter(|d| d.label == PATTERN_LABEL)
            .count()
    }

    /// Whether anything is masked at all.
    pub fn is_active(&self) -> bool {
        !self.detectors.is_empty()
    }

    /// `text` with every detected span replaced by its marker.
    pub fn mask<'a>(&self, text: &'a str) -> Masked<'a> {
        let mut spans: Vec<(usize, usize, usize)> = Vec::new();
        for (index, d) in self.detectors.iter().enumerate() {
            match d.group {
                None => spans.extend(d.regex.find_iter(text).map(|m| (m.start(), m.end(), index))),
                Some(g) => spans.extend(
                    d.regex
                        .captures_iter(text)
                        .filter_map(|c| c.get(g))
                        .filter(|m| !m.is_empty())
                        .map(|m| (m.start(), m.end(), index)),
                ),
            }
        }
        if spans.is_empty() {
            return Masked {
                text: Cow::Borrowed(text),
                count: 0,
            };
        }
        // Where spans overlap, the one that starts first wins, then the earlier detector.
        spans.sort_unstable();
        let mut out = String::with_capacity(text.len());
        let (mut at, mut count) = (0, 0);
        let mut i = 0;
        while i < spans.len() {
            let (start, mut end, index) = spans[i];
            i += 1;
            if start < at {
                continue;
            }
            while i < spans.len() && spans[i].0 < end {
                end = end.max(spans[i].1);
                i += 1;
            }
            out.push_str(&text[at..start]);
            self.marker(&mut out, index, text[start..end].matches('\n').count());
            at = end;
            count += 1;
        }
        out.push_str(&text[at..]);
        Masked {
            text: Cow::Owned(out),
            count,
        }
    }

    /// Masks one line of a stream read line by line; `open` carries, from line to line,
    /// whether a private key block is being printed (its lines are masked until its end).
    pub fn line(&self, open: &mut bool, line: &str) -> (String, usize) {
        const BEGIN: &str = "-----BEGIN ";
        const END: &str = "-----END ";
        if !self.built_in {
            let m = self.mask(line);
            return (m.text.into_owned(), m.count);
        }
        if *open {
            let rest = match line.find(END) {
                Some(i) if line[i..].contains("PRIVATE KEY") => {
                    *open = false;
                    let tail = i + END.len();
                    let after = line[tail..]
                        .find("-----")
                        .map_or(line.len(), |j| tail + j + 5);
                    &line[after..]
                }
                _ => "",
            };
            let mut out = String::new();
            self.marker(&mut out, KEY_DETECTOR, 0);
            let m = self.mask(rest);
            out.push_str(&m.text);
            return (out, m.count);
        }
        let m = self.mask(line);
        if let Some(i) = line.rfind(BEGIN)
            && line[i..].contains("PRIVATE KEY")
            && !line[i..].contains(END)
        {
            *open = true;
        }
        (m.text.into_owned(), m.count)
    }

    /// Appends the marker of detector `index`, once per line the span covers.
    fn marker(&self, out: &mut String, index: usize, newlines: usize) {
        let marker = format!("[masked:{}]", self.detectors[index].label);
        out.push_str(&marker);
        for _ in 0..newlines {
            out.push('\n');
            out.push_str(&marker);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn masked(text: &str) -> (String, usize) {
        let m = Masker::new(true, &[]).unwrap().mask(text);
        (m.text.into_owned(), m.count)
    }

    #[test]
    fn each_built_in_shape_is_masked_and_plain_text_is_not() {
        let cases = [
            (
                "key AKIAIOSFODNN7EXAMPLE here",
                "key [masked:aws-access-key-id] here",
            ),
            (
                "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                "aws_secret_access_key = [masked:aws-secret-access-key]",
            ),
            (
                "token ghp_0123456789abcdefghijABCDEFGHIJ012345 ok",
                "token [masked:github-token] ok",
            ),
            ("glpat-abcdefghij0123456789", "[masked:gitlab-token]"),
            ("xoxb-1234567890-abcdefghij", "[masked:slack-token]"),
            (
                "curl -H 'Authorization: Bearer abc.def-ghi_jkl012345'",
                "curl -H 'Authorization: Bearer [masked:bearer-token]'",
            ),
            (
                "git remote: https://alice:s3cr3t@example.com/x.git",
                "git remote: https://[masked:url-credentials]@example.com/x.git",
            ),
            (
                "ANTHROPIC_API_KEY=sk-ant-api03-abcdefghijklmnopqrstuvwxyz",
                "ANTHROPIC_API_KEY=[masked:anthropic-api-key]",
            ),
            (
                "OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwxyz",
                "OPENAI_API_KEY=[masked:openai-api-key]",
            ),
            (
                "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N",
                "[masked:jwt]",
            ),
        ];
        for (text, want) in cases {
            assert_eq!(masked(text), (want.to_owned(), 1), "{text}");
        }
        let plain = "ls -l\nsha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\nhttps://example.com/a@b\nbearer token";
        assert_eq!(masked(plain), (plain.to_owned(), 0));
    }

    #[test]
    fn every_built_in_detector_compiles() {
        for (label, pattern) in BUILT_IN {
            assert!(compile(label, pattern).is_ok(), "{label}");
        }
        assert_eq!(BUILT_IN[KEY_DETECTOR].0, "private-key");
    }

    #[test]
    fn a_private_key_block_is_masked_whole_and_keeps_its_lines() {
        let text = "before\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\nQUJD\n-----END OPENSSH PRIVATE KEY-----\nafter";
        let (out, count) = masked(text);
        assert_eq!(count, 1);
        assert_eq!(out.lines().count(), text.lines().count());
        assert!(!out.contains("b3Bl") && !out.contains("QUJD"), "{out}");
        assert!(out.starts_with("before\n[masked:private-key]\n") && out.ends_with("\nafter"));
        // A block cut off (still printing, or truncated) is masked to the end.
        let (cut, _) = masked("-----BEGIN RSA PRIVATE KEY-----\nMIIEow");
        assert_eq!(cut, "[masked:private-key]\n[masked:private-key]");
    }

    #[test]
    fn lines_of_a_stream_carry_an_open_key_block() {
        let m = Masker::new(true, &[]).unwrap();
        let mut open = false;
        let lines = [
            "$ cat id",
            "-----BEGIN PRIVATE KEY-----",
            "MIIEvQIBADAN",
            "-----END PRIVATE KEY----- tail",
            "$",
        ];
        let out: Vec<String> = lines.iter().map(|l| m.line(&mut open, l).0).collect();
        assert_eq!(out[0], "$ cat id");
        assert_eq!(out[1], "[masked:private-key]");
        assert_eq!(out[2], "[masked:private-key]");
        assert_eq!(out[3], "[masked:private-key] tail");
        assert_eq!(out[4], "$");
        assert!(!open);
    }

    #[test]
    fn operator_patterns_mask_their_secret_group_or_the_whole_match() {
        let m = Masker::new(
            false,
            &["corp-[0-9]{6}".into(), "pin=(?P<secret>[0-9]+)".into()],
        )
        .unwrap();
        let out = m.mask("id corp-123456 and pin=4242 AKIAIOSFODNN7EXAMPLE");
        assert_eq!(
            out.text,
            "id [masked:pattern] and pin=[masked:pattern] AKIAIOSFODNN7EXAMPLE"
        );
        assert_eq!(out.count, 2);
        assert!(
            Masker::new(true, &["(".into()])
                .unwrap_err()
                .contains("\"(\"")
        );
        assert!(
            Masker::new(true, &["x*".into()])
                .unwrap_err()
                .contains("empty")
        );
        assert!(!Masker::off().is_active());
    }
}
