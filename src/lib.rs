//! En Garde for Discord: the bot's library (settings, storage, match service,
//! presentation, Discord adapter). The binary `engarde` is a thin `main` over it.

mod alloc;
pub mod backup;
pub mod bot_move;
pub mod cli;
pub mod config;
pub mod discord;
pub mod i18n;
pub mod maintenance;
pub mod migrate_db;
pub mod observe;
pub mod present;
pub mod rebuild;
pub mod replay;
pub mod service;
pub mod store;
