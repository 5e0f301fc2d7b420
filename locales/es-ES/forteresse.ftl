# Forteresse: un asedio secreto en dos cuadrículas de 7 × 7.
# Las casillas (A1..G7), las flechas y los símbolos de las cuadrículas no se traducen.

## Armas y direcciones

# $weapon: cannon (cañón) o rifle (fusil)
forteresse-weapon = { $weapon ->
    [cannon] cañón
   *[other] fusil
}
forteresse-dir-n = N
forteresse-dir-ne = NE
forteresse-dir-e = E
forteresse-dir-se = SE
forteresse-dir-s = S
forteresse-dir-sw = SO
forteresse-dir-w = O
forteresse-dir-nw = NO
forteresse-dirs-comma = { $rest }, { $next }
forteresse-dirs-last = { $rest } y { $last }

## Respuestas a un disparo

forteresse-answer-wall-destroyed = muro en { $cell }, destruido
forteresse-answer-wall = muro
forteresse-answer-besieged-killed = sitiado en { $cell }, abatido
forteresse-answer-besieged = sitiado, abatido
forteresse-answer-nothing = nada
forteresse-answer-silence = (silencio)

## Narración

forteresse-shot = { $icon } **{ $name }** dispara { $weapon ->
    [cannon] con el cañón
   *[other] con el fusil
} desde { $from } { $dir }: **{ $answer }**.
forteresse-opening = 🏰 Forteresse: **{ $a }** contra **{ $b }**, a dos rondas.
forteresse-opening-first = Ambos colocan su fortaleza en secreto (10 muros, 5 sitiados); **{ $name }** disparará primero.
forteresse-status-round = Ronda { $round } de 2.
forteresse-status-last-shot = Último disparo: { $shot }
forteresse-setup-done = 🏰 **{ $name }** ha colocado su fortaleza.
forteresse-round-started = Empieza la ronda { $round }: **{ $name }** dispara primero.
forteresse-stopped-all-killed = 🏳️ **{ $name }** ha abatido a los 5 sitiados y se detiene; **{ $other }** sigue disparando solo.
forteresse-stopped-all-killed-last = 🏳️ **{ $name }** ha abatido a los 5 sitiados y se detiene.
forteresse-stopped-no-cells = **{ $name }** ha usado sus 24 casillas de tiro y se detiene.
forteresse-round-ended = Termina la ronda { $round }: **{ $a }** suma { $score_a } { $score_a ->
    [one] punto
   *[other] puntos
}, **{ $b }** { $score_b } { $score_b ->
    [one] punto
   *[other] puntos
}.
forteresse-setups-awaited = Ronda { $round }: ambos colocan una nueva fortaleza en secreto; **{ $name }** disparará primero.
forteresse-resigned = **{ $name }** abandona.
forteresse-draw-agreed = 🤝 Los jugadores acuerdan tablas.
forteresse-match-won = 🏆 ¡**{ $name }** gana la partida, { $score } a { $other_score }!
forteresse-match-drawn = 🤝 La partida termina en tablas, { $score_a } a { $score_b }.

## Confirmaciones

forteresse-done-setup = Tu fortaleza está colocada. Sigue siendo secreta.
forteresse-done-shot = Has disparado { $weapon ->
    [cannon] con el cañón
   *[other] con el fusil
} desde { $from } { $dir }.
forteresse-done-resign = Has abandonado.
forteresse-done-draw = Has aceptado las tablas.

## Leyendas de las cuadrículas

forteresse-attack-legend = `?` desconocida · `.` vacía · `x` muro destruido · `*` sitiado abatido · `o` casilla de tiro usada · `+` sin usar
forteresse-defence-legend = `#` muro · `O` sitiado · `x` muro destruido · `*` sitiado abatido · `.` vacía

## Reglas

forteresse-rules = **Forteresse**: un asedio secreto en dos cuadrículas de 7 × 7, a dos rondas.
    • **Preparación** (secreta): en la fortaleza de 5 × 5 (B2–F6) de tu cuadrícula, coloca 10 muros y 5 sitiados.
    • **Disparos**, por turnos: elige una casilla de tiro de la cuadrícula enemiga que no hayas usado en esta ronda (cada una de las 24 una sola vez), un arma y una dirección hacia la fortaleza. El disparo avanza hasta el primer muro o sitiado; las casillas de detrás quedan intactas.
    • **Cañón**: destruye el muro o abate al sitiado que encuentra (se anuncia con su casilla). **Fusil**: abate a un sitiado; un muro lo detiene y no se destruye («muro», sin casilla).
    • Quien haya abatido a los 5 sitiados enemigos, o usado sus 24 casillas de tiro, se detiene; el otro sigue disparando solo. La ronda termina cuando ambos se han detenido.
    • **Puntos** por ronda: 7 por cada sitiado que abatas + 3 por cada cañón y 1 por cada fusil que dispare tu rival: cada disparo tuyo le da puntos a tu rival.
    • Gana el total más alto tras las dos rondas.
