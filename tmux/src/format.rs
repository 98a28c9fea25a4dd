//! Building tmux format strings and reading the rows they produce.

use super::{TmuxError, TmuxErrorKind};
use crate::version::{Feature, Features};

/// Separates fields in a row: a control character no tmux name can hold.
pub const SEPARATOR: char = '\u{1f}';
const SEPARATOR_STR: &str = "\u{1f}";

/// Variables holding text that programs or people choose (a directory may even hold a
/// newline). Each is printed with line breaks and [`SEPARATOR`]s replaced by `?`, so a row is
/// one line with its fields where they belong.
const FREE_TEXT: [&str; 5] = [
    "pane_current_path",
    "pane_current_command",
    "pane_title",
    "session_name",
    "window_name",
];

/// Variables whose values are ids, numbers, flags or layouts: never a backslash, so nothing
/// for vis(3) to rewrite. Every other variable may hold any text.
const PLAIN: [&str; 31] = [
    "alternate_on",
    "cursor_x",
    "cursor_y",
    "history_limit",
    "history_size",
    "pane_active",
    "pane_at_bottom",
    "pane_at_left",
    "pane_at_right",
    "pane_at_top",
    "pane_dead",
    "pane_dead_status",
    "pane_height",
    "pane_id",
    "pane_in_mode",
    "pane_pid",
    "pane_width",
    "pid",
    "scroll_position",
    "session_attached",
    "session_id",
    "session_windows",
    "version",
    "window_active",
    "window_height",
    "window_id",
    "window_index",
    "window_layout",
    "window_panes",
    "window_width",
    "bracket_paste_flag",
];

/// A `-F` format printing variables separated by [`SEPARATOR`]. It is written out for the server's version when the command is sent:
/// where tmux rewrites command output with vis(3) ([`Feature::VisualisedOutput`]), every value
/// that may hold text has its backslashes doubled, so that the output reads back exactly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Format {
    variables: Vec<String>,
}

/// A format printing `variables` separated by [`SEPARATOR`].
pub fn row_format(variables: &[&str]) -> Format {
    Format {
        variables: variables.iter().map(|v| (*v).to_owned()).collect(),
    }
}

impl Format {
    /// The format as tmux receives it on a server with `features`.
    pub(crate) fn render(&self, features: Features) -> String {
        let escape = features.has(Feature::VisualisedOutput);
        let mut format = String::with_capacity(self.variables.len() * 24);
        for (i, v) in self.variables.iter().enumerate() {
            if i > 0 {
                format.push(SEPARATOR);
            }
            let free = FREE_TEXT.contains(&v.as_str());
            let doubled = escape && !PLAIN.contains(&v.as_str());
            format.push_str("#{");
            if free {
                format.extend(["s/[\n\r", SEPARATOR_STR, "]/?/"]);
            }
            if doubled {
                format.push_str(if free { ";" } else { "" });
                format.push_str("s/\\\\/\\\\\\\\/");
            }
            if free || doubled {
                format.push(':');
            }
            format.push_str(v);
            format.push('}');
        }
        format
    }
}

/// Reads back output tmux passed through vis(3) with `VIS_OCTAL | VIS_CSTYLE | VIS_NOSLASH`
/// and a backslash before a `$` that starts a variable name (tmux 3.4 and 3.5,
/// server-client.c and utf8.c): `\ooo` and the C escapes become their bytes again, `\$` a
/// `$`, and `\\` (a backslash of a value, doubled by the format) one backslash.
pub(crate) fn unvis(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b != b'\\' || i + 1 == bytes.len() {
            out.push(b);
            i += 1;
            continue;
        }
        let next = bytes[i + 1];
        let octal = |b: u8| (b'0'..=b'7').contains(&b);
        let (byte, width) = match next {
            b'0'..=b'3' if bytes.len() > i + 3 && octal(bytes[i + 2]) && octal(bytes[i + 3]) => (
                (next - b'0') << 6 | (bytes[i + 2] - b'0') << 3 | (bytes[i + 3] - b'0'),
                4,
            ),
            b'\\' | b'$' => (next, 2),
            b'n' => (b'\n', 2),
            b'r' => (b'\r', 2),
            b't' => (b'\t', 2),
            b'b' => (0x08, 2),
            b'a' => (0x07, 2),
            b'v' => (0x0b, 2),
            b'f' => (0x0c, 2),
            b's' => (b' ', 2),
            _ => (b, 1),
        };
        out.push(byte);
        i += width;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Makes text literal where tmux expands formats (names, titles, directories): `#` doubled once.
pub fn quote_literal(text: &str) -> String {
    text.replace('#', "##")
}

/// A command's one-row output, owned, read strictly with [`Row::fields`].
pub struct Row {
    line: String,
    count: usize,
}

impl Row {
    /// The row `out` holds, of `count` fields.
    pub fn of(out: &str, count: usize) -> Row {
        Row {
            line: out.lines().next().unwrap_or_default().to_owned(),
            count,
        }
    }

    pub fn fields(&self) -> Fields<'_> {
        Fields::new(&self.line, self.count)
    }
}

