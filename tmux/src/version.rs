//! The tmux server's version, and the one table of what this client does differently because
//! of it. Every version-dependent behaviour is a [`Feature`] row here, with the versions it
//! holds for and the place in tmux's source that says so; nothing else compares versions.
//!
//! The version is the running server's (`#{version}`), not that of the `tmux` binary on PATH:
//! the two differ after an upgrade until the server restarts. A newer client reaches an older
//! server; an older one may not reach a newer.
//!
//! The facts behind the table, each with the versions it holds for and where tmux's source
//! decides it, are in `version.md` beside this file: a new fact goes there.

use std::fmt;

/// The oldest tmux this client supports.
pub const FLOOR: Release = Release::new(3, 2, 1);

/// A tmux release in order: 3.2a, 3.3a, 3.4, …; a build of tmux's master branch
/// (`next-3.8`) comes after every 3.7 release and before 3.8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Release {
    major: u16,
    minor: u16,
    /// 0 for a `next-` build, 1 for the release.
    released: u8,
    /// 0 for none, 1 for `a`, …
    letter: u8,
}

impl Release {
    const fn new(major: u16, minor: u16, letter: u8) -> Release {
        Release {
            major,
            minor,
            released: 1,
            letter,
        }
    }

    /// `3.2a`, `3.4`, `next-3.8`; anything else (an OpenBSD base build says `openbsd-7.6`) is
    /// no release this client can place.
    fn parse(text: &str) -> Option<Release> {
        let (released, rest) = match text.strip_prefix("next-") {
            Some(rest) => (0, rest),
            None => (1, text),
        };
        let (major, rest) = rest.split_once('.')?;
        let digits = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        let (minor, suffix) = rest.split_at(digits);
        let letter = match suffix.as_bytes() {
            [] => 0,
            [c @ b'a'..=b'z'] if released == 1 => c - b'a' + 1,
            _ => return None,
        };
        Some(Release {
            major: major.parse().ok()?,
            minor: minor.parse().ok()?,
            released,
            letter,
        })
    }
}

impl fmt::Display for Release {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.released == 0 {
            f.write_str("next-")?;
        }
        write!(f, "{}.{}", self.major, self.minor)?;
        if self.letter > 0 {
            write!(f, "{}", char::from(b'a' + self.letter - 1))?;
        }
        Ok(())
    }
}

/// What a tmux server says its version is, and where this client places it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Version {
    text: String,
    release: Option<Release>,
}

impl Version {
    /// From `#{version}` or the output of `tmux -V` (`tmux 3.4`).
    pub fn parse(text: &str) -> Version {
        let text = text.trim();
        let text = text.strip_prefix("tmux ").unwrap_or(text).to_owned();
        Version {
            release: Release::parse(&text),
            text,
        }
    }

    /// As tmux spells it.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Where it comes among tmux releases; `None` for a build this client cannot place.
    pub fn release(&self) -> Option<Release> {
        self.release
    }

    /// Why this client cannot drive this tmux, when it is older than [`FLOOR`]. A version it
    /// cannot place (a distribution's own build) is given the benefit of the doubt.
    pub fn below_floor(&self) -> Option<TooOld> {
        let release = self.release?;
        (release < FLOOR).then(|| TooOld {
            found: self.text.clone(),
        })
    }

    /// The features this version has. A version this client cannot place is taken to be newer
    /// than any it knows.
    pub fn features(&self) -> Features {
        let mut set = 0;
        for (i, row) in TABLE.iter().enumerate() {
            let on = match self.release {
                Some(r) => row.from.is_none_or(|from| r >= from) && row.until.is_none_or(|u| r < u),
                None => row.until.is_none(),
            };
            if on {
                set |= 1 << i;
            }
        }
        Features(set)
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The tmux a client drives: the running server's version, else (none runs yet) that of the
/// `tmux` on PATH, which will start it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// `None` when no server runs and there is no `tmux` on PATH either.
    pub version: Option<Version>,
    /// `server` (its `#{version}`) or `tmux -V`.
    pub read_from: &'static str,
}

impl Found {
    /// The features this client uses on it (the newest tmux's where the version is unknown).
    pub fn features(&self) -> Features {
        self.version
            .as_ref()
            .map_or_else(|| Version::parse("").features(), Version::features)
    }

