//! A big community's history, seeded fast: finished matches of every variant (each a
//! seeded random legal game played with the rules crate, so every record is real and
//! replays), spread over servers and players with a Zipf-like skew (a few big servers,
//! most small; a few very active players in each), matches in play with deadlines over
//! the next two days, monthly seasons in the biggest servers, and Swiss tournaments
//! (finished ones, and one running per server with its round in play).
//!
//! Rows are written with multi-row `INSERT`s of the store's own columns, a transaction per
//! batch, on SQLite or PostgreSQL alike; the ratings are then computed by the bot's own
//! `ratings rebuild` (`Service::rebuild_ratings`), so every rating and rating change is
//! the store's. `tests/scale.rs` checks a seeded database against the store: every record
//! replays to its stored state, and history, stats and standings read.

use std::collections::HashMap;

use engarde::service::Service;
use engarde::store::{Exec, Pool};
use engarde_rules::{Match, MatchAction, Seat, ToAct, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sqlx::QueryBuilder;

/// What to seed.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Finished matches.
    pub finished: usize,
    /// Matches in play (deadlines over the next two days).
    pub in_play: usize,
    /// Servers.
    pub servers: usize,
    /// Players, all servers together.
    pub players: usize,
    /// The random seed (the same plan and seed seed the same rows).
    pub seed: u64,
    /// "Now", unix seconds: finished matches end over the year before it.
    pub now: i64,
}

impl Plan {
    /// The default shape for `finished` matches: 5% as many in play, a server per 100
    /// finished matches (at least 10), a player per 5 (at least 40).
    #[must_use]
    pub fn for_matches(finished: usize, now: i64) -> Plan {
        Plan {
            finished,
            in_play: finished / 20,
            servers: (finished / 100).max(10),
            players: (finished / 5).max(40),
            seed: 41,
            now,
        }
    }
}

/// What was seeded, for the bench to aim its reads at.
#[derive(Clone, Debug, Default)]
pub struct Seeded {
    /// The biggest server.
    pub big_guild: i64,
    /// Its most active player.
    pub heavy_player: i64,
    /// A player of it with a few matches (the median player's share).
    pub light_player: i64,
    /// A season of the biggest server (the latest ended one).
    pub season: Option<i64>,
    /// A finished tournament of the biggest server.
    pub tournament: Option<i64>,
    /// Rows written: matches and actions.
    pub matches: usize,
    pub actions: usize,
}

/// Seconds per decision (the default).
const TURN_SECONDS: i64 = 172_800;
/// Bound parameters per statement (SQLite allows 32,766; PostgreSQL 65,535).
const MAX_PARAMS: usize = 30_000;

/// Rows of `columns` bound parameters each that one statement may insert.
const fn rows_of(columns: usize) -> usize {
    MAX_PARAMS / columns
}
/// Matches per transaction.
const BATCH: usize = 2_000;
/// Servers that run monthly seasons and tournaments: the biggest ones.
const EVENT_SERVERS: usize = 10;
/// Entrants and rounds of a seeded Swiss event.
const EVENT_PLAYERS: usize = 16;
const EVENT_ROUNDS: usize = 4;
/// Finished events per event server.
const EVENTS_PER_SERVER: usize = 3;

/// A Zipf-like choice among `n` ranks: rank `k` (from 0) with weight `1 / (k + 1)^s`.
struct Zipf {
    cumulative: Vec<f64>,
}

impl Zipf {
    fn new(n: usize, s: f64) -> Zipf {
        let mut total = 0.0;
        let cumulative = (0..n.max(1))
            .map(|k| {
                total += 1.0 / ((k + 1) as f64).powf(s);
                total
            })
            .collect();
        Zipf { cumulative }
    }

    fn weight(&self, k: usize) -> f64 {
        let before = if k == 0 { 0.0 } else { self.cumulative[k - 1] };
        (self.cumulative[k] - before) / self.cumulative.last().copied().unwrap_or(1.0)
    }

    fn sample(&self, rng: &mut StdRng) -> usize {
        let total = self.cumulative.last().copied().unwrap_or(1.0);
        let x = rng.random::<f64>() * total;
        self.cumulative.partition_point(|&c| c < x).min(self.cumulative.len() - 1)
    }
}

