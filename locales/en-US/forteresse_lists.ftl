# Forteresse: placing a fortress from two lists (src/discord/render/forteresse/lists.rs),
# for phones, where the grid of 25 buttons wraps.

forteresse-lists = Choose from lists
forteresse-lists-walls-placeholder = Choose your 10 walls
forteresse-lists-besieged-placeholder = Choose your 5 besieged
forteresse-lists-choose-walls = Choose your 10 walls in the first list.
forteresse-lists-choose-besieged = Now choose your 5 besieged in the second list (the first still changes the walls).
forteresse-lists-all-chosen = All chosen: change either list, or see the preview again.
forteresse-lists-preview = Preview
forteresse-lists-rule-reachable = In this match every besieged must be within reach of a shot: cells your walls shut in are not offered.
forteresse-lists-walled-in = Your walls leave fewer than 5 cells within reach: choose other walls.
forteresse-lists-error-on-wall = { $cell } holds a wall: choose the besieged among the other cells.

# The alt text of the picture of a fortress in the making.
picture-forteresse-placing = Left, your fortress in the making: { $walls } walls and { $besieged } besieged placed. Right, the enemy's fortress, of which nothing is known yet.
