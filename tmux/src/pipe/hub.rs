//! A pane's hub: the process tmux's `pipe-pane -O` starts for a followed pane (this binary,
//! run as `tmux-mcp pipe-hub SOCKET TMUX-SOCKET PANE`). It reads the pane's bytes from tmux
//! as fast as tmux writes them and hands them to every tmux-mcp server connected to its
//! socket, so that several servers follow one pane through the one pipe tmux allows a pane.
//!
//! It ends when tmux closes the pipe (the pane ended, or someone piped it elsewhere), and
//! when its last server has gone: then it closes the pipe itself, so that the pane is as it
//! was before it was followed. It never stops reading, so tmux never holds a pane's output for
//! it: what a server has not taken yet waits in the hub's memory, up to [`MOST_QUEUED`]; a
//! server further behind (stopped, say) is let go, and follows the pane again at its next call.

use std::collections::HashMap;
use std::ffi::OsString;
use std::io::ErrorKind;
use std::os::fd::AsFd;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{UnixListener, UnixStream};
use tokio::sync::mpsc;

use super::wire::{Decoded, Decoder, Frame, MAX_PAYLOAD};

/// Most bytes queued for one server before the hub lets it go.
pub const MOST_QUEUED: usize = 256 << 20;
/// How long the servers have, once the pipe is closed, to take what is queued for them.
const LAST_WRITES: Duration = Duration::from_secs(10);
/// How long a hub no server connected to waits for one.
const FIRST_SERVER: Duration = Duration::from_secs(10);
/// The bytes read from tmux at once.
const READ: usize = 64 << 10;

/// `pipe-hub SOCKET TMUX-SOCKET PANE`: the hub's own command line.
pub fn main(args: &[OsString]) -> ExitCode {
    let [socket, tmux_socket, pane] = args else {
        eprintln!("usage: tmux-mcp pipe-hub SOCKET TMUX-SOCKET PANE (tmux's pipe-pane runs it)");
        return ExitCode::from(2);
    };
    let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    else {
        return ExitCode::FAILURE;
    };
    let socket = PathBuf::from(socket);
    let ours = runtime.block_on(serve(&socket));
    // The pipe is still this hub's when tmux did not close it.
    if ours {
        close_pipe(tmux_socket, pane);
    }
    ExitCode::SUCCESS
}

/// `pipe-pane -t PANE` with no command: tmux closes the pane's pipe. Run by the tmux server's
/// own program where the system says which it is (the hub's parent: `pipe-pane` starts its
/// command as the server's child), so that it speaks that server's version whatever PATH
/// tmux was started with.
fn close_pipe(tmux_socket: &OsString, pane: &OsString) {
    let parent = i64::from(std::os::unix::process::parent_id());
    let program = crate::process::program_files(parent)
        .into_iter()
        .next()
        .unwrap_or_else(|| "tmux".into());
    let _ = std::process::Command::new(program)
        .arg("-S")
        .arg(tmux_socket)
        .arg("pipe-pane")
        .arg("-t")
        .arg(pane)
        .env_remove("TMUX")
        .env_remove("TMUX_PANE")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status();
}

/// What the hub's loop hears from the servers' readers.
enum Said {
    Sync(usize, u64),
    Left(usize),
}

/// A connected server: its queue and how many bytes wait in it.
struct Server {
    queue: mpsc::UnboundedSender<Arc<[u8]>>,
    queued: Arc<AtomicUsize>,
}

/// How the hub's loop ended.
enum Ending {
    /// tmux closed the pipe.
    Closed,
    /// No server is left (or none came): the pipe is still the hub's.
    Unwanted,
}

/// The servers connected to the hub, and what they say.
struct Servers {
    each: HashMap<usize, Server>,
    next_id: usize,
    said: mpsc::UnboundedSender<Said>,
    writers: tokio::task::JoinSet<()>,
}

impl Servers {
    fn admit(&mut self, stream: UnixStream) {
        let id = self.next_id;
        self.next_id += 1;
        let (queue, queued_rx) = mpsc::unbounded_channel();
        let queued = Arc::new(AtomicUsize::new(0));
        let (reader, writer) = stream.into_split();
        tokio::spawn(listen(id, reader, self.said.clone()));
        self.writers.spawn(write(writer, queued_rx, queued.clone()));
        self.each.insert(id, Server { queue, queued });
    }
}

/// The hub's socket, bound; the identity of its file, to remove only it: a hub started for
/// the pane after this one's pipe closed binds the same path.
struct Bound {
    listener: UnixListener,
    file: Option<(u64, u64)>,
}