/// A server and its members.
struct Server {
    guild: i64,
    channel: i64,
    /// Its players' user ids, most active first.
    members: Vec<i64>,
    activity: Zipf,
}

impl Server {
    /// Two distinct members, drawn by activity.
    fn pair(&self, rng: &mut StdRng) -> (i64, i64) {
        let a = self.activity.sample(rng);
        let mut b = self.activity.sample(rng);
        while b == a {
            b = (b + 1 + rng.random_range(0..self.members.len() - 1)) % self.members.len();
        }
        (self.members[a], self.members[b])
    }
}

/// The servers: `plan.servers` of them, sized by Zipf (exponent 1); every player belongs
/// to one server (players of several servers are several rows, as the store keeps them).
fn servers(plan: &Plan) -> (Vec<Server>, Zipf) {
    let sizes = Zipf::new(plan.servers, 1.0);
    let servers = (0..plan.servers)
        .map(|k| {
            let members = ((plan.players as f64 * sizes.weight(k)).round() as usize).max(4);
            let guild = 1_000_000_000_000 + k as i64;
            Server {
                guild,
                channel: 2_000_000_000_000 + k as i64,
                members: (0..members).map(|i| 10_000_000_000_000 + (k as i64) * 10_000_000 + i as i64).collect(),
                activity: Zipf::new(members, 1.1),
            }
        })
        .collect();
    (servers, sizes)
}

/// One seeded match: its game after the actions played, and the actions.
struct Played {
    game: Match,
    actions: Vec<(Seat, MatchAction)>,
}

/// Plays `variant` from `seed` with random legal actions (never a resignation or a draw
/// agreement), to its end or, with `stop_at`, until that many actions are played and
/// someone is to act.
fn play(variant: Variant, seed: u64, rng: &mut StdRng, stop_at: Option<usize>) -> Played {
    let options = engarde_rules::OptionMap::new();
    let mut game = Match::start(variant, &options, seed, None).expect("a variant starts with its defaults");
    let mut actions = Vec::new();
    loop {
        if stop_at.is_some_and(|n| actions.len() >= n) {
            break;
        }
        let seat = match game.to_act() {
            ToAct::Nobody => break,
            ToAct::One(seat) => seat,
            ToAct::Both => {
                if rng.random() {
                    Seat::A
                } else {
                    Seat::B
                }
            }
        };
        let legal: Vec<MatchAction> =
            game.legal_actions(seat).into_iter().filter(|a| !a.is_resign() && !a.is_agree_draw()).collect();
        if legal.is_empty() {
            break;
        }
        let action = legal[rng.random_range(0..legal.len())];
        game.play(seat, action).expect("a listed action is legal");
        actions.push((seat, action));
    }
    Played { game, actions }
}

/// A match in play: `variant` played from a random seed for fewer than `most` actions,
/// with someone to act.
fn unfinished(variant: Variant, rng: &mut StdRng, most: usize) -> Played {
    let seed = rng.random();
    let mut stop = rng.random_range(0..most);
    loop {
        let played = play(variant, seed, rng, Some(stop));
        if !played.game.is_finished() {
            return played;
        }
        stop = played.actions.len() / 2;
    }
}

/// Writes and empties `batch`.
async fn flush(
    pool: &Pool,
    batch: &mut Vec<MatchRow>,
    flakes: &mut Snowflakes,
    seeded: &mut Seeded,
    now: i64,
) -> Result<(), String> {
    let rows = std::mem::take(batch);
    seeded.actions += insert_matches(pool, &rows, flakes, now).await?;
    seeded.matches += rows.len();
    Ok(())
}

/// A match row to write.
struct MatchRow {
    id: i64,
    guild: i64,
    channel: i64,
    seat_a: i64,
    seat_b: i64,
    played: Played,
    created_at: i64,
    /// When it ended (finished) or its last move (in play).
    updated_at: i64,
    finished: bool,
    tournament: Option<(i64, i64)>,
}

/// Ids handed out as Discord would (unique, growing).
struct Snowflakes(i64);

impl Snowflakes {
    fn next(&mut self) -> i64 {
        self.0 += 1;
        self.0
    }
}

