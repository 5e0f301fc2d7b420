//! Bench opponents: a port of hoeg1/en-garde's `Lv0` and `Lv3` (JavaScript, MIT), the
//! strongest public En Garde program, written anew in Rust from a reading of its
//! `src/cpu/cpu.js`, `src/cpu/cpu3.js` and `src/engarde.js` (no code copied). Not a shipped
//! practice level: the strength bench plays our levels against it.
//!
//! - `Lv0`: attacks when the attack cannot be parried by the unplayed cards (its own hand
//!   counted as unplayed, as in the original), else a random lunge (advanced game), else a
//!   random legal move.
//! - `Lv3`: card counting while the pile is long; from 10 cards left, flat Monte Carlo:
//!   50 determinized playouts per legal move (100 from 6 cards left), the opponent's hand
//!   dealt at random from the unseen cards, both sides played by `Lv3`'s own heuristics to
//!   the end of the round; the move with the most round wins is played.
//!
//! Faithful to the original, quirks included: its binomial coefficient multiplies by
//! `n - 1` instead of `n - i` (so its "probability" a rank is held is skewed), its
//! adventurous advance sorts by the chance of the *card's* rank rather than the distance it
//! leads to, and its "personality" (`seikaku`, 0..1) comes from the first character of a
//! name drawn at random from its list.
//!
//! Rules differences between hoeg1's engine (which the playouts use) and ours, adapted:
//! - hoeg1 always parries when it can (it lists no "take the hit"); our defender may also
//!   accept the hit: the port never does.
//! - A player left with no legal action after a parry emptied the hand loses in hoeg1
//!   ("stuck"); our default (`empty_hand_after_parry = draw_and_pass`) draws and passes. The
//!   port's playouts keep hoeg1's rule; the real match follows ours.
//! - hoeg1's piste is 0..=22, ours 1..=23 (same distances); hoeg1 draws the first starter at
//!   random and alternates, as our `first_player = random` does.
//! - hoeg1's playouts deal random cards with its own generator; ours uses a seeded xorshift.
//! - Everything else used here matches: identical parries, several attack cards, lunges with
//!   several attack cards and the retreat defence (advanced), the end of the pile (an attack
//!   that took the last card must be parried, then hand count at the distance, then
//!   position; after a retreat from a lunge that ended the pile, position only), matches to
//!   5 hits.

#![allow(clippy::needless_range_loop)] // rank-indexed counts, as in the original

use engarde_rules::engarde::{Action, Card, Cards, Phase, SeatView};
use engarde_rules::Seat;

/// The "personality" of each name of hoeg1's list: (first char code % 1000 + 1) / 1000.
const SEIKAKU: [u16; 21] =
    [471, 305, 979, 619, 276, 305, 799, 999, 705, 304, 818, 502, 317, 523, 511, 855, 323, 522, 451, 88, 526];

/// A small seeded generator (xorshift64*).
#[derive(Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        ((self.next() >> 32) as usize) % n.max(1)
    }
    fn pick<T: Copy>(&mut self, v: &[T]) -> T {
        v[self.below(v.len())]
    }
}

/// Counts per rank, index 0 unused.
type Counts = [u8; 6];

fn total(c: &Counts) -> u8 {
    c[1..].iter().sum()
}

fn has(c: &Counts, rank: i32) -> u8 {
    if (1..=5).contains(&rank) {
        c[rank as usize]
    } else {
        0
    }
}

/// A move in hoeg1's terms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Te {
    /// Resign: hit (could not parry) or stuck.
    Resign,
    Forward(u8),
    Backward(u8),
    Attack(u8, u8),
    /// Lunge: advance `jump`, attack with `count` cards of `rank`.
    Jump {
        jump: u8,
        rank: u8,
        count: u8,
    },
    Parry(u8, u8),
}

