-- Stored states (engarde_rules::Setup) of format 2 keep the number of actions played
-- (`turn`) instead of the actions themselves, which `match_actions` already logs: a
-- finished match's state shrinks by about two thirds, and each move writes less.
UPDATE matches
   SET state = json_set(json_remove(state, '$.actions'),
                        '$.format', 2,
                        '$.turn', json_array_length(state, '$.actions')),
       state_format = 2
 WHERE state_format = 1;
