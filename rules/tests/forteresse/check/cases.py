"""The Forteresse scenarios: records, hand-derived facts, and the model's cross-check.

Usage: `python3 cases.py ..` (re)writes every NAME.record.json and NAME.expected.json of the
folder above, after asserting each case's hand-derived facts against model.py;
`python3 cases.py --table` prints the README's table."""
import json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model import Match, Illegal

PIC = {
    # Rows 2..6, columns B..F: x wall, o besieged, . empty.
    'Q':   ['oxoxo', 'x...x', 'x...x', 'x...x', 'ox.xo'],   # besieged on the border, killed by straight shots
    'TA':  ['xxxxx', 'xooox', 'x...x', '.....', 'o.x.o'],   # example 6, round 1: Ann's fortress
    'TB2': ['o...o', '.xxx.', '.xox.', '.xxx.', 'ox.xo'],   # example 6, round 2: Ben's fortress (D4 walled in)
    'X1':  ['xxx..', 'x.x.o', '.xo..', 'xx.ox', 'o.x.o'],   # examples 2-3: row 4 = . x o . .
    'Y1':  ['o....', 'xxxxx', 'xxxxx', '.....', 'oooo.'],   # example 4: B4 wall
    'Z':   ['ooooo', 'xxxxx', 'xxxxx', '.....', '.....'],   # example 5: row 6 empty
    'E1A': ['xxx.x', 'oxoxx', '.x.x.', 'o...o', 'x.o..'],   # example 1: E2 empty, F3 wall, B2 wall
    'E1B': ['x.xxx', 'xx.xx', 'o.o.o', 'x...x', 'o..o.'],   # example 1: C2 empty, B3 wall; C4, D5 empty, E6 besieged
    'ENC': ['o...o', '.xxx.', '.xox.', '.xxx.', 'oxo.x'],   # D4 walled in on all 8 lines
    'SHB': ['o...o', '.xox.', '.xox.', '.xxx.', 'x.xox'],   # D4 shielded: 7 walls and the besieged D3
    'DIA': ['.ox.o', '..xx.', '.xox.', '.xxx.', 'ox.xo'],   # D4 open only on the diagonal A1-B2-C3
}

def fort(pic):
    walls, bes = [], []
    for r, row in enumerate(PIC[pic]):
        for c, ch in enumerate(row):
            cell = 'BCDEF'[c] + str(r + 2)
            (walls if ch == 'x' else bes if ch == 'o' else []).append(cell)
    assert len(walls) == 10 and len(bes) == 5, pic
    return {'walls': walls, 'besieged': bes}

def S(seat, pic):
    return ('set', seat, pic)

W = {'c': 'cannon', 'r': 'rifle'}

def act_json(a):
    if isinstance(a, dict):
        return a
    if isinstance(a, tuple):
        return {'seat': a[1], 'fortress': fort(a[2]) if isinstance(a[2], str) else a[2]}
    if a[1] == '!':
        return {'seat': a[0], {'resign': 'resign', 'draw': 'agree_draw'}[a[2:]]: True}
    return {'seat': a[0], 'shot': {'from': a[1:3], 'weapon': W[a[3]], 'dir': a[4:]}}

def model_act(a):
    j = act_json(a)
    if 'fortress' in j: return j['seat'], ('fortress', j['fortress'])
    if 'shot' in j: s = j['shot']; return j['seat'], ('shot', s['from'], s['weapon'], s['dir'])
    if 'resign' in j: return j['seat'], ('resign',)
    return j['seat'], ('agree_draw',)

KILL_Q = ['B1S', 'D1S', 'F1S', 'B7N', 'F7N']
WALL_Q = ['A3E', 'A4E', 'A5E', 'G3W', 'G4W', 'G5W', 'C1S', 'E1S', 'C7N', 'E7N', 'A2SE', 'G2SW', 'A6NE', 'G6NW', 'D7NE']

def shot(seat, w, cd):
    return f'{seat}{cd[:2]}{w}{cd[2:]}'

def alternate(first, a_shots, b_shots):
    """Alternate the two lists, `first` first; when one runs out the other goes on alone."""
    seq = {'a': list(a_shots), 'b': list(b_shots)}
    out, s = [], first
    while seq['a'] or seq['b']:
        if seq[s]:
            out.append(seq[s].pop(0))
        s = 'b' if s == 'a' else 'a'
    return out

