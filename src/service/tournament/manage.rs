//! A manager's pause, resume and cancellation.

use super::rounds::abort_live;
use super::{check_manager, refuse, EndedBoards, Event, EventState, Manager, TournamentView};
use crate::service::{Result, Service};
use crate::store::tournaments;

/// An event cancelled.
#[derive(Clone, Debug)]
pub struct Cancelled {
    /// The event as it now stands.
    pub event: TournamentView,
    /// The final boards of the matches it aborted.
    pub ended: EndedBoards,
}

impl Service {
    /// Sets (or clears) the role whose members may run a server's events. The caller must
    /// have checked that `admin` may manage the server.
    ///
    /// # Errors
    /// Internal errors.
    pub async fn set_tournament_role(&self, guild: u64, admin: u64, role: Option<u64>) -> Result<()> {
        let role = role.map(crate::store::db_id);
        let mut tx = self.begin_write().await?;
        if tournaments::set_manager_role(&mut tx, crate::store::db_id(guild), role).await? {
            tx.commit().await?;
            return Ok(());
        }
        drop(tx);
        // No settings stored yet: store the defaults, then the role.
        self.update_settings(guild, admin, &crate::service::settings::SettingsChange::default()).await?;
        let mut tx = self.begin_write().await?;
        tournaments::set_manager_role(&mut tx, crate::store::db_id(guild), role).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Pauses a running event: its clocks stop (no deadline passes, no reminder is sent)
    /// until it resumes.
    ///
    /// # Errors
    /// Not a manager, an event not running; internal errors.
    pub async fn pause_tournament(&self, guild: u64, id: i64, by: &Manager) -> Result<TournamentView> {
        let now = self.now();
        let mut tx = self.begin_write().await?;
        check_manager(&mut tx, guild, by).await?;
        let event = Event::load(&mut tx, id, Some(guild)).await?;
        if event.state != EventState::Running || !tournaments::pause(&mut tx, id, now).await? {
            return Err(refuse("tournament-error-not-running"));
        }
        let view = Event::load(&mut tx, id, None).await?.view();
        tx.commit().await?;
        Ok(view)
    }

    /// Resumes a paused event: the round's deadline and its matches' deadlines move on by
    /// the time paused.
    ///
    /// # Errors
    /// Not a manager, an event not paused; internal errors.
    pub async fn resume_tournament(&self, guild: u64, id: i64, by: &Manager) -> Result<TournamentView> {
        let now = self.now();
        let mut tx = self.begin_write().await?;
        check_manager(&mut tx, guild, by).await?;
        let event = Event::load(&mut tx, id, Some(guild)).await?;
        if event.state != EventState::Paused || !tournaments::resume(&mut tx, id, now).await? {
            return Err(refuse("tournament-error-not-paused"));
        }
        let view = Event::load(&mut tx, id, None).await?.view();
        tx.commit().await?;
        Ok(view)
    }

    /// Cancels an event that is not over: its live matches are aborted (they count for
    /// nobody).
    ///
    /// # Errors
    /// Not a manager, an event over; internal errors.
    pub async fn cancel_tournament(&self, guild: u64, id: i64, by: &Manager) -> Result<Cancelled> {
        let now = self.now();
        let mut tx = self.begin_write().await?;
        check_manager(&mut tx, guild, by).await?;
        let event = Event::load(&mut tx, id, Some(guild)).await?;
        let from = event.row.state.clone();
        if event.state.is_over() || !tournaments::set_state(&mut tx, id, &from, "cancelled", now).await? {
            return Err(refuse("tournament-error-over"));
        }
        let ended = abort_live(self, &mut tx, &event, &by.name, now).await?;
        let view = Event::load(&mut tx, id, None).await?.view();
        tx.commit().await?;
        Ok(Cancelled { event: view, ended })
    }
}
