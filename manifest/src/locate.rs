//! Finds the line and column of a YAML path (`tools[3].capability.nestedAuthority[1]`) in the
//! manifest text, so that errors found after parsing still point at the YAML.
//!
//! The YAML parser gives locations only for syntax and type errors. This is a small
//! indentation-aware scan of block-style YAML (the style tools.yaml is written in); inside a flow
//! collection (`{a: 1}`, `[x, y]`) it finds the key or element on the line, and where it cannot
//! go deeper it returns the deepest node it reached.

use std::fmt;

/// One step of a path into the YAML document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seg {
    Key(String),
    Index(usize),
}

/// A path into the YAML document.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Path(pub Vec<Seg>);

impl Path {
    pub fn key(&self, key: &str) -> Path {
        let mut segs = self.0.clone();
        segs.push(Seg::Key(key.to_owned()));
        Path(segs)
    }

    pub fn index(&self, index: usize) -> Path {
        let mut segs = self.0.clone();
        segs.push(Seg::Index(index));
        Path(segs)
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, seg) in self.0.iter().enumerate() {
            match seg {
                Seg::Key(k) if i == 0 => write!(f, "{k}")?,
                Seg::Key(k) => write!(f, ".{k}")?,
                Seg::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Dash,
    Key(String),
}

/// A token: its line (0-based), column (0-based), and what it is.
#[derive(Debug, Clone)]
struct Token {
    line: usize,
    col: usize,
    tok: Tok,
}

/// 1-based line and column of `path` in `src`.
pub fn locate(src: &str, path: &Path) -> (usize, usize) {
    let lines: Vec<&str> = src.lines().collect();
    let tokens = tokenize(&lines);
    // The virtual root sits before column 0.
    let mut at: Option<usize> = None;
    let mut pos = (0usize, 0usize);
    for seg in &path.0 {
        match step(&tokens, &lines, at, seg) {
            Some(Found::Token(i)) => {
                at = Some(i);
                pos = (tokens[i].line, tokens[i].col);
            }
            Some(Found::Inline(line, col)) => {
                pos = (line, col);
                break;
            }
            None => break,
        }
    }
    (pos.0 + 1, pos.1 + 1)
}

enum Found {
    Token(usize),
    Inline(usize, usize),
}

fn tokenize(lines: &[&str]) -> Vec<Token> {
    let mut out = Vec::new();
    for (n, raw) in lines.iter().enumerate() {
        let mut col = raw.len() - raw.trim_start_matches(' ').len();
        let mut rest = &raw[col..];
        if rest.is_empty() || rest.starts_with('#') {
            continue;
        }
        loop {
            if rest == "-" || rest.starts_with("- ") {
                out.push(Token {
                    line: n,
                    col,
                    tok: Tok::Dash,
                });
                let skip = 1 + rest[1..].len() - rest[1..].trim_start_matches(' ').len();
                col += skip;
                rest = &rest[skip..];
                continue;
            }
            if let Some(key) = leading_key(rest) {
                out.push(Token {
                    line: n,
                    col,
                    tok: Tok::Key(key),
                });
            }
            break;
        }
    }
    out
}

fn leading_key(text: &str) -> Option<String> {
    let end = text.find(':')?;
    let key = &text[..end];
    let after = &text[end + 1..];
    let plain = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    (plain && (after.is_empty() || after.starts_with(' '))).then(|| key.to_owned())
}

/// The token for `seg` among the children of token `at` (or of the root).
fn step(tokens: &[Token], lines: &[&str], at: Option<usize>, seg: &Seg) -> Option<Found> {
    let (start, parent_col, parent_is_key) = match at {
        None => (0, None, false),
        Some(i) => (
            i + 1,
            Some(tokens[i].col),
            matches!(tokens[i].tok, Tok::Key(_)),
        ),
    };
    let children: Vec<usize> = (start..tokens.len())
        .take_while(|&j| match parent_col {
            None => true,
            Some(pc) => {
                let t = &tokens[j];
                let same_line = at.is_some_and(|i| tokens[i].line == t.line);
                same_line
                    || t.col > pc
                    || (parent_is_key
                        && t.col == pc
                        && t.tok == Tok::Dash
                        && dash_run(tokens, start, j))
            }
        })
        .collect();
    if let Some(&first) = children.first() {
        let col = tokens[first].col;
        let mut dashes = 0;
        for &j in &children {
            let t = &tokens[j];
            if t.col != col {
                continue;
            }
            match (&t.tok, seg) {
                (Tok::Key(k), Seg::Key(want)) if k == want => return Some(Found::Token(j)),
                (Tok::Dash, Seg::Index(want)) => {
                    if dashes == *want {
                        return Some(Found::Token(j));
                    }
                    dashes += 1;
                }
                _ => {}
            }
        }
        return None;
    }
    // No block children: a flow collection on the parent's line.
    let i = at?;
    let line = lines[tokens[i].line];
    let from = tokens[i].col;
    match seg {
        Seg::Key(k) => {
            let needle = format!("{k}:");
            let rel = line[from..].find(&needle)?;
            Some(Found::Inline(tokens[i].line, from + rel))
        }
        Seg::Index(n) => {
            let open = from + line[from..].find('[')?;
            let mut col = open + 1;
            for (idx, part) in line[open + 1..].split(',').enumerate() {
                if idx == *n {
                    let lead = part.len() - part.trim_start().len();
                    return Some(Found::Inline(tokens[i].line, col + lead));
                }
                col += part.len() + 1;
            }
            None
        }
    }
}

/// Whether every token from `start` to `j` is part of a sequence written at its key's column.
fn dash_run(tokens: &[Token], start: usize, j: usize) -> bool {
    let col = tokens[j].col;
    tokens[start..=j].iter().all(|t| t.col >= col) && tokens[start].tok == Tok::Dash
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "\
top: 1
tools:
  - name: a
    annotations: {readOnlyHint: true, destructiveHint: false}
    list: [x, y, z]
    description: >-
      a long text
      - name: not a key
  - name: b
    arguments:
      - name: pane
        required: true
seq:
- one
- two
";

    fn at(segs: &[Seg]) -> (usize, usize) {
        locate(DOC, &Path(segs.to_vec()))
    }

    fn k(s: &str) -> Seg {
        Seg::Key(s.to_owned())
    }

    #[test]
    fn finds_block_keys_and_items() {
        assert_eq!(at(&[k("top")]), (1, 1));
        assert_eq!(at(&[k("tools"), Seg::Index(1)]), (9, 3));
        assert_eq!(at(&[k("tools"), Seg::Index(1), k("name")]), (9, 5));
        assert_eq!(
            at(&[
                k("tools"),
                Seg::Index(1),
                k("arguments"),
                Seg::Index(0),
                k("required")
            ]),
            (12, 9)
        );
        assert_eq!(at(&[k("seq"), Seg::Index(1)]), (15, 1));
    }

    #[test]
    fn finds_flow_keys_and_elements() {
        assert_eq!(
            at(&[
                k("tools"),
                Seg::Index(0),
                k("annotations"),
                k("destructiveHint")
            ]),
            (4, 39)
        );
        assert_eq!(
            at(&[k("tools"), Seg::Index(0), k("list"), Seg::Index(2)]),
            (5, 18)
        );
    }

    #[test]
    fn stops_at_the_deepest_node_found() {
        assert_eq!(at(&[k("tools"), Seg::Index(0), k("missing")]), (3, 3));
        assert_eq!(at(&[k("nowhere")]), (1, 1));
    }
}