impl Te {
    fn rank(self) -> u8 {
        match self {
            Te::Resign => 0,
            Te::Forward(r) | Te::Backward(r) | Te::Attack(r, _) | Te::Parry(r, _) => r,
            Te::Jump { rank, .. } => rank,
        }
    }
    fn count(self) -> u8 {
        match self {
            Te::Attack(_, c) | Te::Parry(_, c) | Te::Jump { count: c, .. } => c,
            Te::Forward(_) | Te::Backward(_) => 1,
            Te::Resign => 0,
        }
    }
}

/// hoeg1's public board: positions 0..=22, side 0 at the low end.
#[derive(Clone, Debug)]
pub struct Board {
    pub turn: usize,
    pub pos: [i32; 2],
    pub ph: [u8; 2],
    pub deck_len: u8,
    pub is_parry: bool,
    pub is_jump: bool,
    pub atk_count: u8,
    /// Cards not yet played this round (both hands and the deck).
    pub used: Counts,
    pub use_jump: bool,
}

impl Board {
    fn mae(&self) -> i32 {
        self.pos[1] - self.pos[0]
    }
    fn ato(&self) -> i32 {
        if self.turn == 0 {
            self.pos[0]
        } else {
            22 - self.pos[1]
        }
    }
    fn is_attack(&self) -> bool {
        self.is_parry || self.is_jump
    }
}

/// hoeg1's legal moves (at least one: a resign when nothing else).
pub fn calc_legal(hand: &Counts, b: &Board) -> Vec<Te> {
    let mut lst = Vec::new();
    let mae = b.mae();
    if b.is_attack() {
        if has(hand, mae) >= b.atk_count {
            lst.push(Te::Parry(mae as u8, b.atk_count));
        }
        if b.is_jump {
            for r in 1..=5.min(b.ato()) {
                if has(hand, r) != 0 {
                    lst.push(Te::Backward(r as u8));
                }
            }
        }
        if lst.is_empty() {
            lst.push(Te::Resign);
        }
        return lst;
    }
    for r in 1..=5.min(mae - 1) {
        if has(hand, r) != 0 {
            lst.push(Te::Forward(r as u8));
        }
    }
    for r in 1..=5.min(b.ato()) {
        if has(hand, r) != 0 {
            lst.push(Te::Backward(r as u8));
        }
    }
    if mae <= 5 {
        for i in 1..=has(hand, mae) {
            lst.push(Te::Attack(mae as u8, i));
        }
    }
    if b.use_jump && (2..=10).contains(&mae) {
        for rank in 1..=5 {
            let cnt = has(hand, rank);
            if cnt == 0 {
                continue;
            }
            if rank * 2 == mae {
                if cnt >= 2 {
                    for i in 1..cnt {
                        lst.push(Te::Jump { jump: rank as u8, rank: rank as u8, count: i });
                    }
                }
            } else if has(hand, mae - rank) != 0 {
                let ar = mae - rank;
                for i in 1..=has(hand, ar) {
                    lst.push(Te::Jump { jump: rank as u8, rank: ar as u8, count: i });
                }
            }
        }
    }
    if lst.is_empty() {
        lst.push(Te::Resign);
    }
    lst
}

/// hoeg1's `nCr`, with its `n - 1` factor kept.
fn n_cr(n: i64, r: i64) -> i64 {
    if r < 0 || r > n {
        return 0;
    }
    if r == 0 || r == n {
        return 1;
    }
    let r = if r as f64 > n as f64 / 2.0 { n - r } else { r };
    let (mut num, mut den) = (1f64, 1f64);
    for i in 0..r {
        num *= (n - 1) as f64;
        den *= (i + 1) as f64;
    }
    (num / den).trunc() as i64
}

/// hoeg1's `calc_prob_for_rank`: per rank, the "chance" an `n`-card hand holds one.
fn prob_for_rank(n: u8, deck: &Counts) -> [f64; 6] {
    let len = i64::from(total(deck));
    let mut out = [0.0; 6];
    if len == 0 {
        return out;
    }
    let all = n_cr(len, i64::from(n));
    for r in 1..=5 {
        let not_in = n_cr(len - i64::from(deck[r]), i64::from(n));
        out[r] = 1.0 - not_in as f64 / all as f64;
    }
    out
}

