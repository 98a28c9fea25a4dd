//! tmux key names. tmux types an unknown key name as literal text; we refuse it instead.

/// Key names tmux 3.3a knows (key-string.c), matched without regard to case as tmux does.
const NAMES: &[&str] = &[
    "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12", "IC", "Insert",
    "DC", "Delete", "Home", "End", "NPage", "PageDown", "PgDn", "PPage", "PageUp", "PgUp", "Tab",
    "BTab", "Space", "BSpace", "Enter", "Escape", "Up", "Down", "Left", "Right", "KP/", "KP*",
    "KP-", "KP7", "KP8", "KP9", "KP+", "KP4", "KP5", "KP6", "KP1", "KP2", "KP3", "KPEnter", "KP0",
    "KP.",
];

/// Accepts a key name, a single character, either with `C-`/`M-`/`S-` modifiers, or `^X`.
pub fn check(key: &str) -> Result<(), String> {
    let mut rest = key;
    loop {
        let lower = rest.get(..2).map(str::to_ascii_lowercase);
        match lower.as_deref() {
            Some("c-" | "m-" | "s-") if rest.len() > 2 => rest = &rest[2..],
            _ => break,
        }
    }
    if let Some(ctrl) = rest.strip_prefix('^')
        && ctrl.chars().count() == 1
    {
        return Ok(());
    }
    if rest.chars().count() == 1 || NAMES.iter().any(|n| n.eq_ignore_ascii_case(rest)) {
        return Ok(());
    }
    Err(format!(
        "{key:?} is not a tmux key name, so it was not sent; use a name ({}), a single character, either with C-, M- or S- in front (C-c, M-Left), or put literal text in `text`",
        NAMES.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::check;

    #[test]
    fn accepts_names_characters_and_modifiers() {
        for key in [
            "Enter", "enter", "C-c", "M-Left", "C-M-x", "Up", "F12", "a", "%", "é", "^C", "S-Tab",
            "KPEnter", "-",
        ] {
            assert!(check(key).is_ok(), "{key}");
        }
    }

    #[test]
    fn refuses_what_tmux_would_type_as_text() {
        for key in ["Ener", "ctrl-c", "C-", "hello", "F13", "Up Down", ""] {
            assert!(check(key).is_err(), "{key}");
        }
        assert!(check("Ener").unwrap_err().contains("Enter"));
    }
}
