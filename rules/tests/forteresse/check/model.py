"""An independent model of forteresse.md (written from the spec, not from the Rust code),
used to cross-check the hand-derived facts of each scenario and to write expected reports."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chacha import toss

COLS = 'ABCDEFG'
DIRS = {'N': (0, -1), 'NE': (1, -1), 'E': (1, 0), 'SE': (1, 1), 'S': (0, 1), 'SW': (-1, 1), 'W': (-1, 0), 'NW': (-1, -1)}

def xy(cell):
    return COLS.index(cell[0]), int(cell[1]) - 1

def name(x, y):
    return f'{COLS[x]}{y + 1}'

def in_fort(x, y):
    return 1 <= x <= 5 and 1 <= y <= 5

def on_grid(x, y):
    return 0 <= x <= 6 and 0 <= y <= 6

def ray(cell, d):
    x, y = xy(cell); dx, dy = DIRS[d]; out = []
    x, y = x + dx, y + dy
    while on_grid(x, y) and in_fort(x, y):
        out.append(name(x, y)); x, y = x + dx, y + dy
    return out

def legal_dirs(cell, rule):
    x, y = xy(cell)
    if in_fort(x, y):
        return []
    if rule == 'any_of_8':
        return list(DIRS)
    return [d for d, (dx, dy) in DIRS.items() if on_grid(x + dx, y + dy) and in_fort(x + dx, y + dy)]

RING = [name(x, y) for y in range(7) for x in range(7) if not in_fort(x, y)]
DEFAULTS = dict(direction_rule='enters_fortress', rifle_answer='with_cell', miss_answer='nothing',
                extra_shot='none', first_shooter='random', round2_setup='fresh', round2_first='swap',
                tie='draw', setup_rule='free')

def other(s):
    return 'b' if s == 'a' else 'a'

class Illegal(Exception):
    pass

class Match:
    def __init__(self, options, first_player, seed):
        self.o = dict(DEFAULTS, **options)
        if first_player is None:
            first_player = {'challenger': 'a', 'challenged': 'b'}.get(self.o['first_shooter']) or toss(seed, 0).lower()
        self.seed = seed; self.first = first_player; self.round = 1; self.round_first = first_player
        self.rounds = []; self.finished = False; self.winner = None
        self.setups = {'a': None, 'b': None}; self.new_round_state()

    def new_round_state(self):
        self.used = {'a': set(), 'b': set()}; self.cannon = {'a': 0, 'b': 0}; self.rifle = {'a': 0, 'b': 0}
        self.killed = {'a': 0, 'b': 0}; self.ann = []; self.shooter = None

    def stopped(self, s):
        return self.killed[s] == 5 or len(self.used[s]) == 24

    def to_act(self):
        if self.finished:
            return None
        if self.shooter:
            return self.shooter
        owed = [s for s in 'ab' if self.setups[s] is None]
        return 'both' if len(owed) == 2 else owed[0]

    def reachable_ok(self, f):
        occ = {c: 'w' for c in f['walls']} | {c: 'o' for c in f['besieged']}
        first = set()
        for r in RING:
            for d in legal_dirs(r, 'enters_fortress'):
                for c in ray(r, d):
                    if c in occ:
                        first.add(c); break
        return all(b in first for b in f['besieged'])

    def play(self, seat, act):
        if self.finished:
            raise Illegal('over')
        kind = act[0]
        if kind == 'resign':
            self.finished = True; self.winner = other(seat); return
        if kind == 'agree_draw':
            self.finished = True; self.winner = None; return
        if kind == 'fortress':
            if self.setups[seat] is not None:
                raise Illegal('again')
            f = act[1]
            if self.o['setup_rule'] == 'besieged_must_be_reachable' and not self.reachable_ok(f):
                raise Illegal('unreachable')
            self.setups[seat] = f
            if all(self.setups.values()):
                self.start_shooting()
            return
        _, frm, weapon, d = act
        if self.shooter is None:
            raise Illegal('setups')
        if self.shooter != seat:
            raise Illegal('turn')
        if frm in self.used[seat]:
            raise Illegal('used')
        if d not in legal_dirs(frm, self.o['direction_rule']):
            raise Illegal('dir')
        tgt = self.standing[other(seat)]
        hit = next((c for c in ray(frm, d) if c in tgt), None)
        a = {'seat': seat, 'from': frm, 'weapon': weapon, 'dir': d}
        destroyed = False
        if hit is None:
            a['answer'] = 'nothing' if self.o['miss_answer'] == 'nothing' else 'silence'
        elif tgt[hit] == 'o':
            del tgt[hit]; self.killed[seat] += 1; destroyed = True
            a['answer'] = 'besieged'
            if weapon == 'cannon' or self.o['rifle_answer'] == 'with_cell':
                a['cell'] = hit
        elif weapon == 'cannon':
            del tgt[hit]; destroyed = True; a['answer'] = 'wall'; a['cell'] = hit
        else:
            a['answer'] = 'wall'
        self.used[seat].add(frm); self.cannon[seat] += weapon == 'cannon'; self.rifle[seat] += weapon == 'rifle'
        self.ann.append(a)
        me, op = not self.stopped(seat), not self.stopped(other(seat))
        if me and destroyed and self.o['extra_shot'] == 'after_kill_or_destruction':
            self.shooter = seat
        elif op:
            self.shooter = other(seat)
        elif me:
            self.shooter = seat
        else:
            self.end_round()

    def start_shooting(self):
        self.standing = {s: {c: 'w' for c in f['walls']} | {c: 'o' for c in f['besieged']} for s, f in self.setups.items()}
        self.shooter = self.round_first

    def end_round(self):
        k, c, r = self.killed, self.cannon, self.rifle
        score = {s: 7 * k[s] + 3 * c[other(s)] + r[other(s)] for s in 'ab'}
        self.rounds.append({'score': score, 'killed': dict(k), 'cannon': dict(c), 'rifle': dict(r)})
        if self.round == 2:
            self.finished = True; self.winner = self.points_winner(); self.shooter = None; return
        self.round = 2
        rf = self.o['round2_first']
        if rf == 'swap':
            self.round_first = other(self.first)
        elif rf == 'random':
            self.round_first = toss(self.seed, 1).lower()
        else:
            s = self.rounds[0]['score']
            self.round_first = 'a' if s['a'] < s['b'] else 'b' if s['b'] < s['a'] else other(self.first)
        self.new_round_state()
        if self.o['round2_setup'] == 'fresh':
            self.setups = {'a': None, 'b': None}
        else:
            self.start_shooting()

    def total(self):
        return {s: sum(r['score'][s] for r in self.rounds) for s in 'ab'}

    def points_winner(self):
        t = self.total()
        if t['a'] != t['b']:
            return 'a' if t['a'] > t['b'] else 'b'
        if self.o['tie'] == 'draw':
            return None
        kills = {s: sum(r['killed'][s] for r in self.rounds) for s in 'ab'}
        if kills['a'] != kills['b']:
            return 'a' if kills['a'] > kills['b'] else 'b'
        shots = {s: sum(r['cannon'][s] + r['rifle'][s] for r in self.rounds) for s in 'ab'}
        if shots['a'] != shots['b']:
            return 'a' if shots['a'] < shots['b'] else 'b'
        return None

    def report(self):
        return {'ok': True, 'game': 'forteresse', 'round': self.round, 'rounds': self.rounds,
                'score': self.total(), 'winner': self.winner, 'finished': self.finished,
                'to_act': self.to_act(), 'announcements': self.ann}