fn first_max(v: &[Te], key: impl Fn(&Te) -> i32) -> Te {
    // A stable sort descending, then the first: the first of the largest.
    let mut best = v[0];
    for t in &v[1..] {
        if key(t) > key(&best) {
            best = *t;
        }
    }
    best
}

fn first_min(v: &[Te], key: impl Fn(&Te) -> i32) -> Te {
    let mut best = v[0];
    for t in &v[1..] {
        if key(t) < key(&best) {
            best = *t;
        }
    }
    best
}

/// Which program plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    Lv0,
    Lv3,
}

/// A hoeg1 player: its personality, its generator, and whether it is inside a playout.
#[derive(Clone)]
pub struct Cpu {
    pub kind: Kind,
    pub side: usize,
    pub seikaku: f64,
    pub rng: Rng,
    is_playout: bool,
}

impl Cpu {
    pub fn new(kind: Kind, side: usize, seed: u64) -> Cpu {
        let mut rng = Rng::new(seed);
        let seikaku = f64::from(SEIKAKU[rng.below(SEIKAKU.len())]) * 0.001;
        Cpu { kind, side, seikaku, rng, is_playout: false }
    }

    /// Decides in hoeg1's terms.
    pub fn think(&mut self, hand: &Counts, board: &Board) -> Te {
        match self.kind {
            Kind::Lv0 => self.think_lv0(hand, board),
            Kind::Lv3 => self.think_lv3(hand, board),
        }
    }

    fn think_lv0(&mut self, hand: &Counts, b: &Board) -> Te {
        let legal = calc_legal(hand, b);
        if legal.len() == 1 {
            return legal[0];
        }
        let atk: Vec<Te> = legal
            .iter()
            .copied()
            .filter(|t| {
                matches!(t, Te::Attack(..))
                    && i32::from(t.count()) > i32::from(b.used[t.rank() as usize]) - i32::from(t.count())
            })
            .collect();
        if !atk.is_empty() {
            return self.rng.pick(&atk);
        }
        if b.use_jump {
            let jmp: Vec<Te> = legal.iter().copied().filter(|t| matches!(t, Te::Jump { .. })).collect();
            if !jmp.is_empty() {
                return self.rng.pick(&jmp);
            }
        }
        self.rng.pick(&legal)
    }

    fn think_lv3(&mut self, hand: &Counts, board: &Board) -> Te {
        let legal = calc_legal(hand, board);
        if legal.len() == 1 {
            return legal[0];
        }
        if board.deck_len <= 10 && !self.is_playout {
            return self.do_playout(&legal, hand, board);
        }
        let mut used = board.used;
        for r in 1..=5 {
            used[r] = used[r].saturating_sub(hand[r]);
        }
        let op_ato = if self.side == 0 { 22 - board.pos[1] } else { board.pos[0] };
        if board.is_jump {
            self.think_jump(&legal, hand, board, &used, board.mae(), board.ato(), op_ato)
        } else {
            self.think_normal(&legal, hand, board, &used, board.mae(), board.ato(), op_ato)
        }
    }

    fn do_playout(&mut self, legal: &[Te], hand: &Counts, board: &Board) -> Te {
        let max = if board.deck_len >= 7 { 50 } else { 100 };
        let mut wins = vec![0u32; legal.len()];
        for _ in 0..max {
            for (i, &te) in legal.iter().enumerate() {
                if self.run_playout(board, hand, te) {
                    wins[i] += 1;
                }
            }
        }
        // The most wins; ties: the first listed (a stable sort).
        let mut best = 0;
        for i in 1..legal.len() {
            if wins[i] > wins[best] {
                best = i;
            }
        }
        legal[best]
    }