    /// Why this client cannot drive it, when it is older than [`FLOOR`].
    pub fn below_floor(&self) -> Option<TooOld> {
        self.version.as_ref().and_then(Version::below_floor)
    }
}

/// A tmux older than [`FLOOR`]: this client cannot drive it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("tmux {found} is too old: tmux-mcp needs tmux {FLOOR} or newer")]
pub struct TooOld {
    /// The version as tmux printed it.
    pub found: String,
}

/// A way in which tmux versions differ that this client acts on; the table says how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    VisualisedOutput,
    PasteNeedsRaw,
    BracketPasteFlag,
    CreatorSizesNewWindows,
    JoinedCapturesPadded,
}

struct Row {
    feature: Feature,
    name: &'static str,
    /// The first version with it (`None`: every version).
    from: Option<Release>,
    /// The first version without it (`None`: still there).
    until: Option<Release>,
    /// Where in tmux's source this is decided.
    source: &'static str,
    /// What tmux does, and what this client does about it.
    effect: &'static str,
}

const fn v(major: u16, minor: u16) -> Option<Release> {
    Some(Release::new(major, minor, 0))
}

/// Every version-dependent behaviour, once.
const TABLE: [Row; 5] = [
    Row {
        feature: Feature::VisualisedOutput,
        name: "visualised-output",
        from: v(3, 4),
        until: v(3, 6),
        source: "server-client.c server_client_print: utf8_stravisx(VIS_OCTAL|VIS_CSTYLE|VIS_NOSLASH) unless parse",
        effect: "tmux rewrites what commands print with vis(3) (control bytes as `\\ooo`, `$NAME` as `\\$NAME`); the server's formats double each value's backslashes and it reads the output back exactly",
    },
    Row {
        feature: Feature::PasteNeedsRaw,
        name: "paste-needs-raw",
        from: v(3, 7),
        until: None,
        source: "cmd-paste-buffer.c cmd_paste_buffer_paste: utf8_stravisx(VIS_SAFE|VIS_NOSLASH) unless -S",
        effect: "paste-buffer rewrites control bytes unless -S; the server gives -S",
    },
    Row {
        feature: Feature::BracketPasteFlag,
        name: "bracket-paste-flag",
        from: v(3, 7),
        until: None,
        source: "format.c format_cb_bracket_paste_flag: MODE_BRACKETPASTE of the pane's screen",
        effect: "tmux says whether a pane's program asked for bracketed paste; send_prompt asks it instead of relying on having seen the request",
    },
    Row {
        feature: Feature::CreatorSizesNewWindows,
        name: "creator-sizes-new-windows",
        from: None,
        until: v(3, 3),
        source: "resize.c clients_calculate_size: the creating client is never ignored (loop != c)",
        effect: "a new session takes the size of the client that creates it, whatever -x and -y say; create_session resizes it to the size asked for (its window size then manual)",
    },
    Row {
        feature: Feature::JoinedCapturesPadded,
        name: "joined-captures-padded",
        from: None,
        until: v(3, 3),
        source: "grid.c grid_string_cells: up to cellsize, not cellused (ded695504)",
        effect: "capture-pane -J pads each line with the spaces of its allocated cells; the server drops the spaces that end each captured line",
    },
];

impl Feature {
    fn row(self) -> &'static Row {
        let i = TABLE.iter().position(|r| r.feature == self).unwrap_or(0);
        &TABLE[i]
    }

    /// The feature's name in reports.
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// What tmux does, and what this client does about it.
    pub fn effect(self) -> &'static str {
        self.row().effect
    }

    fn bit(self) -> u32 {
        let i = TABLE
            .iter()
            .position(|row| row.feature == self)
            .unwrap_or(TABLE.len());
        1 << i
    }
}

/// The features of one tmux version.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Features(u32);

impl Features {
    pub fn has(self, feature: Feature) -> bool {
        self.0 & feature.bit() != 0
    }

