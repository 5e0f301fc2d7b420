//! A database that has been in use: finished matches, played through the service and
//! then copied, so the bot is measured over thousands of stored matches.

use engarde::service::{ActRequest, ChallengeRequest, PlayerInfo, Service};
use engarde_rules::engarde::Variant;
use engarde_rules::MatchAction;
use sqlx::Row;

/// Distinct matches played through the service; the rest are copies of them.
const TEMPLATES: usize = 20;

fn err(what: &str) -> impl Fn(&dyn std::fmt::Debug) -> String + '_ {
    move |e| format!("seeding: {what}: {e:?}")
}

/// Stores `n` finished matches between the pairs of `users` in `guild`.
pub async fn seed(url: &str, guild: u64, channel: u64, users: &[u64], n: usize) -> Result<(), String> {
    let pool = engarde::store::open(url).await.map_err(|e| format!("seeding: {e}"))?;
    // The copies are made with SQLite's own statements.
    let sqlite = pool.as_sqlite().cloned().ok_or("seeding stored matches needs a SQLite database")?;
    let service = Service::new(pool.clone());
    let mut next_id = 1u64 << 40;
    let mut fresh = || {
        next_id += 1;
        next_id
    };
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    let mut templates = Vec::new();
    let pairs = (users.len() / 2).max(1);
    for t in 0..TEMPLATES.min(n) {
        let (a, b) = (users[2 * (t % pairs)], users[2 * (t % pairs) + 1]);
        let person = |id: u64| PlayerInfo { user_id: id, name: format!("Fencer {id}"), bot: false };
        let request = ChallengeRequest {
            guild_id: guild,
            channel_id: channel,
            challenger: person(a),
            challenged: person(b),
            variant: Some(Variant::EngardeStandard.into()),
            options: Default::default(),
            turn: None,
            interaction_id: fresh(),
        };
        let challenge = service.challenge(request).await.map_err(|e| err("challenge")(&e))?;
        service.set_challenge_message(challenge.id, fresh()).await.map_err(|e| err("message")(&e))?;
        let accepted = service.accept(challenge.id, &person(b)).await.map_err(|e| err("accept")(&e))?;
        let match_id = accepted.board.match_id;
        service.record_board(&accepted.board, channel, fresh(), "").await.map_err(|e| err("board")(&e))?;
        let mut board = accepted.board;
        while let Some(seat) = board.to_act.single() {
            let user = board.players.get(seat).user_id;
            let hand = service.hand(guild, match_id, user).await.map_err(|e| err("hand")(&e))?;
            let legal: Vec<MatchAction> =
                hand.legal_actions.iter().copied().filter(|a| !a.is_resign() && !a.is_agree_draw()).collect();
            rng ^= rng >> 12;
            rng ^= rng << 25;
            rng ^= rng >> 27;
            let action = legal[(rng.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % legal.len()];
            let request = ActRequest {
                guild_id: guild,
                match_id,
                turn: hand.turn,
                user_id: user,
                action,
                interaction_id: fresh(),
            };
            let done = service.act(request).await.map_err(|e| err("act")(&e))?;
            service.record_board(&done.board, channel, fresh(), "").await.map_err(|e| err("board")(&e))?;
            board = done.board;
        }
        templates.push(match_id);
    }
    copy_matches(&sqlite, &templates, n.saturating_sub(templates.len())).await.map_err(|e| err("copies")(&e))?;
    pool.close().await;
    Ok(())
}

/// The columns of a table, in order.
async fn columns(pool: &sqlx::SqlitePool, table: &str) -> sqlx::Result<Vec<String>> {
    let rows = sqlx::query("SELECT name FROM pragma_table_info(?)").bind(table).fetch_all(pool).await?;
    Ok(rows.iter().map(|r| r.get::<String, _>(0)).collect())
}

/// `INSERT INTO table (cols) SELECT exprs FROM table WHERE key = ?3`, where `?1` is the new
/// match id and `?2` an offset that keeps Discord ids unique; the row id is left out.
async fn copy_statement(pool: &sqlx::SqlitePool, table: &str, key: &str) -> sqlx::Result<String> {
    let cols: Vec<String> = columns(pool, table).await?.into_iter().filter(|c| c != "id").collect();
    let exprs: Vec<String> = cols
        .iter()
        .map(|c| match c.as_str() {
            "match_id" if table != "matches" => "?1".to_owned(),
            "interaction_id" | "message_id" => format!("{c} + ?2"),
            _ => c.clone(),
        })
        .collect();
    Ok(format!("INSERT INTO {table} ({}) SELECT {} FROM {table} WHERE {key} = ?3", cols.join(", "), exprs.join(", ")))
}

/// Copies the template matches (with their challenge, action log and boards) `n` times.
async fn copy_matches(pool: &sqlx::SqlitePool, templates: &[i64], n: usize) -> sqlx::Result<()> {
    if templates.is_empty() || n == 0 {
        return Ok(());
    }
    let matches = copy_statement(pool, "matches", "id").await? + " RETURNING id";
    let children =
        [copy_statement(pool, "match_actions", "match_id").await?, copy_statement(pool, "boards", "match_id").await?];
    let challenge = copy_statement(pool, "challenges", "match_id").await?;
    let mut done = 0;
    while done < n {
        let mut tx = pool.begin().await?;
        for _ in 0..500.min(n - done) {
            let template = templates[done % templates.len()];
            let offset = ((done as i64) + 1) << 32;
            let id: i64 = sqlx::query_scalar(&matches).bind(0).bind(offset).bind(template).fetch_one(&mut *tx).await?;
            for statement in children.iter().chain([&challenge]) {
                sqlx::query(statement).bind(id).bind(offset).bind(template).execute(&mut *tx).await?;
            }
            done += 1;
        }
        tx.commit().await?;
    }
    Ok(())
}

/// The database's size once its write-ahead log is folded in, and its finished matches.
pub async fn db_size(url: &str) -> Result<(u64, u64), String> {
    let opened = engarde::store::open(url).await.map_err(|e| format!("database: {e}"))?;
    let pool = opened.as_sqlite().cloned().ok_or("the database's size is measured on SQLite only")?;
    let e = |e: sqlx::Error| format!("database: {e}");
    sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)").execute(&pool).await.map_err(e)?;
    let pages: i64 = sqlx::query_scalar("PRAGMA page_count").fetch_one(&pool).await.map_err(e)?;
    let page: i64 = sqlx::query_scalar("PRAGMA page_size").fetch_one(&pool).await.map_err(e)?;
    let free: i64 = sqlx::query_scalar("PRAGMA freelist_count").fetch_one(&pool).await.map_err(e)?;
    let finished: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM matches WHERE status = 'finished'")
        .fetch_one(&pool)
        .await
        .map_err(e)?;
    pool.close().await;
    Ok((((pages - free) * page) as u64, finished as u64))
}
