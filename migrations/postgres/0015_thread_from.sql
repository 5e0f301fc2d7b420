-- The message a match's own thread grows from (its challenge, or its practice
-- announcement), once the bot knows it will open one there. A thread started from a
-- message has the message's id, so a match whose boards are still elsewhere
-- (`channel_id <> thread_from`) with no board posted had its thread not opened, or opened
-- and not stored, before a crash: its first board goes there (src/service/board_place.rs).
ALTER TABLE matches ADD COLUMN thread_from BIGINT;
