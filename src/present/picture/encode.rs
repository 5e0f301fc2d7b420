//! Writing a picture's palette indices as an indexed PNG, fast.
//!
//! A board is mostly flat colour: long runs of one index and rows equal to the row above.
//! So the image data is compressed by a small DEFLATE encoder of our own (RFC 1951, one block
//! with the fixed Huffman codes) that looks for exactly those two repeats, the previous byte
//! and the byte one row up, and writes everything else as literals. It does no searching,
//! so it runs at memory speed; the result is as small as a general fast compressor's on
//! such pictures. The rows are unfiltered (a palette picture's recommended filter), which the
//! canvas lays out in place: every row of indices starts with its filter byte, 0.
//!
//! Pictures drawn once and kept (the end of a match) go through the `png` crate at zlib's
//! level 6 instead ([`encode_png`] with `small`).

use std::sync::OnceLock;

/// The PNG file of a `width` × `height` picture whose rows of palette indices each follow
/// their filter byte (`rows` holds `height` × (1 + `width`) bytes, every row starting with
/// 0), with `palette`'s colours: fast, or `small` (zlib's level 6, slower).
///
/// # Panics
/// If `rows` is not `height` rows of 1 + `width` bytes, or the palette holds more than 256
/// colours.
///
/// `same[r]`, when true, says that row `r` is the same as the row above (the caller knows it
/// without comparing them); rows beyond `same`, or where it says false, are looked at.
pub(crate) fn encode_png(
    width: u32,
    height: u32,
    rows: &[u8],
    palette: &[[u8; 3]],
    small: bool,
    same: &[bool],
) -> Vec<u8> {
    let stride = width as usize + 1;
    assert_eq!(rows.len(), stride * height as usize, "a picture's rows");
    assert!(palette.len() <= 256, "a palette of at most 256 colours");
    if small {
        return encode_small(width, height, rows, palette);
    }
    let mut out = Vec::with_capacity(16 * 1024);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut ihdr = [0u8; 13];
    ihdr[..4].copy_from_slice(&width.to_be_bytes());
    ihdr[4..8].copy_from_slice(&height.to_be_bytes());
    // Bit depth 8, colour type 3 (indexed), deflate, adaptive filtering, not interlaced.
    ihdr[8..].copy_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", |o| o.extend_from_slice(&ihdr));
    chunk(&mut out, b"PLTE", |o| o.extend(palette.iter().flatten()));
    chunk(&mut out, b"IDAT", |o| zlib(rows, stride, same, o));
    chunk(&mut out, b"IEND", |_| {});
    out
}

/// The slower, smaller encoding, through the `png` crate.
fn encode_small(width: u32, height: u32, rows: &[u8], palette: &[[u8; 3]]) -> Vec<u8> {
    let stride = width as usize + 1;
    let indices: Vec<u8> = rows.chunks_exact(stride).flat_map(|r| &r[1..]).copied().collect();
    let mut out = Vec::with_capacity(16 * 1024);
    {
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(palette.iter().flatten().copied().collect::<Vec<u8>>());
        encoder.set_deflate_compression(png::DeflateCompression::Level(6));
        encoder.set_filter(png::Filter::NoFilter);
        let mut writer = encoder.write_header().expect("a PNG header writes to memory");
        writer.write_image_data(&indices).expect("a PNG body writes to memory");
        writer.finish().expect("a PNG ends in memory");
    }
    out
}

