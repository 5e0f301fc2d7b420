# Why the rules refuse a match's options (ids from the rules crate, `RefusedOption`),
# shown inside error-rules-do-not-fit.
rules-option-unknown = { $game } has no option “{ $option }”
rules-option-bad-value = the option “{ $option }” cannot be { $value }
rules-option-out-of-range = the option “{ $option }” must be from { $min } to { $max }
rules-option-not-one-of = the option “{ $option }” cannot be { $value } here; it may be { $allowed }
rules-option-target = this mode is not played to { $value } points (it may be: { $allowed })
rules-option-no-pile = two hands of { $hand_size } cards leave no pile in a deck of { $deck } cards
rules-option-setup = these options cannot start a match
