"""Ready... Fence! scenario cases: each record with the outcome derived by hand.

Run `python3 check/cases.py .` from tests/readyfence to (re)write every NAME.record.json and
NAME.expected.json. The expected documents are written from the facts below, which were
worked out by hand from ready-fence.md (the "how" of each case says how); nothing here is
copied from the engine. `python3 check/cases.py --table` prints the README's table.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'forteresse', 'check'))
import chacha  # noqa: E402  (the independent ChaCha8 written for Forteresse's tosses)

TABLE = json.load(open(os.path.join(HERE, '..', '..', '..', 'src', 'readyfence', 'cards.json')))
MODE = {'tutorial': 0, 'basic': 1, 'advanced': 2}


def copies():
    """Every copy in table order: (index, face, marks, yellow)."""
    out = []
    for t in TABLE['types']:
        n = len(t['sp'])
        for i in range(n):
            face = t['id'] if t['speeds'] is None else '%s:%d' % (t['id'], t['speeds'][i])
            yellow = bool(t.get('yellow', [False] * n)[i])
            out.append((len(out), face, t['modes'][i], yellow))
    return out


def shuffled_faces(mode):
    """The faces the mode shuffles (basic: without the two yellow Straight Thrusts)."""
    letter = 'TBA'[MODE[mode]]
    return [f for (_, f, marks, yellow) in copies() if letter in marks and not (mode == 'basic' and yellow)]


def deck(mode, *groups):
    """The deck order, top first: the groups in order (first player's hand, the other's, the
    timer's top cards...), then every remaining card in table order."""
    rest = shuffled_faces(mode)
    out = []
    for g in groups:
        for f in g:
            rest.remove(f)  # fails loudly if the mode has no such card left
            out.append(f)
    return out + rest


def keeps(first):
    other = 'b' if first == 'a' else 'a'
    return [{'seat': first, 'keep': True}, {'seat': other, 'keep': True}]


def act(seat, key, value=True):
    return {'seat': seat, key: value}


def record(variant, actions, first=None, deck_order=None, options=None, seed=None, fmt=1):
    """A record; `fmt` 2 plays the readings settled after the first engine, 3 also those settled
    after the differential fuzz (format 1: the first engine's, which every record written
    before them keeps)."""
    r = {'format': fmt, 'game': 'ready-fence', 'variant': 'ready-fence-' + variant}
    if options:
        r['options'] = options
    if first:
        r['first_player'] = first
    if seed is not None:
        r['seed'] = seed
    if deck_order is not None:
        r['deck'] = deck_order
    r['actions'] = actions
    return r


def report(**facts):
    """A replay report: every field given by hand (no defaults for the game's state)."""
    gap = max(0, abs(facts['positions'][1] - facts['positions'][0]) - 1)
    distance = ['short', 'lunge', 'long'][gap] if gap < 3 else 'out_of_distance'
    return {
        'ok': True,
        'game': 'ready-fence',
        'period': facts.get('period', 1),
        'score': {'a': facts['score'][0], 'b': facts['score'][1]},
        'winner': facts.get('winner'),
        'finished': facts.get('winner') is not None or facts.get('end') is not None,
        'to_act': facts.get('to_act'),
        'end': facts.get('end'),
        'positions': {'a': facts['positions'][0], 'b': facts['positions'][1]},
        'distance': distance,
        'weapons': {'a': facts['weapons'][0], 'b': facts['weapons'][1]},
        'stamina': {'a': facts['stamina'][0], 'b': facts['stamina'][1]},
        'timer': facts['timer'],
        'priority': facts.get('priority'),
    }


def error(index, reason):
    return {'ok': False, 'error': {'action': index, 'reason': reason}}


CASES = []


def case(name, what, how, rec, expected):
    CASES.append((name, what, how, rec, expected))


# ---------------------------------------------------------------- worked examples (section (e))

# Example 1. Red (b) opens ST v4 at g=1 and Green (a) parries without a card (cost ceil(4/2)=2,
# Green SP 6 -> 4; Green holds no card that stops a 4). Green moves back and forward. Red: INV,
# then a Discard/Draw (timer 12 -> 11). Green opens ST v3: +2 (own LINE, Red INV) = 5. Red's
# Stop Hit v5: +1 (INV) = 6, pays 1 (6 -> 5). 6 > 5 and Green holds no Counter-time or Joker:
# Red scores at once. On guard; Green 4 -> 5 (spent nothing in this phrase), Red stays 5.
ex1_deck = deck('basic',
                ['straight_thrust:4', 'stop_hit:5', 'beat_thrust:4', 'disengage:4', 'toe_touch:5'],
                ['beat_thrust:5', 'toe_touch:5', 'fleche:5', 'infighting:4', 'stop_hit:4'])
case('example_1_stop_hit_beats_boosted_straight_thrust',
     'Example 1: ST v3 boosted to 5 (LINE vs INV), Stop Hit v5 at 6 (INV +1) wins; no blue answer, so Red scores 0-1; Green recovers to 5, Red (spent) stays 5.',
     'Set-up by play: a no-card Parry of a 4 costs Green 2 SP (6 -> 4); R5.2, R7.4, R6.3 by hand.',
     record('basic', keeps('b') + [
         act('b', 'move', 'forward'), act('b', 'play', 'straight_thrust:4'),
         act('a', 'parry'),
         act('a', 'move', 'back'), act('a', 'move', 'forward'),
         act('b', 'weapon', 'inv'), act('b', 'swap', 'beat_thrust:4'),
         act('a', 'play', 'straight_thrust:3'),
         act('b', 'answer', 'stop_hit:5'),
     ], first='b', deck_order=ex1_deck),
     report(score=(0, 1), to_act='b', positions=(4, 7), weapons=('line', 'inv'), stamina=(5, 5), timer=11))

# Example 2. Red opens Beat v4 +1 (Green LINE) = 5; Green P&R v5 = 5 >= 5 holds (pays 1); riposte
# 5-2 = 3; Red Stop Hit v4 = 4 > 3; Green has no Counter-time/Joker: Red scores. Green spent
# (stays 5), Red spent nothing (6, capped).
ex2_deck = deck('basic',
                ['beat_thrust:4', 'stop_hit:4', 'straight_thrust:4', 'disengage:4', 'toe_touch:5'],
                ['parry_riposte:5', 'straight_thrust:5', 'beat_thrust:5', 'toe_touch:5', 'fleche:5'])
case('example_2_parry_holds_on_a_tie_riposte_stop_hit',
     'Example 2: Beat v4 at 5, P&R v5 holds on 5 >= 5, riposte at 3, Stop Hit v4 at 4 beats it; Green has no answer: Red scores.',
     'R5.2 (+1 vs LINE), R9.1 (parry on >=, riposte -2), R7.4 by hand; Green paid 1.',
     record('basic', keeps('b') + [
         act('b', 'move', 'forward'), act('b', 'play', 'beat_thrust:4'),
         act('a', 'answer', 'parry_riposte:5'),
         act('b', 'answer', 'stop_hit:4'),
     ], first='b', deck_order=ex2_deck),
     report(score=(0, 1), to_act='a', positions=(4, 7), weapons=('line', 'line'), stamina=(5, 6), timer=12))

# Example 3. Red: Beat v5 +1 = 6 (pays 1: 5); Green no-card Parry of 6: ceil(6/2)=3 (6 -> 3).
# Green stalls (3 -> 5, timer 12 -> 11). Red: INV, ST v6 = 6 (no boost: Red is not LINE; pays
# 2: 3). Green no-card Parry again: 3 (5 -> 2). Green: ENG, ST v5 = 5 (pays 1: 1). Red (INV,
# SP 3, no card stopping a 5: Stop Hit v4 is 5, not faster) parries without a card:
# ceil((5-1)/2) = 2, SP 3 -> 1. No point: positions kept, no recovery.
ex3_deck = deck('basic',
                ['beat_thrust:5', 'straight_thrust:6', 'stop_hit:4', 'disengage:4', 'toe_touch:5'],
                ['straight_thrust:5', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4'])
case('example_3_nocard_parry_costs_ceil_half',
     'Example 3: Green ENG opens ST v5 at 5 against Red INV with SP 3; Red parries without a card for ceil((5-1)/2) = 2 SP (3 -> 1); no point, positions kept, no recovery.',
     'Set-up by play (two no-card Parries of 6 cost Green 3 each, a Stall gives +2); R8.3 by hand.',
     record('basic', keeps('b') + [
         act('b', 'move', 'forward'), act('b', 'play', 'beat_thrust:5'),
         act('a', 'parry'),
         act('a', 'stall'),
         act('b', 'weapon', 'inv'), act('b', 'play', 'straight_thrust:6'),
         act('a', 'parry'),
         act('a', 'weapon', 'eng'), act('a', 'play', 'straight_thrust:5'),
         act('b', 'parry'),
     ], first='b', deck_order=ex3_deck),
     report(score=(0, 0), to_act='b', positions=(4, 6), weapons=('eng', 'inv'), stamina=(1, 1), timer=11))

# Example 4. Green (5) opens Toe-touch v5 at g=1 against Red (7) in LINE; Red holds no Stop Hit:
# Defence by Distance (5 <= 5): SP 6 -> 5, 7 -> 9, a seeded pick among Red's 5 other cards is
# discarded, Red draws (timer 12 -> 11). Green paid 1 for the Toe-touch. No point.
ex4_deck = deck('basic',
                ['toe_touch:5', 'straight_thrust:4', 'beat_thrust:4', 'fleche:5', 'infighting:4'],
                ['straight_thrust:5', 'beat_thrust:5', 'disengage:4', 'toe_touch:5', 'parry_riposte:4'])
case('example_4_toe_touch_defence_by_distance',
     'Example 4: Toe-touch v5 (cannot be parried) answered by Defence by Distance: Red SP 6 -> 5, 7 -> 9, one card discarded at random, one drawn (timer 12 -> 11); no point, out of distance.',
     'R8.4 by hand: 5 <= 5; Red holds no Stop Hit (Toe-touch is answered by Stop Hit or Distance only).',
     record('basic', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'toe_touch:5'),
         act('b', 'distance'),
     ], first='a', deck_order=ex4_deck),
     report(score=(0, 0), to_act='b', positions=(5, 9), weapons=('line', 'line'), stamina=(5, 5), timer=11))

# Example 5. Advanced. ST v4 = 4; Stop Hit v5 = 5 > 4 (Red pays 1); Counter-time (Green pays 1);
# Feint in Time (Red pays 1): Red scores. Both spent: no recovery (Green 5, Red 4).
ex5_deck = deck('advanced',
                ['straight_thrust:4', 'counter_time', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4'],
                ['stop_hit:5', 'feint_in_time', 'straight_thrust:5', 'beat_thrust:5', 'disengage:4', 'toe_touch:5'])
case('example_5_counter_time_and_feint_in_time',
     'Example 5: ST v4, Stop Hit v5 overtakes, Counter-time answers it, Feint in Time answers that: Red scores; two main cards each; both spent SP, no recovery.',
     'R9.4 by hand; SP costs 1 each for Stop Hit v5, Counter-time, Feint in Time (table).',
     record('advanced', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
         act('b', 'answer', 'stop_hit:5'),
         act('a', 'answer', 'counter_time'),
         act('b', 'answer', 'feint_in_time'),
     ], first='a', deck_order=ex5_deck),
     report(score=(0, 1), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(5, 4), timer=12))

# Example 6. Advanced. Red: ENG, forward (6). Green: Beat v4 -1 (Red ENG) = 3; Red P&R v5 = 5 >= 3
# (pays 1); Green Feint, option 1, ST v6 -1 = 5 (pays 2) against the parry's 5: double touch,
# 1-1. Both spent: no recovery (Green 4, Red 5).
ex6_deck = deck('advanced',
                ['parry_riposte:5', 'straight_thrust:4', 'beat_thrust:5', 'toe_touch:5', 'fleche:5', 'infighting:4'],
                ['beat_thrust:4', 'feint', 'straight_thrust:6', 'disengage:4', 'toe_touch:5', 'flick:4'])
case('example_6_feint_replacement_double_touch',
     'Example 6: Beat v4 at 3 (ENG -1) parried by P&R v5 at 5; Feint option 1 with ST v6 at 5 equals the parry: double touch 1-1.',
     'R5.2, R9.6 by hand; no void (1-1 is far from the target).',
     record('advanced', keeps('b') + [
         act('b', 'weapon', 'eng'), act('b', 'move', 'forward'),
         act('a', 'play', 'beat_thrust:4'),
         act('b', 'answer', 'parry_riposte:5'),
         act('a', 'feint', 'straight_thrust:6'),
     ], first='b', deck_order=ex6_deck),
     report(score=(1, 1), to_act='b', positions=(4, 7), weapons=('line', 'eng'), stamina=(4, 5), timer=12))

# Example 7. Basic pool. Eight phrases, each: forward, ST v4, the other concedes (a, b, a, ...):
# 4-4, everyone back on guard each time, no SP spent. Then a: forward (5), ST v4 = 4; b: Stop
# Hit v4 = 4: a double touch at 4-4 is void: no score, fencers stay (5, 7), no SP change.
ex7_deck = deck('basic',
                ['straight_thrust:4', 'stop_hit:4', 'beat_thrust:4', 'toe_touch:5', 'fleche:5'],
                ['straight_thrust:4', 'stop_hit:4', 'beat_thrust:4', 'toe_touch:5', 'fleche:6'])
ex7_actions = keeps('a')
for i in range(8):
    s, o = ('a', 'b') if i % 2 == 0 else ('b', 'a')
    ex7_actions += [act(s, 'move', 'forward'), act(s, 'play', 'straight_thrust:4'), act(o, 'concede')]
ex7_void = ex7_actions + [act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
                          act('b', 'answer', 'stop_hit:4')]
case('example_7_double_touch_void_at_4_4',
     'Example 7: in a pool to 5 at 4-4, a double touch (ST v4 against Stop Hit v4) is void: 4-4, fencers stay on 5 and 7, no SP change, play goes on (b to act).',
     'R10.3 by hand: both at target - 1.',
     record('basic', ex7_void, first='a', deck_order=ex7_deck),
     report(score=(4, 4), to_act='b', positions=(5, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))
case('example_7_next_single_touch_wins',
     'Example 7 continued: b opens ST v4 from where the fencers stood, a concedes: 4-5, b reaches the target and wins.',
     'R10.2 by hand.',
     record('basic', ex7_void + [act('b', 'play', 'straight_thrust:4'), act('a', 'concede')],
            first='a', deck_order=ex7_deck),
     report(score=(4, 5), winner='b', end='target', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))

# Example 8. Basic (4, 7), g=2. Green Flèche v5 (pays 1); Red Distance (5 <= 5; Red holds no P&R
# and no Stop Hit faster than 5): Red 7 -> 9, SP 5, a random discard and a draw (timer 11). No
# point: Red advances to 8, Green lands on 5 (two empty blocks). Turn to Red.
ex8_deck = deck('basic',
                ['fleche:5', 'straight_thrust:4', 'beat_thrust:4', 'toe_touch:5', 'infighting:4'],
                ['straight_thrust:5', 'beat_thrust:5', 'disengage:4', 'toe_touch:5', 'stop_hit:4'])
case('example_8_fleche_against_defence_by_distance',
     'Example 8: Flèche v5 at long distance, Defence by Distance (7 -> 9); no point: Red advances to 8, Green is placed on 5; Red to act.',
     'R9.3 placement by hand: 9 - 1 = 8, 8 - 3 = 5.',
     record('basic', keeps('a') + [act('a', 'play', 'fleche:5'), act('b', 'distance')],
            first='a', deck_order=ex8_deck),
     report(score=(0, 0), to_act='b', positions=(5, 8), weapons=('line', 'line'), stamina=(5, 5), timer=11))

# Example 9. Advanced. Green Glide v4 (Red LINE); Red Ceding Parry: Red scores at once. No SP
# spent: both stay at 6.
ex9_deck = deck('advanced',
                ['glide_attack:4', 'straight_thrust:4', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4'],
                ['ceding_parry:4', 'straight_thrust:5', 'beat_thrust:5', 'disengage:4', 'toe_touch:5', 'flick:4'])
case('example_9_ceding_parry_against_glide',
     'Example 9: Glide Attack v4 answered by Ceding Parry: Red scores at once, whatever the speeds.',
     'R7.4 immediate-score cards, by hand.',
     record('advanced', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'glide_attack:4'),
         act('b', 'answer', 'ceding_parry:4'),
     ], first='a', deck_order=ex9_deck),
     report(score=(0, 1), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))



# ---------------------------------------------------------------- a small card tracker
# For long records (periods, extra time) the script follows which copy each hand holds, the
# way the rules deal (first player's hand, the other's, then the timer top first) and swap
# (discard the named card, draw the timer's top), so that every swap names a card in hand.


class Cards:
    def __init__(self, mode, order, first, timer=None):
        letter = 'TBA'[MODE[mode]]
        mine = [(i, f, y) for (i, f, marks, y) in copies() if letter in marks]
        self.face = {i: f for (i, f, _) in mine}
        yellow = [i for (i, f, y) in mine if y and mode == 'basic']
        pool = [i for (i, f, y) in mine if i not in yellow]
        ids = []
        for f in order:
            i = next(i for i in pool if self.face[i] == f)
            pool.remove(i)
            ids.append(i)
        n = 5 if mode == 'basic' else 6
        other = 'b' if first == 'a' else 'a'
        self.hand = {first: ids[:n], other: ids[n:2 * n]}
        if yellow:
            self.hand[first].append(yellow[0])
            self.hand[other].append(yellow[1])
        k = timer if timer is not None else 12
        self.timer = ids[2 * n:2 * n + k]  # top first
        self.reserve = ids[2 * n + k:]
        self.discard = []

    def swap(self, seat, face):
        h = sorted(self.hand[seat])
        i = next(i for i in h if self.face[i] == face)
        self.hand[seat].remove(i)
        self.discard.append(i)
        if self.timer:
            self.hand[seat].append(self.timer.pop(0))

    def burn(self):
        self.discard.append(self.timer.pop(0))

    def swappable(self, seat, keep=()):
        """A face in `seat`'s hand that is not the yellow Straight Thrust nor in `keep`."""
        for i in sorted(self.hand[seat]):
            f = self.face[i]
            if f != 'straight_thrust:3' and f not in keep:
                return f
        raise ValueError('nothing to swap')


def shuffle(rng, cards):
    for i in range(len(cards) - 1, 0, -1):
        j = chacha.below(rng, i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def swap_turns(cards, first, turns, keep=()):
    """`turns` turns from `first` on, alternating: a Discard/Draw and a move (back, then forward
    the next time, so that positions come back); a turn whose swap empties the timer ends there."""
    actions = []
    seat = first
    back = {'a': True, 'b': True}
    for _ in range(turns):
        face = cards.swappable(seat, keep)
        actions.append(act(seat, 'swap', face))
        cards.swap(seat, face)
        if cards.timer:
            actions.append(act(seat, 'move', 'back' if back[seat] else 'forward'))
            back[seat] = not back[seat]
        seat = 'b' if seat == 'a' else 'a'
    return actions, seat


def concede_phrases(first, n):
    """`n` phrases from `first` on, alternating openers: forward, ST v4, the other concedes."""
    actions = []
    for i in range(n):
        s, o = (first, 'b' if first == 'a' else 'a') if i % 2 == 0 else ('b' if first == 'a' else 'a', first)
        actions += [act(s, 'move', 'forward'), act(s, 'play', 'straight_thrust:4'), act(o, 'concede')]
    return actions


# Periods. Basic direct elimination (target 10, two periods). Twelve turns of Discard/Draw
# empty the timer; b's sixth swap takes the last card, so b's turn ends there, period 1 ends,
# and period 2 starts: 12 timer cards from the 23 others, SP 6, on guard, weapons LINE; a plays.
per_order = deck('basic',
                 ['straight_thrust:4', 'stop_hit:4', 'beat_thrust:4', 'toe_touch:5', 'fleche:5'],
                 ['straight_thrust:4', 'stop_hit:4', 'beat_thrust:4', 'toe_touch:5', 'fleche:6'])
per_cards = Cards('basic', per_order, 'a')
per_actions, _ = swap_turns(per_cards, 'a', 12)
case('period_change_basic_direct_elimination',
     'Basic to 10 (two periods): the twelfth Discard/Draw empties the timer and ends that turn at once; period 2 starts with 12 timer cards, fencers on guard, SP 6, and a (next in turn) to act.',
     'R11.2, R11.3 by hand: 12 swaps, one per turn; the turn order continues.',
     record('basic', keeps('a') + per_actions + [act('a', 'weapon', 'inv')], first='a', deck_order=per_order,
            options={'target': 10}),
     report(period=2, score=(0, 0), to_act='a', positions=(4, 7), weapons=('inv', 'line'), stamina=(6, 6), timer=12))

# Example 10. Basic pool; six phrases make 3-3 (a, b, a, b, a, b open; the other concedes),
# eleven Discard/Draw turns leave one card in the timer, b passes a turn with two moves, and
# Green (a) stalls: SP stays 6 (max), the last card burns, the period (the only one) ends 3-3:
# extra time. The 12 discards are shuffled with the bout's generator (its first draws: the deck
# and first player are given, and nobody took a mulligan), 4 form the timer, then the toss.
ex10_order = per_order
ex10_cards = Cards('basic', ex10_order, 'a')
ex10_actions = keeps('a') + concede_phrases('a', 6)
more, seat = swap_turns(ex10_cards, 'a', 11, keep=('straight_thrust:4', 'stop_hit:4'))
ex10_actions += more
assert seat == 'b' and len(ex10_cards.timer) == 1
ex10_actions += [act('b', 'move', 'back'), act('b', 'move', 'forward'), act('a', 'stall')]
ex10_cards.burn()
rng = chacha.Rng(0, 0)
pile = ex10_cards.discard[:]
shuffle(rng, pile)
extra_timer = pile[-4:][::-1]  # top first
ex10_cards.discard = pile[:-4]
ex10_cards.timer = extra_timer
priority = 'a' if chacha.below(rng, 2) == 0 else 'b'
case('example_10_stall_ends_the_period_extra_time',
     'Example 10: at 3-3 with one timer card, Green stalls (SP stays at the max 6), the card burns and the period ends tied: extra time with 4 timer cards and a seeded priority (here %s); b to act.' % priority,
     'R11.4 by hand; the shuffle of the 12 discards and the toss computed with the independent ChaCha8 (seed 0, stream 0).',
     record('basic', ex10_actions, first='a', deck_order=ex10_order),
     report(score=(3, 3), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=4,
            priority=priority))
case('example_10_stall_forbidden_in_extra_time',
     'Example 10: once priority is assigned, Stall is refused.',
     'R3: Stall forbidden once priority is assigned.',
     record('basic', ex10_actions + [act('b', 'stall')], first='a', deck_order=ex10_order),
     error(len(ex10_actions), 'stall is not a legal choice in your turn now'))
ex10_end, _ = swap_turns(ex10_cards, 'b', 4, keep=('straight_thrust:4', 'stop_hit:4'))
case('example_10_priority_wins_when_extra_time_runs_out',
     'Example 10 to the end: four Discard/Draw turns empty the extra-time timer with no point; the priority holder (%s) wins.' % priority,
     'R11.4 by hand: empty timer, priority holder wins; a moved back once (3), b back and forward (7), the last swap ends the turn.',
     record('basic', ex10_actions + ex10_end, first='a', deck_order=ex10_order),
     report(score=(3, 3), winner=priority, end='priority', positions=(3, 7),
            weapons=('line', 'line'), stamina=(6, 6), timer=0, priority=priority))


# ---------------------------------------------------------------- card procedures

# Renewed Attack (advanced): a ST v4 = 4; b holds nothing that stops a 4 (no P&R, Ceding,
# Joker, faster Stop Hit) and parries without a card (ceil(4/2) = 2: 6 -> 4). a renews (pays 1):
# ST v4 + 2 = 6; b's no-card action is used, b answers Stop Hit v4 = 4 < 6: a scores. Both
# spent SP: no recovery (a 5, b 4).
ren_deck = deck('advanced',
                ['straight_thrust:4', 'renewed_attack', 'beat_thrust:5', 'disengage:4', 'toe_touch:5', 'flanconade:5'],
                ['stop_hit:4', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4', 'flick:4'])
ren_actions = keeps('a') + [act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
                            act('b', 'parry'), act('a', 'renew'), act('b', 'answer', 'stop_hit:4')]
case('renewed_attack_after_nocard_parry',
     'Renewed Attack after a no-card Parry: the first attack returns at 4 + 2 = 6; the defender, whose no-card action is spent, answers Stop Hit v4 (slower): the attacker scores.',
     'R9.5 by hand; costs: Parry 2, Renewed 1.',
     record('advanced', ren_actions, first='a', deck_order=ren_deck),
     report(score=(1, 0), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(5, 4), timer=12))
case('renewed_attack_second_nocard_refused',
     'After a Renewed Attack the defender may not use a second no-card action in the phrase.',
     'R8.1: at most once per player per phrase (D `renewed`: the limit still binds).',
     record('advanced', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
         act('b', 'parry'), act('a', 'renew'), act('b', 'parry'),
     ], first='a', deck_order=ren_deck),
     error(6, 'parry without a card is not a legal choice in your answer in the phrase now'))

# Glide bonus (basic): a ST v4 = 4; b P&R v4 = 4 >= 4 holds (free); b rides a Glide Attack v4 as
# bonus riposte at 4 instead of the P&R riposte; a concedes: b scores. Nobody spent: SP 6.
gl_deck = deck('basic',
               ['straight_thrust:4', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4'],
               ['parry_riposte:4', 'glide_attack:4', 'beat_thrust:5', 'toe_touch:5', 'stop_hit:4'])
case('glide_bonus_riposte_after_parry',
     'Glide Attack as a bonus riposte after a P&R parry (speed 4, replacing the P&R riposte); the attacker concedes: the parrier scores.',
     'R9.2 by hand.',
     record('basic', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
         act('b', 'answer', 'parry_riposte:4'), act('b', 'glide', 'glide_attack:4'), act('a', 'concede'),
     ], first='a', deck_order=gl_deck),
     report(score=(0, 1), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))

# Infighting (basic): a moves twice to 6 (short distance). b opens Infighting v4 = 4; a parries
# with Infighting v5 = 5 >= 4 (pays 1), riposte 5 - 2 = 3; b has no Infighting left and
# concedes: a scores. a spent (5), b did not (6).
inf_deck = deck('basic',
                ['infighting:5', 'straight_thrust:4', 'beat_thrust:4', 'toe_touch:5', 'fleche:5'],
                ['infighting:4', 'straight_thrust:5', 'beat_thrust:5', 'toe_touch:5', 'stop_hit:4'])
case('infighting_at_short_distance_parry_and_riposte',
     'Infighting at short distance: opened by b, parried by a\'s Infighting v5 (5 >= 4), riposte at 3; b concedes: a scores.',
     'R9.8 by hand: riposte as P&R (5 - 2).',
     record('basic', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'move', 'forward'),
         act('b', 'play', 'infighting:4'), act('a', 'answer', 'infighting:5'), act('b', 'concede'),
     ], first='a', deck_order=inf_deck),
     report(score=(1, 0), to_act='a', positions=(4, 7), weapons=('line', 'line'), stamina=(5, 6), timer=12))
case('infighting_only_at_short_distance',
     'A Straight Thrust cannot open at short distance (only Infighting can).',
     'R7.1: g = 0 Infighting only.',
     record('basic', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'move', 'forward'), act('b', 'play', 'straight_thrust:5'),
     ], first='a', deck_order=inf_deck),
     error(4, 'open with straight_thrust:5 is not a legal choice in your turn now'))