/// A command's whole output read as one integer (a pid, a count).
pub fn int_output(out: &str) -> Result<i64, TmuxError> {
    Fields::new(out.trim_end_matches('\n'), 1).int()
}

/// The fields of one output row, read in order. A field that is missing or does not parse is
/// an error naming the row, never a default.
pub struct Fields<'a> {
    parts: std::iter::Peekable<std::str::SplitN<'a, char>>,
    line: &'a str,
}

impl<'a> Fields<'a> {
    pub fn new(line: &'a str, count: usize) -> Self {
        Fields {
            parts: line.splitn(count, SEPARATOR).peekable(),
            line,
        }
    }

    fn malformed(&self, what: &str) -> TmuxError {
        TmuxError::new(
            TmuxErrorKind::Unexpected,
            format!("unexpected tmux output ({what}) in row {:?}", self.line),
        )
    }

    pub fn text(&mut self) -> Result<String, TmuxError> {
        self.parts
            .next()
            .map(str::to_owned)
            .ok_or_else(|| self.malformed("missing field"))
    }

    pub fn int(&mut self) -> Result<i64, TmuxError> {
        let t = self.text()?;
        t.trim().parse().map_err(|_| self.malformed("not a number"))
    }

    /// An integer field that tmux leaves empty when it has no value.
    pub fn opt_int(&mut self) -> Result<Option<i64>, TmuxError> {
        let t = self.text()?;
        if t.is_empty() {
            Ok(None)
        } else {
            t.trim()
                .parse()
                .map(Some)
                .map_err(|_| self.malformed("not a number"))
        }
    }

    /// tmux flags print as 1 or 0 (or empty for unset).
    pub fn flag(&mut self) -> Result<bool, TmuxError> {
        Ok(self.text()? == "1")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_keep_separators_in_the_last_field() {
        let line = format!("%1{SEPARATOR}12{SEPARATOR}1{SEPARATOR}a{SEPARATOR}b");
        let mut f = Fields::new(&line, 4);
        assert_eq!(f.text().unwrap(), "%1");
        assert_eq!(f.int().unwrap(), 12);
        assert!(f.flag().unwrap());
        assert_eq!(f.text().unwrap(), format!("a{SEPARATOR}b"));
        assert!(f.text().is_err());
    }

    #[test]
    fn what_cannot_be_read_is_an_internal_error_never_a_default() {
        let failures = [
            Row::of("", 2).fields().int().unwrap_err(),
            {
                let row = Row::of("%1", 2);
                let mut f = row.fields();
                f.text().unwrap();
                f.text().unwrap_err()
            },
            int_output("12 lines").unwrap_err(),
            int_output("").unwrap_err(),
        ];
        for e in failures {
            assert_eq!(e.kind, TmuxErrorKind::Unexpected, "{e}");
            assert!(e.message.starts_with("unexpected tmux output"), "{e}");
        }
        let row = Row::of("%3\u{1f}7\n", 2);
        let mut f = row.fields();
        assert_eq!((f.text().unwrap(), f.int().unwrap()), ("%3".to_owned(), 7));
        assert_eq!(int_output("42\n").unwrap(), 42);
    }

    #[test]
    fn literal_text_doubles_hashes_once() {
        assert_eq!(quote_literal("a#{pane_id}##"), "a##{pane_id}####");
        let row = row_format(&["pane_id", "pane_title", "@note"]);
        assert_eq!(
            row.render(Features::default()),
            format!(
                "#{{pane_id}}{SEPARATOR}#{{s/[\n\r{SEPARATOR}]/?/:pane_title}}{SEPARATOR}#{{@note}}"
            )
        );
        assert_eq!(
            row.render(crate::version::Version::parse("3.4").features()),
            format!(
                "#{{pane_id}}{SEPARATOR}#{{s/[\n\r{SEPARATOR}]/?/;s/\\\\/\\\\\\\\/:pane_title}}{SEPARATOR}#{{s/\\\\/\\\\\\\\/:@note}}"
            )
        );
    }

    #[test]
    fn visualised_output_reads_back_exactly() {
        // What tmux 3.4 prints for the values `a\b$HOME`, `\033` and a tab, ESC, DEL and `é`,
        // their backslashes doubled by the format, in a row.
        let printed = "a\\\\b\\$HOME\\037\\\\033\\037\t\\033\\177é\\s\\";
        assert_eq!(
            unvis(printed),
            format!("a\\b$HOME{SEPARATOR}\\033{SEPARATOR}\t\u{1b}\u{7f}é \\")
        );
        assert_eq!(
            unvis("\\n\\r\\t\\b\\a\\v\\f\\x\\4"),
            "\n\r\t\u{8}\u{7}\u{b}\u{c}\\x\\4"
        );
    }
}