fn db(e: sqlx::Error) -> String {
    format!("seeding: {e}")
}

/// Seeds `pool` (freshly migrated, empty) as `plan` says.
///
/// # Errors
/// Database errors, as text.
pub async fn seed(pool: &Pool, plan: &Plan) -> Result<Seeded, String> {
    let mut rng = StdRng::seed_from_u64(plan.seed);
    let (servers, sizes) = servers(plan);
    let variants: Vec<Variant> = Variant::all().collect();
    let mut flakes = Snowflakes(1 << 50);
    let year = 365 * 86_400;
    let mut seeded = Seeded {
        big_guild: servers[0].guild,
        heavy_player: servers[0].members[0],
        light_player: servers[0].members[servers[0].members.len() / 2],
        ..Seeded::default()
    };

    insert_players(pool, &servers, plan.now - year).await?;
    seeded.season = insert_seasons(pool, &servers, plan.now).await?;

    let mut next_id = 1i64;
    let mut batch: Vec<MatchRow> = Vec::with_capacity(BATCH);
    // Tournaments first: their matches are ordinary finished (or, for the running one, in
    // play) matches of the event servers.
    let events = plan_events(&servers, plan, &mut rng);
    let mut event_matches = 0;
    let mut event_in_play = 0;
    for event in &events {
        for (round, pairs) in event.rounds.iter().enumerate() {
            let in_play = event.running && round + 1 == event.rounds.len();
            for &(a, b) in pairs {
                let variant = Variant::all().next().expect("a variant");
                let ended = event.started_at + (round as i64 + 1) * 3 * 86_400;
                let played = if in_play {
                    unfinished(variant, &mut rng, 20)
                } else {
                    play(variant, rng.random(), &mut rng, None)
                };
                batch.push(MatchRow {
                    id: next_id,
                    guild: event.guild,
                    channel: event.channel,
                    seat_a: a,
                    seat_b: b,
                    created_at: ended - 2 * 86_400,
                    updated_at: if in_play { plan.now - rng.random_range(0..TURN_SECONDS) } else { ended },
                    finished: !in_play,
                    tournament: Some((event.id, round as i64 + 1)),
                    played,
                });
                next_id += 1;
                if in_play {
                    event_in_play += 1;
                } else {
                    event_matches += 1;
                }
            }
        }
    }
    // The events first (their matches name them), then their matches, then what names
    // the matches (pairings).
    insert_events(pool, &events).await?;
    let event_rows = std::mem::take(&mut batch);
    seeded.actions += insert_matches(pool, &event_rows, &mut flakes, plan.now).await?;
    seeded.matches += event_rows.len();
    insert_pairings(pool, &events, &event_rows).await?;
    seeded.tournament = events.iter().find(|e| !e.running && e.guild == servers[0].guild).map(|e| e.id);

    let finished = plan.finished.saturating_sub(event_matches);
    let in_play = plan.in_play.saturating_sub(event_in_play);
    for i in 0..finished + in_play {
        let server = &servers[sizes.sample(&mut rng)];
        let (a, b) = server.pair(&mut rng);
        let variant = variants[i % variants.len()];
        let is_finished = i < finished;
        let played =
            if is_finished { play(variant, rng.random(), &mut rng, None) } else { unfinished(variant, &mut rng, 40) };
        let (created_at, updated_at) = if is_finished {
            let ended = plan.now - rng.random_range(3_600..year);
            (ended - rng.random_range(600..7 * 86_400), ended)
        } else {
            // The current decision is due between a minute and two days from now.
            let moved = plan.now + rng.random_range(60..TURN_SECONDS) - TURN_SECONDS;
            (moved - rng.random_range(0..7 * 86_400), moved)
        };
        batch.push(MatchRow {
            id: next_id,
            guild: server.guild,
            channel: server.channel,
            seat_a: a,
            seat_b: b,
            played,
            created_at,
            updated_at,
            finished: is_finished,
            tournament: None,
        });
        next_id += 1;
        if batch.len() == BATCH {
            flush(pool, &mut batch, &mut flakes, &mut seeded, plan.now).await?;
        }
    }
    flush(pool, &mut batch, &mut flakes, &mut seeded, plan.now).await?;
    settle_sequences(pool).await?;

    // The ratings, all-time and per season, by the bot's own rebuild.
    Service::new(pool.clone()).rebuild_ratings().await.map_err(|e| format!("seeding: ratings: {e:?}"))?;
    Ok(seeded)
}