# Disengage as a counter-attack (basic): a Beat v4 +1 (b LINE) = 5; b Disengage v5 (cyan, b
# LINE: no bonus) = 5: equal, double touch 1-1. b paid 1 (5), a nothing (6).
dis_deck = deck('basic',
                ['beat_thrust:4', 'straight_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4'],
                ['disengage:5', 'straight_thrust:5', 'beat_thrust:5', 'toe_touch:5', 'stop_hit:4'])
case('disengage_counters_beat_double_touch',
     'Disengage answers a Beat as a counter-attack: 5 against 5, a double touch (1-1); the spender (b) does not recover.',
     'R7.4 speed race, R6.3 by hand.',
     record('basic', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'beat_thrust:4'), act('b', 'answer', 'disengage:5'),
     ], first='a', deck_order=dis_deck),
     report(score=(1, 1), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 5), timer=12))
case('disengage_opens_only_against_eng',
     'Disengage may open only when the opponent is in Engagement.',
     'Table (c): red only when opponent ENG.',
     record('basic', keeps('b') + [act('b', 'move', 'forward'), act('b', 'play', 'disengage:5')],
            first='b', deck_order=deck('basic',
                                       ['disengage:5', 'straight_thrust:5', 'beat_thrust:5', 'toe_touch:5', 'stop_hit:4'],
                                       ['beat_thrust:4', 'straight_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4'])),
     error(3, 'open with disengage:5 is not a legal choice in your turn now'))

