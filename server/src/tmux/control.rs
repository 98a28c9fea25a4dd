//! Control-mode lines: what a control client's output says, for the clients that follow pane
//! output ([`super::follow`]).

/// One line a control client printed.
#[derive(Debug, PartialEq, Eq)]
pub enum Notice<'a> {
    /// A pane printed this (escaped: see [`unescape`]).
    Output {
        pane: &'a str,
        escaped: &'a str,
    },
    /// An answer block starts; its guard (time, number, flags) ends it.
    Begin(&'a str),
    /// Windows or panes closed or changed: a followed pane may be gone.
    Changed,
    /// The client is now attached to this session.
    SessionChanged(&'a str),
    /// The client is leaving.
    Exit,
    Other,
}

pub fn parse(line: &str) -> Notice<'_> {
    if let Some(rest) = line.strip_prefix("%output ") {
        let (pane, data) = rest.split_once(' ').unwrap_or((rest, ""));
        return Notice::Output {
            pane,
            escaped: data,
        };
    }
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    match word {
        "%begin" => Notice::Begin(rest),
        "%session-changed" => Notice::SessionChanged(rest.split(' ').next().unwrap_or_default()),
        "%exit" => Notice::Exit,
        "%window-close"
        | "%unlinked-window-close"
        | "%layout-change"
        | "%sessions-changed"
        | "%pane-mode-changed" => Notice::Changed,
        _ => Notice::Other,
    }
}

/// Control mode escapes bytes below 32 and the backslash as `\ooo` octal.
pub fn unescape(data: &str) -> Vec<u8> {
    let bytes = data.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\'
            && bytes.len() >= i + 4
            && bytes[i + 1..i + 4]
                .iter()
                .all(|b| (b'0'..=b'7').contains(b))
        {
            let n = bytes[i + 1..i + 4]
                .iter()
                .fold(0u32, |acc, b| acc * 8 + u32::from(b - b'0'));
            out.push(n as u8);
            i += 4;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn any_control_line_parses_without_panicking(line in "\\PC{0,80}|%output %[0-9]+ [\\\\0-7]{0,12}") {
            let _ = parse(&line);
            let _ = unescape(&line);
        }
    }

    #[test]
    fn parses_output_and_unescapes_octal() {
        let notice = parse(r"%output %3 a\011b\134c\015\012");
        assert_eq!(
            notice,
            Notice::Output {
                pane: "%3",
                escaped: r"a\011b\134c\015\012"
            }
        );
        assert_eq!(unescape(r"a\011b\134c\015\012"), b"a\tb\\c\r\n".to_vec());
        assert_eq!(parse("%exit"), Notice::Exit);
        assert_eq!(parse("%begin 1 2 0"), Notice::Begin("1 2 0"));
        assert_eq!(
            parse("%session-changed $4 name"),
            Notice::SessionChanged("$4")
        );
        assert_eq!(parse("%layout-change @1 x y *"), Notice::Changed);
        assert_eq!(unescape(r"\1"), b"\\1".to_vec());
    }
}