/// Every server's members, first seen a year ago.
async fn insert_players(pool: &Pool, servers: &[Server], since: i64) -> Result<(), String> {
    let rows: Vec<(i64, i64)> = servers.iter().flat_map(|s| s.members.iter().map(|&u| (s.guild, u))).collect();
    let mut tx = pool.begin().await.map_err(db)?;
    for chunk in rows.chunks(rows_of(5)) {
        engarde::with_db!(&mut tx, |cx| {
            let mut insert = QueryBuilder::new("INSERT INTO players (guild_id, user_id, name, first_seen, last_seen) ");
            insert.push_values(chunk, |mut row, &(guild, user)| {
                row.push_bind(guild)
                    .push_bind(user)
                    .push_bind(format!("Fencer {}", user % 10_000_000))
                    .push_bind(since)
                    .push_bind(since);
            });
            insert.build().execute(cx).await.map(|_| ())
        })
        .map_err(db)?;
    }
    tx.commit().await.map_err(db)
}

/// Monthly seasons over the last year in the event servers (each ended one announced);
/// the id of the biggest server's latest ended season.
async fn insert_seasons(pool: &Pool, servers: &[Server], now: i64) -> Result<Option<i64>, String> {
    let month = 30 * 86_400;
    let mut tx = pool.begin().await.map_err(db)?;
    let mut id = 0i64;
    let mut latest_ended = None;
    for server in servers.iter().take(EVENT_SERVERS) {
        engarde::with_db!(&mut tx, |cx| sqlx::query(
            "INSERT INTO guild_seasons (guild_id, mode, updated_at, updated_by) VALUES ($1, 'monthly', $2, $3)"
        )
        .bind(server.guild)
        .bind(now - 13 * month)
        .bind(server.members[0])
        .execute(cx)
        .await
        .map(|_| ()))
        .map_err(db)?;
        for m in (0..13).rev() {
            id += 1;
            let starts = now - m * month - month / 2;
            let ends = starts + month;
            let ended = ends <= now;
            if ended && server.guild == servers[0].guild {
                latest_ended = Some(id);
            }
            engarde::with_db!(&mut tx, |cx| sqlx::query(
                "INSERT INTO seasons (id, guild_id, name, kind, starts_at, ends_at, announced_at)
                 VALUES ($1, $2, $3, 'monthly', $4, $5, $6)"
            )
            .bind(id)
            .bind(server.guild)
            .bind(format!("S{}", 13 - m))
            .bind(starts)
            .bind(ends)
            .bind(ended.then_some(ends))
            .execute(cx)
            .await
            .map(|_| ()))
            .map_err(db)?;
        }
    }
    tx.commit().await.map_err(db)?;
    Ok(latest_ended)
}

/// A seeded Swiss event: 16 entrants, 4 rounds paired by the circle method (no pair meets
/// twice); a running one has its last round in play.
struct EventPlan {
    id: i64,
    guild: i64,
    channel: i64,
    entrants: Vec<i64>,
    rounds: Vec<Vec<(i64, i64)>>,
    started_at: i64,
    running: bool,
}

fn plan_events(servers: &[Server], plan: &Plan, rng: &mut StdRng) -> Vec<EventPlan> {
    let mut events = Vec::new();
    for server in servers.iter().take(EVENT_SERVERS) {
        if server.members.len() < EVENT_PLAYERS {
            continue;
        }
        for e in 0..=EVENTS_PER_SERVER {
            let running = e == EVENTS_PER_SERVER;
            let mut entrants: Vec<i64> = Vec::new();
            while entrants.len() < EVENT_PLAYERS {
                let user = server.members[server.activity.sample(rng)];
                if !entrants.contains(&user) {
                    entrants.push(user);
                }
            }
            let rounds = if running { 2 } else { EVENT_ROUNDS };
            let started_at =
                if running { plan.now - 4 * 86_400 } else { plan.now - (EVENTS_PER_SERVER - e) as i64 * 60 * 86_400 };
            // The circle method: seat 0 stays, the others turn.
            let rounds = (0..rounds)
                .map(|r| {
                    let mut ring: Vec<usize> = (1..EVENT_PLAYERS).collect();
                    ring.rotate_left(r);
                    let order: Vec<usize> = std::iter::once(0).chain(ring).collect();
                    (0..EVENT_PLAYERS / 2)
                        .map(|i| (entrants[order[i]], entrants[order[EVENT_PLAYERS - 1 - i]]))
                        .collect()
                })
                .collect();
            events.push(EventPlan {
                id: events.len() as i64 + 1,
                guild: server.guild,
                channel: server.channel,
                entrants,
                rounds,
                started_at,
                running,
            });
        }
    }
    events
}

