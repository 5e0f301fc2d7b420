-- Applying a move in one statement: `INSERT INTO match_moves` stores the match's new
-- state and appends the action to its log, or, if the match is no longer active at
-- that version, fails with 'engarde: stale move' and changes nothing. One statement
-- is one round trip to the database thread and its own (implicit) transaction, so an
-- ordinary move holds the write connection for a single step.
--
-- The view itself reads as each logged action beside its match's current state; it
-- exists to be written to.
CREATE VIEW match_moves AS
SELECT a.match_id, a.turn, a.seat, a.action, a.user_id, a.interaction_id, a.created_at,
       m.state, m.state_format
FROM match_actions a JOIN matches m ON m.id = a.match_id;

CREATE TRIGGER match_moves_apply INSTEAD OF INSERT ON match_moves
BEGIN
    -- The next decision is due a full turn from now, and any draw offer lapses.
    UPDATE matches
       SET state = NEW.state, state_format = NEW.state_format, version = version + 1,
           updated_at = NEW.created_at, deadline_at = NEW.created_at + turn_seconds,
           draw_offer_seat = NULL, draw_offer_version = NULL
     WHERE id = NEW.match_id AND version = NEW.turn AND status = 'active';
    SELECT RAISE(ABORT, 'engarde: stale move') WHERE changes() <> 1;
    INSERT INTO match_actions (match_id, turn, seat, action, user_id, interaction_id, created_at)
    VALUES (NEW.match_id, NEW.turn, NEW.seat, NEW.action, NEW.user_id, NEW.interaction_id, NEW.created_at);
END;
