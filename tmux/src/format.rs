//! Building tmux format strings and reading the rows they produce.

use super::{TmuxError, TmuxErrorKind};

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

/// A `-F` format printing `variables` separated by [`SEPARATOR`].
pub fn row_format(variables: &[&str]) -> String {
    let mut format = String::with_capacity(variables.len() * 24);
    for (i, v) in variables.iter().enumerate() {
        if i > 0 {
            format.push(SEPARATOR);
        }
        if FREE_TEXT.contains(v) {
            format.extend(["#{s/[\n\r", SEPARATOR_STR, "]/?/:", v, "}"]);
        } else {
            format.extend(["#{", v, "}"]);
        }
    }
    format
}

/// Makes text literal where tmux expands formats (names, titles, directories): `#` doubled once.
pub fn quote_literal(text: &str) -> String {
    text.replace('#', "##")
}

/// One row of a command's output, owned: its last line, read strictly with [`Row::fields`].
pub struct Row {
    line: String,
    count: usize,
}

impl Row {
    /// The last line of `out`, holding `count` fields.
    pub fn last(out: &str, count: usize) -> Row {
        Row {
            line: out.lines().last().unwrap_or_default().to_owned(),
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
            Row::last("", 2).fields().int().unwrap_err(),
            {
                let row = Row::last("%1", 2);
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
        let row = Row::last("noise\n%3\u{1f}7", 2);
        let mut f = row.fields();
        assert_eq!((f.text().unwrap(), f.int().unwrap()), ("%3".to_owned(), 7));
        assert_eq!(int_output("42\n").unwrap(), 42);
    }

    #[test]
    fn literal_text_doubles_hashes_once() {
        assert_eq!(quote_literal("a#{pane_id}##"), "a##{pane_id}####");
        assert_eq!(
            row_format(&["pane_id", "pane_title"]),
            format!("#{{pane_id}}{SEPARATOR}#{{s/[\n\r{SEPARATOR}]/?/:pane_title}}")
        );
    }
}