def quick_round(first, wa='c', wb='c'):
    """Both fortresses Q; each seat kills the 5 besieged with 5 straight shots (10 shots)."""
    return alternate(first, [shot('a', wa, k) for k in KILL_Q], [shot('b', wb, k) for k in KILL_Q])

# Example 6, round 1: Ann (a) on Ben's Q, Ben (b) on Ann's TA.
EX6_A1 = [shot('a', 'r', c) for c in WALL_Q[:10]] + [shot('a', 'c', c) for c in KILL_Q[:4]] + [shot('a', 'r', 'F7N')]
EX6_B1 = ([shot('b', 'r', c) for c in ['A1SE', 'B1S', 'C1S', 'D1S', 'E1S', 'F1S', 'G1SW', 'A2E', 'A3E', 'G2W', 'G3W',
                                        'A7NE', 'G7NW', 'C7N']]
          + [shot('b', 'c', c) for c in ['A4SE', 'A5E', 'G4SW', 'G5W', 'D7NE', 'B7NE', 'F7NW', 'E7NW', 'A6E']]
          + [shot('b', 'r', 'G6W')])
# Round 2: Ben first (swap); Ben on Ann's Q, Ann on Ben's TB2.
EX6_B2 = [shot('b', 'r', c) for c in WALL_Q] + [shot('b', 'c', k) for k in KILL_Q]
EX6_A2 = ([shot('a', 'r', c) for c in ['A1SE', 'G1SW', 'A7NE', 'G7NW']]
          + [shot('a', 'c', c) for c in ['B1S', 'F1S', 'A2E', 'G2W', 'B7N', 'F7N', 'D1SE', 'C1SW', 'E1SE', 'C7NW',
                                         'E7NE', 'A3NE', 'G3NW', 'A5SE', 'G5SW', 'A4NE']]
          + [shot('a', 'r', c) for c in ['G4NW', 'A6E', 'G6W', 'D7N']])
EX6 = ([S('a', 'TA'), S('b', 'Q')] + alternate('a', EX6_A1, EX6_B1)
       + [S('a', 'Q'), S('b', 'TB2')] + alternate('b', EX6_A2, EX6_B2))

# Example 7: Ann kills the 5th on her 12th shot; Ben has used 11 cells and fires 13 alone.
EX7_A = [shot('a', 'r', c) for c in WALL_Q[:7]] + [shot('a', 'c', k) for k in KILL_Q]
EX7_B = EX6_B1
EX7 = [S('a', 'TA'), S('b', 'Q')] + alternate('a', EX7_A, EX7_B)

QQ = [S('a', 'Q'), S('b', 'Q')]

def R(score, killed, cannon, rifle):
    return {'score': dict(zip('ab', score)), 'killed': dict(zip('ab', killed)),
            'cannon': dict(zip('ab', cannon)), 'rifle': dict(zip('ab', rifle))}

QUICK_CR = R((40, 50), (5, 5), (5, 0), (0, 5))   # a cannons, b rifles: a = 35 + 5, b = 35 + 15

CASES = []

def case(name, what, how, actions, options=None, first_player='a', seed=None, facts=None, error=None, extra=None):
    CASES.append(dict(name=name, what=what, how=how, actions=actions, options=options or {},
                      first_player=first_player, seed=seed, facts=facts, error=error, extra=extra))

# ---------------------------------------------------------------- worked examples
case('example_1_rays_and_cleared_cells',
     'Example 1 and F3.3: D1 SW runs C2, B3 (cannon: wall B3); D1 SE runs E2, F3 (cannon: wall F3); A2 SE then '
     'runs B3 (cleared, now empty), C4, D5 to the besieged on E6; A1 SE meets the wall B2 (rifle: "wall", no cell).',
     'Rays from forteresse.md example 1, walked by hand on fortresses E1B (a shoots) and E1A (b shoots).',
     [S('a', 'E1A'), S('b', 'E1B'), 'aD1cSW', 'bD1cSE', 'aA2rSE', 'bA1rSE'],
     facts=dict(round=1, to_act='a', answers=['wall B3', 'wall F3', 'besieged E6', 'wall'], score=(0, 0)))
case('example_2_3_4_cannon_rifle_answers',
     'Examples 2, 3, 4: cannon A4 E meets B4 empty then the wall C4 ("wall", C4) and leaves D4; rifle G4 W passes '
     'F4, E4 and kills D4 ("besieged", D4); rifle A3 SE meets the wall B4 ("wall", no cell) and B4 stays, as the '
     'cannon A4 E that follows shows ("wall", B4).',
     'Fortress X1 has row 4 = empty, wall, besieged, empty, empty; Y1 has B4 a wall; answers read off F4 by hand.',
     [S('a', 'Y1'), S('b', 'X1'), 'aA4cE', 'bA3rSE', 'aG4rW', 'bA4cE'],
     facts=dict(round=1, to_act='a', answers=['wall C4', 'wall', 'besieged D4', 'wall B4']))