    /// One playout: the other hand dealt from the unseen cards, `te` played, then both
    /// sides by Lv3's heuristics to the end of the round. Whether this side won the round.
    fn run_playout(&mut self, board: &Board, hand: &Counts, te: Te) -> bool {
        let side = self.side;
        let other = 1 - side;
        let mut deck = board.used;
        for r in 1..=5 {
            deck[r] -= hand[r];
        }
        let mut hands = [[0u8; 6]; 2];
        hands[side] = *hand;
        hands[other] = deal(&mut deck, board.ph[other], &mut self.rng);
        let mut b = board.clone();
        b.deck_len = total(&deck);
        let mut cpus = [Cpu::new(Kind::Lv3, 0, self.rng.next()), Cpu::new(Kind::Lv3, 1, self.rng.next())];
        cpus[0].is_playout = true;
        cpus[1].is_playout = true;
        cpus[side].seikaku = self.seikaku;
        let mut sim = Sim { b, hands, deck, winner: None };
        if !sim.play(te, &mut self.rng) {
            return sim.winner == Some(side);
        }
        for _ in 0..200 {
            let t = sim.b.turn;
            let hand = sim.hands[t];
            let te = cpus[t].think(&hand, &sim.b);
            if !sim.play(te, &mut self.rng) {
                return sim.winner == Some(side);
            }
        }
        false
    }

    #[allow(clippy::too_many_arguments)]
    fn think_jump(
        &mut self,
        legal: &[Te],
        hand: &Counts,
        board: &Board,
        used: &Counts,
        mae: i32,
        ato: i32,
        op_ato: i32,
    ) -> Te {
        if let Some(&parry) = legal.iter().find(|t| matches!(t, Te::Parry(..))) {
            if i32::from(has(hand, mae)) - i32::from(parry.count()) > i32::from(has(used, mae)) {
                return parry;
            }
        }
        let backward: Vec<Te> = legal.iter().copied().filter(|t| matches!(t, Te::Backward(_))).collect();
        if backward.is_empty() {
            return legal[0];
        }
        let phand = *used;
        if board.deck_len == 0 {
            let w: Vec<Te> = backward.iter().copied().filter(|t| ato - i32::from(t.rank()) > op_ato).collect();
            if !w.is_empty() {
                return self.rng.pick(&w);
            }
        }
        let b5: Vec<Te> = backward.iter().copied().filter(|t| mae + i32::from(t.rank()) <= 5).collect();
        if !b5.is_empty() {
            let fight_back: Vec<(Te, u8)> = b5
                .iter()
                .map(|&t| (t, has(hand, mae + i32::from(t.rank()))))
                .filter(|&(t, p)| p >= has(&phand, mae + i32::from(t.rank())))
                .collect();
            if !fight_back.is_empty() {
                if board.deck_len == 1 {
                    let mut best = fight_back[0];
                    for &f in &fight_back[1..] {
                        if f.1 > best.1 {
                            best = f;
                        }
                    }
                    return best.0;
                }
                let v: Vec<Te> = fight_back.iter().map(|f| f.0).collect();
                return first_min(&v, |t| i32::from(t.rank()));
            }
            let anchi: Vec<Te> = b5.iter().copied().filter(|t| has(&phand, i32::from(t.rank()) + mae) == 0).collect();
            if !anchi.is_empty() {
                return first_min(&anchi, |t| i32::from(t.rank()));
            }
            if self.seikaku > 0.5 {
                let prob = prob_for_rank(board.ph[1 - self.side], used);
                return first_min_f(&b5, |t| prob[t.rank() as usize]);
            }
            let lb5: Vec<Te> = backward.iter().copied().filter(|t| i32::from(t.rank()) + mae >= 6).collect();
            if !lb5.is_empty() {
                return first_min(&lb5, |t| i32::from(t.rank()));
            }
        }
        first_min(&backward, |t| i32::from(t.rank()))
    }

