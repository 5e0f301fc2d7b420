//! Information-set Monte Carlo tree search (single observer), generic over [`Opponent`]
//! games whose worlds list their decisions ([`Opponent::decision`]).
//!
//! One tree of public action sequences, rooted at the seat's decision. Each iteration
//! samples a world consistent with the seat's knowledge and walks down the tree, choosing
//! among the children legal in that world by UCB1 (each seat maximises its own score,
//! counting how often each child was available); it adds one new node, plays the round out
//! with the game's quick policy and backs the score up the path. A node merges every world
//! that reaches it by the same actions, so the other seat's choices in the tree are made
//! without seeing the seat's hand, unlike in a single determinized world. The root action
//! visited most is played.

use super::{Opponent, Random};
use crate::Seat;

/// How often (in iterations) the clock is read.
const CLOCK_EVERY: u32 = 64;

/// The weight of exploration in UCB1 (scores lie in 0..=1).
const EXPLORATION: f64 = 0.7;

/// A node: the action that leads to it and its statistics.
struct Node<A> {
    /// The action that leads here from the parent.
    action: A,
    /// Who played it: the node's scores are that seat's.
    seat: Seat,
    /// Child nodes (indices in the arena).
    children: Vec<u32>,
    /// Iterations that went through this node.
    visits: u32,
    /// Iterations in which this node was a legal choice at its parent.
    available: u32,
    /// The sum of the scores of `seat` over the visits.
    total: f64,
}

/// The candidate visited most after `iterations` iterations (fewer if `deadline` comes
/// first); ties: the better mean, then the first listed. `candidates` holds at least two
/// actions: the seat's legal choices, the same in every world.
pub(crate) fn search<G: Opponent>(
    k: &G::Knowledge,
    seat: Seat,
    candidates: &[G::Action],
    iterations: u32,
    deadline: Option<std::time::Instant>,
    rng: &mut Random,
) -> G::Action {
    let mut nodes: Vec<Node<G::Action>> = candidates
        .iter()
        .map(|&action| Node { action, seat, children: Vec::new(), visits: 0, available: 0, total: 0.0 })
        .collect();
    let roots: Vec<u32> = (0..nodes.len() as u32).collect();
    let mut legal = Vec::new();
    let mut untried = Vec::new();
    let mut path = Vec::new();
    let mut done = 0u32;
    while done < iterations.max(candidates.len() as u32) {
        if done % CLOCK_EVERY == 0 && done > 0 && deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            break;
        }
        done += 1;
        let mut world = G::determinize(k, rng);
        path.clear();
        // The root: every candidate is legal in every world.
        let first = select(&mut nodes, &roots, |_| true);
        G::play_in_world(&mut world, seat, nodes[first as usize].action);
        path.push(first);
        let mut at = first;
        let mut expanded = false;
        let score = loop {
            let Some(to_act) = G::decision(&world, &mut legal) else {
                break G::round_score(&world, seat);
            };
            if expanded || legal.is_empty() {
                break G::play_out(&mut world, seat, rng);
            }
            let children = std::mem::take(&mut nodes[at as usize].children);
            untried.clear();
            untried.extend(legal.iter().copied().filter(|a| !children.iter().any(|&c| nodes[c as usize].action == *a)));
            let next = if untried.is_empty() {
                select(&mut nodes, &children, |a| legal.contains(a))
            } else {
                let action = untried[rng.below(untried.len())];
                // The legal children were available too.
                for &c in &children {
                    if legal.contains(&nodes[c as usize].action) {
                        nodes[c as usize].available += 1;
                    }
                }
                expanded = true;
                nodes.push(Node { action, seat: to_act, children: Vec::new(), visits: 0, available: 1, total: 0.0 });
                (nodes.len() - 1) as u32
            };
            nodes[at as usize].children = children;
            if expanded {
                nodes[at as usize].children.push(next);
            }
            G::play_in_world(&mut world, to_act, nodes[next as usize].action);
            path.push(next);
            at = next;
        };
        for &id in &path {
            let node = &mut nodes[id as usize];
            node.visits += 1;
            node.total += if node.seat == seat { score } else { 1.0 - score };
        }
    }
    let mean = |n: &Node<G::Action>| n.total / f64::from(n.visits.max(1));
    let mut best = 0;
    for j in 1..candidates.len() {
        let (nj, nb) = (&nodes[j], &nodes[best]);
        if nj.visits > nb.visits || (nj.visits == nb.visits && mean(nj) > mean(nb)) {
            best = j;
        }
    }
    candidates[best]
}

/// The child to follow among `children` legal in this world (`legal`), by UCB1 with
/// availability counts; counts each legal one as available. `children` is not empty and
/// each of them was visited.
fn select<A: Copy>(nodes: &mut [Node<A>], children: &[u32], legal: impl Fn(&A) -> bool) -> u32 {
    let mut untried = None;
    for &c in children {
        let node = &mut nodes[c as usize];
        if legal(&node.action) {
            node.available += 1;
            if node.visits == 0 && untried.is_none() {
                untried = Some(c);
            }
        }
    }
    if let Some(c) = untried {
        // Roots are tried once each first.
        return c;
    }
    let mut best = children[0];
    let mut best_value = f64::NEG_INFINITY;
    for &c in children {
        let node = &nodes[c as usize];
        if !legal(&node.action) {
            continue;
        }
        let mean = node.total / f64::from(node.visits);
        let value = mean + EXPLORATION * (f64::from(node.available).ln() / f64::from(node.visits)).sqrt();
        if value > best_value {
            best = c;
            best_value = value;
        }
    }
    best
}
