//! `LIBTMUX_HOSTS`: the SSH destinations a server may reach, parsed strictly at startup.

use crate::environment::{self as env, Environment};

/// One entry of `LIBTMUX_HOSTS`, as the operator wrote it: the `host` value tools take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Destination {
    /// The entry as written, which is also how calls name it.
    pub name: String,
    user: Option<String>,
    host: String,
    port: Option<u16>,
}

impl Destination {
    /// `[user@]host[:port]`, or a name from the user's `~/.ssh/config`; `[v6]` for an IPv6
    /// address with a port. Nothing that `ssh` could read as an option or a second argument.
    pub fn parse(entry: &str) -> Result<Destination, String> {
        let bad = |why: &str| {
            Err(format!(
                "{} has {entry:?}, {why}; write [user@]host[:port] or a Host name from ~/.ssh/config",
                env::HOSTS
            ))
        };
        let (user, rest) = match entry.split_once('@') {
            Some((user, rest)) => (Some(user), rest),
            None => (None, entry),
        };
        if let Some(user) = user
            && (user.is_empty() || !user.chars().all(|c| word(c) || c == '.'))
        {
            return bad("whose user is not a plain user name");
        }
        let (host, port) = if let Some(v6) = rest.strip_prefix('[') {
            let Some((address, after)) = v6.split_once(']') else {
                return bad("with a [ and no ]");
            };
            let port = match after {
                "" => None,
                p => match p.strip_prefix(':') {
                    Some(p) => Some(p),
                    None => return bad("with text after ]"),
                },
            };
            if address.is_empty() || !address.chars().all(|c| c.is_ascii_hexdigit() || c == ':') {
                return bad("whose bracketed address is not IPv6");
            }
            (address, port)
        } else {
            let (host, port) = match rest.rsplit_once(':') {
                Some((host, port)) => (host, Some(port)),
                None => (rest, None),
            };
            if host.is_empty()
                || host.starts_with('-')
                || !host.chars().all(|c| word(c) || c == '.')
            {
                return bad("whose host is not a host name or address");
            }
            (host, port)
        };
        let port = match port.map(str::parse::<u16>) {
            None => None,
            Some(Ok(p)) if p > 0 => Some(p),
            Some(_) => return bad("whose port is not a number from 1 to 65535"),
        };
        Ok(Destination {
            name: entry.to_owned(),
            user: user.map(str::to_owned),
            host: host.to_owned(),
            port,
        })
    }

    /// `ssh`'s arguments naming this destination: a port option, then `[user@]host` last.
    pub fn ssh_arguments(&self) -> Vec<String> {
        let mut args = Vec::new();
        if let Some(port) = self.port {
            args.extend(["-p".to_owned(), port.to_string()]);
        }
        args.push(match &self.user {
            Some(user) => format!("{user}@{}", self.host),
            None => self.host.clone(),
        });
        args
    }
}

fn word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// The hosts of `LIBTMUX_HOSTS`, in the order given; unset or empty: none.
pub fn from_env(vars: &Environment) -> Result<Vec<Destination>, String> {
    let Some(raw) = vars.get(env::HOSTS)? else {
        return Ok(Vec::new());
    };
    if raw.trim().is_empty() {
        return Ok(Vec::new());
    }
    let mut hosts: Vec<Destination> = Vec::new();
    for entry in raw.split(',').map(str::trim) {
        if entry.is_empty() {
            return Err(format!(
                "{} has an empty entry; separate destinations with single commas",
                env::HOSTS
            ));
        }
        let host = Destination::parse(entry)?;
        if hosts.iter().any(|h| h.name == host.name) {
            return Err(format!("{} names {entry} twice; name it once", env::HOSTS));
        }
        hosts.push(host);
    }
    Ok(hosts)
}

#[cfg(test)]
mod tests {
    use super::{Destination, from_env};
    use crate::environment::{self as env, Environment};

    #[test]
    fn destinations_become_ssh_arguments() {
        let cases = [
            ("gpu", vec!["gpu"]),
            ("me@dev-1.example.org", vec!["me@dev-1.example.org"]),
            ("127.0.0.2:2222", vec!["-p", "2222", "127.0.0.2"]),
            ("root@[::1]:22", vec!["-p", "22", "root@::1"]),
            ("[fe80::1]", vec!["fe80::1"]),
        ];
        for (entry, args) in cases {
            let d = Destination::parse(entry).unwrap();
            assert_eq!(d.ssh_arguments(), args, "{entry}");
            assert_eq!(d.name, entry);
        }
    }

    #[test]
    fn anything_ssh_could_read_otherwise_is_refused() {
        for entry in [
            "-oProxyCommand=x",
            "a b",
            "me@",
            "@host",
            "host:0",
            "host:99999",
            "host:22:33",
            "[::1",
            "[::1]x",
            "h;rm",
            "u$x@h",
            "[zz]",
        ] {
            let e = Destination::parse(entry).unwrap_err();
            assert!(e.starts_with("LIBTMUX_HOSTS has"), "{entry}: {e}");
        }
    }

    #[test]
    fn the_list_is_strict() {
        let vars = |v: &'static str| Environment::from_pairs(&[(env::HOSTS, v)]);
        assert!(from_env(&Environment::default()).unwrap().is_empty());
        assert!(from_env(&vars("")).unwrap().is_empty());
        let two = from_env(&vars("a, me@b:2200")).unwrap();
        assert_eq!(two.len(), 2);
        assert!(from_env(&vars("a,,b")).unwrap_err().contains("empty entry"));
        assert!(from_env(&vars("a,")).unwrap_err().contains("empty entry"));
        assert!(from_env(&vars("a,a")).unwrap_err().contains("twice"));
    }
}
