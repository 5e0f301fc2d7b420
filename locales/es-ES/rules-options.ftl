# Por qué las reglas rechazan las opciones de una partida (identificadores del crate de
# reglas, `RefusedOption`), dentro de error-rules-do-not-fit.
rules-option-unknown = { $game } no tiene la opción «{ $option }»
rules-option-bad-value = la opción «{ $option }» no puede valer { $value }
rules-option-out-of-range = la opción «{ $option }» debe estar entre { $min } y { $max }
rules-option-not-one-of = la opción «{ $option }» no puede valer { $value } aquí; valores posibles: { $allowed }
rules-option-target = este modo no se juega a { $value } puntos (objetivos posibles: { $allowed })
rules-option-no-pile = con dos manos de { $hand_size } cartas no queda mazo en una baraja de { $deck } cartas
rules-option-setup = con estas opciones no se puede empezar una partida