case('example_5_rifle_on_empty_row_nothing',
     'Example 5: rifle A6 E along an empty row 6 is answered "nothing" (no cell).',
     'Fortress Z has rows 5 and 6 empty.',
     [S('a', 'Q'), S('b', 'Z'), 'aA6rE'],
     facts=dict(round=1, to_act='b', answers=['nothing']))
case('example_6_full_match_draw',
     'Example 6 played out: round 1 Ann (a) kills 5 with 4 cannons and 11 rifles then stops, Ben fires all 24 cells '
     '(3 kills, 9 cannons, 15 rifles): 77-44; round 2 (fresh set-ups, Ben first by swap) Ann 58, Ben 91 '
     '(Ann 4 kills, 16 cannons, 8 rifles; Ben 5 kills, 5 cannons, 15 rifles). Totals 135-135: a draw (tie = draw).',
     'Every shot planned by hand (see the README); F6 by hand: 35+27+15=77, 21+12+11=44, 28+15+15=58, 35+48+8=91.',
     EX6,
     facts=dict(round=2, to_act=None, finished=True, winner=None, score=(135, 135),
                rounds=[R((77, 44), (5, 3), (4, 9), (11, 15)), R((58, 91), (4, 5), (16, 5), (8, 15))]))
case('example_6_tie_kills_then_fewer_shots',
     'The same match under tie = kills_then_fewer_shots: equal totals, Ann killed 9 and Ben 8 over both rounds, '
     'so Ann (a) wins.',
     'Kills 5+4 against 3+5.',
     EX6, options={'tie': 'kills_then_fewer_shots'},
     facts=dict(round=2, to_act=None, finished=True, winner='a', score=(135, 135)))
case('example_7_stopped_player_is_skipped',
     'Example 7: Ann kills the 5th besieged on her 12th shot while Ben has used 11 cells; Ben then shoots twice in '
     'a row (to_act stays b).',
     'Ann: 7 rifles on walls, then 5 cannons on the Q besieged; Ben at shot 13 of his list.',
     [S('a', 'TA'), S('b', 'Q')] + alternate('a', EX7_A, EX7_B[:11]) + EX7_B[11:13],
     facts=dict(round=1, to_act='b', n_answers=25))
case('example_7_round_ends_after_the_other_fires_alone',
     'Example 7 to the end of the round: Ben fires his 13 remaining cells alone (3 kills in all), then round 2 '
     'starts with fresh set-ups owed by both; round 1 scores a 35+27+15=77, b 21+15+7=43.',
     'Ann 5 kills, 5 cannons, 7 rifles; Ben 3 kills, 9 cannons, 15 rifles (the same 24 shots as example 6).',
     EX7,
     facts=dict(round=2, to_act='both', answers=[], score=(77, 43), rounds=[R((77, 43), (5, 3), (5, 9), (7, 15))]))

# ---------------------------------------------------------------- scoring and rounds
case('scoring_quick_round_cannons_against_rifles',
     'F6: both kill 5; a fired 5 cannons, b 5 rifles: a scores 35+5=40, b 35+15=50. Round 2 awaits both set-ups.',
     '7 x 5 + 3 x 0 + 1 x 5 and 7 x 5 + 3 x 5 + 1 x 0.',
     QQ + quick_round('a', 'c', 'r'),
     facts=dict(round=2, to_act='both', answers=[], score=(40, 50), rounds=[QUICK_CR]))
case('round2_fresh_one_setup_in',
     'Round 2 under round2_setup = fresh: after a places, the other set-up is owed (to_act b).',
     'match-record.md: while one set-up is owed, to_act is that seat.',
     QQ + quick_round('a', 'c', 'r') + [S('a', 'Z')],
     facts=dict(round=2, to_act='b', answers=[]))
case('round2_first_swap',
     'round2_first = swap (default): round 1 opened by a, so b opens round 2 once both set-ups are in.',
     'F7.2.',
     QQ + quick_round('a', 'c', 'r') + [S('a', 'Z'), S('b', 'Z')],
     facts=dict(round=2, to_act='b'))