/// One PNG chunk: its length, its type, the data `write` appends, its CRC.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], write: impl FnOnce(&mut Vec<u8>)) {
    let start = out.len();
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(kind);
    write(out);
    let len = u32::try_from(out.len() - start - 8).expect("a chunk under 4 GB");
    out[start..start + 4].copy_from_slice(&len.to_be_bytes());
    let crc = crc32fast::hash(&out[start + 4..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// The longest match DEFLATE can say.
const MAX_MATCH: usize = 258;

/// The farthest back a DEFLATE match may reach.
const WINDOW: usize = 32 * 1024;

/// The bits of the hash of four bytes that finds where they were last seen.
const SEEN_BITS: u32 = 12;

/// `data`, rows of `stride` bytes, as a zlib stream: a header, one DEFLATE block with the
/// fixed codes whose matches are at distance 1 (the same byte again) or `stride` (the row
/// above), the Adler-32. `same[r]`: row `r` is known to be the same as the row above.
fn zlib(data: &[u8], stride: usize, same: &[bool], out: &mut Vec<u8>) {
    // Deflate, a 32 KB window, no dictionary, the fastest level (0x78 0x01 is a multiple of 31).
    out.extend_from_slice(&[0x78, 0x01]);
    let mut bits = Bits { out, acc: 0, n: 0 };
    // BFINAL, then BTYPE 01: fixed Huffman codes.
    bits.put(0b011, 3);
    let codes = codes();
    let up = distance_code(stride);
    let prev = distance_code(1);
    // Where each hash of four bytes was last seen (plus one; 0: not yet).
    let mut seen = vec![0u32; 1 << SEEN_BITS];
    let mut i = 0;
    for (r, end) in (stride..=data.len()).step_by(stride).enumerate() {
        if i == end - stride && r > 0 && same.get(r).copied().unwrap_or(false) {
            bits.repeat(codes, stride, up);
            i = end;
        }
        while i < end {
            let rest = data.len() - i;
            let byte = data[i];
            let up_len = if i >= stride && data[i - stride] == byte { run(data, i - stride, i, rest) } else { 0 };
            let prev_len = if i >= 1 && up_len < rest && data[i - 1] == byte { run(data, i - 1, i, rest) } else { 0 };
            let (mut len, mut dist) = if up_len >= prev_len { (up_len, up) } else { (prev_len, prev) };
            if len < 3 && rest >= 4 {
                // The same four bytes seen last: an edge, a digit, a cell drawn before.
                let four = u32::from_le_bytes(data[i..i + 4].try_into().expect("four bytes"));
                let slot = &mut seen[(four.wrapping_mul(0x9e37_79b1) >> (32 - SEEN_BITS)) as usize];
                let before = *slot as usize;
                *slot = i as u32 + 1;
                if before > 0 && i + 1 - before <= WINDOW && data[before - 1..before + 3] == data[i..i + 4] {
                    let from = before - 1;
                    (len, dist) = (run(data, from, i, rest), distance_code(i - from));
                }
            }
            if len >= 3 {
                bits.repeat(codes, len, dist);
                i += len;
            } else {
                let (code, n) = codes.literal[usize::from(byte)];
                bits.put(code, n);
                i += 1;
            }
        }
    }
    let (code, n) = codes.end;
    bits.put(code, n);
    bits.flush();
    let mut adler = simd_adler32::Adler32::new();
    adler.write(data);
    let adler = adler.finish();
    out.extend_from_slice(&adler.to_be_bytes());
}

/// How many bytes from `at` repeat those from `from` (< `at`), at most `max`; the two may
/// overlap (a run).
#[inline]
fn run(data: &[u8], from: usize, at: usize, max: usize) -> usize {
    let (a, b) = (&data[from..from + max], &data[at..at + max]);
    let word = |s: &[u8]| u64::from_le_bytes(s.try_into().expect("eight bytes"));
    let mut n = 0;
    for (x, y) in a.chunks_exact(8).zip(b.chunks_exact(8)) {
        let d = word(x) ^ word(y);
        if d != 0 {
            return n + (d.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    n + a[n..].iter().zip(&b[n..]).take_while(|(x, y)| x == y).count()
}

/// Bits written least significant first, as DEFLATE packs them.
struct Bits<'a> {
    out: &'a mut Vec<u8>,
    acc: u64,
    n: u32,
}

impl Bits<'_> {
    #[inline]
    fn put(&mut self, bits: u32, n: u32) {
        self.acc |= u64::from(bits) << self.n;
        self.n += n;
        if self.n >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.n -= 32;
        }
    }

    /// A match of `len` (3 or more) bytes at the distance `dist` codes, as several matches
    /// when it is longer than DEFLATE can say at once.
    #[inline]
    fn repeat(&mut self, codes: &Codes, mut len: usize, dist: (u32, u32)) {
        while len > 0 {
            // Never leave fewer than three bytes, the shortest match.
            let now = match len {
                ..=MAX_MATCH => len,
                _ if len - MAX_MATCH < 3 => len - 3,
                _ => MAX_MATCH,
            };
            let (code, n) = codes.length[now];
            self.put(code, n);
            self.put(dist.0, dist.1);
            len -= now;
        }
    }

    fn flush(&mut self) {
        while self.n > 0 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n = self.n.saturating_sub(8);
        }
    }
}

/// The fixed Huffman codes, bit-reversed for writing: each literal, each match length with
/// its extra bits, the end of the block.
struct Codes {
    literal: [(u32, u32); 256],
    length: [(u32, u32); MAX_MATCH + 1],
    end: (u32, u32),
}

/// The fixed code of a literal/length symbol (RFC 1951, 3.2.6), bit-reversed.
fn fixed(symbol: u32) -> (u32, u32) {
    let (code, n) = match symbol {
        0..=143 => (0x30 + symbol, 8),
        144..=255 => (0x190 + symbol - 144, 9),
        256..=279 => (symbol - 256, 7),
        _ => (0xc0 + symbol - 280, 8),
    };
    (reverse(code, n), n)
}

fn reverse(code: u32, n: u32) -> u32 {
    code.reverse_bits() >> (32 - n)
}

const LENGTH_BASE: [u16; 29] =
    [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA: [u8; 29] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE: [u32; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
    8193, 12289, 16385, 24577,
];
const DIST_EXTRA: [u8; 30] =
    [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];

fn codes() -> &'static Codes {
    static CODES: OnceLock<Codes> = OnceLock::new();
    CODES.get_or_init(|| {
        let literal = std::array::from_fn(|b| fixed(b as u32));
        let length = std::array::from_fn(|len| {
            if len < 3 {
                return (0, 0);
            }
            let i = LENGTH_BASE.iter().rposition(|&b| usize::from(b) <= len).expect("a length of 3 or more");
            // 258 has its own code (285), not 227 plus 31.
            let i = if len == MAX_MATCH { 28 } else { i.min(27) };
            let (code, n) = fixed(257 + i as u32);
            let extra = u32::from(LENGTH_EXTRA[i]);
            (code | ((len as u32 - u32::from(LENGTH_BASE[i])) << n), n + extra)
        });
        Codes { literal, length, end: fixed(256) }
    })
}

/// The code and extra bits of a match distance, bit-packed for writing.
///
/// # Panics
/// If `dist` is beyond DEFLATE's 32 KB window.
#[inline]
fn distance_code(dist: usize) -> (u32, u32) {
    assert!((1..=WINDOW).contains(&dist), "a distance within the window");
    let d = dist as u32 - 1;
    // Codes 0 to 3 are distances 1 to 4; then two codes for each power of two, whose
    // extra bits say where in it.
    let (i, extra) = if d < 4 {
        (d, 0)
    } else {
        let top = 31 - d.leading_zeros();
        (2 * top + ((d >> (top - 1)) & 1), top - 1)
    };
    debug_assert_eq!(
        (DIST_BASE[i as usize], u32::from(DIST_EXTRA[i as usize])),
        (d + 1 - (d & ((1 << extra) - 1)), extra)
    );
    (reverse(i, 5) | ((d & ((1 << extra) - 1)) << 5), 5 + extra)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(png_bytes: &[u8]) -> (u32, u32, Vec<u8>) {
        let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes.to_vec()));
        let mut reader = decoder.read_info().expect("a PNG header");
        let (w, h) = (reader.info().width, reader.info().height);
        let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
        reader.next_frame(&mut buf).expect("a PNG body");
        buf.truncate((w * h) as usize);
        (w, h, buf)
    }

    fn rows(width: usize, indices: &[u8]) -> Vec<u8> {
        indices.chunks(width).flat_map(|r| std::iter::once(0).chain(r.iter().copied())).collect()
    }

    #[test]
    fn pictures_of_runs_rows_and_noise_decode_to_their_indices() {
        let palette: Vec<[u8; 3]> = (0..=255u8).map(|i| [i, i / 2, 255 - i]).collect();
        let mut seed = 7u32;
        let mut noise = move || {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (seed >> 16) as u8
        };
        for (width, height) in [(1, 1), (3, 2), (7, 5), (300, 40), (1000, 9)] {
            // Flat, striped, repeated rows, noise, long runs past 258, all at once.
            let indices: Vec<u8> = (0..width * height)
                .map(|i| {
                    let (x, y) = (i % width, i / width);
                    match y % 5 {
                        0 | 4 => 5,
                        1 => (x / 3) as u8,
                        2 if x % 50 < 25 => noise(),
                        _ => (x as u8).wrapping_mul(y as u8),
                    }
                })
                .collect();
            let row = |r: usize| &indices[r * width..(r + 1) * width];
            let same: Vec<bool> = (0..height).map(|r| r > 0 && row(r) == row(r - 1)).collect();
            assert!(same.iter().any(|&s| s) || height < 6, "{width}×{height}: some rows repeat");
            for (small, same) in [(false, &[][..]), (false, &same[..]), (true, &[][..])] {
                let png = encode_png(width as u32, height as u32, &rows(width, &indices), &palette, small, same);
                assert_eq!(decode(&png), (width as u32, height as u32, indices.clone()), "{width}×{height} {small}");
            }
        }
    }

    #[test]
    fn every_distance_has_its_code() {
        for dist in 1..=WINDOW {
            let i = DIST_BASE.iter().rposition(|&b| b as usize <= dist).unwrap();
            let extra = u32::from(DIST_EXTRA[i]);
            let want = reverse(i as u32, 5) | ((dist as u32 - DIST_BASE[i]) << 5);
            assert_eq!(distance_code(dist), (want, 5 + extra), "{dist}");
        }
    }

    #[test]
    fn a_flat_picture_is_tiny() {
        let png = encode_png(800, 300, &rows(800, &[3; 800 * 300]), &[[0; 3]; 24], false, &[]);
        // About 21 bits for every 258 bytes.
        assert!(png.len() < 3_000, "{} bytes", png.len());
    }
}
