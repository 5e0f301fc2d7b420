# En Garde y Kengo: la pista, la narración, las acciones, las reglas.
# Vocabulario: ronda (round), manga (game de una partida al mejor de N), partida (match),
# tocado (hit), mazo (pile), parada, respuesta (riposte), fondo (advance and attack).

## Cartas

engarde-no-cards = sin cartas
engarde-list-separator = {", "}
engarde-pile-cards = { $count ->
    [one] { $count } carta
   *[other] { $count } cartas
}

## Acciones (botones y menús, 80 caracteres como máximo)

engarde-label-advance = Avanzar { $card }
engarde-label-retreat = Retroceder { $card }
engarde-label-attack = Atacar con { $card }
engarde-label-attack-many = Atacar con { $card } ×{ $count }
engarde-label-lunge = Avanzar { $advance } + atacar con { $attack }
engarde-label-lunge-many = Avanzar { $advance } + atacar con { $attack } ×{ $count }
engarde-label-parry = Parar con { $cards }
engarde-label-accept-hit = Recibir el tocado
engarde-label-resign = Abandonar
engarde-label-agree-draw = Aceptar tablas

engarde-menu-advance = Avanzar…
engarde-menu-retreat = Retroceder…
engarde-menu-attack = Atacar…
engarde-menu-lunge = Avanzar y atacar…
engarde-menu-move = Avanzar o retroceder…
engarde-menu-attack-or-lunge = Atacar, o avanzar y atacar…
engarde-menu-parry = Parar…
engarde-menu-answer = Responder…

## Comienzo y estado de la partida

engarde-opening = ¡En garde! { $a } contra { $b }: { $title }, a { $hits ->
    [one] { $hits } tocado
   *[other] { $hits } tocados
}.
engarde-best-of = Al mejor de { $games } mangas.
engarde-starts-round-one = { $name } empieza la ronda 1.
engarde-starts-round-one-random = { $name } empieza la ronda 1 (por sorteo).
engarde-status-over = La partida ha terminado: ha ganado { $name }.
engarde-status-round = Ronda { $round } en curso.

## Narración

engarde-round-begins = Empieza la ronda { $round }: juega primero { $name }.
engarde-game-round-begins = Manga { $game }, empieza la ronda { $round }: juega primero { $name }.
engarde-advanced = { $name } avanza { $card } hasta la casilla { $to }.
engarde-retreated = { $name } retrocede { $card } hasta la casilla { $to }.
engarde-retreated-from-lunge = { $name } esquiva el fondo retrocediendo { $card } hasta la casilla { $to }.
engarde-attacked = ¡{ $name } ataca con { $cards }!
engarde-riposted = ¡Respuesta de { $name } con { $cards }!
engarde-lunged = ¡{ $name } avanza { $advance } hasta la casilla { $to } y ataca con { $cards }!
engarde-parried = { $name } para con { $cards }.
engarde-hit-accepted = { $name } recibe el tocado.
engarde-cannot-parry = { $name } no puede parar.
engarde-pile-emptied = { $name } roba la última carta del mazo.
engarde-passed-empty-hand = { $name } se queda sin cartas tras parar: roba y pasa.
engarde-last-attack = Con el mazo agotado, ¡{ $name } lanza un último ataque con { $card }!
engarde-hands-shown = Manos a la vista: { $a } { $hand_a } ({ $attacking_a } a la distancia) · { $b } { $hand_b } ({ $attacking_b } a la distancia).
engarde-stuck = { $name } no tiene ningún movimiento válido.
engarde-resigned = { $name } abandona.
engarde-draw-agreed = { $name } acepta tablas.
engarde-round-score = Tocados: { $a } { $hits_a } – { $hits_b } { $b }.
engarde-round-won-hit = { $name } gana la ronda con un tocado. { $score }
engarde-round-won-stuck = { $name } gana la ronda porque el rival no podía moverse. { $score }
engarde-round-won-hand-count = { $name } gana la ronda por las cartas en mano. { $score }
engarde-round-won-position = { $name } gana la ronda por posición. { $score }
engarde-round-won-resign = { $name } gana la ronda por abandono. { $score }
engarde-round-won = { $name } gana la ronda. { $score }
engarde-round-drawn = La ronda termina en empate: nadie puntúa. { $score }
engarde-game-won = { $name } gana la manga. Mangas: { $games_a } – { $games_b }.
engarde-match-won = 🏆 ¡{ $name } gana la partida!
engarde-match-drawn = 🤝 La partida termina en tablas.

## Confirmación de la propia jugada