/// The events and their entrants.
async fn insert_events(pool: &Pool, events: &[EventPlan]) -> Result<(), String> {
    let mut tx = pool.begin().await.map_err(db)?;
    for event in events {
        let current = event.rounds.len() as i64;
        engarde::with_db!(&mut tx, |cx| sqlx::query(
            "INSERT INTO tournaments (id, guild_id, channel_id, name, variant, options, format, rounds, double_rr,
                                      turn_seconds, round_seconds, rated, max_players, signup_closes_at, state,
                                      current_round, round_deadline, created_by, interaction_id, created_at,
                                      updated_at, away_allowed)
             VALUES ($1, $2, $3, $4, $5, '{}', 'swiss', $6, FALSE, $7, $8, TRUE, 64, $9, $10, $11, $12, $13, $14,
                     $15, $16, FALSE)"
        )
        .bind(event.id)
        .bind(event.guild)
        .bind(event.channel)
        .bind(format!("Open {}", event.id))
        .bind(Variant::all().next().expect("a variant").name())
        .bind(if event.running { EVENT_ROUNDS as i64 } else { current })
        .bind(TURN_SECONDS)
        .bind(3 * 86_400i64)
        .bind(event.started_at)
        .bind(if event.running { "running" } else { "finished" })
        .bind(current)
        .bind(event.running.then_some(event.started_at + current * 3 * 86_400))
        .bind(event.entrants[0])
        .bind(-event.id)
        .bind(event.started_at - 86_400)
        .bind(event.started_at)
        .execute(cx)
        .await
        .map(|_| ()))
        .map_err(db)?;
        for (i, &user) in event.entrants.iter().enumerate() {
            engarde::with_db!(&mut tx, |cx| sqlx::query(
                "INSERT INTO tournament_entrants (tournament_id, player, user_id, joined_round) VALUES ($1, $2, $3, 0)"
            )
            .bind(event.id)
            .bind(i as i64 + 1)
            .bind(user)
            .execute(cx)
            .await
            .map(|_| ()))
            .map_err(db)?;
        }
    }
    tx.commit().await.map_err(db)
}

/// The events' rounds and pairings, once their matches are written.
async fn insert_pairings(pool: &Pool, events: &[EventPlan], matches: &[MatchRow]) -> Result<(), String> {
    let by_pair: HashMap<(i64, i64, i64, i64), &MatchRow> =
        matches.iter().filter_map(|m| m.tournament.map(|(t, r)| ((t, r, m.seat_a, m.seat_b), m))).collect();
    let mut tx = pool.begin().await.map_err(db)?;
    for event in events {
        let current = event.rounds.len() as i64;
        let player = |user: i64| event.entrants.iter().position(|&u| u == user).map_or(0, |i| i as i64 + 1);
        for (r, pairs) in event.rounds.iter().enumerate() {
            let round = r as i64 + 1;
            let ended = !(event.running && round == current);
            engarde::with_db!(&mut tx, |cx| sqlx::query(
                "INSERT INTO tournament_rounds (tournament_id, round, started_at, ended_at) VALUES ($1, $2, $3, $4)"
            )
            .bind(event.id)
            .bind(round)
            .bind(event.started_at + (round - 1) * 3 * 86_400)
            .bind(ended.then_some(event.started_at + round * 3 * 86_400))
            .execute(cx)
            .await
            .map(|_| ()))
            .map_err(db)?;
            for (board, &(a, b)) in pairs.iter().enumerate() {
                let m = by_pair.get(&(event.id, round, a, b)).ok_or("seeding: an event's match is missing")?;
                let outcome = ended.then(|| match m.played.game.winner() {
                    Some(Seat::A) => "first",
                    Some(Seat::B) => "second",
                    None => "draw",
                });
                engarde::with_db!(&mut tx, |cx| sqlx::query(
                    "INSERT INTO tournament_pairings (tournament_id, round, board, first, second, match_id, outcome)
                     VALUES ($1, $2, $3, $4, $5, $6, $7)"
                )
                .bind(event.id)
                .bind(round)
                .bind(board as i64 + 1)
                .bind(player(a))
                .bind(player(b))
                .bind(m.id)
                .bind(outcome)
                .execute(cx)
                .await
                .map(|_| ()))
                .map_err(db)?;
            }
        }
    }
    tx.commit().await.map_err(db)
}