# Joker (advanced): a ST v4; b Joker: b scores at once; the Joker is discarded and b draws
# one from the timer (12 -> 11). Nobody spent.
jk_deck = deck('advanced',
               ['straight_thrust:4', 'beat_thrust:5', 'disengage:4', 'toe_touch:5', 'flanconade:5', 'flick:5'],
               ['joker', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4', 'flick:4'])
case('joker_scores_and_is_replaced_from_the_timer',
     'The Joker answers a Straight Thrust: its owner scores at once; the Joker is discarded and replaced from the timer (12 -> 11).',
     'R7.4, R7.5 (joker_refill = draw) by hand.',
     record('advanced', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'), act('b', 'answer', 'joker'),
     ], first='a', deck_order=jk_deck),
     report(score=(0, 1), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=11))
case('option_joker_refill_none',
     'joker_refill = none: the Joker is discarded and not replaced (timer stays 12).',
     'The option.',
     record('advanced', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'), act('b', 'answer', 'joker'),
     ], first='a', deck_order=jk_deck, options={'joker_refill': 'none'}),
     report(score=(0, 1), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))

# Angulation (advanced): a ST v4 = 4; b Stop Hit v4 with an Angulation = 6 > 4 (pays 1 for the
# Angulation); a holds no Counter-time or Joker: b scores. b spent (5), a recovers (6).
ang_deck = deck('advanced',
                ['straight_thrust:4', 'beat_thrust:5', 'disengage:4', 'toe_touch:5', 'flanconade:5', 'flick:5'],
                ['stop_hit:4', 'angulation', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4'])
case('angulation_on_a_stop_hit',
     'An Angulation on a Stop Hit v4 makes it 6, faster than the ST v4: b scores (a has no answer to a counter-attack).',
     'R9.7 by hand: +2; Angulation costs 1.',
     record('advanced', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
         act('b', 'answer', ['stop_hit:4', 'angulation']),
     ], first='a', deck_order=ang_deck),
     report(score=(0, 1), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 5), timer=12))
case('angulation_not_on_a_parry',
     'Under angulation = red_cyan an Angulation cannot go on a P&R (blue).',
     'D angulation.',
     record('advanced', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
         act('b', 'answer', ['parry_riposte:5', 'angulation']),
     ], first='a', deck_order=deck('advanced',
                                   ['straight_thrust:4', 'beat_thrust:5', 'disengage:4', 'toe_touch:5', 'flanconade:5', 'flick:5'],
                                   ['parry_riposte:5', 'angulation', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4'])),
     error(4, 'answer with parry_riposte:5 with an angulation is not a legal choice in your answer in the phrase now'))

# Flick (advanced): Flick v4 +1 (b LINE) = 5; b Stop Hit v5 = 5: double touch 1-1; b paid 1.
fl_deck = deck('advanced',
               ['flick:4', 'beat_thrust:5', 'disengage:4', 'toe_touch:5', 'flanconade:5', 'straight_thrust:4'],
               ['stop_hit:5', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4', 'flick:5'])
case('flick_boost_against_line_double_touch',
     'Flick v4 gains +1 against Point-in-Line (5); a Stop Hit v5 meets it at 5: double touch.',
     'R5.2 by hand.',
     record('advanced', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'flick:4'), act('b', 'answer', 'stop_hit:5'),
     ], first='a', deck_order=fl_deck),
     report(score=(1, 1), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 5), timer=12))

# Flèche parried (basic): Flèche v5 = 5 (pays 1); b P&R v5 = 5 >= 5 holds (pays 1): against a
# Flèche a holding P&R scores at once.
fp_deck = deck('basic',
               ['fleche:5', 'straight_thrust:4', 'beat_thrust:4', 'toe_touch:5', 'infighting:4'],
               ['parry_riposte:5', 'straight_thrust:5', 'beat_thrust:5', 'toe_touch:5', 'stop_hit:4'])
case('fleche_parried_scores_for_the_defender_at_once',
     'Against a Flèche the defender has one action: a holding P&R scores at once (no riposte to answer).',
     'R9.3 by hand; both paid 1.',
     record('basic', keeps('a') + [act('a', 'play', 'fleche:5'), act('b', 'answer', 'parry_riposte:5')],
            first='a', deck_order=fp_deck),
     report(score=(0, 1), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(5, 5), timer=12))

# Counter-time unanswered (advanced): ST v4; Stop Hit v5 overtakes (b pays 1); Counter-time
# (a pays 1); b has no Feint in Time: a scores at once.
ct_deck = deck('advanced',
               ['straight_thrust:4', 'counter_time', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4'],
               ['stop_hit:5', 'straight_thrust:5', 'beat_thrust:5', 'disengage:4', 'toe_touch:5', 'flick:4'])
case('counter_time_scores_without_feint_in_time',
     'Counter-time against an overtaking Stop Hit scores when the other holds no Feint in Time.',
     'R9.4 by hand.',
     record('advanced', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
         act('b', 'answer', 'stop_hit:5'), act('a', 'answer', 'counter_time'),
     ], first='a', deck_order=ct_deck),
     report(score=(1, 0), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(5, 5), timer=12))

# A riposte parried without a card (basic): ST v4; P&R v4 holds (free), riposte 2; a holds no
# P&R or Stop Hit and parries without a card: max(1, ceil(2/2)) = 1 SP. No point, positions kept.
rp_deck = deck('basic',
               ['straight_thrust:4', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4'],
               ['parry_riposte:4', 'straight_thrust:5', 'beat_thrust:5', 'toe_touch:5', 'stop_hit:4'])
case('riposte_answered_by_nocard_parry',
     'A P&R riposte (4 - 2 = 2) answered by a no-card Parry for 1 SP: no point, fencers stay (5, 7).',
     'R8.1 (riposte: Parry only), R8.3 by hand.',
     record('basic', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
         act('b', 'answer', 'parry_riposte:4'), act('a', 'parry'),
     ], first='a', deck_order=rp_deck),
     report(score=(0, 0), to_act='b', positions=(5, 7), weapons=('line', 'line'), stamina=(5, 6), timer=12))
case('distance_refused_against_a_riposte',
     'Defence by Distance may not answer a riposte.',
     'R8.1 (src forbids Distance against P&R).',
     record('basic', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
         act('b', 'answer', 'parry_riposte:4'), act('a', 'distance'),
     ], first='a', deck_order=rp_deck),
     error(5, 'defence by distance is not a legal choice in your answer in the phrase now'))

# ---------------------------------------------------------------- turns, strip, errors

case('out_of_bounds_penalty',
     'A fencer who moves back into the own end zone gives the opponent a point; on guard, both recover (capped at 6), the turn passes.',
     'R4.2 by hand: a goes 4, 3, 2 (turn), 1, 0.',
     record('basic', keeps('a') + [
         act('a', 'move', 'back'), act('a', 'move', 'back'),
         act('b', 'move', 'back'), act('b', 'move', 'forward'),
         act('a', 'move', 'back'), act('a', 'move', 'back'),
     ], first='a'),
     report(score=(0, 1), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))
case('option_offstrip_forbid_move',
     'offstrip = forbid_move: the move into the end zone is refused.',
     'The option.',
     record('basic', keeps('a') + [
         act('a', 'move', 'back'), act('a', 'move', 'back'),
         act('b', 'move', 'back'), act('b', 'move', 'forward'),
         act('a', 'move', 'back'), act('a', 'move', 'back'),
     ], first='a', options={'offstrip': 'forbid_move'}),
     error(7, 'move back is not a legal choice in your turn now'))
case('illegal_play_at_long_distance',
     'A Straight Thrust cannot open at long distance (only the Flèche can).',
     'R7.1.',
     record('basic', keeps('a') + [act('a', 'play', 'straight_thrust:3')], first='a'),
     error(2, 'open with straight_thrust:3 is not a legal choice in your turn now'))
case('illegal_card_not_held',
     'A card the player does not hold is refused, naming only that card.',
     'The basic deck has no Joker.',
     record('basic', keeps('a') + [act('a', 'move', 'forward'), act('a', 'play', 'joker')], first='a'),
     error(3, 'open with joker: you hold no joker'))
case('illegal_out_of_turn',
     'b may not act on a\'s turn.',
     'R3.',
     record('basic', keeps('a') + [act('b', 'move', 'forward')], first='a'),
     error(2, 'not your decision: a is to act'))
case('illegal_stall_twice_in_a_row',
     'Stall is refused in two consecutive own turns.',
     'R3.',
     record('basic', keeps('a') + [act('a', 'stall'), act('b', 'stall'), act('a', 'stall')], first='a'),
     error(4, 'stall is not a legal choice in your turn now'))
case('illegal_lone_action_then_stall',
     'Stall is a whole turn: not after another action.',
     'R3: Stall alone.',
     record('basic', keeps('a') + [act('a', 'move', 'forward'), act('a', 'stall')], first='a'),
     error(3, 'stall is not a legal choice in your turn now'))
case('illegal_discard_yellow_straight_thrust',
     'In basic the yellow Straight Thrust v3 cannot be discarded (no higher Straight Thrust in hand).',
     'R6.5.',
     record('basic', keeps('a') + [act('a', 'swap', 'straight_thrust:3')], first='a',
            deck_order=deck('basic', ['beat_thrust:4', 'disengage:4', 'toe_touch:5', 'fleche:5', 'infighting:4'])),
     error(2, 'discard straight_thrust:3 and draw is not a legal choice in your turn now'))