    /// hoeg1's `find_secchin`: lunges after which the other cannot retreat (cornered).
    fn find_secchin(jump: &[Te], phand: &Counts, op_ato: i32) -> Vec<Te> {
        if op_ato >= 6 {
            return Vec::new();
        }
        jump.iter()
            .copied()
            .filter(|t| {
                let mut ph = *phand;
                let r = t.rank() as usize;
                if ph[r] != 0 {
                    // As the original: an unsigned count may not go below zero; it compares
                    // with >= 1 below, the same as a negative count.
                    ph[r] = ph[r].saturating_sub(t.count());
                }
                !(1..=op_ato).rev().any(|i| has(&ph, i) >= 1)
            })
            .collect()
    }

    #[allow(clippy::too_many_arguments)]
    fn think_normal(
        &mut self,
        legal: &[Te],
        hand: &Counts,
        board: &Board,
        used: &Counts,
        mae: i32,
        ato: i32,
        op_ato: i32,
    ) -> Te {
        let filter = |f: fn(&Te) -> bool| -> Vec<Te> { legal.iter().copied().filter(&f).collect() };
        if mae <= 5 && has(hand, mae) > has(used, mae) {
            let attacks = filter(|t| matches!(t, Te::Attack(..)));
            return first_max(&attacks, |t| i32::from(t.count()));
        }
        let phand = *used;
        let jump = filter(|t| matches!(t, Te::Jump { .. }));
        if !jump.is_empty() && op_ato <= 5 {
            let s = Self::find_secchin(&jump, &phand, op_ato);
            if !s.is_empty() {
                return self.rng.pick(&s);
            }
        }
        if board.deck_len == 1 {
            let judge = |t: &Te, fd: bool| -> Option<u8> {
                let tcr = i32::from(t.rank());
                let m = if fd { mae - tcr } else { mae + tcr };
                let a = if fd { ato + tcr } else { ato - tcr };
                let h = i32::from(has(hand, m)) - i32::from(m == tcr);
                let u = i32::from(has(used, m));
                (h > u || (h >= u && a > op_ato)).then_some(h.max(0) as u8)
            };
            for fd in [true, false] {
                let moves =
                    if fd { filter(|t| matches!(t, Te::Forward(_))) } else { filter(|t| matches!(t, Te::Backward(_))) };
                let ok: Vec<(Te, u8)> = moves.iter().filter_map(|t| judge(t, fd).map(|h| (*t, h))).collect();
                if !ok.is_empty() {
                    let mut best = ok[0];
                    for &o in &ok[1..] {
                        if o.1 > best.1 {
                            best = o;
                        }
                    }
                    return best.0;
                }
            }
        }
        let act_one = || -> Option<Te> {
            let j2: Vec<Te> = jump
                .iter()
                .copied()
                .filter(|t| {
                    i32::from(has(hand, i32::from(t.rank()))) - i32::from(t.count())
                        >= i32::from(phand[t.rank() as usize])
                })
                .collect();
            (!j2.is_empty()).then(|| first_max(&j2, |t| i32::from(t.rank())))
        };
        let attack = filter(|t| matches!(t, Te::Attack(..)));
        let act_two = || -> Option<Te> {
            let a2: Vec<Te> = attack.iter().copied().filter(|t| t.count() >= phand[t.rank() as usize]).collect();
            (!a2.is_empty()).then(|| first_min(&a2, |t| i32::from(t.count())))
        };
        let first = if self.seikaku < 0.5 { act_one().or_else(act_two) } else { act_two().or_else(act_one) };
        if let Some(t) = first {
            return t;
        }
        let prob = prob_for_rank(board.ph[1 - self.side], used);
        let forward = filter(|t| matches!(t, Te::Forward(_)));
        if !forward.is_empty() {
            let f5: Vec<Te> = forward.iter().copied().filter(|t| mae - i32::from(t.rank()) <= 5).collect();
            if !f5.is_empty() {
                let fight_back: Vec<Te> = f5
                    .iter()
                    .copied()
                    .filter(|t| {
                        let k = mae - i32::from(t.rank());
                        i32::from(has(hand, k)) - i32::from(k == i32::from(t.rank())) > i32::from(has(&phand, k))
                    })
                    .collect();
                if !fight_back.is_empty() {
                    return first_max(&fight_back, |t| i32::from(t.rank()));
                }
                let anchi: Vec<Te> =
                    f5.iter().copied().filter(|t| has(&phand, mae - i32::from(t.rank())) == 0).collect();
                if !anchi.is_empty() {
                    return first_max(&anchi, |t| i32::from(t.rank()));
                }
                let adv = first_min_f(&f5, |t| prob[t.rank() as usize]);
                if prob[adv.rank() as usize] < self.seikaku / 1.2 {
                    return adv;
                }
            } else {
                return first_max(&forward, |t| i32::from(t.rank()));
            }
        }
        let backward = filter(|t| matches!(t, Te::Backward(_)));
        if !backward.is_empty() {
            let b5: Vec<Te> = backward.iter().copied().filter(|t| mae + i32::from(t.rank()) <= 5).collect();
            if !b5.is_empty() {
                let fight_back: Vec<Te> = b5
                    .iter()
                    .copied()
                    .filter(|t| has(hand, mae + i32::from(t.rank())) > has(&phand, mae + i32::from(t.rank())))
                    .collect();
                if !fight_back.is_empty() {
                    return first_min(&fight_back, |t| i32::from(t.rank()));
                }
                let anchi: Vec<Te> =
                    b5.iter().copied().filter(|t| has(&phand, i32::from(t.rank()) + mae) == 0).collect();
                if !anchi.is_empty() {
                    return first_min(&anchi, |t| i32::from(t.rank()));
                }
                if self.seikaku > 0.5 {
                    return first_min_f(&b5, |t| prob[t.rank() as usize]);
                }
                let lb5: Vec<Te> = backward.iter().copied().filter(|t| i32::from(t.rank()) + mae >= 6).collect();
                if !lb5.is_empty() {
                    return first_min(&lb5, |t| i32::from(t.rank()));
                }
            } else {
                return first_min(&backward, |t| i32::from(t.rank()));
            }
        }
        self.rng.pick(legal)
    }

