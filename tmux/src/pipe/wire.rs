//! The frames between a pane's hub and the servers it feeds, free of I/O: a kind byte, a
//! little-endian `u32` length and the payload. The hub sends [`Frame::Output`] (the pane's
//! bytes as tmux piped them), [`Frame::Synced`] (the answer to a sync) and [`Frame::Closed`]
//! (tmux closed the pipe: a hub that dies sends none); a server sends
//! [`Frame::Sync`]. A sync's answer comes after every byte the hub had read from tmux when it
//! took the request, so it marks a point of the pane's output.

/// Most payload bytes of one frame: a frame longer than this is no frame of ours.
pub const MAX_PAYLOAD: usize = 1 << 20;

const OUTPUT: u8 = b'D';
const SYNC: u8 = b'S';
const SYNCED: u8 = b'A';
const CLOSED: u8 = b'E';
const HEADER: usize = 5;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Frame {
    /// Bytes the pane printed.
    Output(Vec<u8>),
    /// A server asks for a point of the output: answered with [`Frame::Synced`] of the same
    /// number once everything read before it was sent.
    Sync(u64),
    Synced(u64),
    /// tmux closed the pipe, after the last output: the pane went, or someone's `pipe-pane`
    /// closed it.
    Closed,
}

impl Frame {
    /// The frame as it goes on the wire.
    pub fn encode(&self) -> Vec<u8> {
        let (kind, payload): (u8, &[u8]) = match self {
            Frame::Output(bytes) => (OUTPUT, bytes),
            Frame::Sync(n) => return header_and(SYNC, &n.to_le_bytes()),
            Frame::Synced(n) => return header_and(SYNCED, &n.to_le_bytes()),
            Frame::Closed => (CLOSED, &[]),
        };
        header_and(kind, payload)
    }
}

fn header_and(kind: u8, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + payload.len());
    out.push(kind);
    out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    out.extend_from_slice(payload);
    out
}

/// What the bytes read so far say.
#[derive(Debug, PartialEq, Eq)]
pub enum Decoded {
    Frame(Frame),
    /// More bytes are needed.
    Incomplete,
    /// Not our protocol: the connection is dropped.
    Invalid,
}

/// Frames from a byte stream read in pieces of any size.
#[derive(Default)]
pub struct Decoder {
    buf: Vec<u8>,
    /// Where the next frame starts in `buf` (consumed bytes are cut off in `push`).
    at: usize,
}

impl Decoder {
    pub fn push(&mut self, bytes: &[u8]) {
        self.buf.drain(..self.at);
        self.at = 0;
        self.buf.extend_from_slice(bytes);
    }

    pub fn next(&mut self) -> Decoded {
        let rest = &self.buf[self.at..];
        let Some((&kind, rest)) = rest.split_first() else {
            return Decoded::Incomplete;
        };
        let Some(len) = rest.get(..4) else {
            return Decoded::Incomplete;
        };
        let len = u32::from_le_bytes([len[0], len[1], len[2], len[3]]) as usize;
        if len > MAX_PAYLOAD {
            return Decoded::Invalid;
        }
        let Some(payload) = rest.get(4..4 + len) else {
            return Decoded::Incomplete;
        };
        let number = || {
            let bytes: [u8; 8] = payload.try_into().ok()?;
            Some(u64::from_le_bytes(bytes))
        };
        let frame = match kind {
            OUTPUT => Frame::Output(payload.to_vec()),
            SYNC => match number() {
                Some(n) => Frame::Sync(n),
                None => return Decoded::Invalid,
            },
            SYNCED => match number() {
                Some(n) => Frame::Synced(n),
                None => return Decoded::Invalid,
            },
            CLOSED if payload.is_empty() => Frame::Closed,
            _ => return Decoded::Invalid,
        };
        self.at += HEADER + len;
        Decoded::Frame(frame)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode_all(pieces: &[&[u8]]) -> Vec<Frame> {
        let mut d = Decoder::default();
        let mut out = Vec::new();
        for piece in pieces {
            d.push(piece);
            while let Decoded::Frame(f) = d.next() {
                out.push(f);
            }
        }
        out
    }

    #[test]
    fn frames_read_back_whatever_the_pieces() {
        let frames = [
            Frame::Output(b"hello\r\n".to_vec()),
            Frame::Sync(7),
            Frame::Synced(u64::MAX),
            Frame::Output(Vec::new()),
            Frame::Closed,
        ];
        let wire: Vec<u8> = frames.iter().flat_map(Frame::encode).collect();
        assert_eq!(decode_all(&[&wire]), frames);
        // One byte at a time.
        let bytes: Vec<&[u8]> = wire.chunks(1).collect();
        assert_eq!(decode_all(&bytes), frames);
        // Cut inside a header and inside a payload.
        let (a, b) = wire.split_at(3);
        let (b, c) = b.split_at(9);
        assert_eq!(decode_all(&[a, b, c]), frames);
    }

    #[test]
    fn what_is_not_a_frame_is_invalid() {
        let mut d = Decoder::default();
        d.push(b"X\0\0\0\0");
        assert_eq!(d.next(), Decoded::Invalid);
        let mut d = Decoder::default();
        d.push(&header_and(OUTPUT, &[])[..1]);
        d.push(&u32::MAX.to_le_bytes());
        assert_eq!(d.next(), Decoded::Invalid, "longer than any frame");
        let mut d = Decoder::default();
        d.push(&header_and(SYNC, b"abc"));
        assert_eq!(d.next(), Decoded::Invalid, "a sync holds a number");
        let mut d = Decoder::default();
        d.push(&header_and(CLOSED, b"x"));
        assert_eq!(d.next(), Decoded::Invalid, "a close holds nothing");
        let mut d = Decoder::default();
        d.push(&Frame::Sync(1).encode()[..6]);
        assert_eq!(d.next(), Decoded::Incomplete);
    }
}
