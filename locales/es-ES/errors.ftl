# Rechazos y disculpas: breves, nunca un volcado de pila.

error-challenge-self = No puedes desafiarte a ti mismo.
error-challenge-bot = Los bots no aceptan desafíos: desafía a una persona, o entrena contra mí con `/engarde practice`.
error-practice-no-draw = El bot de entrenamiento no acepta tablas: sigue jugando, o abandona para terminar.
error-already-playing = Ya tienes una partida en curso con { $name } (partida n.º { $id }).
error-challenge-pending = Ya hay un desafío pendiente entre { $name } y tú.
error-challenge-not-found = Ese desafío ya no existe.
error-not-for-you = Este desafío no es para ti.
error-challenge-accepted = Este desafío ya fue aceptado.
error-challenge-declined = Este desafío fue rechazado.
error-challenge-withdrawn = Este desafío fue retirado.
error-challenge-expired = Este desafío ha caducado.
error-challenge-closed = Este desafío está cerrado.
error-match-not-found = No hay ninguna partida n.º { $id } en este servidor.
error-no-match = No tienes ninguna partida en curso aquí.
error-several-matches = Tienes varias partidas en curso: elige una con la opción `match`.
error-not-in-match = No juegas en esta partida.
error-rematch-too-early = Esta partida aún se está jugando: la revancha, cuando termine.
error-match-over = Esta partida ha terminado.
error-stale = Esto ya no está al día: la partida ha avanzado.
error-stale-link = Esto ya no está al día: la partida ha avanzado. El tablero actual: { $url }
error-not-your-turn = No es tu turno: se espera a { $name }.
error-illegal = Esa jugada no está permitida: { $why }.
error-already-applied = Eso ya está hecho.
error-not-a-move = Esa no es una jugada que puedas hacer aquí.
error-draw-lapsed = Esta oferta de tablas ya no vale: se hizo una jugada, o ya se respondió.
error-deadline-passed = Demasiado tarde: se acabó el tiempo para esta jugada y la partida se pierde por tiempo.
error-no-challenge = No tienes ningún desafío pendiente que retirar aquí.
error-not-admin = Solo los miembros que pueden gestionar este servidor pueden hacer eso.
error-internal = Lo sentimos, algo ha fallado por nuestra parte. Vuelve a intentarlo en un momento.
# La base de datos no está disponible un momento (detenida, disco lleno): el clic no cambió nada.
error-unavailable = El bot no puede acceder a sus datos ahora mismo, así que no se ha cambiado nada. Vuelve a intentarlo en un momento.
error-guild-only = Este comando funciona en un canal de servidor, no en mensajes directos.
error-option-unreadable = No he podido leer esa opción: `{ $input }`.
error-option-missing = Falta una opción o no se ha podido leer.
error-turn-time-range = El tiempo por jugada debe estar entre { $min } y { $max }.
error-challenge-expiry-range = La caducidad de un desafío debe estar entre { $min } y { $max }.
error-turn-time-unreadable = No he podido leer el tiempo por jugada `{ $input }`: escríbelo como 30m, 12h o 2d.
error-challenge-expiry-unreadable = No he podido leer la caducidad del desafío `{ $input }`: escríbela como 30m, 12h o 2d.
error-rules-do-not-fit = Esas reglas no encajan con { $variant }: { $why }.
error-export-unfinished = La partida n.º { $id } aún se está jugando: su registro podrá exportarse cuando termine.
error-unknown-board = No existe el juego o variante `{ $name }`: elige uno de la lista.
error-unknown-variant = No existe la variante `{ $name }`: elige una de la lista.
error-bot-has-no-record = Los bots no practican esgrima: no tienen historial.
error-invalid-button = Ese botón no es válido (o ya no lo es).
error-invalid-choice = Esa elección no es válida.

## Por qué las reglas rechazan una jugada (ids que nombra IllegalMove del crate de reglas)
rules-wrong-game = eso no es una jugada de { $game }
rules-match-over = la partida ha terminado
rules-not-your-decision = ahora no te toca decidir
rules-must-answer-attack = primero debes responder al ataque: parar, retroceder o encajar el tocado
rules-no-attack-to-answer = no hay ningún ataque al que responder
rules-not-in-hand = no tienes { $cards }
rules-no-cards = hace falta al menos una carta
rules-advance-too-far = no puedes avanzar { $card }: el rival está a { $distance } casillas y no puedes alcanzarlo ni pasarlo
rules-retreat-off-piste = no puedes retroceder { $card }: saldrías de la pista
rules-wrong-attack-value = no puedes atacar con un { $card }: un ataque necesita cartas iguales a la distancia, { $distance }
rules-too-many-attack-cards = este ataque solo puede usar una carta
rules-no-lunge-at-this-level = avanzar y atacar solo existe en el juego avanzado
rules-parry-mismatch = la parada no coincide con el ataque
rules-retreat-not-allowed = solo un avance y ataque se responde retrocediendo; para o encaja el tocado
rules-pile-too-short = al mazo le quedan muy pocas cartas para reponer tu mano después de eso
rules-stopped-all-killed = has dejado de disparar en esta ronda: abatiste a los 5 sitiados
rules-stopped-no-cells-left = has dejado de disparar en esta ronda: usaste tus 24 casillas de tiro
rules-setups-pending = no se dispara hasta que ambas fortalezas estén colocadas
rules-already-set-up = ya colocaste tu fortaleza en esta ronda
rules-setup-wall-count = una fortaleza lleva exactamente 10 muros (esta tiene { $count })
rules-setup-besieged-count = una fortaleza lleva exactamente 5 sitiados (esta tiene { $count })
rules-setup-outside-fortress = { $cell } no está en la fortaleza: muros y sitiados van de B2 a F6
rules-setup-repeated = { $cell } se usa dos veces: cada casilla lleva un muro o un sitiado
rules-setup-unreachable = el sitiado de { $cell } quedaría fuera del alcance de todo disparo, y esta partida no lo permite
rules-not-a-ring-cell = { $cell } no es una casilla de tiro: se dispara desde las columnas A y G y las filas 1 y 7
rules-cell-used = { $cell } ya se usó en esta ronda
rules-bad-direction = { $cell } { $dir } no apunta a la fortaleza: desde { $cell } { $ways ->
    [one] la única dirección posible es { $legal }
   *[other] las direcciones posibles son { $legal }
}
rules-card-not-held = no tienes ningún { $card }
rules-not-now = esa elección no está permitida ahora ({ $stage ->
    [mulligan] decisión de mulligan
    [turn] tu turno
    [free_swap] cambio gratuito del tutorial
    [answer] tu respuesta en la frase
    [renew_feint] elección de renovar o fintar
    [glide] elección de una respuesta deslizada
   *[end] fin del asalto
})