/// One batch of matches, in one transaction: each match's row (its final or current
/// state), its action log, its latest board, and the challenge that made it. Returns the
/// actions written.
async fn insert_matches(pool: &Pool, rows: &[MatchRow], flakes: &mut Snowflakes, now: i64) -> Result<usize, String> {
    if rows.is_empty() {
        return Ok(0);
    }
    let mut tx = pool.begin().await.map_err(db)?;
    // Matches: 24 columns a row.
    struct Stored<'a> {
        row: &'a MatchRow,
        state: String,
        format: i64,
        status: &'static str,
        winner: Option<&'static str>,
        end_reason: Option<&'static str>,
        deadline: Option<i64>,
        reminded: Option<i64>,
    }
    let stored: Vec<Stored<'_>> = rows
        .iter()
        .map(|row| {
            let game = &row.played.game;
            let version = row.played.actions.len() as i64;
            Stored {
                row,
                state: game.save().expect("a state saves"),
                format: i64::from(game.game().state_format()),
                status: if row.finished { "finished" } else { "active" },
                winner: row.finished.then(|| game.winner().map(Seat::as_str)).flatten(),
                end_reason: row.finished.then_some("hits"),
                deadline: (!row.finished).then_some(row.updated_at + TURN_SECONDS),
                // A decision past half its time was reminded already: nothing is due.
                reminded: (!row.finished && row.updated_at + TURN_SECONDS / 2 <= now).then_some(version),
            }
        })
        .collect();
    for chunk in stored.chunks(rows_of(24)) {
        engarde::with_db!(&mut tx, |cx| {
            let mut insert = QueryBuilder::new(
                "INSERT INTO matches (id, guild_id, channel_id, seat_a, seat_b, game, variant, state, state_format,
                                      version, status, winner, end_reason, created_at, updated_at, finished_at,
                                      turn_seconds, deadline_at, reminded_version, home_channel_id,
                                      tournament_id, tournament_round, away_allowed, log_folded) ",
            );
            insert.push_values(chunk, |mut b, s| {
                let r = s.row;
                b.push_bind(r.id)
                    .push_bind(r.guild)
                    .push_bind(r.channel + r.id)
                    .push_bind(r.seat_a)
                    .push_bind(r.seat_b)
                    .push_bind(r.played.game.game().name())
                    .push_bind(r.played.game.variant().name())
                    .push_bind(s.state.as_str())
                    .push_bind(s.format)
                    .push_bind(r.played.actions.len() as i64)
                    .push_bind(s.status)
                    .push_bind(s.winner)
                    .push_bind(s.end_reason)
                    .push_bind(r.created_at)
                    .push_bind(r.updated_at)
                    .push_bind(r.finished.then_some(r.updated_at))
                    .push_bind(TURN_SECONDS)
                    .push_bind(s.deadline)
                    .push_bind(s.reminded)
                    .push_bind(r.channel)
                    .push_bind(r.tournament.map(|t| t.0))
                    .push_bind(r.tournament.map(|t| t.1))
                    .push_bind(r.tournament.is_none())
                    .push_bind(folded(r, now));
            });
            insert.build().execute(cx).await.map(|_| ())
        })
        .map_err(db)?;
    }
    // Actions: 7 columns a row, spread evenly from the match's start to its last move; a
    // match over for longer than the bot keeps its log's rows has it folded, as the
    // scheduler folds it (`store::matches::fold_log`).
    let mut actions = Vec::new();
    let mut logs = Vec::new();
    for r in rows.iter().filter(|r| folded(r, now)) {
        let log: Vec<String> =
            r.played.actions.iter().map(|&(seat, action)| action.to_json(seat).to_string()).collect();
        logs.push((r.id, log.join("\n")));
    }
    for chunk in logs.chunks(rows_of(2)) {
        engarde::with_db!(&mut tx, |cx| {
            let mut insert = QueryBuilder::new("INSERT INTO match_logs (match_id, actions) ");
            insert.push_values(chunk, |mut b, (id, log)| {
                b.push_bind(*id).push_bind(log.as_str());
            });
            insert.build().execute(cx).await.map(|_| ())
        })
        .map_err(db)?;
    }
    for r in rows.iter().filter(|r| !folded(r, now)) {
        let n = r.played.actions.len() as i64;
        for (turn, &(seat, action)) in r.played.actions.iter().enumerate() {
            let at = r.created_at + (r.updated_at - r.created_at) * (turn as i64 + 1) / n.max(1);
            let user = if seat == Seat::A { r.seat_a } else { r.seat_b };
            actions.push((r.id, turn as i64, seat.as_str(), action.to_json(seat).to_string(), user, flakes.next(), at));
        }
    }
    for chunk in actions.chunks(rows_of(7)) {
        engarde::with_db!(&mut tx, |cx| {
            let mut insert = QueryBuilder::new(
                "INSERT INTO match_actions (match_id, turn, seat, action, user_id, interaction_id, created_at) ",
            );
            insert.push_values(chunk, |mut b, a| {
                b.push_bind(a.0)
                    .push_bind(a.1)
                    .push_bind(a.2)
                    .push_bind(a.3.as_str())
                    .push_bind(a.4)
                    .push_bind(a.5)
                    .push_bind(a.6);
            });
            insert.build().execute(cx).await.map(|_| ())
        })
        .map_err(db)?;
    }
    // The latest board of each (the final one of a finished match), and its challenge.
    let extras: Vec<(&MatchRow, i64, i64)> = rows.iter().map(|r| (r, flakes.next(), flakes.next())).collect();
    for chunk in extras.chunks(rows_of(7)) {
        engarde::with_db!(&mut tx, |cx| {
            let mut insert = QueryBuilder::new(
                "INSERT INTO boards (match_id, turn, channel_id, message_id, posted_at, narration, ended) ",
            );
            insert.push_values(chunk, |mut b, &(r, message, _)| {
                b.push_bind(r.id)
                    .push_bind(r.played.actions.len() as i64)
                    .push_bind(r.channel + r.id)
                    .push_bind(message)
                    .push_bind(r.updated_at)
                    .push_bind(NARRATION)
                    .push_bind(r.finished);
            });
            insert.build().execute(cx).await.map(|_| ())
        })
        .map_err(db)?;
    }
    // Each board is posted: what the outbox's trigger wrote for these matches is settled, as
    // recording a posted board settles it (the buttons of each noted, as the bot notes them).
    for chunk in extras.chunks(rows_of(1)) {
        engarde::with_db!(&mut tx, |cx| {
            let mut delete = QueryBuilder::new("DELETE FROM board_outbox WHERE match_id IN (");
            let mut ids = delete.separated(", ");
            for (r, _, _) in chunk {
                ids.push_bind(r.id);
            }
            delete.push(")");
            delete.build().execute(cx).await.map(|_| ())
        })
        .map_err(db)?;
    }
    let challenged: Vec<&(&MatchRow, i64, i64)> = extras.iter().filter(|(r, _, _)| r.tournament.is_none()).collect();
    for chunk in challenged.chunks(rows_of(14)) {
        engarde::with_db!(&mut tx, |cx| {
            let mut insert = QueryBuilder::new(
                "INSERT INTO challenges (guild_id, channel_id, challenger_id, challenged_id, variant, options, status,
                                         message_id, interaction_id, match_id, created_at, answered_at, turn_seconds,
                                         expires_at) ",
            );
            insert.push_values(chunk, |mut b, &&(r, _, interaction)| {
                b.push_bind(r.guild)
                    .push_bind(r.channel)
                    .push_bind(r.seat_a)
                    .push_bind(r.seat_b)
                    .push_bind(r.played.game.variant().name())
                    .push_bind("{}")
                    .push_bind("accepted")
                    .push_bind(r.channel + r.id)
                    .push_bind(interaction)
                    .push_bind(r.id)
                    .push_bind(r.created_at - 60)
                    .push_bind(r.created_at)
                    .push_bind(TURN_SECONDS)
                    .push_bind(r.created_at + 86_400);
            });
            insert.build().execute(cx).await.map(|_| ())
        })
        .map_err(db)?;
    }
    tx.commit().await.map_err(db)?;
    Ok(actions.len() + rows.iter().filter(|r| folded(r, now)).map(|r| r.played.actions.len()).sum::<usize>())
}