engarde-done-advance = Has avanzado { $card }.
engarde-done-retreat = Has retrocedido { $card }.
engarde-done-attack = Has atacado con { $cards }.
engarde-done-lunge = Has avanzado { $advance } y atacado con { $cards }.
engarde-done-parry = Has parado con { $cards }.
engarde-done-accept-hit = Has recibido el tocado.
engarde-done-resign = Has abandonado.
engarde-done-agree-draw = Has aceptado las tablas.

## El tablero

engarde-prompt-riposte = te vuelve a tocar tras la parada: muévete o lanza la respuesta
engarde-prompt-turn = te toca
engarde-prompt-defend-lunge = te atacan: para, retrocede o recibe el tocado
engarde-prompt-defend = te atacan: para o recibe el tocado
engarde-terms = a { $hits ->
    [one] { $hits } tocado
   *[other] { $hits } tocados
}
engarde-board-games = (mangas { $games_a } – { $games_b })
engarde-board-attacked = ⚔️ { $attacker } ha atacado con { $cards }: { $defender } debe responder.
engarde-field-round = Ronda
engarde-field-distance = Distancia
engarde-field-pile = Mazo
engarde-field-last-card = Última carta

## La mano de un jugador

engarde-hand-match = { $marker } **Partida n.º { $id }** · { $title } · eres **{ $seat }** ({ $side ->
    [left] lado izquierdo
   *[right] lado derecho
})
engarde-hand-cards = **Tu mano:** { $cards }
engarde-hand-facts = Distancia **{ $distance }** · mazo { $pile } · última carta { $last }
engarde-hand-riposte = **Has parado**: juega tu turno con las cartas que te quedan (robas después).
engarde-hand-turn = **Tu turno**: elige una acción.
engarde-hand-attacked = **Te atacan** con { $cards }: para o recibe el tocado.
engarde-hand-attacked-lunge = **Te atacan** con { $cards }: para, retrocede o recibe el tocado.
engarde-hand-over = La partida ha terminado.
engarde-hand-waiting = Esperando a { $name }.

## Resúmenes de las reglas (/engarde rules)

engarde-rules-engarde = Dos esgrimistas se enfrentan en una pista de 23 casillas, cada uno en una casilla del extremo. El mazo tiene 25 cartas, cinco de cada valor del 1 al 5; cada jugador tiene 5 en la mano.
engarde-rules-kengo = Kengo, un rediseño de En Garde: los esgrimistas empiezan justo fuera de la pista de 23 casillas, así que el primer movimiento los hace entrar. El mazo tiene 25 cartas, cinco de cada valor del 1 al 5; cada jugador tiene 5 en la mano. Quien pierde una ronda empieza la siguiente.
engarde-rules-turn = **Tu turno**: juega una carta y luego roba hasta volver a tener 5.
engarde-rules-advance = **Avanzar**: muévete hacia delante exactamente ese número de casillas; no puedes alcanzar ni sobrepasar al rival.
engarde-rules-retreat = **Retroceder**: muévete hacia atrás exactamente ese número de casillas; no puedes salirte de la pista.
engarde-rules-attack = **Atacar**: juega una carta igual a la distancia que os separa. No te mueves.
engarde-rules-basic-hits = En el juego básico todo ataque es tocado.
engarde-rules-strengthen = Puedes añadir más cartas de ese valor para reforzar el ataque.
engarde-rules-parry-identical = **Parada**: responde a un ataque con exactamente las mismas cartas, o recibe el tocado.
engarde-rules-parry-same-total = **Parada**: responde a un ataque con el mismo número de cartas y la misma suma, o recibe el tocado.
engarde-rules-after-parry = Tras una parada juegas tu turno enseguida con las cartas que te quedan (un ataque entonces es una respuesta) y solo después robas.
engarde-rules-lunge = **Avance y ataque** (fondo): una carta para avanzar y luego cartas de ataque iguales a la nueva distancia. El defensor puede parar las cartas de ataque o, en su lugar, retroceder lo que indique una carta.
engarde-rules-round-end = **Una ronda termina** cuando un ataque toca, o cuando un jugador no puede moverse (pierde).
engarde-rules-pile-basic = Al robarse la última carta, el otro jugador gana si tiene una carta igual a la distancia; si no, gana quien más se haya alejado de su salida (a igualdad, empate).
engarde-rules-pile-standard = Al robarse la última carta (tras resolver la parada pendiente, si la hay), se muestran las manos: gana quien tenga más cartas iguales a la distancia; si empatan, quien más se haya alejado de su salida; si vuelven a empatar, la ronda es empate.
engarde-rules-first-to = Quien llegue primero a **{ $hits ->
    [one] { $hits } tocado
   *[other] { $hits } tocados
}** gana la partida.