fn bind(socket: &Path) -> Option<Bound> {
    let _ = std::fs::remove_file(socket);
    let listener = UnixListener::bind(socket).ok()?;
    let file = identity(socket);
    Some(Bound { listener, file })
}

fn identity(socket: &Path) -> Option<(u64, u64)> {
    std::fs::metadata(socket).ok().map(|m| (m.dev(), m.ino()))
}

impl Bound {
    /// Removes the socket, so that no server can connect any more, and takes those that
    /// connected before it went: a server that found the socket as the last one left must
    /// not find a hub that never answers.
    fn retire(self, socket: &Path) -> Vec<UnixStream> {
        if self.file.is_some() && identity(socket) == self.file {
            let _ = std::fs::remove_file(socket);
        }
        let Ok(listener) = self.listener.into_std() else {
            return Vec::new();
        };
        let mut late = Vec::new();
        while let Ok((stream, _)) = listener.accept() {
            if stream.set_nonblocking(true).is_ok()
                && let Ok(stream) = UnixStream::from_std(stream)
            {
                late.push(stream);
            }
        }
        late
    }
}

/// Serves until tmux closes the pipe (`false`) or the last server leaves (`true`: the pipe is
/// still open).
async fn serve(socket: &Path) -> bool {
    let Some(input) = tmux_end() else {
        return false;
    };
    let Some(mut bound) = bind(socket) else {
        return true;
    };
    let (said, mut heard) = mpsc::unbounded_channel();
    let mut servers = Servers {
        each: HashMap::new(),
        next_id: 0,
        said,
        writers: tokio::task::JoinSet::new(),
    };
    let mut buf = vec![0; READ];
    let first = tokio::time::sleep(FIRST_SERVER);
    tokio::pin!(first);
    let ending = loop {
        let ending = loop {
            tokio::select! {
                read = read_some(&input, &mut buf) => match read {
                    Some(n) => {
                        broadcast(&mut servers.each, &buf[..n]);
                        if let_go(&mut servers.each) {
                            break Ending::Unwanted;
                        }
                    }
                    None => break Ending::Closed,
                },
                accepted = bound.listener.accept() => {
                    if let Ok((stream, _)) = accepted {
                        servers.admit(stream);
                    }
                }
                Some(heard) = heard.recv() => match heard {
                    Said::Sync(id, n) => {
                        // Everything tmux had written before the request goes before its answer.
                        if !drain(&input, &mut buf, &mut servers.each) {
                            break Ending::Closed;
                        }
                        if let_go(&mut servers.each) {
                            break Ending::Unwanted;
                        }
                        if let Some(server) = servers.each.get(&id) {
                            send(server, Frame::Synced(n).encode().into());
                        }
                    }
                    Said::Left(id) => {
                        servers.each.remove(&id);
                        if servers.each.is_empty() {
                            break Ending::Unwanted;
                        }
                    }
                },
                () = &mut first, if servers.next_id == 0 => break Ending::Unwanted,
            }
        };
        let late = bound.retire(socket);
        if matches!(ending, Ending::Closed) || late.is_empty() {
            // Those that came as tmux closed the pipe hear so with the others.
            late.into_iter().for_each(|stream| servers.admit(stream));
            break ending;
        }
        // Servers connected as the last one left: serve them, on a socket bound again.
        let Some(again) = bind(socket) else {
            break ending;
        };
        bound = again;
        late.into_iter().for_each(|stream| servers.admit(stream));
    };
    // What was read goes out before the servers see the end, and they learn that tmux ended
    // it (a hub that dies says nothing).
    if matches!(ending, Ending::Closed) {
        let closed: Arc<[u8]> = Frame::Closed.encode().into();
        servers.each.values().for_each(|s| send(s, closed.clone()));
    }
    let Servers {
        each, mut writers, ..
    } = servers;
    drop(each);
    let flushed = async { while writers.join_next().await.is_some() {} };
    let _ = tokio::time::timeout(LAST_WRITES, flushed).await;
    // A pipe someone replaced meanwhile (their `pipe-pane`) is theirs: tmux closed this one.
    matches!(ending, Ending::Unwanted) && !closed(&input)
}

/// Lets go of each server that fell [`MOST_QUEUED`] behind (its connection closes, so its
/// tap ends and it follows the pane again); whether one was let go and none is left.
fn let_go(servers: &mut HashMap<usize, Server>) -> bool {
    let before = servers.len();
    servers.retain(|_, s| s.queued.load(Ordering::Relaxed) < MOST_QUEUED);
    servers.len() < before && servers.is_empty()
}