forteresse-rules-note-any-of-8 = se puede elegir cualquiera de las 8 direcciones; un disparo que nunca entra en la fortaleza se pierde
forteresse-rules-note-extra-shot = un disparo que destruye un muro o abate a un sitiado da derecho a otro disparo
forteresse-rules-note-same-setup = la ronda 2 se juega con las fortalezas de la ronda 1, restauradas
forteresse-rules-note-tie = con el mismo total gana quien abatió más sitiados, y luego quien disparó menos
forteresse-rules-in-this-match = En esta partida: { $notes }.

## El tablero

forteresse-prompt-setup = coloca tu fortaleza en secreto
forteresse-prompt-shot = te toca disparar
forteresse-terms = dos rondas
forteresse-board-score = **{ $a }** { $score_a } – { $score_b } **{ $b }**  (rondas terminadas: { $rounds })
forteresse-board-sides = Izquierda: lo que **{ $a }** sabe de la fortaleza de **{ $b }**; derecha: al revés.
forteresse-board-placing = 🏰 Aún colocan su fortaleza: { $names }.
forteresse-tally = { $name }: { $cannon ->
    [one] { $cannon } cañón
   *[other] { $cannon } cañones
}, { $rifle ->
    [one] { $rifle } fusil
   *[other] { $rifle } fusiles
}, { $killed ->
    [one] { $killed } abatido
   *[other] { $killed } abatidos
}
forteresse-tally-stopped = { $name }: { $cannon ->
    [one] { $cannon } cañón
   *[other] { $cannon } cañones
}, { $rifle ->
    [one] { $rifle } fusil
   *[other] { $rifle } fusiles
}, { $killed ->
    [one] { $killed } abatido
   *[other] { $killed } abatidos
} (detenido)
forteresse-field-round = Ronda
forteresse-field-round-value = { $round } de 2
forteresse-field-shots = Disparos de la ronda
forteresse-field-latest = Últimos disparos
forteresse-latest-shot = { $name }: { $from } { $weapon ->
    [cannon] cañón
   *[other] fusil
} { $dir }: { $answer }

## La mano de un jugador

forteresse-hand-head = { $marker } **Partida n.º { $id }** · { $title }, ronda { $round } de 2
forteresse-hand-setup = **Coloca tu fortaleza** en secreto: 10 muros 🧱 y luego 5 sitiados 👑, en las 25 casillas B2–F6. Colócalos en la cuadrícula, elígelos en listas o toma una fortaleza al azar.
forteresse-hand-over = La partida ha terminado.
forteresse-hand-your-shot = **Te toca disparar**: elige una casilla de tiro. A la derecha de la imagen, lo que sabes de la fortaleza enemiga.
forteresse-hand-waiting-setup = Esperando a que { $name } coloque su fortaleza.
forteresse-hand-waiting-shot = Esperando el disparo de { $name }.
forteresse-hand-waiting-both = Esperando las dos fortalezas.
forteresse-fire-toward = hacia { $dirs }
forteresse-fire-from-placeholder = Disparar desde…
forteresse-random-setup = Preparación al azar
forteresse-hand-own-standing = Tu fortaleza aún resiste: 🧱 { $walls } · 👑 { $besieged }
forteresse-place-on-grid = Colocar en la cuadrícula
forteresse-change = Cambiar
forteresse-clear = Borrar todo
forteresse-grid-count = 🧱 Muros **{ $walls }**/10 · 👑 Sitiados **{ $besieged }**/5
forteresse-grid-place-walls = Toca una casilla para poner un muro; toca una pieza para quitarla.
forteresse-grid-place-besieged = Muros listos: toca una casilla para poner un sitiado; toca una pieza para quitarla.
forteresse-grid-take-off = Todo colocado: toca una pieza para quitarla.
forteresse-grid-rule-reachable = En esta partida cada sitiado debe estar al alcance de un disparo: las casillas en gris no lo están.
forteresse-error-all-placed = Ya están los 10 muros y los 5 sitiados: quita uno primero.
forteresse-another-random = Otra al azar
forteresse-confirm = Confirmar
forteresse-back = Volver
forteresse-preview-end = Confírmala, cámbiala o empieza de nuevo.
forteresse-step-random = Una fortaleza al azar:
forteresse-step-your-fortress = Tu fortaleza:
forteresse-step-fire-from = Disparo desde **{ $from }**: elige el arma y la dirección. Un cañón da 3 puntos a tu rival y un fusil 1.
forteresse-shot-button = { $weapon ->
    [cannon] Cañón
   *[other] Fusil
} { $dir }

## Rechazos de un paso

forteresse-error-wall-count = Hacen falta exactamente 10 muros: has elegido { $n }.
forteresse-error-besieged-count = Hacen falta exactamente 5 sitiados: has elegido { $n }.
forteresse-error-invalid = Esa elección no es válida.
forteresse-error-not-fortress = { $cell } no está en la fortaleza (de B2 a F6).
forteresse-error-twice = { $cell } se ha elegido dos veces.
forteresse-error-already-placed = Tu fortaleza ya está colocada.
forteresse-error-not-your-shot = No te toca disparar.
forteresse-error-one-cell = Elige una casilla de tiro.
forteresse-error-cannot-fire = No puedes disparar desde { $cell } ahora: ya está usada o no es una casilla de tiro.
forteresse-error-unreachable = Un sitiado en { $cell } quedaría fuera del alcance de todo disparo, y esta partida no lo permite.