/// Whether a match's log is folded by `now` (ended over `FOLD_AFTER` ago).
fn folded(r: &MatchRow, now: i64) -> bool {
    r.finished && r.updated_at < now - engarde::service::archive::FOLD_AFTER
}

/// What a final board says above its buttons, about as long as a real one's.
const NARRATION: &str =
    "Fencer A advances 3 and attacks with two 4s.\nFencer B cannot parry: a hit. Fencer A wins the bout 5–3.";

/// PostgreSQL's identity columns go on from the highest id written (SQLite's rowids do by
/// themselves).
async fn settle_sequences(pool: &Pool) -> Result<(), String> {
    let mut conn = pool.acquire().await.map_err(db)?;
    if let engarde::store::Db::Postgres(cx) = conn.db() {
        for table in ["matches", "challenges", "tournaments"] {
            sqlx::query(&format!(
                "SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT COALESCE(MAX(id), 1) FROM {table}))"
            ))
            .execute(&mut *cx)
            .await
            .map_err(db)?;
        }
    }
    Ok(())
}

/// What [`seed`] would have returned, read from a seeded database: the server with most
/// matches, its most active player and a median one, its latest ended season and its
/// first finished tournament.
///
/// # Errors
/// Database errors, or a database with no matches.
pub async fn find_targets(pool: &Pool) -> Result<Seeded, String> {
    let mut conn = pool.acquire().await.map_err(db)?;
    let (big_guild, matches): (i64, i64) = engarde::with_db!(&mut conn, |cx| sqlx::query_as(
        "SELECT guild_id, COUNT(*) FROM matches GROUP BY guild_id ORDER BY 2 DESC LIMIT 1"
    )
    .fetch_optional(cx)
    .await)
    .map_err(db)?
    .ok_or("seeding: the database has no matches")?;
    let players: Vec<i64> = engarde::with_db!(&mut conn, |cx| sqlx::query_scalar(
        "SELECT user_id FROM (SELECT seat_a AS user_id FROM matches WHERE guild_id = $1
                              UNION ALL SELECT seat_b FROM matches WHERE guild_id = $1) s
          GROUP BY user_id ORDER BY COUNT(*) DESC, user_id"
    )
    .bind(big_guild)
    .fetch_all(cx)
    .await)
    .map_err(db)?;
    let season: Option<i64> = engarde::with_db!(&mut conn, |cx| sqlx::query_scalar(
        "SELECT id FROM seasons WHERE guild_id = $1 AND ends_at <= $2 ORDER BY ends_at DESC LIMIT 1"
    )
    .bind(big_guild)
    .bind(i64::MAX / 2)
    .fetch_optional(cx)
    .await)
    .map_err(db)?;
    let tournament: Option<i64> = engarde::with_db!(&mut conn, |cx| sqlx::query_scalar(
        "SELECT id FROM tournaments WHERE guild_id = $1 AND state = 'finished' ORDER BY id LIMIT 1"
    )
    .bind(big_guild)
    .fetch_optional(cx)
    .await)
    .map_err(db)?;
    Ok(Seeded {
        big_guild,
        heavy_player: players.first().copied().unwrap_or_default(),
        light_player: players.get(players.len() / 2).copied().unwrap_or_default(),
        season,
        tournament,
        matches: usize::try_from(matches).unwrap_or_default(),
        actions: 0,
    })
}