case('option_round2_first_lower_round1_score',
     'round2_first = lower_round1_score: a scored 40, b 50 in round 1, so a opens round 2 (swap would give b).',
     '40 < 50.',
     QQ + quick_round('a', 'c', 'r') + [S('a', 'Z'), S('b', 'Z')], options={'round2_first': 'lower_round1_score'},
     facts=dict(round=2, to_act='a'))
case('option_round2_first_lower_score_equal_swaps',
     'round2_first = lower_round1_score with equal round-1 scores (40-40, both used rifles): falls back to swap, b.',
     '7 x 5 + 1 x 5 each; the documented fallback.',
     QQ + quick_round('a', 'r', 'r') + [S('a', 'Z'), S('b', 'Z')], options={'round2_first': 'lower_round1_score'},
     facts=dict(round=2, to_act='b', score=(40, 40)))
case('option_round2_first_random',
     'round2_first = random with seed 3: the stream-1 toss gives a, so a opens round 2 though a opened round 1.',
     'Toss checked with an independent ChaCha8 in Python (stream 1, seed 3: low bit 0 = a).',
     QQ + quick_round('a', 'c', 'r') + [S('a', 'Z'), S('b', 'Z')], options={'round2_first': 'random'}, seed=3,
     facts=dict(round=2, to_act='a'))
case('option_round2_setup_same_as_round1',
     'round2_setup = same_as_round1: round 2 needs no set-up; b (swap) shoots at once, and B1 S kills B2 again: the '
     'fortresses were restored intact.',
     'Round 1 killed B2 with B1 S; in round 2 the same ray meets it again.',
     QQ + quick_round('a', 'c', 'r') + ['bB1cS'], options={'round2_setup': 'same_as_round1'},
     facts=dict(round=2, to_act='a', answers=['besieged B2'], score=(40, 50)))
case('option_round2_setup_same_refuses_a_setup',
     'round2_setup = same_as_round1: a set-up in round 2 is refused.',
     'Round 2 reuses round 1 set-ups.',
     QQ + quick_round('a', 'c', 'r') + [S('a', 'Z')], options={'round2_setup': 'same_as_round1'},
     error=(12, 'you already placed your fortress this round'))
case('full_quick_match_equal_totals_draw',
     'Two quick rounds, a cannons and b rifles in round 1, the reverse in round 2: 40+50 = 50+40, a draw.',
     'F6 per round by hand; F7.1 equal totals.',
     QQ + quick_round('a', 'c', 'r') + QQ + quick_round('b', 'r', 'c'),
     facts=dict(round=2, to_act=None, finished=True, winner=None, score=(90, 90),
                rounds=[QUICK_CR, R((50, 40), (5, 5), (0, 5), (5, 0))]))
FEWER = (QQ + alternate('a', [shot('a', 'c', k) for k in KILL_Q],
                        [shot('b', 'r', c) for c in WALL_Q[:10]] + [shot('b', 'r', k) for k in KILL_Q])
         + QQ + quick_round('b', 'c', 'c'))
case('tie_kills_then_fewer_shots_fewer_shots_wins',
     'tie = kills_then_fewer_shots: totals 100-100 and kills 10-10, a fired 10 shots and b 20: a wins.',
     'Round 1: a 5 cannon kills (b gets 15), b 10 rifles on walls + 5 rifle kills (a gets 15): 50-50; round 2 5 '
     'cannons each: 50-50.',
     FEWER, options={'tie': 'kills_then_fewer_shots'},
     facts=dict(finished=True, winner='a', score=(100, 100)))
case('tie_draw_ignores_kills_and_shots',
     'The same match under the default tie = draw: a draw.',
     'F7.1.',
     FEWER,
     facts=dict(finished=True, winner=None, score=(100, 100)))

# ---------------------------------------------------------------- options
case('option_direction_rule_any_of_8_wasted_shots',
     'direction_rule = any_of_8: A1 E (along the ring) and D1 N (off the grid) are legal, wasted shots answered '
     '"nothing".',
     'forteresse.md: a ray that never enters the fortress is a wasted shot.',
     QQ + ['aA1cE', 'bB1rS', 'aD1rN'], options={'direction_rule': 'any_of_8'},
     facts=dict(to_act='b', answers=['nothing', 'besieged B2', 'nothing']))