case('illegal_before_mulligan_decision',
     'Before the mulligan decisions no turn action is taken.',
     'R2.4: first player decides first.',
     record('basic', [act('a', 'move', 'forward')], first='a'),
     error(0, 'move forward is not a legal choice in the mulligan decision now'))
case('mulligan_redeals',
     'A mulligan by each player (the first decides first); then the first player\'s turn; nothing public changes but the decisions.',
     'R2.4.',
     record('basic', [act('a', 'mulligan'), act('b', 'mulligan')], first='a'),
     report(score=(0, 0), to_act='a', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))
toss_rng = chacha.Rng(7, 0)
toss_deck = list(range(33))
shuffle(toss_rng, toss_deck)
toss_first = 'a' if chacha.below(toss_rng, 2) == 0 else 'b'
case('first_player_by_seeded_toss',
     'Without first_player the seeded coin toss decides, after the initial shuffle (seed 7: %s decides the mulligan first).' % toss_first,
     'R12 order: the 33-card Fisher-Yates, then the toss, computed with the independent ChaCha8.',
     record('basic', [], seed=7),
     report(score=(0, 0), to_act=toss_first, positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))

# ---------------------------------------------------------------- options

case('option_start_gap_0',
     'start_gap = 0: on guard on 5 and 6, short distance.',
     'The option.',
     record('basic', keeps('a'), first='a', options={'start_gap': 0}),
     report(score=(0, 0), to_act='a', positions=(5, 6), weapons=('line', 'line'), stamina=(6, 6), timer=12))
case('option_sp_payment_threshold',
     'sp_payment = threshold: ST v6 (cost 2) is allowed but not paid; b concedes, a recovers to the max: SP 6 each.',
     'The option; R6.3.',
     record('basic', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:6'), act('b', 'concede'),
     ], first='a', options={'sp_payment': 'threshold'},
            deck_order=deck('basic', ['straight_thrust:6', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4'],
                            ['stop_hit:4', 'straight_thrust:5', 'beat_thrust:5', 'toe_touch:5', 'disengage:4'])),
     report(score=(1, 0), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))
case('sp_payment_default_pays',
     'Default sp_payment = pay: the same ST v6 costs 2 and the spender does not recover: a 4.',
     'R6.2, R6.3.',
     record('basic', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:6'), act('b', 'concede'),
     ], first='a',
            deck_order=deck('basic', ['straight_thrust:6', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4'],
                            ['stop_hit:4', 'straight_thrust:5', 'beat_thrust:5', 'toe_touch:5', 'disengage:4'])),
     report(score=(1, 0), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(4, 6), timer=12))
case('option_concede_forbid',
     'concede = forbid: a defender with a legal answer may not concede.',
     'The option.',
     record('basic', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'), act('b', 'concede'),
     ], first='a', options={'concede': 'forbid'}, deck_order=rp_deck),
     error(4, 'concede is not a legal choice in your answer in the phrase now'))
case('option_plain_parry_parrier_scores',
     'plain_parry = parrier_scores: a no-card Parry of the riposte scores for the parrier (a).',
     'The option; a spent 1 SP (no recovery), b recovers to 6.',
     record('basic', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
         act('b', 'answer', 'parry_riposte:4'), act('a', 'parry'),
     ], first='a', deck_order=rp_deck, options={'plain_parry': 'parrier_scores'}),
     report(score=(1, 0), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(5, 6), timer=12))
case('option_nocard_targets_opening_only',
     'nocard_targets = opening_only: a, holding no P&R or Stop Hit, has no answer to the P&R riposte at all, so it scores at once for b.',
     'The option; P&R v4 is free, nobody spent: both at 6.',
     record('basic', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
         act('b', 'answer', 'parry_riposte:4'),
     ], first='a', deck_order=rp_deck, options={'nocard_targets': 'opening_only'}),
     report(score=(0, 1), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))
case('option_mulligan_off',
     'mulligan = off: the first player\'s turn comes at once; a mulligan is refused.',
     'The option.',
     record('basic', [act('a', 'mulligan')], first='a', options={'mulligan': 'off'}),
     error(0, 'take the mulligan is not a legal choice in your turn now'))
case('option_short_turn_allow',
     'short_turn = allow: a ends the turn after one move; b to act.',
     'The option.',
     record('basic', keeps('a') + [act('a', 'move', 'forward'), act('a', 'end_turn')], first='a',
            options={'short_turn': 'allow'}),
     report(score=(0, 0), to_act='b', positions=(5, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))
case('short_turn_default_refuses_end_turn',
     'Default short_turn = forbid: a lone action is not a turn.',
     'R3.',
     record('basic', keeps('a') + [act('a', 'move', 'forward'), act('a', 'end_turn')], first='a'),
     error(3, 'end the turn is not a legal choice in your turn now'))
case('option_stall_skip_also_next',
     'stall_skip = also_next: after a\'s Stall, b plays two turns in a row (a\'s next turn is skipped).',
     'The option.',
     record('basic', keeps('a') + [
         act('a', 'stall'), act('b', 'move', 'back'), act('b', 'move', 'forward'),
     ], first='a', options={'stall_skip': 'also_next'}),
     report(score=(0, 0), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=11))
case('option_distance_pick_choice',
     'distance_pick = choice (advanced): the defender names the card Defence by Distance discards.',
     'The option; Distance costs 1 SP; 7 -> 9; timer 12 -> 11.',
     record('advanced', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'toe_touch:5'), act('b', 'distance', 'fleche:5'),
     ], first='a', options={'distance_pick': 'choice'},
            deck_order=deck('advanced',
                            ['toe_touch:5', 'straight_thrust:4', 'beat_thrust:5', 'disengage:4', 'flanconade:5', 'flick:5'],
                            ['fleche:5', 'beat_thrust:4', 'straight_thrust:5', 'infighting:4', 'flick:4', 'glide_attack:4'])),
     report(score=(0, 0), to_act='b', positions=(5, 9), weapons=('line', 'line'), stamina=(5, 5), timer=11))
case('option_target_out_of_mode',
     'A target the mode does not play (basic to 15) is a malformed record.',
     'R11.1.',
     record('basic', [], first='a', options={'target': 15}),
     error(None, 'the basic mode plays to 5 or 10, not 15'))


# ---------------------------------------------------------------- the tutorial

tut_deck = deck('tutorial',
                ['straight_thrust:4', 'beat_thrust:4', 'toe_touch:5', 'glide_attack:4', 'flick:4', 'renewed_attack'],
                ['stop_hit:4', 'parry_riposte:4', 'beat_thrust:5', 'toe_touch:5', 'flanconade:5', 'angulation'])
case('tutorial_phrase_cards_discarded_and_refilled',
     'Tutorial: after a phrase every played card is discarded and hands refill to 6 from the draw pile (the timer, 41 - 12 = 29 -> 28); card SP is ignored.',
     'R7.5 tutorial by hand: only a played a card; the scorer refills first.',
     record('tutorial', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'), act('b', 'concede'),
     ], first='a', deck_order=tut_deck),
     report(score=(1, 0), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=28))
case('tutorial_free_swap_after_a_turn_without_phrase',
     'Tutorial: after a turn without a phrase the player may discard one card and draw one, free (timer 29 -> 28); then b plays.',
     'R3 tutorial.',
     record('tutorial', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'move', 'back'), act('a', 'swap', 'flick:4'),
     ], first='a', deck_order=tut_deck),
     report(score=(0, 0), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=28))
case('tutorial_no_discard_draw_action',
     'Tutorial: Discard/Draw is not a turn action (only the free swap after the turn).',
     'R3: Discard/Draw is B, A only.',
     record('tutorial', keeps('a') + [act('a', 'swap', 'flick:4')], first='a', deck_order=tut_deck),
     error(2, 'discard flick:4 and draw is not a legal choice in your turn now'))
case('tutorial_distance_discard_of_choice',
     'Tutorial: Defence by Distance against a Toe-touch discards a card of the defender\'s choice and draws one (29 -> 28); Distance costs 1 SP.',
     'R8.4 tutorial by hand; a, holding a Renewed Attack, may renew after the Distance (R8.1) and passes; the Toe-touch is discarded and a refills (28 -> 27).',
     record('tutorial', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'toe_touch:5'), act('b', 'distance', 'beat_thrust:5'),
         act('a', 'pass'),
     ], first='a', deck_order=deck('tutorial',
                                   ['toe_touch:5', 'beat_thrust:4', 'straight_thrust:4', 'glide_attack:4', 'flick:4', 'renewed_attack'],
                                   ['beat_thrust:5', 'parry_riposte:4', 'disengage:4', 'toe_touch:5', 'flanconade:5', 'angulation'])),
     report(score=(0, 0), to_act='b', positions=(5, 9), weapons=('line', 'line'), stamina=(6, 5), timer=27))


def tutorial_tie_actions():
    """Twelve turns (forward, back, free swap) empty a 12-card timer at 0-0: the tie rule."""
    cards = Cards('tutorial', tut_deck, 'a', timer=12)
    actions = keeps('a')
    seat = 'a'
    for _ in range(12):
        face = cards.swappable(seat, keep=('straight_thrust:4', 'stop_hit:4', 'parry_riposte:4'))
        actions += [act(seat, 'move', 'forward'), act(seat, 'move', 'back'), act(seat, 'swap', face)]
        cards.swap(seat, face)
        seat = 'b' if seat == 'a' else 'a'
    assert not cards.timer and seat == 'a'
    return actions


tie = tutorial_tie_actions()
case('option_tutorial_timer_twelve_tie_rule',
     'tutorial_timer = twelve: twelve free swaps empty the 12-card timer at 0-0; the tie rule starts (no draws); a to act.',
     'The option; R11.5.',
     record('tutorial', tie, first='a', deck_order=tut_deck, options={'tutorial_timer': 'twelve'}),
     report(score=(0, 0), to_act='a', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=0))
