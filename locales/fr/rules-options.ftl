# Pourquoi les règles refusent les options d’une partie (identifiants du crate des règles,
# `RefusedOption`), affiché dans error-rules-do-not-fit.
rules-option-unknown = { $game } n’a pas d’option « { $option } »
rules-option-bad-value = l’option « { $option } » ne peut pas valoir { $value }
rules-option-out-of-range = l’option « { $option } » doit être comprise entre { $min } et { $max }
rules-option-not-one-of = l’option « { $option } » ne peut pas valoir { $value } ici ; valeurs possibles : { $allowed }
rules-option-target = ce mode ne se joue pas en { $value } points (cibles possibles : { $allowed })
rules-option-no-pile = deux mains de { $hand_size } cartes ne laissent pas de pioche dans un paquet de { $deck } cartes
rules-option-setup = ces options ne permettent pas de commencer une partie