    /// Decides an action of our engine from a seat's view and the cards played this round.
    pub fn decide(&mut self, view: &SeatView, played: &Cards) -> Action {
        let p = &view.public;
        let (is_parry, is_jump, atk_count) = match p.phase {
            Phase::Defend { attack, lunge, .. } => (!lunge, lunge, attack.count),
            _ => (false, false, 0),
        };
        let mut used = [0u8; 6];
        for r in 1..=5u8 {
            let card = Card::new(r).expect("1..=5");
            used[r as usize] = 5 - played.count(card);
        }
        let mut hand = [0u8; 6];
        for (card, n) in view.hand.counts() {
            hand[card.value() as usize] = n;
        }
        let board = Board {
            turn: self.side,
            pos: [i32::from(p.positions.a) - 1, i32::from(p.positions.b) - 1],
            ph: [p.hand_sizes.a, p.hand_sizes.b],
            deck_len: p.pile,
            is_parry,
            is_jump,
            atk_count,
            used,
            use_jump: p.variant.name().ends_with("advanced"),
        };
        let te = self.think(&hand, &board);
        let card = |r: u8| Card::new(r).expect("a rank");
        let action = match te {
            Te::Resign => Action::AcceptHit,
            Te::Forward(r) => Action::Advance(card(r)),
            Te::Backward(r) => Action::Retreat(card(r)),
            Te::Attack(r, c) => Action::Attack { card: card(r), count: c },
            Te::Jump { jump, rank, count } => Action::AdvanceAttack { advance: card(jump), attack: card(rank), count },
            Te::Parry(r, c) => Action::Parry(Cards::of(card(r), c)),
        };
        if view.legal_actions.contains(&action) {
            action
        } else {
            // Only where the rules differ (see the module docs): the first listed action.
            view.legal_actions[0]
        }
    }
}

fn first_min_f(v: &[Te], key: impl Fn(&Te) -> f64) -> Te {
    let mut best = v[0];
    for t in &v[1..] {
        if key(t) < key(&best) {
            best = *t;
        }
    }
    best
}