case('option_rifle_answer_without_cell',
     'rifle_answer = without_cell: a rifle kill is announced "besieged" with no cell (still counted); a cannon '
     'kill keeps its cell; a rifle on a wall says "wall".',
     'F4 table and the option.',
     QQ + ['aB1rS', 'bD1cS', 'aA3rE'], options={'rifle_answer': 'without_cell'},
     facts=dict(to_act='b', answers=['besieged', 'besieged D2', 'wall']))
case('option_miss_answer_silence',
     'miss_answer = silence: a miss is recorded as "silence" (no cell), for a rifle and for a cannon.',
     'Rows 5 and 6 of Z are empty.',
     [S('a', 'Q'), S('b', 'Z'), 'aA6rE', 'bB1rS', 'aA5cE'], options={'miss_answer': 'silence'},
     facts=dict(to_act='b', answers=['silence', 'besieged B2', 'silence']))
case('option_extra_shot_after_kill_or_destruction',
     'extra_shot = after_kill_or_destruction: a kill and a wall destroyed each earn another shot; a rifle on a wall '
     'and a miss pass the turn.',
     'a: A1 SE kills B2, A2 E kills C2 (B2 now empty), A3 E rifle on the wall B3 passes; b: A4 E rifle on a wall '
     'passes; a: A6 E cannon misses (row 6 of Z empty), passes; b: B1 S kills B2, again; A5 E rifle on B5 passes.',
     [S('a', 'Q'), S('b', 'Z'), 'aA1cSE', 'aA2cE', 'aA3rE', 'bA4rE', 'aA6cE', 'bB1cS', 'bA5rE'],
     options={'extra_shot': 'after_kill_or_destruction'},
     facts=dict(to_act='a', answers=['besieged B2', 'besieged C2', 'wall', 'wall', 'nothing', 'besieged B2', 'wall']))
case('option_extra_shot_none_alternates',
     'Default extra_shot = none: after a kill the turn passes (to_act b).',
     'F5.1.',
     [S('a', 'Q'), S('b', 'Z'), 'aA1cSE'],
     facts=dict(to_act='b', answers=['besieged B2']))
case('option_first_shooter_challenger',
     'first_shooter = challenger and no record first_player: a shoots first.',
     'The option, applied because the record sets it.',
     QQ, options={'first_shooter': 'challenger'}, first_player=None, facts=dict(to_act='a'))
case('option_first_shooter_challenged',
     'first_shooter = challenged and no record first_player: b shoots first.',
     'The option.',
     QQ, options={'first_shooter': 'challenged'}, first_player=None, facts=dict(to_act='b'))
case('option_first_shooter_random_seed_7',
     'first_shooter = random, seed 7: the toss gives b.',
     'Stream 0 of seed 7, the draw En Garde pins in shuffle.rs (B); also the independent Python ChaCha8.',
     QQ, options={'first_shooter': 'random'}, first_player=None, seed=7, facts=dict(to_act='b'))
case('option_first_shooter_random_seed_0',
     'first_shooter = random, seed 0: the toss gives a.',
     'Independent Python ChaCha8: stream 0 of seed 0 has low bit 0.',
     QQ, options={'first_shooter': 'random'}, first_player=None, seed=0, facts=dict(to_act='a'))
case('record_first_player_wins_over_option',
     'The record\'s first_player b wins over first_shooter = challenger.',
     'match-record.md: first_player is who shoots first in round 1.',
     QQ, options={'first_shooter': 'challenger'}, first_player='b', facts=dict(to_act='b'))
case('record_without_first_player_starts_with_a',
     'No first_player and no first_shooter in the record: a shoots first (the default of every record), whatever '
     'the seed.',
     'match-record.md: first_player default a.',
     QQ, first_player=None, seed=7, facts=dict(to_act='a'))
case('option_setup_rule_reachable_refuses_walled_in',
     'setup_rule = besieged_must_be_reachable: a set-up whose besieged on D4 is walled in on all 8 lines is '
     'refused.',
     'ENC: C3 D3 E3 C4 E4 C5 D5 E5 are walls around D4.',
     [S('a', 'ENC')], options={'setup_rule': 'besieged_must_be_reachable'},
     error=(0, 'the besieged on D4 cannot be reached: every line from it to the ring is blocked (rule: every '
               'besieged must be reachable)'))
case('option_setup_rule_reachable_refuses_shielded_by_besieged',
     'setup_rule = besieged_must_be_reachable: D4 is walled on 7 lines and the 8th (north) meets the besieged D3 '
     'first; a rifle cannot reach D4 past another besieged, so the set-up is refused.',
     'SHB: C3 E3 C4 E4 C5 D5 E5 walls, D3 besieged (itself reached from D1 S); every ray to D4 passes a '
     'neighbour of D4.',
     [S('a', 'SHB')], options={'setup_rule': 'besieged_must_be_reachable'},
     error=(0, 'the besieged on D4 cannot be reached: every line from it to the ring is blocked (rule: every '
               'besieged must be reachable)'))