/// Whether tmux has closed its end of the pipe (what it still had is dropped: no server is
/// left to take it).
fn closed(input: &UnixStream) -> bool {
    let mut buf = [0u8; 4096];
    loop {
        match input.try_read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return e.kind() != ErrorKind::WouldBlock,
        }
    }
}

/// This process's end of tmux's pipe (its stdin), as a socket read without blocking.
fn tmux_end() -> Option<UnixStream> {
    let fd = std::io::stdin().as_fd().try_clone_to_owned().ok()?;
    let stream = std::os::unix::net::UnixStream::from(fd);
    stream.set_nonblocking(true).ok()?;
    UnixStream::from_std(stream).ok()
}

/// Reads what tmux wrote; `None` at its end.
async fn read_some(input: &UnixStream, buf: &mut [u8]) -> Option<usize> {
    loop {
        input.readable().await.ok()?;
        match input.try_read(buf) {
            Ok(0) => return None,
            Ok(n) => return Some(n),
            Err(e) if e.kind() == ErrorKind::WouldBlock || e.kind() == ErrorKind::Interrupted => {}
            Err(_) => return None,
        }
    }
}

/// Reads and hands out everything tmux has written until now; `false` at its end.
fn drain(input: &UnixStream, buf: &mut [u8], servers: &mut HashMap<usize, Server>) -> bool {
    loop {
        match input.try_read(buf) {
            Ok(0) => return false,
            Ok(n) => broadcast(servers, &buf[..n]),
            Err(e) if e.kind() == ErrorKind::WouldBlock => return true,
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
}

fn broadcast(servers: &mut HashMap<usize, Server>, bytes: &[u8]) {
    debug_assert!(bytes.len() <= MAX_PAYLOAD);
    let frame: Arc<[u8]> = Frame::Output(bytes.to_vec()).encode().into();
    for server in servers.values() {
        send(server, frame.clone());
    }
}

fn send(server: &Server, frame: Arc<[u8]>) {
    server.queued.fetch_add(frame.len(), Ordering::Relaxed);
    let _ = server.queue.send(frame);
}

/// Takes one server's requests until it leaves.
async fn listen(
    id: usize,
    mut reader: tokio::net::unix::OwnedReadHalf,
    said: mpsc::UnboundedSender<Said>,
) {
    let mut decoder = Decoder::default();
    let mut buf = [0u8; 256];
    'read: loop {
        let n = match reader.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        decoder.push(&buf[..n]);
        loop {
            match decoder.next() {
                Decoded::Frame(Frame::Sync(n)) => {
                    let _ = said.send(Said::Sync(id, n));
                }
                Decoded::Incomplete => break,
                Decoded::Frame(_) | Decoded::Invalid => break 'read,
            }
        }
    }
    let _ = said.send(Said::Left(id));
}

/// Writes one server's queue to it, until the queue closes or the server goes.
async fn write(
    mut writer: tokio::net::unix::OwnedWriteHalf,
    mut queue: mpsc::UnboundedReceiver<Arc<[u8]>>,
    queued: Arc<AtomicUsize>,
) {
    while let Some(frame) = queue.recv().await {
        if writer.write_all(&frame).await.is_err() {
            break;
        }
        queued.fetch_sub(frame.len(), Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A socket path in a folder of this test's own.
    fn scratch(test: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hub-{test}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("1-2")
    }

    /// A server that connected just before the last one left is taken, not left with a
    /// socket nobody accepts on; one that comes after finds no socket.
    #[tokio::test]
    async fn retiring_takes_the_servers_that_came_and_lets_no_more_in() {
        let socket = scratch("came");
        let bound = bind(&socket).unwrap();
        let came = std::os::unix::net::UnixStream::connect(&socket).unwrap();
        let late = bound.retire(&socket);
        assert_eq!(late.len(), 1);
        assert!(!socket.exists());
        assert!(std::os::unix::net::UnixStream::connect(&socket).is_err());
        // The one taken is the one that came.
        use std::io::Write;
        (&came).write_all(b"x").unwrap();
        late[0].readable().await.unwrap();
        let mut byte = [0u8; 1];
        assert_eq!(late[0].try_read(&mut byte).unwrap(), 1);
        let _ = std::fs::remove_dir_all(socket.parent().unwrap());
    }

    #[tokio::test]
    async fn retiring_a_socket_another_hub_bound_leaves_it() {
        let socket = scratch("other");
        let old = bind(&socket).unwrap();
        let new = bind(&socket).unwrap();
        assert!(old.retire(&socket).is_empty());
        assert!(socket.exists(), "the newer hub's socket stays");
        drop(new);
        let _ = std::fs::remove_dir_all(socket.parent().unwrap());
    }
}