case('tutorial_tie_single_touch_wins',
     'Tutorial tie: the first single touch wins the bout.',
     'R11.5 by hand.',
     record('tutorial', tie + [act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'), act('b', 'concede')],
            first='a', deck_order=tut_deck, options={'tutorial_timer': 'twelve'}),
     report(score=(1, 0), winner='a', end='tie_touch', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=0))
case('tutorial_tie_double_touch_does_not_decide',
     'Tutorial tie (tutorial_tie = single_touch): a double touch (ST v4 against Stop Hit v4) scores 1-1 and does not decide; b to act.',
     'R11.5 and D tutorial_tie by hand.',
     record('tutorial', tie + [act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
                               act('b', 'answer', 'stop_hit:4')],
            first='a', deck_order=tut_deck, options={'tutorial_timer': 'twelve'}),
     report(score=(1, 1), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=0))
case('option_tutorial_tie_any_touch',
     'tutorial_tie = any_touch: the same double touch ends the bout, drawn.',
     'The option.',
     record('tutorial', tie + [act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
                               act('b', 'answer', 'stop_hit:4')],
            first='a', deck_order=tut_deck, options={'tutorial_timer': 'twelve', 'tutorial_tie': 'any_touch'}),
     report(score=(1, 1), end='tie_double', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=0))


# ---------------------------------------------------------------- more options and actions

adv_plain = deck('advanced',
                 ['straight_thrust:4', 'beat_thrust:5', 'disengage:4', 'toe_touch:5', 'flanconade:5', 'flick:5'],
                 ['stop_hit:5', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4', 'flick:4'])
case('retreat_with_swap',
     'Retreat (advanced): back 2 blocks (4 -> 2) with a swap (timer 12 -> 11), then a move forward (3): the turn ends.',
     'R3 by hand.',
     record('advanced', keeps('a') + [act('a', 'retreat', 'flick:5'), act('a', 'move', 'forward')],
            first='a', deck_order=adv_plain),
     report(score=(0, 0), to_act='b', positions=(3, 7), weapons=('line', 'line'), stamina=(6, 6), timer=11))
case('retreat_twice_refused',
     'Default retreat = once_shared: a second Retreat in the turn is refused.',
     'D retreat.',
     record('advanced', keeps('a') + [act('a', 'retreat'), act('a', 'retreat')], first='a', deck_order=adv_plain),
     error(3, 'retreat is not a legal choice in your turn now'))
case('option_retreat_free',
     'retreat = free: a second Retreat (2 -> 0) is allowed and enters the end zone: a penalty point for b.',
     'The option; R4.2.',
     record('advanced', keeps('a') + [act('a', 'retreat'), act('a', 'retreat')], first='a', deck_order=adv_plain,
            options={'retreat': 'free'}),
     report(score=(0, 1), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))
case('retreat_not_in_basic',
     'Retreat is an advanced action.',
     'R3.',
     record('basic', keeps('a') + [act('a', 'retreat')], first='a'),
     error(2, 'retreat is not a legal choice in your turn now'))
case('option_overlap_share',
     'overlap = share: b may step into a\'s block (both on 6, short distance).',
     'The option.',
     record('basic', keeps('a') + [act('a', 'move', 'forward'), act('a', 'move', 'forward'), act('b', 'move', 'forward')],
            first='a', options={'overlap': 'share'}),
     report(score=(0, 0), to_act='b', positions=(6, 6), weapons=('line', 'line'), stamina=(6, 6), timer=12))
case('overlap_forbid_blocks_the_step',
     'Default overlap = forbid: b may not step into a\'s block.',
     'R4.1.',
     record('basic', keeps('a') + [act('a', 'move', 'forward'), act('a', 'move', 'forward'), act('b', 'move', 'forward')],
            first='a'),
     error(4, 'move forward is not a legal choice in your turn now'))

pc_deck = deck('basic', ['straight_thrust:4', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4'],
               ['stop_hit:4', 'straight_thrust:5', 'beat_thrust:5', 'toe_touch:5', 'disengage:4'])
pc_actions = keeps('a') + [act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'), act('b', 'parry')]
case('nocard_parry_cost_ceil',
     'A no-card Parry of a 4 costs ceil(4/2) = 2 (6 -> 4).',
     'R8.3 by hand.',
     record('basic', pc_actions, first='a', deck_order=pc_deck),
     report(score=(0, 0), to_act='b', positions=(5, 7), weapons=('line', 'line'), stamina=(6, 4), timer=12))
case('option_parry_cost_floor_plus_one',
     'parry_cost = floor_plus_one: the same Parry costs floor(4/2) + 1 = 3 (6 -> 3).',
     'The option.',
     record('basic', pc_actions, first='a', deck_order=pc_deck, options={'parry_cost': 'floor_plus_one'}),
     report(score=(0, 0), to_act='b', positions=(5, 7), weapons=('line', 'line'), stamina=(6, 3), timer=12))
case('nocard_precondition_strict_refuses',
     'Default nocard_precondition = strict: b holds P&R v4, which would stop the 4, so a no-card Parry is refused.',
     'R8.1.',
     record('basic', keeps('a') + [act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'), act('b', 'parry')],
            first='a', deck_order=rp_deck),
     error(4, 'parry without a card is not a legal choice in your answer in the phrase now'))
case('option_nocard_precondition_free',
     'nocard_precondition = free: the same Parry is allowed (2 SP); no point, fencers stay.',
     'The option.',
     record('basic', keeps('a') + [act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'), act('b', 'parry')],
            first='a', deck_order=rp_deck, options={'nocard_precondition': 'free'}),
     report(score=(0, 0), to_act='b', positions=(5, 7), weapons=('line', 'line'), stamina=(6, 4), timer=12))

# riposte_boost: a (INV) opens ST v4 = 4; b P&R v6 = 6 (pays 2), riposte 4 (on: +2, b LINE and
# a INV: 6); a Stop Hit v5 +1 (INV) = 6 (pays 1): faster than 4 (a scores, b has no answer to a
# counter-attack in basic) or equal to 6 (double touch).
rb_deck = deck('basic', ['straight_thrust:4', 'stop_hit:5', 'beat_thrust:4', 'toe_touch:5', 'fleche:5'],
               ['parry_riposte:6', 'straight_thrust:5', 'beat_thrust:5', 'toe_touch:5', 'disengage:4'])
rb_actions = keeps('a') + [act('a', 'weapon', 'inv'), act('a', 'move', 'forward'),
                           act('b', 'move', 'back'), act('b', 'move', 'forward'),
                           act('a', 'play', 'straight_thrust:4'), act('b', 'answer', 'parry_riposte:6'),
                           act('a', 'answer', 'stop_hit:5')]
case('riposte_boost_off_by_default',
     'Default riposte_boost = off: the P&R v6 riposte is 4 against a in INV; a\'s Stop Hit at 6 is faster: a scores.',
     'R5.2 by hand; a paid 1, b 2: no recovery.',
     record('basic', rb_actions, first='a', deck_order=rb_deck),
     report(score=(1, 0), to_act='b', positions=(4, 7), weapons=('inv', 'line'), stamina=(5, 4), timer=12))
case('option_riposte_boost_on',
     'riposte_boost = on: the riposte gains the Straight Thrust +2 (b LINE, a INV): 6 against 6, a double touch.',
     'The option.',
     record('basic', rb_actions, first='a', deck_order=rb_deck, options={'riposte_boost': 'on'}),
     report(score=(1, 1), to_act='b', positions=(4, 7), weapons=('inv', 'line'), stamina=(5, 4), timer=12))

rps_deck = deck('basic', ['beat_thrust:4', 'straight_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4'],
                ['stop_hit:4', 'straight_thrust:5', 'beat_thrust:5', 'toe_touch:5', 'disengage:4'])
rps_actions = keeps('a') + [act('a', 'move', 'forward'), act('a', 'play', 'beat_thrust:4'), act('b', 'answer', 'stop_hit:4')]
case('beat_boost_against_line',
     'Default rps_effect = none: Beat v4 gains +1 against LINE (5) and beats a Stop Hit v4: a scores.',
     'R5.2 by hand.',
     record('basic', rps_actions, first='a', deck_order=rps_deck),
     report(score=(1, 0), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))
case('option_rps_effect_only_when_winning',
     'rps_effect = only_when_winning: a in LINE does not beat LINE, so no +1: 4 against 4, a double touch.',
     'The option.',
     record('basic', rps_actions, first='a', deck_order=rps_deck, options={'rps_effect': 'only_when_winning'}),
     report(score=(1, 1), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))

# sp_recovery in the tutorial: b spends 1 on Defence by Distance (6 -> 5) in a phrase without a
# point; later b concedes a touch: b recovers to 6 by default, not under basic_advanced.
rec_deck = deck('tutorial', ['toe_touch:5', 'straight_thrust:4', 'beat_thrust:4', 'glide_attack:4', 'flick:4', 'flanconade:5'],
                ['stop_hit:4', 'beat_thrust:5', 'parry_riposte:4', 'toe_touch:5', 'disengage:4', 'flick:5'])
rec_actions = keeps('a') + [act('a', 'move', 'forward'), act('a', 'play', 'toe_touch:5'), act('b', 'distance', 'beat_thrust:5'),
                            act('b', 'move', 'forward'), act('b', 'move', 'forward'), act('b', 'pass'),
                            act('a', 'play', 'straight_thrust:4'), act('b', 'concede')]
case('tutorial_recovery_after_a_point',
     'Default sp_recovery = all_modes: in the tutorial b (5 after a Defence by Distance) recovers to 6 after a later point (timer 29 -> 26: Distance, two refills).',
     'R6.3 by hand.',
     record('tutorial', rec_actions, first='a', deck_order=rec_deck),
     report(score=(1, 0), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=26))
case('option_sp_recovery_basic_advanced',
     'sp_recovery = basic_advanced: no recovery in the tutorial: b stays at 5.',
     'The option.',
     record('tutorial', rec_actions, first='a', deck_order=rec_deck, options={'sp_recovery': 'basic_advanced'}),
     report(score=(1, 0), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 5), timer=26))

dv_deck = ex7_deck
dv_actions = ex7_void
case('option_double_void_at_4_9_14',
     'double_void = at_4_9_14 in a bout to 10: the double touch at 4-4 is void (fencers stay, 5 and 7).',
     'The option.',
     record('basic', dv_actions, first='a', deck_order=dv_deck, options={'target': 10, 'double_void': 'at_4_9_14'}),
     report(score=(4, 4), to_act='b', positions=(5, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))
case('double_touch_counts_away_from_the_target',
     'Default double_void in a bout to 10: the double touch at 4-4 counts (5-5), fencers on guard.',
     'R10.1, R10.3 by hand.',
     record('basic', dv_actions, first='a', deck_order=dv_deck, options={'target': 10}),
     report(score=(5, 5), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))

xd_actions = ex10_actions + [act('b', 'move', 'forward'), act('b', 'play', 'straight_thrust:4'), act('a', 'answer', 'stop_hit:4')]
case('extra_time_double_touch_void',
     'Default extra_double = void: a double touch in extra time scores nothing; fencers stay (4, 6); a to act.',
     'R11.4 by hand.',
     record('basic', xd_actions, first='a', deck_order=ex10_order),
     report(score=(3, 3), to_act='a', positions=(4, 6), weapons=('line', 'line'), stamina=(6, 6), timer=4, priority=priority))
case('option_extra_double_both_score',
     'extra_double = both_score: the same double touch makes 4-4; still tied, extra time goes on, fencers on guard.',
     'The option (the shuffle and toss are the same draws).',
     record('basic', xd_actions, first='a', deck_order=ex10_order, options={'extra_double': 'both_score'}),
     report(score=(4, 4), to_act='a', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=4, priority=priority))

case('option_period_timer_all_remaining',
     'period_timer = all_remaining: period 2\'s timer holds all 23 cards that are not in hands.',
     'The option: 35 - 12 in hands.',
     record('basic', keeps('a') + per_actions + [act('a', 'weapon', 'inv')], first='a', deck_order=per_order,
            options={'target': 10, 'period_timer': 'all_remaining'}),
     report(period=2, score=(0, 0), to_act='a', positions=(4, 7), weapons=('inv', 'line'), stamina=(6, 6), timer=23))

adv_per_order = deck('advanced',
                     ['straight_thrust:4', 'stop_hit:4', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'flick:4'],
                     ['straight_thrust:5', 'stop_hit:5', 'beat_thrust:5', 'toe_touch:5', 'fleche:6', 'flick:5'])
adv_per_cards = Cards('advanced', adv_per_order, 'a')
adv_per_actions, _ = swap_turns(adv_per_cards, 'a', 12)
case('advanced_period_two_starts_at_five_stamina',
     'Advanced to 15 (three periods): period 2 starts with SP 5 each.',
     'R6.1 by hand.',
     record('advanced', keeps('a') + adv_per_actions, first='a', deck_order=adv_per_order, options={'target': 15}),
     report(period=2, score=(0, 0), to_act='a', positions=(4, 7), weapons=('line', 'line'), stamina=(5, 5), timer=12))
case('option_adv_timer_rest_of_deck',
     'adv_timer = rest_of_deck: the advanced timer holds all 42 undealt cards.',
     'The option: 54 - 12.',
     record('advanced', keeps('a'), first='a', options={'adv_timer': 'rest_of_deck'}),
     report(score=(0, 0), to_act='a', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=42))
case('option_deck_marks_custom',
     'deck_marks = custom: the shipped table gives no per-copy marks, so the basic deck is the derived one (timer 12).',
     'The option and cards.json.',
     record('basic', keeps('a'), first='a', options={'deck_marks': 'custom'}),
     report(score=(0, 0), to_act='a', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))
case('option_turn_after_phrase_alternate_plain',
     'turn_after_phrase = alternate_plain: example 2 again; the non-opener (a) moves next, as by default.',
     'The option (a phrase always ends its opener\'s turn).',
     record('basic', keeps('b') + [
         act('b', 'move', 'forward'), act('b', 'play', 'beat_thrust:4'),
         act('a', 'answer', 'parry_riposte:5'), act('b', 'answer', 'stop_hit:4'),
     ], first='b', deck_order=ex2_deck, options={'turn_after_phrase': 'alternate_plain'}),
     report(score=(0, 1), to_act='a', positions=(4, 7), weapons=('line', 'line'), stamina=(5, 6), timer=12))

jt_deck = deck('advanced',
               ['toe_touch:5', 'beat_thrust:5', 'disengage:4', 'straight_thrust:4', 'flanconade:5', 'flick:5'],
               ['joker', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4', 'flick:4'])
jt_actions = keeps('a') + [act('a', 'move', 'forward'), act('a', 'play', 'toe_touch:5'), act('b', 'answer', 'joker')]
case('joker_answers_a_toe_touch',
     'Default joker_scope = universal: the Joker answers a Toe-touch: b scores, draws a replacement (timer 11).',
     'D joker_scope; a paid 1 for the Toe-touch.',
     record('advanced', jt_actions, first='a', deck_order=jt_deck),
     report(score=(0, 1), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(5, 6), timer=11))
case('option_joker_scope_colour_bound',
     'joker_scope = colour_bound: the Joker may not answer a Toe-touch.',
     'The option.',
     record('advanced', jt_actions, first='a', deck_order=jt_deck, options={'joker_scope': 'colour_bound'}),
     error(4, 'answer with joker is not a legal choice in your answer in the phrase now'))
case('option_glide_bonus_nocard_only',
     'glide_bonus = nocard_only: no Glide bonus after a P&R; a must answer the P&R riposte (it concedes).',
     'The option: after b\'s P&R the riposte (2) is pending and a decides.',
     record('basic', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
         act('b', 'answer', 'parry_riposte:4'), act('b', 'glide', 'glide_attack:4'),
     ], first='a', deck_order=gl_deck, options={'glide_bonus': 'nocard_only'}),
     error(5, 'not your decision: a is to act'))

ra_deck = deck('advanced',
               ['straight_thrust:4', 'renewed_attack', 'beat_thrust:5', 'disengage:4', 'toe_touch:5', 'flanconade:5'],
               ['stop_hit:5', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4', 'flick:4'])
ra_actions = keeps('a') + [act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
                           act('b', 'answer', 'stop_hit:5'), act('a', 'renew'), act('b', 'concede')]
case('renewed_not_after_a_counter_attack',
     'Default renewed = after_parry: a Renewed Attack may not follow a Stop Hit that overtook the first attack; a, holding no answer to it, has no decision: b scores at once and the renew comes on b\'s turn.',
     'D renewed; R7.4 (no legal answer: the threat scores).',
     record('advanced', ra_actions, first='a', deck_order=ra_deck),
     error(5, 'not your decision: b is to act'))
case('option_renewed_after_any_defence',
     'renewed = after_any_defence: a renews against the overtaking Stop Hit (4 + 2 = 6, the Stop Hit is cancelled); b concedes: a scores.',
     'The option; a paid 1, b paid 1: no recovery.',
     record('advanced', ra_actions, first='a', deck_order=ra_deck, options={'renewed': 'after_any_defence'}),
     report(score=(1, 0), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(5, 5), timer=12))

fd_deck = deck('advanced',
               ['toe_touch:5', 'feint', 'straight_thrust:4', 'beat_thrust:5', 'disengage:4', 'flanconade:5'],
               ['beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4', 'flick:4', 'glide_attack:4'])
fd_actions = keeps('a') + [act('a', 'move', 'forward'), act('a', 'play', 'toe_touch:5'), act('b', 'distance'),
                           act('a', 'feint', 'straight_thrust:4')]
case('feint_refused_against_distance',
     'Default feint_vs_distance = stop_only: no Feint replacement card against Defence by Distance.',
     'D feint_vs_distance.',
     record('advanced', fd_actions, first='a', deck_order=fd_deck),
     error(5, 'not your decision: b is to act'))
case('option_feint_vs_distance_compare_zero',
     'feint_vs_distance = compare_zero: after the Distance a feints into ST v4 (4 > 0): a scores.',
     'The option; a paid 1 (Toe-touch), b 1 (Distance): no recovery.',
     record('advanced', fd_actions, first='a', deck_order=fd_deck, options={'feint_vs_distance': 'compare_zero'}),
     report(score=(1, 0), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(5, 5), timer=11))

an_deck = deck('advanced',
               ['straight_thrust:4', 'beat_thrust:5', 'disengage:4', 'toe_touch:5', 'flanconade:5', 'flick:5'],
               ['parry_riposte:5', 'angulation', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4'])
case('option_angulation_any',
     'angulation = any: an Angulation on a P&R v5 (7 >= 4, riposte 5); a concedes: b scores; b paid 2.',
     'The option.',
     record('advanced', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
         act('b', 'answer', ['parry_riposte:5', 'angulation']), act('a', 'concede'),
     ], first='a', deck_order=an_deck, options={'angulation': 'any'}),
     report(score=(0, 1), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 4), timer=12))
case('option_infighting_step_push',
     'infighting_step = push: a\'s Infighting parry pushes b back one block (7 -> 8) before the riposte, which b must answer.',
     'The option.',
     record('basic', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'move', 'forward'),
         act('b', 'play', 'infighting:4'), act('a', 'answer', 'infighting:5'),
     ], first='a', deck_order=inf_deck, options={'infighting_step': 'push'}),
     report(score=(0, 0), to_act='b', positions=(6, 8), weapons=('line', 'line'), stamina=(5, 6), timer=12))
case('option_distance_speed_all_modes',
     'distance_speed = all_modes: in the tutorial a Straight Thrust v6 (6 > 5) cannot be met by Defence by Distance; b, with no card answer either, has no decision: a scores at once (the ST is discarded, a refills: 29 -> 28).',
     'The option; R7.4 (no legal answer: the threat scores).',
     record('tutorial', keeps('a') + [act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:6')],
            first='a', options={'distance_speed': 'all_modes'},
            deck_order=deck('tutorial', ['straight_thrust:6', 'beat_thrust:4', 'toe_touch:5', 'glide_attack:4', 'flick:4', 'flanconade:5'],
                            ['flick:5', 'beat_thrust:5', 'toe_touch:5', 'disengage:4', 'flanconade:6', 'angulation'])),
     report(score=(1, 0), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=28))
case('tutorial_distance_any_speed_by_default',
     'Default distance_speed = effective_ba: in the tutorial the same Defence by Distance is allowed (6 -> 5 SP, 7 -> 9).',
     'D distance_speed; the ST is discarded, a refills (29 -> 28 -> 27).',
     record('tutorial', keeps('a') + [act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:6'), act('b', 'distance', 'flick:5')],
            first='a',
            deck_order=deck('tutorial', ['straight_thrust:6', 'beat_thrust:4', 'toe_touch:5', 'glide_attack:4', 'flick:4', 'flanconade:5'],
                            ['flick:5', 'beat_thrust:5', 'toe_touch:5', 'disengage:4', 'flanconade:6', 'angulation'])),
     report(score=(0, 0), to_act='b', positions=(5, 9), weapons=('line', 'line'), stamina=(6, 5), timer=27))


# Flèche placement near the end: a retreats to 1, b comes to 4 (both INV), a's Flèche v5 (5)
# is parried without a card by b (ceil((5-1)/2) = 2): no point; b advances to 3 and a would land
# on 0: clamped to 1 (default), or a penalty point for b (fleche_place = penalty).
fp_actions = keeps('a') + [act('a', 'move', 'back'), act('a', 'move', 'back'),
                           act('b', 'move', 'forward'), act('b', 'move', 'forward'),
                           act('a', 'move', 'back'), act('a', 'weapon', 'inv'),
                           act('b', 'move', 'forward'), act('b', 'weapon', 'inv'),
                           act('a', 'play', 'fleche:5'), act('b', 'parry')]
case('fleche_placement_clamped',
     'Default fleche_place = clamp: after a Flèche without a point from block 1, b advances to 3 and a lands on 1 (0 clamped).',
     'R9.3 by hand: 4 - 1 = 3, 3 - 3 = 0 -> 1; a paid 1, b 2.',
     record('basic', fp_actions, first='a', deck_order=pc_deck),
     report(score=(0, 0), to_act='b', positions=(1, 3), weapons=('inv', 'inv'), stamina=(5, 4), timer=12))
case('option_fleche_place_penalty',
     'fleche_place = penalty: the same landing off the strip is a penalty point for b; on guard.',
     'The option; both spent: no recovery.',
     record('basic', fp_actions, first='a', deck_order=pc_deck, options={'fleche_place': 'penalty'}),
     report(score=(0, 1), to_act='b', positions=(4, 7), weapons=('inv', 'inv'), stamina=(5, 4), timer=12))

# period_reset: a changes to ENG in its first turn (with a swap); the twelfth swap ends period 1.
pr_cards = Cards('basic', per_order, 'a')
pr_face = pr_cards.swappable('a')
pr_cards.swap('a', pr_face)
pr_more, _ = swap_turns(pr_cards, 'b', 11)
pr_actions = keeps('a') + [act('a', 'weapon', 'eng'), act('a', 'swap', pr_face)] + pr_more
case('period_reset_both_by_default',
     'Default period_reset = both: period 2 starts with weapons back to Point-in-Line.',
     'R11.3 by hand.',
     record('basic', pr_actions, first='a', deck_order=per_order, options={'target': 10}),
     report(period=2, score=(0, 0), to_act='a', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))
case('option_period_reset_fencers_only',
     'period_reset = fencers_only: a keeps Engagement into period 2; fencers are on guard.',
     'The option.',
     record('basic', pr_actions, first='a', deck_order=per_order, options={'target': 10, 'period_reset': 'fencers_only'}),
     report(period=2, score=(0, 0), to_act='a', positions=(4, 7), weapons=('eng', 'line'), stamina=(6, 6), timer=12))

# period_end: eleven swaps leave one timer card; b comes to 6; a opens Toe-touch v5 and b's
# Defence by Distance draws the last card. Default: the phrase goes on (a may renew: a decides,
# timer 0). immediately: the phrase ends there with no point, the period (the only one) ends
# 0-0: extra time (the seeded Distance pick, the shuffle of 12 discards, the toss).
pe_order = deck('advanced',
                ['toe_touch:5', 'renewed_attack', 'straight_thrust:4', 'beat_thrust:5', 'disengage:4', 'flick:5'],
                ['straight_thrust:5', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4', 'flick:4'])
pe_cards = Cards('advanced', pe_order, 'a')
pe_swaps, seat = swap_turns(pe_cards, 'a', 11, keep=('toe_touch:5', 'renewed_attack'))
assert seat == 'b' and len(pe_cards.timer) == 1
assert not any(pe_cards.face[i].startswith(('stop_hit', 'joker')) for i in pe_cards.hand['b'])
pe_actions = keeps('a') + pe_swaps + [act('b', 'move', 'forward'), act('b', 'move', 'forward'),
                                      act('a', 'play', 'toe_touch:5'), act('b', 'distance')]
pe_rng = chacha.Rng(0, 0)
chacha.below(pe_rng, 6)  # the Distance pick among b's six cards
pe_pile = list(range(12))
shuffle(pe_rng, pe_pile)
pe_priority = 'a' if chacha.below(pe_rng, 2) == 0 else 'b'
case('period_end_after_resolution_by_default',
     'Default period_end = after_resolution: a Defence by Distance draws the last timer card, but the phrase goes on: a (holding a Renewed Attack) decides; timer 0.',
     'R11.2 by hand: a on 4 and b on 8 after six and five swap turns, b forward twice to 6, back 2 to 8.',
     record('advanced', pe_actions, first='a', deck_order=pe_order),
     report(score=(0, 0), to_act='a', positions=(4, 8), weapons=('line', 'line'), stamina=(5, 5), timer=0))
case('option_period_end_immediately',
     'period_end = immediately: the same Distance ends the phrase at once with no point; the period ends 0-0: extra time, on guard, b to act, priority %s.' % pe_priority,
     'The option; the Distance pick, the 12-card shuffle and the toss computed with the independent ChaCha8.',
     record('advanced', pe_actions, first='a', deck_order=pe_order, options={'period_end': 'immediately'}),
     report(score=(0, 0), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(5, 5), timer=4, priority=pe_priority))


# ---------------------------------------------------------------- ends and malformed records

case('resign_mid_phrase',
     'b resigns while answering a phrase: a wins at once; the phrase is dropped (no on-guard, no recovery).',
     'match-record.md: resign.',
     record('basic', keeps('a') + [act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'), act('b', 'resign')],
            first='a', deck_order=rp_deck),
     report(score=(0, 0), winner='a', end='resign', positions=(5, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))
case('agree_draw_before_the_first_turn',
     'An agreed draw ends the bout with no winner.',
     'match-record.md: agree_draw.',
     record('basic', [act('b', 'agree_draw')], first='a'),
     report(score=(0, 0), end='draw_agreed', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))
case('illegal_action_after_the_end',
     'Nothing is played after the bout ends.',
     'The bout is over.',
     record('basic', [act('b', 'agree_draw'), act('a', 'keep')], first='a'),
     error(1, 'the bout is over'))
case('malformed_action_of_another_game',
     'An En Garde action (advance) is refused by its index.',
     'Unknown action keys.',
     record('basic', [{'seat': 'a', 'advance': 3}], first='a'),
     error(0, 'unknown action `advance` (a Ready... Fence! action is one of mulligan, keep, move, weapon, swap, stall, retreat, end_turn, play, answer, parry, distance, concede, renew, feint, glide, pass, resign, agree_draw)'))
case('malformed_card_without_speed',
     'A card named without its printed speed is refused by its index.',
     'Cards are written kind:speed.',
     record('basic', keeps('a') + [act('a', 'swap', 'beat_thrust')], first='a'),
     error(2, '`beat_thrust` needs its speed, like "beat_thrust:4"'))
missing_game = record('basic', [], first='a')
del missing_game['game']
case('malformed_missing_game',
     'A record without "game" is an En Garde record, not a Ready... Fence! one (exit 2).',
     'match-record.md.',
     missing_game,
     error(None, '`game` is missing: a record without `game` is an En Garde record; a Ready... Fence! record says "game": "ready-fence"'))
case('malformed_deck_not_the_modes',
     'A given deck must be exactly the cards the mode shuffles (a Joker is not in basic).',
     'R2.2.',
     record('basic', [], first='a', deck_order=['joker']),
     error(None, 'the deck lists more joker than the basic deck holds'))


def stall_turns(first, burns):
    """Turns from `first` on burning `burns` timer cards by Stalls: both stall, then both move
    back and forward (a Stall is not allowed in two own turns in a row), and so on; the turn
    that burns the last card is a Stall."""
    other = 'b' if first == 'a' else 'a'
    actions = []
    done = 0
    while done < burns:
        for seat in (first, other):
            if done < burns:
                actions.append(act(seat, 'stall'))
                done += 1
        if done < burns:
            for seat in (first, other):
                actions += [act(seat, 'move', 'back'), act(seat, 'move', 'forward')]
    return actions


case('advanced_period_three_starts_at_four_stamina',
     'Advanced to 15: after period 1 (twelve swaps) and period 2 (twelve Stalls), period 3 starts with SP 4 each; a to act.',
     'R6.1, R11.3 by hand: the twelfth Stall of period 2 is b\'s, so a plays next.',
     record('advanced', keeps('a') + adv_per_actions + stall_turns('a', 12), first='a', deck_order=adv_per_order,
            options={'target': 15}),
     report(period=3, score=(0, 0), to_act='a', positions=(4, 7), weapons=('line', 'line'), stamina=(4, 4), timer=12))
case('last_period_ends_more_points_wins',
     'Basic pool: a scores once, then twelve Stalls empty the timer: the only period ends 1-0 and a wins on points.',
     'R11.4 by hand.',
     record('basic', keeps('a') + concede_phrases('a', 1) + stall_turns('b', 12), first='a', deck_order=per_order),
     report(score=(1, 0), winner='a', end='points', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=0))

def write(folder):
    for name, what, how, rec, expected in CASES:
        with open(os.path.join(folder, name + '.record.json'), 'w') as f:
            json.dump(rec, f, indent=1, ensure_ascii=False)
            f.write('\n')
        with open(os.path.join(folder, name + '.expected.json'), 'w') as f:
            json.dump(expected, f, indent=1)
            f.write('\n')


def table():
    print('| case | what it checks | how it was checked |')
    print('| --- | --- | --- |')
    for name, what, how, _, _ in CASES:
        print('| `%s` | %s | %s |' % (name, what, how))



# ---------------------------------------------------------------- settled readings (format 2)
# ready-fence.md, "Readings settled after the first engine". Each case is a format 2 record;
# where the first engine read the rule otherwise, a format 1 twin shows that old records still
# replay as they did.


def settled(variant, actions, **kw):
    return record(variant, actions, fmt=2, **kw)


# Feint option 2 after Defence by Distance, without a replacement card being possible (stop_only).
# a: forward (5), Toe-touch v5 (pays 1: 5). b: no Stop Hit, Distance (5 <= 5; 6 -> 5; 7 -> 9;
# a random card of b's discarded, one drawn: timer 12 -> 11). a is asked: Feint option 2 stops
# the phrase (Feint costs 0): no point, no recovery; b (the non-opener) to act; gap 3.
case('settled_feint_stop_after_distance',
     'Settled: after Defence by Distance a (holding Feint) is asked and Feint option 2 stops the phrase: no point, b to act (5, 9).',
     'Readings settled: option 2 always offered; D feint_vs_distance stop_only (no option 1). SP: a 1 (Toe-touch), b 1 (Distance).',
     settled('advanced', fd_actions[:-1] + [act('a', 'feint')], first='a', deck_order=fd_deck),
     report(score=(0, 0), to_act='b', positions=(5, 9), weapons=('line', 'line'), stamina=(5, 5), timer=11))
case('first_engine_feint_not_asked_after_distance',
     'Format 1 (first engine): the same Feint after the Distance is refused, a was not asked (no riposte pending).',
     'The first engine\'s reading, kept for old records.',
     record('advanced', fd_actions[:-1] + [act('a', 'feint')], first='a', deck_order=fd_deck),
     error(5, 'not your decision: b is to act'))

# Feint option 2 after a Ceding plain parry (advanced): a forward (5), ST v4 = 4 (pays 0); b
# Ceding Parry v4 = 4 >= 4 holds, no riposte, no Glide in b's hand. a holds replacement cards
# and Feint; option 2 stops the phrase: no point, SP unchanged, b to act.
cp_deck = deck('advanced',
               ['straight_thrust:4', 'feint', 'beat_thrust:5', 'toe_touch:5', 'flanconade:5', 'disengage:4'],
               ['ceding_parry:4', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4', 'flick:4'])
cp_actions = keeps('a') + [act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
                           act('b', 'answer', 'ceding_parry:4'), act('a', 'feint')]
case('settled_feint_stop_after_ceding_plain_parry',
     'Settled: after a Ceding plain parry (4 >= 4, no riposte) Feint option 2 is offered beside option 1: a stops the phrase, no point, b to act.',
     'Readings settled. SP: ST v4, Ceding and Feint cost 0.',
     settled('advanced', cp_actions, first='a', deck_order=cp_deck),
     report(score=(0, 0), to_act='b', positions=(5, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))
case('first_engine_feint_stop_refused_without_riposte',
     'Format 1 (first engine): option 2 was offered only with a riposte pending, so the same stop is refused.',
     'The first engine\'s reading, kept for old records.',
     record('advanced', cp_actions, first='a', deck_order=cp_deck),
     error(5, 'feint and stop the phrase is not a legal choice in the choice to renew or feint now'))

# Feint option 2 after a no-card Parry, the opener holding no replacement card at all: a forward
# (5), ST v4 = 4; b holds nothing that stops a 4 (Flick and Beat are attacks), parries without a
# card: ceil(4/2) = 2 (6 -> 4). a (Feint, no opening card left) is asked and stops the phrase.
np_deck = deck('advanced',
               ['straight_thrust:4', 'feint', 'stop_hit:4', 'parry_riposte:4', 'counter_time', 'joker'],
               ['beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4', 'flick:4', 'flanconade:5'])
case('settled_feint_stop_after_nocard_parry_without_replacement',
     'Settled: after a no-card Parry (2 SP) a, holding Feint but no opening card, is asked; option 2 stops the phrase: no point, b to act.',
     'Readings settled: option 2 without a replacement card. R8.3 cost ceil(4/2) = 2.',
     settled('advanced', keeps('a') + [act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
                                       act('b', 'parry'), act('a', 'feint')], first='a', deck_order=np_deck),
     report(score=(0, 0), to_act='b', positions=(5, 7), weapons=('line', 'line'), stamina=(6, 4), timer=12))

# Renewed Attack after a Ceding plain parry: ST v4 parried (4 >= 4), a renews (4 + 2 = 6, pays 1);
# b concedes: a scores; a spent (5), b did not (6).
rc_deck = deck('advanced',
               ['straight_thrust:4', 'renewed_attack', 'beat_thrust:5', 'toe_touch:5', 'flanconade:5', 'disengage:4'],
               ['ceding_parry:4', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4', 'flick:4'])
case('settled_renewed_after_ceding_plain_parry',
     'Settled: a Renewed Attack follows a Ceding plain parry (no riposte): 4 + 2 = 6; b concedes: a scores.',
     'R9.5 with the settled trigger; Renewed costs 1, no recovery for a.',
     settled('advanced', keeps('a') + [act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
                                       act('b', 'answer', 'ceding_parry:4'), act('a', 'renew'), act('b', 'concede')],
             first='a', deck_order=rc_deck),
     report(score=(1, 0), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(5, 6), timer=12))

# Tutorial tie: b holds cards, none of which can open. Deck: a six openers, b six non-openers, the
# 12-card timer only non-openers. Twelve turns (forward, back, free swap; a swaps away an opener
# other than ST v4, b any card) empty the timer: the tie rule, a to act with ST v4. a moves
# forward and back (no free swap in the tie); b's turn starts: b plays on (format 2).
tt_deck = deck('tutorial',
               ['straight_thrust:4', 'beat_thrust:4', 'toe_touch:5', 'glide_attack:4', 'flick:4', 'straight_thrust:3'],
               ['stop_hit:4', 'stop_hit:5', 'parry_riposte:4', 'ceding_parry:4', 'angulation', 'renewed_attack'],
               ['stop_hit:4', 'stop_hit:5', 'stop_hit:6', 'stop_hit:6', 'stop_hit:7', 'parry_riposte:5',
                'parry_riposte:5', 'parry_riposte:6', 'ceding_parry:4', 'joker', 'joker', 'angulation'])


def tutorial_tie_no_opener():
    cards = Cards('tutorial', tt_deck, 'a', timer=12)
    actions = keeps('a')
    seat = 'a'
    for _ in range(12):
        face = cards.swappable(seat, keep=('straight_thrust:4',))
        actions += [act(seat, 'move', 'forward'), act(seat, 'move', 'back'), act(seat, 'swap', face)]
        cards.swap(seat, face)
        seat = 'b' if seat == 'a' else 'a'
    assert not cards.timer and seat == 'a'
    openers = ('straight_thrust', 'beat_thrust', 'disengage', 'toe_touch', 'glide_attack', 'flick', 'flanconade')
    assert not any(cards.face[i].split(':')[0] in openers for i in cards.hand['b']) and cards.hand['b']
    return actions + [act('a', 'move', 'forward'), act('a', 'move', 'back')]


tt_actions = tutorial_tie_no_opener()
case('settled_tutorial_tie_cards_without_opener_play_on',
     'Settled: in the tutorial tie b holds six cards, none of which can open; b is not "acting with an empty hand" and plays on: b to act.',
     'Readings settled (R11.5): only an empty hand, or a hand with no legal action, loses; b may move.',
     settled('tutorial', tt_actions, first='a', deck_order=tt_deck, options={'tutorial_timer': 'twelve'}),
     report(score=(0, 0), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=0))
case('first_engine_tutorial_tie_without_opener_loses',
     'Format 1 (first engine): the same b, holding no opening card, lost as if the hand were empty.',
     'The first engine\'s reading, kept for old records.',
     record('tutorial', tt_actions, first='a', deck_order=tt_deck, options={'tutorial_timer': 'twelve'}),
     report(score=(0, 0), winner='a', end='empty_hand', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=0))

# Glide bonus after an Infighting parry (basic): as infighting_at_short_distance_parry_and_riposte,
# but a also holds a Glide Attack v4: after the Infighting parry (5 >= 4, pays 1) a is asked and
# glides: the bonus riposte at 4 replaces the Infighting riposte; b (no Infighting left, no-card
# Parry possible) concedes: a scores.
gi_deck = deck('basic',
               ['infighting:5', 'glide_attack:4', 'beat_thrust:4', 'toe_touch:5', 'fleche:5'],
               ['infighting:4', 'straight_thrust:5', 'beat_thrust:5', 'toe_touch:5', 'stop_hit:4'])
gi_actions = keeps('a') + [act('a', 'move', 'forward'), act('a', 'move', 'forward'),
                           act('b', 'play', 'infighting:4'), act('a', 'answer', 'infighting:5'),
                           act('a', 'glide', 'glide_attack:4'), act('b', 'concede')]
case('settled_glide_bonus_after_infighting_parry',
     'Settled: a Glide bonus riposte may follow an Infighting parry at short distance (its lunge distance binds only an opening); b concedes: a scores.',
     'Readings settled; R9.2. SP: Infighting v5 1, Glide v4 0: a 5; b 6.',
     settled('basic', gi_actions, first='a', deck_order=gi_deck),
     report(score=(1, 0), to_act='a', positions=(4, 7), weapons=('line', 'line'), stamina=(5, 6), timer=12))
case('first_engine_no_glide_after_infighting_parry',
     'Format 1 (first engine): no Glide bonus after an Infighting parry; the Infighting riposte is pending and b decides.',
     'The first engine\'s reading, kept for old records.',
     record('basic', gi_actions, first='a', deck_order=gi_deck),
     error(6, 'not your decision: b is to act'))

# Penalty during Defence by Distance (basic): b 7 -> 8 -> 9 (turn), a 4 -> 5 -> 6, b 9 -> 10 and
# INV, a 6 -> 7 -> 8 (gap 1), b stalls (SP stays 6, timer 12 -> 11), a opens Toe-touch v5 (pays
# 1). b holds no Stop Hit: Distance (5 <= 5, pays 1) goes back into the end zone: a scores at
# once; no card is set aside, discarded or drawn (timer stays 11). Both spent: no recovery.
pd_deck = deck('basic',
               ['straight_thrust:4', 'beat_thrust:5', 'toe_touch:5', 'fleche:5', 'infighting:5'],
               ['beat_thrust:4', 'toe_touch:5', 'fleche:6', 'infighting:4', 'disengage:4'])
case('settled_penalty_during_distance_ends_the_phrase',
     'A Defence by Distance into the end zone gives the penalty point at once: no discard and no draw (timer stays 11); on guard, b to act.',
     'Readings settled (R4.2 with R8.4). SP: a 1 (Toe-touch), b 1 (Distance), no recovery.',
     settled('basic', keeps('b') + [
         act('b', 'move', 'back'), act('b', 'move', 'back'),
         act('a', 'move', 'forward'), act('a', 'move', 'forward'),
         act('b', 'move', 'back'), act('b', 'weapon', 'inv'),
         act('a', 'move', 'forward'), act('a', 'move', 'forward'),
         act('b', 'stall'),
         act('a', 'play', 'toe_touch:5'), act('b', 'distance'),
     ], first='b', deck_order=pd_deck),
     report(score=(1, 0), to_act='b', positions=(4, 7), weapons=('line', 'inv'), stamina=(5, 5), timer=11))

# Penalty during a Retreat with swap (advanced): b 7 -> 8 -> 9; a forward and back; b retreats
# with a swap into the end zone: a scores at once, the swap does not happen (timer stays 12).
# Both recover (nobody spent): 6, 6. The turn passes to a.
case('settled_penalty_during_retreat_skips_the_swap',
     'A Retreat with swap into the end zone gives the penalty point at once and swaps nothing (timer stays 12); a to act.',
     'Readings settled (R4.2 with R3 retreat).',
     settled('advanced', keeps('b') + [
         act('b', 'move', 'back'), act('b', 'move', 'back'),
         act('a', 'move', 'forward'), act('a', 'move', 'back'),
         act('b', 'retreat', 'flick:5'),
     ], first='b', deck_order=adv_plain),
     report(score=(1, 0), to_act='a', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))

# renewed = after_any_defence, settled: a counter-attack resolves the phrase, nothing follows it.
case('settled_renewed_after_any_defence_not_after_a_counter',
     'Settled renewed = after_any_defence: no Renewed Attack after the overtaking Stop Hit; a holds no answer, b scores at once and the renew is refused.',
     'Readings settled: a counter-attack always resolves the phrase.',
     settled('advanced', ra_actions, first='a', deck_order=ra_deck, options={'renewed': 'after_any_defence'}),
     error(5, 'not your decision: b is to act'))
# ... and it does follow an Infighting parry (short distance, advanced): b opens Infighting v4, a
# parries with Infighting v5, b renews: 4 + 2 = 6 (pays 1), cancelling a's riposte; a holds no
# Infighting and no Joker left... a concedes: b scores. a spent 1 (Infighting v5), b 1 (Renewed).
ri_deck = deck('advanced',
               ['infighting:5', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'flick:4', 'straight_thrust:4'],
               ['infighting:4', 'renewed_attack', 'beat_thrust:5', 'toe_touch:5', 'stop_hit:4', 'straight_thrust:5'])
case('settled_renewed_after_any_defence_after_infighting_parry',
     'Settled renewed = after_any_defence: a Renewed Attack follows an Infighting parry (4 + 2 = 6, the riposte cancelled); a concedes: b scores.',
     'Readings settled; R9.5. SP: a 1, b 1; no recovery.',
     settled('advanced', keeps('a') + [act('a', 'move', 'forward'), act('a', 'move', 'forward'),
                                       act('b', 'play', 'infighting:4'), act('a', 'answer', 'infighting:5'),
                                       act('b', 'renew'), act('a', 'concede')],
             first='a', deck_order=ri_deck, options={'renewed': 'after_any_defence'}),
     report(score=(0, 1), to_act='a', positions=(4, 7), weapons=('line', 'line'), stamina=(5, 5), timer=12))

# rps_effect = only_when_winning, settled: Beat's +1 against LINE is printed on the card and
# applies: 5 against the Stop Hit's 4: a scores.
case('settled_rps_only_when_winning_keeps_beat_boost',
     'Settled rps_effect = only_when_winning: Beat v4 keeps its printed +1 against LINE (5) and beats the Stop Hit v4: a scores.',
     'Readings settled: the option gates only the cycle\'s modifiers.',
     settled('basic', rps_actions, first='a', deck_order=rps_deck, options={'rps_effect': 'only_when_winning'}),
     report(score=(1, 0), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(6, 6), timer=12))
# ... while the cycle's own modifier is gated: b in ENG, a in INV (ENG does not beat INV): no -1.
# b (first) holds the first hand of the deck.
# a INV, forward; ST v4 = 4; b ENG, Stop Hit v4 (defence, b not INV) = 4: double touch 1-1.
rw_deck = deck('basic', ['stop_hit:4', 'straight_thrust:5', 'beat_thrust:5', 'toe_touch:5', 'disengage:4'],
               ['straight_thrust:4', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4'])
rw_actions = keeps('b') + [act('b', 'weapon', 'eng'), act('b', 'move', 'back'),
                           act('a', 'weapon', 'inv'), act('a', 'move', 'forward'),
                           act('b', 'move', 'forward'), act('b', 'move', 'back'),
                           act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
                           act('b', 'answer', 'stop_hit:4')]
case('settled_rps_only_when_winning_gates_eng',
     'Settled rps_effect = only_when_winning: b in ENG does not beat a in INV, so a\'s ST v4 keeps 4; Stop Hit v4 = 4: double touch 1-1.',
     'Readings settled: ENG beats LINE only (R5.1); a, b each paid 0, both recover (capped).',
     settled('basic', rw_actions, first='b', deck_order=rw_deck, options={'rps_effect': 'only_when_winning'}),
     report(score=(1, 1), to_act='b', positions=(4, 7), weapons=('inv', 'eng'), stamina=(6, 6), timer=12))
case('rps_none_eng_always_slows',
     'Default rps_effect = none: the same ST v4 is slowed by b\'s ENG (3) and the Stop Hit v4 wins: b scores.',
     'R5.2 by hand.',
     settled('basic', rw_actions, first='b', deck_order=rw_deck),
     report(score=(0, 1), to_act='b', positions=(4, 7), weapons=('inv', 'eng'), stamina=(6, 6), timer=12))

# joker_scope = colour_bound against Infighting (advanced, start_gap 0: on guard 5 and 6): a opens
# Infighting v4; b's Joker may not answer it (a no-card Parry is b's legal choice).
jf_deck = deck('advanced',
               ['infighting:4', 'beat_thrust:5', 'toe_touch:5', 'fleche:5', 'flick:5', 'straight_thrust:4'],
               ['joker', 'beat_thrust:4', 'toe_touch:5', 'fleche:6', 'flick:4', 'straight_thrust:5'])
jf_actions = keeps('a') + [act('a', 'play', 'infighting:4'), act('b', 'answer', 'joker')]
case('settled_joker_colour_bound_not_against_infighting',
     'Settled joker_scope = colour_bound: the Joker may not answer an Infighting (tagged [joker] like Toe-touch).',
     'Readings settled; table (c).',
     settled('advanced', jf_actions, first='a', deck_order=jf_deck, options={'joker_scope': 'colour_bound', 'start_gap': 0}),
     error(3, 'answer with joker is not a legal choice in your answer in the phrase now'))
case('joker_universal_answers_infighting',
     'Default joker_scope = universal: the Joker answers the Infighting: b scores and draws a replacement (timer 11); on guard 5 and 6.',
     'D joker_scope; Infighting v4 and the Joker cost 0; both recover (capped).',
     settled('advanced', jf_actions, first='a', deck_order=jf_deck, options={'start_gap': 0}),
     report(score=(0, 1), to_act='b', positions=(5, 6), weapons=('line', 'line'), stamina=(6, 6), timer=11))


# ---------------------------------------------------------------- readings after the fuzz (format 3)
# ready-fence.md, "Readings settled after a differential fuzz". Each case is a format 3 record;
# each `format_2_…` twin replays the same actions as a format 2 record, which keeps the readings
# settled after the first engine only, so stored format 2 bouts replay as they did.


def fuzz_settled(variant, actions, **kw):
    return record(variant, actions, fmt=3, **kw)


# Renewed Attack and Feint need a phrase opened at lunge distance (advanced, start_gap 0: on guard
# 5 and 6, short distance). a opens Infighting v4 (pays 0) holding Renewed Attack and Feint. b
# holds no Infighting and no Joker (nothing stops it) and parries without a card: ceil(4/2) = 2
# (6 -> 4), speed 4. a is not asked (the phrase opened at g = 0); b holds no Glide: no point,
# positions kept, no recovery, b's turn: b moves back (6 -> 7) and still owes an action.
fs_deck = deck('advanced',
               ['infighting:4', 'renewed_attack', 'feint', 'straight_thrust:4', 'beat_thrust:5', 'toe_touch:5'],
               ['beat_thrust:4', 'toe_touch:5', 'fleche:5', 'flick:4', 'straight_thrust:5', 'stop_hit:4'])
fs_actions = keeps('a') + [act('a', 'play', 'infighting:4'), act('b', 'parry'), act('b', 'move', 'back')]
case('fuzz_no_renew_or_feint_after_short_distance_phrase',
     'Format 3: after a phrase opened at short distance (Infighting v4 at g = 0) is parried without a card, a (holding Renewed Attack and Feint) is not asked: the phrase ends, b moves back and still owes an action.',
     'Readings after the fuzz: both cards need a phrase opened at lunge distance. R8.3 cost ceil(4/2) = 2; no point, no recovery.',
     fuzz_settled('advanced', fs_actions, first='a', deck_order=fs_deck, options={'start_gap': 0}),
     report(score=(0, 0), to_act='b', positions=(5, 7), weapons=('line', 'line'), stamina=(6, 4), timer=12))
case('format_2_renew_or_feint_after_short_distance_phrase',
     'Format 2: the same a was asked to renew or feint after the Infighting opened at short distance, so b\'s move is refused.',
     'The readings settled after the first engine, kept for format 2 records.',
     settled('advanced', fs_actions, first='a', deck_order=fs_deck, options={'start_gap': 0}),
     error(4, 'not your decision: a is to act'))

# The negative: a phrase opened at lunge distance is renewed as ever (renewed_attack_after_nocard_parry
# in format 3): ST v4 parried without a card (2 SP), a renews at 6 (pays 1), b's Stop Hit v4 is
# slower: a scores; both spent, no recovery.
case('fuzz_renewed_after_lunge_distance_phrase',
     'Format 3: Renewed Attack still follows a phrase opened at lunge distance: ST v4 parried without a card, renewed at 6; b\'s Stop Hit v4 is slower: a scores.',
     'R9.5 by hand, as renewed_attack_after_nocard_parry; costs: Parry 2, Renewed 1.',
     fuzz_settled('advanced', ren_actions, first='a', deck_order=ren_deck),
     report(score=(1, 0), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(5, 4), timer=12))

# One bonus per phrase. a forward (5), ST v4 = 4 (pays 0), holding Renewed Attack, Feint and
# openers; b's Ceding plain parry v4 holds (4 >= 4, pays 0, no riposte). a renews: 4 + 2 = 6
# (pays 1: 5). b holds no blue or cyan card and no Joker: a no-card Parry, ceil(6/2) = 3 (6 -> 3;
# Distance is barred, 6 > 5). a is not asked again (no Feint); b holds no Glide: no point, no
# recovery; b's turn: b moves back (7 -> 8) and still owes an action.
ob_deck = deck('advanced',
               ['straight_thrust:4', 'renewed_attack', 'feint', 'beat_thrust:5', 'toe_touch:5', 'disengage:4'],
               ['ceding_parry:4', 'beat_thrust:4', 'toe_touch:5', 'fleche:5', 'infighting:4', 'flick:4'])
ob_actions = keeps('a') + [act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
                           act('b', 'answer', 'ceding_parry:4'), act('a', 'renew'), act('b', 'parry'),
                           act('b', 'move', 'back')]
case('fuzz_one_bonus_no_feint_after_renewed_attack',
     'Format 3: after a\'s Renewed Attack (6) is parried without a card, a (still holding Feint and openers) is not asked again: the phrase ends, b moves back and still owes an action.',
     'Readings after the fuzz: Renewed Attack and Feint count once together. SP: a 1 (Renewed), b 3 (ceil(6/2)); no point, no recovery.',
     fuzz_settled('advanced', ob_actions, first='a', deck_order=ob_deck),
     report(score=(0, 0), to_act='b', positions=(5, 8), weapons=('line', 'line'), stamina=(5, 3), timer=12))
case('format_2_feint_asked_after_renewed_attack',
     'Format 2: after the same parried Renewed Attack a was asked again (Feint), so b\'s move is refused.',
     'The readings settled after the first engine, kept for format 2 records.',
     settled('advanced', ob_actions, first='a', deck_order=ob_deck),
     error(7, 'not your decision: a is to act'))

# The negative: with no Renewed Attack played, Feint follows the Ceding parry as ever. a feints
# into Beat v5 (+1 against LINE: 6; Feint 0 + Beat 1 SP) against the parry's 4: a scores; a spent
# (5), b did not (6, capped); on guard, b to act.
case('fuzz_feint_without_renewed_attack',
     'Format 3: Feint still follows a defence when no Renewed Attack was played: after the Ceding parry (4) a feints into Beat v5 at 6: a scores.',
     'R9.6 option 1 by hand (6 > 4); SP: a 1, b 0; b recovers (capped).',
     fuzz_settled('advanced', keeps('a') + [
         act('a', 'move', 'forward'), act('a', 'play', 'straight_thrust:4'),
         act('b', 'answer', 'ceding_parry:4'), act('a', 'feint', 'beat_thrust:5'),
     ], first='a', deck_order=ob_deck),
     report(score=(1, 0), to_act='b', positions=(4, 7), weapons=('line', 'line'), stamina=(5, 6), timer=12))


if __name__ == '__main__':
    if sys.argv[1:] == ['--table']:
        table()
    else:
        write(sys.argv[1] if len(sys.argv) > 1 else '.')
        print(len(CASES), 'cases written')