case('option_setup_rule_reachable_accepts_diagonal_only',
     'setup_rule = besieged_must_be_reachable: D4 walled on 7 lines but open on the diagonal from A1 (B2, C3 '
     'empty) is reachable by a rifle: accepted; b still owes theirs.',
     'DIA: A1 SE meets B2 and C3 empty, then D4; the other besieged touch the ring.',
     [S('a', 'DIA')], options={'setup_rule': 'besieged_must_be_reachable'}, facts=dict(to_act='b'))
case('setup_rule_free_accepts_walled_in',
     'Default setup_rule = free: the same walled-in set-up is accepted (F2.1); b still owes theirs.',
     'F2.1.',
     [S('a', 'ENC')], facts=dict(to_act='b'))
case('option_setup_rule_reachable_accepts_open',
     'setup_rule = besieged_must_be_reachable accepts Q (every besieged on the border).',
     'Every besieged of Q touches the ring.',
     QQ, options={'setup_rule': 'besieged_must_be_reachable'}, facts=dict(to_act='a'))

# ---------------------------------------------------------------- illegal actions
case('illegal_ring_cell_reused',
     'Example 3: A4 cannot be reused by the same player in the round.',
     'F3.1.',
     [S('a', 'Y1'), S('b', 'X1'), 'aA4cE', 'bA3rSE', 'aG4rW', 'bA4cE', 'aA4rE'],
     error=(6, 'A4 was already used this round'))
case('illegal_direction_a1_east',
     'Example 1: A1 E runs along the ring and is refused; from A1 the only way in is SE.',
     'F3.2.',
     QQ + ['aA1cE'],
     error=(2, 'A1 E does not point into the fortress: from A1 the only way in is SE'))
case('illegal_direction_a4_north',
     'A4 N is refused; from A4 the ways in are NE, E and SE.',
     'F3.2.',
     QQ + ['aA4rN'],
     error=(2, 'A4 N does not point into the fortress: from A4 the ways in are NE, E and SE'))
case('illegal_shot_from_fortress_cell',
     'A shot from B2 (a fortress cell) is refused.',
     'F3.1: shots come from the 24 ring cells.',
     QQ + ['aB2cE'],
     error=(2, 'B2 is not a ring cell: shots are fired from columns A and G and rows 1 and 7'))
case('illegal_shot_before_both_setups',
     'A shot while b still owes their set-up is refused.',
     'match-record.md: both set-ups of a round come before its first shot.',
     [S('a', 'Q'), 'aB1cS'],
     error=(1, 'both set-ups are not in yet: no shot before both fortresses are placed'))
case('illegal_second_setup_same_seat',
     'A second set-up by the same seat in a round is refused.',
     'F2.',
     [S('a', 'Q'), S('a', 'Z')],
     error=(1, 'you already placed your fortress this round'))
case('illegal_out_of_turn',
     'b shoots while a is to shoot.',
     'F5.1.',
     QQ + ['bB1cS'],
     error=(2, "not your turn: it is A's shot"))
case('illegal_shot_by_stopped_player',
     'After killing all 5, a may not shoot again while b goes on alone.',
     'F5.2.',
     [S('a', 'TA'), S('b', 'Q')] + alternate('a', EX7_A, EX7_B[:11]) + ['aG6rW'],
     error=(25, 'you have stopped shooting this round: you killed all 5 besieged'))
case('illegal_setup_nine_walls',
     'A set-up with 9 walls is refused.',
     'F2.1: exactly 10 walls.',
     [{'seat': 'a', 'fortress': {'walls': fort('Q')['walls'][:9], 'besieged': fort('Q')['besieged']}}],
     error=(0, 'a set-up needs exactly 10 walls (this one has 9)'))
case('illegal_setup_ring_cell',
     'A set-up with a wall on A1 (a ring cell) is refused.',
     'F2.1: inside the fortress.',
     [{'seat': 'b', 'fortress': {'walls': ['A1'] + fort('Q')['walls'][1:], 'besieged': fort('Q')['besieged']}}],
     error=(0, 'A1 is not in the fortress: walls and besieged go on B2 to F6'))
