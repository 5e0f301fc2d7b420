# An independent ChaCha8 (rand_chacha layout) + rand_core seed_from_u64, to check the tosses.
M64 = (1 << 64) - 1
M32 = (1 << 32) - 1

def seed_from_u64(state):
    out = []
    for _ in range(8):
        state = (state * 6364136223846793005 + 11634580027462260723) & M64
        xs = (((state >> 18) ^ state) >> 27) & M32
        rot = state >> 59
        x = ((xs >> rot) | (xs << ((32 - rot) % 32))) & M32
        out.append(x)
    return out  # 8 little-endian key words

def rotl(x, n):
    return ((x << n) | (x >> (32 - n))) & M32

def qr(s, a, b, c, d):
    s[a] = (s[a] + s[b]) & M32; s[d] = rotl(s[d] ^ s[a], 16)
    s[c] = (s[c] + s[d]) & M32; s[b] = rotl(s[b] ^ s[c], 12)
    s[a] = (s[a] + s[b]) & M32; s[d] = rotl(s[d] ^ s[a], 8)
    s[c] = (s[c] + s[d]) & M32; s[b] = rotl(s[b] ^ s[c], 7)

def block(key, counter, stream, rounds=8):
    const = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574]
    init = const + key + [counter & M32, counter >> 32, stream & M32, stream >> 32]
    s = init[:]
    for _ in range(rounds // 2):
        qr(s, 0, 4, 8, 12); qr(s, 1, 5, 9, 13); qr(s, 2, 6, 10, 14); qr(s, 3, 7, 11, 15)
        qr(s, 0, 5, 10, 15); qr(s, 1, 6, 11, 12); qr(s, 2, 7, 8, 13); qr(s, 3, 4, 9, 14)
    return [(x + y) & M32 for x, y in zip(s, init)]

class Rng:
    def __init__(self, seed, stream):
        self.key = seed_from_u64(seed); self.stream = stream; self.counter = 0; self.buf = []
    def next_u32(self):
        if not self.buf:
            self.buf = block(self.key, self.counter, self.stream); self.counter += 1
        return self.buf.pop(0)

def below(r, bound):
    zone = M32 - (M32 - bound + 1) % bound
    while True:
        x = r.next_u32()
        if x <= zone:
            return x % bound

def toss(seed, stream):
    return 'B' if Rng(seed, stream).next_u32() & 1 else 'A'

def deck(seed, rnd, copies=5):
    d = [v for v in range(1, 6) for _ in range(copies)]
    r = Rng(seed, rnd + 1)
    for i in range(len(d) - 1, 0, -1):
        j = below(r, i + 1)
        d[i], d[j] = d[j], d[i]
    return d

if __name__ == '__main__':
    # Validation against the values pinned by En Garde's shuffle.rs.
    assert toss(7, 0) == 'B'
    assert deck(7, 0) == [3, 1, 2, 1, 4, 3, 5, 4, 1, 3, 1, 4, 3, 1, 2, 2, 2, 3, 5, 4, 5, 4, 2, 5, 5], deck(7, 0)
    print('round1', [toss(s, 0) for s in range(8)])
    print('round2', [toss(s, 1) for s in range(8)])
