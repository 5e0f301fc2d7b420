//! The framework, watched: every interaction is handled inside a tracing span naming it
//! (its id, kind and match: every line logged while it is handled carries them, never its
//! token nor anyone's hand) and counted in the metrics when answered (see
//! `crate::observe`); and the gateway shards' states are read into the process's health.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use serenity::{ConnectionStage, FullEvent, Interaction};
use tracing::Instrument as _;

use super::custom_id::CustomId;
use super::{Data, Error};
use crate::observe::metrics::Kind;
use crate::observe::{self, ShardState};

/// How often the shards' states are read.
const SHARDS_READ_EVERY: Duration = Duration::from_millis(250);

/// Poise's framework with every interaction watched.
pub(crate) struct Observed {
    inner: poise::Framework<Data, Error>,
    /// Each registered command's qualified name (`engarde challenge`), as a label: the
    /// names a forged interaction might carry are not taken as labels.
    use_cases: HashMap<String, &'static str>,
}

impl Observed {
    /// Watches `inner`.
    pub(crate) fn new(inner: poise::Framework<Data, Error>) -> Observed {
        let mut use_cases = HashMap::new();
        for command in &inner.options().commands {
            name_use_cases(command, "", &mut use_cases);
        }
        Observed { inner, use_cases }
    }

    /// The use case of a command interaction: its command and subcommands, if registered.
    fn command_use_case(&self, data: &serenity::CommandData) -> &'static str {
        let mut name = data.name.clone();
        let mut options = &data.options;
        while let Some(sub) = options.iter().find_map(|o| match &o.value {
            serenity::CommandDataOptionValue::SubCommand(inner)
            | serenity::CommandDataOptionValue::SubCommandGroup(inner) => Some((&o.name, inner)),
            _ => None,
        }) {
            name = format!("{name} {}", sub.0);
            options = sub.1;
        }
        self.use_cases.get(&name).copied().unwrap_or("command")
    }
}

/// Names every command and subcommand of `command` (under `prefix`), once per process
/// (so leaked: a few dozen short strings).
fn name_use_cases(command: &poise::Command<Data, Error>, prefix: &str, into: &mut HashMap<String, &'static str>) {
    let name = if prefix.is_empty() { command.name.to_string() } else { format!("{prefix} {}", command.name) };
    for sub in &command.subcommands {
        name_use_cases(sub, &name, into);
    }
    let label: &'static str = Box::leak(name.clone().into_boxed_str());
    into.insert(name, label);
}

/// The `match` option of a command, if it has one (at any depth of subcommands).
fn match_option(options: &[serenity::CommandDataOption]) -> Option<i64> {
    options.iter().find_map(|o| match &o.value {
        serenity::CommandDataOptionValue::Integer(n) if o.name == "match" => Some(*n),
        serenity::CommandDataOptionValue::SubCommand(inner)
        | serenity::CommandDataOptionValue::SubCommandGroup(inner) => match_option(inner),
        _ => None,
    })
}

#[poise::async_trait]
impl serenity::Framework for Observed {
    async fn init(&mut self, client: &serenity::Client) {
        self.inner.init(client).await;
        tokio::spawn(watch_shards(Arc::clone(&client.shard_manager)));
    }

    async fn dispatch(&self, ctx: serenity::Context, event: FullEvent) {
        let arrived = Instant::now();
        let FullEvent::InteractionCreate { interaction } = &event else {
            return self.inner.dispatch(ctx, event).await;
        };
        let (kind, id, match_id, use_case) = match interaction {
            Interaction::Command(i) => {
                (Kind::Command, i.id, match_option(&i.data.options), self.command_use_case(&i.data))
            }
            Interaction::Autocomplete(i) => (Kind::Autocomplete, i.id, None, "autocomplete"),
            Interaction::Component(i) => {
                let kind = match i.data.kind {
                    serenity::ComponentInteractionDataKind::Button => Kind::Button,
                    _ => Kind::Menu,
                };
                let decoded = CustomId::decode(&i.data.custom_id);
                (kind, i.id, decoded.and_then(|c| c.match_id()), decoded.map_or("unknown", |c| c.use_case()))
            }
            _ => return self.inner.dispatch(ctx, event).await,
        };
        // A span is not a line: its level only says under which filters it exists. At
        // `error` it exists whenever anything of the bot is logged.
        let span = tracing::error_span!("interaction", id = id.get(), kind = kind.label(), match_id);
        let handling = self.inner.dispatch(ctx, event);
        super::IN_FLIGHT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        observe::interaction::watch(kind, arrived, observe::in_use_case(use_case, handling.instrument(span))).await;
        super::IN_FLIGHT.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
    }
}

/// Reads the shards' states into the process's health, for ever.
async fn watch_shards(manager: Arc<serenity::ShardManager>) {
    let mut seen: Vec<u32> = Vec::new();
    loop {
        let states: Vec<(u32, ShardState)> = manager
            .runners
            .lock()
            .await
            .iter()
            .map(|(id, runner)| {
                let connected = matches!(runner.stage, ConnectionStage::Connected);
                (id.0, ShardState { connected, latency: runner.latency.filter(|_| connected) })
            })
            .collect();
        for &id in &seen {
            if !states.iter().any(|(s, _)| *s == id) {
                observe::health().shard_gone(id);
            }
        }
        for (id, state) in states {
            observe::health().shard_seen(id, state);
            if !seen.contains(&id) {
                seen.push(id);
            }
        }
        tokio::time::sleep(SHARDS_READ_EVERY).await;
    }
}