case('illegal_setup_repeated_cell',
     'A set-up naming C2 as a wall and as a besieged is refused.',
     'F2.1: distinct cells.',
     [{'seat': 'a', 'fortress': {'walls': fort('Q')['walls'], 'besieged': ['C2'] + fort('Q')['besieged'][1:]}}],
     error=(0, 'C2 is used twice: each cell holds one wall or one besieged'))
case('illegal_action_after_match_end',
     'After b resigns, a shot by a is refused: the match is over.',
     'match-record.md.',
     QQ + ['aB1cS', 'b!resign', 'aD1cS'],
     error=(4, 'the match is over'))

# ---------------------------------------------------------------- resign, draw
case('resign_mid_round',
     'b resigns in round 1 (while b is to shoot): a wins at once; no round was scored (0-0).',
     'match-record.md: resign ends the match, the other seat wins.',
     QQ + ['aB1cS', 'b!resign'],
     facts=dict(round=1, finished=True, winner='a', to_act=None, score=(0, 0), answers=['besieged B2']))
case('resign_during_setup',
     'a resigns before any set-up: b wins.',
     'Resign is open to either seat at any time.',
     ['a!resign'],
     facts=dict(round=1, finished=True, winner='b', to_act=None))
case('resign_in_round2_keeps_round1_scores',
     'b resigns during round 2\'s set-ups though ahead 50-40: a wins; the score is round 1\'s.',
     'Resign beats points.',
     QQ + quick_round('a', 'c', 'r') + [S('a', 'Z'), 'b!resign'],
     facts=dict(round=2, finished=True, winner='a', score=(40, 50)))
case('agree_draw_mid_round',
     'agree_draw in round 1: the match ends with no winner.',
     'match-record.md.',
     QQ + ['aB1cS', 'a!draw'],
     facts=dict(round=1, finished=True, winner=None, to_act=None))

# ---------------------------------------------------------------- malformed
BASE = {'format': 1, 'game': 'forteresse', 'variant': 'forteresse'}
case('malformed_unknown_option', 'An unknown option name is an error naming it (exit 2).', 'serde names the field.',
     [], extra={'options': {'rifle': 'with_cell'}}, error=(None, 'unknown field `rifle`, expected one of `direction_rule`, `rifle_answer`, `miss_answer`, `extra_shot`, `first_shooter`, `round2_setup`, `round2_first`, `tie`, `setup_rule` at line 5 column 21'))
case('malformed_engarde_option', 'An En Garde option (parry) in a Forteresse record is an error (exit 2).',
     'match-record.md: an option of another game is an error.',
     [], extra={'options': {'parry': 'identical'}}, error=(None, 'unknown field `parry`, expected one of `direction_rule`, `rifle_answer`, `miss_answer`, `extra_shot`, `first_shooter`, `round2_setup`, `round2_first`, `tie`, `setup_rule` at line 5 column 21'))
case('malformed_bad_json', 'A document that is not JSON (exit 2).', 'serde_json.',
     [], extra='RAW:{"format": 1, "game": "forteresse", "variant": "forteresse", "actions": [',
     error=(None, 'EOF while parsing a list at line 1 column 73'))
case('malformed_missing_game', 'A record without "game" is an En Garde record, not a Forteresse one (exit 2).',
     'match-record.md: a record without game is an engarde record.',
     [], extra={'game': None}, error=(None, '`game` is missing: a record without `game` is an En Garde record; a Forteresse record says "game": "forteresse"'))
case('malformed_engarde_variant', 'variant engarde-standard in a Forteresse record (exit 2).', 'Variant forteresse.',
     [], extra={'variant': 'engarde-standard'}, error=(None, 'unknown variant `engarde-standard`, expected `forteresse` at line 4 column 31'))
case('malformed_decks_field', 'decks (an En Garde field) is an unknown field of a Forteresse record (exit 2).',
     'Unknown fields are errors.', [], extra={'decks': []}, error=(None, 'unknown field `decks`, expected one of `format`, `game`, `variant`, `options`, `first_player`, `seed`, `actions` at line 7 column 9'))
case('malformed_unknown_format', 'format 2 is unknown (exit 2).', 'format 1.', [], extra={'format': 2},
     error=(None, 'unknown format 2 (expected 1)'))
case('malformed_action_engarde_key', 'An En Garde action (advance) is refused by index (exit 1).',
     'Unknown action keys.', [{'seat': 'a', 'advance': 3}],
     error=(0, 'unknown action `advance` (a Forteresse action is one of fortress, shot, resign, agree_draw)'))