/// Deals `n` random cards from `deck` (uniform over the cards left).
fn deal(deck: &mut Counts, n: u8, rng: &mut Rng) -> Counts {
    let mut out = [0u8; 6];
    for _ in 0..n {
        let len = total(deck);
        if len == 0 {
            break;
        }
        let mut k = rng.below(usize::from(len)) as u8;
        for r in 1..=5 {
            if k < deck[r] {
                deck[r] -= 1;
                out[r] += 1;
                break;
            }
            k -= deck[r];
        }
    }
    out
}

/// hoeg1's round engine, for the playouts.
struct Sim {
    b: Board,
    hands: [Counts; 2],
    deck: Counts,
    winner: Option<usize>,
}

impl Sim {
    /// Plays `te`; whether the round goes on.
    fn play(&mut self, te: Te, rng: &mut Rng) -> bool {
        let t = self.b.turn;
        let mut hoju = true;
        let old_jump = self.b.is_jump;
        let dir = if t == 0 { 1 } else { -1 };
        let take = |h: &mut Counts, used: &mut Counts, r: u8, c: u8| {
            h[r as usize] -= c;
            used[r as usize] -= c;
        };
        match te {
            Te::Resign => {
                self.winner = Some(1 - t);
                return false;
            }
            Te::Parry(r, c) => {
                self.b.is_parry = false;
                self.b.is_jump = false;
                self.b.atk_count = 0;
                hoju = false;
                take(&mut self.hands[t], &mut self.b.used, r, c);
            }
            Te::Forward(r) => {
                self.b.pos[t] += dir * i32::from(r);
                take(&mut self.hands[t], &mut self.b.used, r, 1);
            }
            Te::Backward(r) => {
                self.b.pos[t] -= dir * i32::from(r);
                self.b.is_jump = false;
                self.b.atk_count = 0;
                take(&mut self.hands[t], &mut self.b.used, r, 1);
            }
            Te::Attack(r, c) => {
                self.b.is_parry = true;
                self.b.atk_count = c;
                take(&mut self.hands[t], &mut self.b.used, r, c);
            }
            Te::Jump { jump, rank, count } => {
                self.b.is_jump = true;
                self.b.atk_count = count;
                self.b.pos[t] += dir * i32::from(jump);
                take(&mut self.hands[t], &mut self.b.used, jump, 1);
                take(&mut self.hands[t], &mut self.b.used, rank, count);
            }
        }
        let deck_len = total(&self.deck);
        if hoju || deck_len == 0 {
            let n = 5u8.saturating_sub(total(&self.hands[t])).min(deck_len);
            if hoju && n != 0 {
                let got = deal(&mut self.deck, n, rng);
                for r in 1..=5 {
                    self.hands[t][r] += got[r];
                }
                self.b.deck_len = total(&self.deck);
            }
            if total(&self.deck) == 0 && !self.b.is_attack() {
                let mut winner = None;
                if !(old_jump && matches!(te, Te::Backward(_))) {
                    let mae = self.b.mae();
                    let (c0, c1) = (has(&self.hands[0], mae), has(&self.hands[1], mae));
                    if c0 != c1 {
                        winner = Some(usize::from(c1 > c0));
                    }
                }
                if winner.is_none() {
                    let (p0, p1) = (self.b.pos[0], 22 - self.b.pos[1]);
                    winner = match p0.cmp(&p1) {
                        std::cmp::Ordering::Greater => Some(0),
                        std::cmp::Ordering::Less => Some(1),
                        std::cmp::Ordering::Equal => None,
                    };
                }
                self.winner = winner;
                return false;
            }
            self.b.turn = 1 - t;
        }
        self.b.ph = [total(&self.hands[0]), total(&self.hands[1])];
        true
    }
}

/// Which seat hoeg1 calls side 0.
pub fn side_of(seat: Seat) -> usize {
    match seat {
        Seat::A => 0,
        Seat::B => 1,
    }
}