    /// Each feature this version has, with the versions and the source that decide it, for
    /// reports.
    pub fn in_use(self) -> Vec<(Feature, String)> {
        every()
            .into_iter()
            .filter(|(feature, _)| self.has(*feature))
            .collect()
    }
}

/// Every feature of the table, with the versions and the source that decide it.
pub fn every() -> Vec<(Feature, String)> {
    TABLE
        .iter()
        .map(|row| {
            let versions = match (row.from, row.until) {
                (Some(f), Some(u)) => format!("{f} and newer, before {u}"),
                (Some(f), None) => format!("{f} and newer"),
                (None, Some(u)) => format!("before {u}"),
                (None, None) => "every version".to_owned(),
            };
            (row.feature, format!("tmux {versions} ({})", row.source))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn releases_are_ordered_as_tmux_publishes_them() {
        let order = [
            "3.1c", "3.2", "3.2a", "3.3a", "3.4", "3.5", "3.5a", "3.6b", "3.7c", "next-3.8", "3.8",
            "3.10",
        ];
        let parsed: Vec<Release> = order
            .iter()
            .map(|t| Release::parse(t).unwrap_or_else(|| panic!("{t}")))
            .collect();
        assert!(parsed.windows(2).all(|w| w[0] < w[1]), "{parsed:?}");
        for (text, release) in order.iter().zip(&parsed) {
            assert_eq!(release.to_string(), *text);
        }
        for unknown in ["openbsd-7.6", "master", "3", "3.x", "next-3.8a", ""] {
            assert_eq!(Release::parse(unknown), None, "{unknown}");
        }
    }

    #[test]
    fn the_floor_is_3_2a_and_unknown_builds_pass() {
        assert_eq!(
            Version::parse("3.1c")
                .below_floor()
                .map(|e| e.to_string())
                .as_deref(),
            Some("tmux 3.1c is too old: tmux-mcp needs tmux 3.2a or newer")
        );
        assert_eq!(Version::parse("tmux 3.2a").below_floor(), None);
        assert_eq!(Version::parse("openbsd-7.6").below_floor(), None);
        assert_eq!(Version::parse("tmux 3.4\n").text(), "3.4");
    }

    #[test]
    fn each_feature_is_one_row_of_the_table() {
        use Feature::*;
        let all = [
            VisualisedOutput,
            PasteNeedsRaw,
            BracketPasteFlag,
            CreatorSizesNewWindows,
            JoinedCapturesPadded,
        ];
        assert_eq!(TABLE.len(), all.len());
        for feature in all {
            assert_eq!(TABLE.iter().filter(|r| r.feature == feature).count(), 1);
            assert_eq!(feature.row().feature, feature);
        }
        let names: std::collections::HashSet<&str> = TABLE.iter().map(|r| r.name).collect();
        assert_eq!(names.len(), TABLE.len(), "names are distinct");
    }

    #[test]
    fn each_version_has_the_features_its_source_says() {
        use Feature::*;
        let has = |v: &str| {
            let f = Version::parse(v).features();
            [
                VisualisedOutput,
                PasteNeedsRaw,
                BracketPasteFlag,
                CreatorSizesNewWindows,
                JoinedCapturesPadded,
            ]
            .into_iter()
            .filter(|x| f.has(*x))
            .collect::<Vec<_>>()
        };
        assert_eq!(has("3.2a"), [CreatorSizesNewWindows, JoinedCapturesPadded]);
        assert_eq!(has("3.3a"), []);
        assert_eq!(has("3.4"), [VisualisedOutput]);
        assert_eq!(has("3.5a"), [VisualisedOutput]);
        assert_eq!(has("3.6b"), []);
        assert_eq!(has("3.7c"), [PasteNeedsRaw, BracketPasteFlag]);
        assert_eq!(has("next-3.8"), [PasteNeedsRaw, BracketPasteFlag]);
        assert_eq!(has("openbsd-7.6"), [PasteNeedsRaw, BracketPasteFlag]);
        let names: Vec<Feature> = Version::parse("3.4")
            .features()
            .in_use()
            .into_iter()
            .map(|(f, _)| f)
            .collect();
        assert_eq!(names, [VisualisedOutput]);
    }
}