case('malformed_action_bad_direction', 'A direction "UP" is refused by index (exit 1).', 'Directions N..NW.',
     QQ + [{'seat': 'a', 'shot': {'from': 'A4', 'weapon': 'cannon', 'dir': 'UP'}}],
     error=(2, '`UP` is not a direction (one of N, NE, E, SE, S, SW, W, NW)'))


def record_of(c):
    if isinstance(c['extra'], str):
        return c['extra'][4:]
    rec = dict(BASE)
    if c['options']:
        rec['options'] = c['options']
    if c['first_player']:
        rec['first_player'] = c['first_player']
    if c['seed'] is not None:
        rec['seed'] = c['seed']
    rec['actions'] = [act_json(a) for a in c['actions']]
    for k, v in (c['extra'] or {}).items():
        if v is None:
            rec.pop(k)
        else:
            rec[k] = v
    if 'options' in rec:  # keep a stable key order
        rec = {k: rec[k] for k in ['format', 'game', 'variant', 'options', 'first_player', 'seed', 'decks', 'actions'] if k in rec}
    lines = []
    for k, v in rec.items():
        if k == 'actions' and v:
            body = ',\n'.join('    ' + json.dumps(a) for a in v)
            lines.append(f'  "actions": [\n{body}\n  ]')
        else:
            lines.append(f'  {json.dumps(k)}: {json.dumps(v)}')
    return '{\n' + ',\n'.join(lines) + '\n}\n'


def answer_text(a):
    return a['answer'] + (' ' + a['cell'] if 'cell' in a else '')


def run(c):
    fp = c['first_player']
    if fp is None and 'first_shooter' not in c['options']:
        fp = 'a'  # match-record.md: first_player defaults to a
    m = Match(c['options'], fp, c['seed'] or 0)
    for i, a in enumerate(c['actions']):
        j = act_json(a)
        if 'fortress' not in j and 'shot' not in j and 'resign' not in j and 'agree_draw' not in j:
            return ('parse', i)
        if 'shot' in j and j['shot']['dir'] not in ('N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'):
            return ('parse', i)
        if 'fortress' in j:
            f = j['fortress']
            cells = f['walls'] + f['besieged']
            if len(f['walls']) != 10 or len(f['besieged']) != 5 or len(set(cells)) != 15 or any(
                    not ('B' <= x[0] <= 'F' and '2' <= x[1] <= '6') for x in cells):
                return ('parse', i)
        seat, act = model_act(a)
        try:
            m.play(seat, act)
        except Illegal as e:
            return ('illegal', i, str(e))
    return ('ok', m.report())


def check(c):
    out = run(c)
    if c['error'] is not None:
        idx, reason = c['error']
        if idx is None:
            return {'ok': False, 'error': {'action': None, 'reason': reason}}
        assert out[0] in ('illegal', 'parse') and out[1] == idx, (c['name'], out)
        return {'ok': False, 'error': {'action': idx, 'reason': reason}}
    assert out[0] == 'ok', (c['name'], out)
    rep = out[1]
    f = c['facts']
    for k, v in f.items():
        if k == 'answers':
            got = [answer_text(a) for a in rep['announcements']]
            assert got == v, (c['name'], got, v)
        elif k == 'n_answers':
            assert len(rep['announcements']) == v, (c['name'], len(rep['announcements']))
        elif k == 'score':
            assert (rep['score']['a'], rep['score']['b']) == v, (c['name'], rep['score'], v)
        else:
            assert rep[k] == v, (c['name'], k, rep[k], v)
    return rep


if __name__ == '__main__':
    if sys.argv[1] == '--table':
        for c in CASES:
            print(f"| `{c['name']}` | {c['what']} | {c['how']} |")
        sys.exit()
    out_dir = sys.argv[1]
    names = set()
    for c in CASES:
        assert c['name'] not in names
        names.add(c['name'])
        exp = check(c)
        with open(os.path.join(out_dir, c['name'] + '.record.json'), 'w') as fh:
            fh.write(record_of(c))
        path = os.path.join(out_dir, c['name'] + '.expected.json')
        if exp is not None:
            with open(path, 'w') as fh:
                fh.write(json.dumps(exp, indent=2) + '\n')
        elif not os.path.exists(path):
            with open(path, 'w') as fh:
                fh.write(json.dumps({'ok': False, 'error': {'action': None, 'reason': 'FILL: ' + c['error'][1]}}, indent=2) + '\n')
    print(len(CASES), 'cases')
