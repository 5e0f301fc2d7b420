# Palabras comunes a todos los juegos: marcos de los tableros, estados, botones.

common-aborted-by = 🛑 { $admin } ha anulado la partida n.º { $id }. No cuenta.
common-timeout-loses = ⏰ **{ $name }** dejó pasar el plazo y pierde la partida por tiempo.
common-wins-match = 🏆 ¡**{ $name }** gana la partida!
common-called-off = ⏰ Ningún jugador estuvo listo a tiempo: la partida se anula y no cuenta para nadie.
common-you-accepted-draw = Has aceptado las tablas.

## Títulos de las variantes

variant-engarde-basic = En Garde (básico)
variant-engarde-standard = En Garde (estándar)
variant-engarde-advanced = En Garde (avanzado)
variant-kengo-basic = Kengo (básico)
variant-kengo-normal = Kengo (normal)
variant-kengo-advanced = Kengo (avanzado)
variant-forteresse = Forteresse
variant-ready-fence-tutorial = Ready... Fence! (tutorial)
variant-ready-fence-basic = Ready... Fence! (básico)
variant-ready-fence-advanced = Ready... Fence! (avanzado)

## Duraciones

common-days = { $n ->
    [one] { $n } día
   *[other] { $n } días
}
common-hours = { $n ->
    [one] { $n } hora
   *[other] { $n } horas
}
common-minutes = { $n ->
    [one] { $n } minuto
   *[other] { $n } minutos
}

## Tablas, abandonos y mensajes privados

draw-offered = Has ofrecido tablas; se le ha preguntado a { $name }.
draw-both-offered = Tu rival también había ofrecido tablas: la partida queda en tablas.
draw-was-declined = La oferta de tablas ha sido rechazada.
draw-agreed = 🤝 Tablas acordadas en la partida n.º { $id }.
draw-declined = { $name } ha rechazado las tablas en la partida n.º { $id }. ¡La partida sigue!
hand-board-out-of-date = Ese tablero ya no está al día; así va la partida ahora.
hand-prompt-out-of-date = Ese mensaje ya no está al día; así va la partida ahora.
resign-confirm = ¿Abandonar la partida n.º { $id }? Tu rival ganará la partida.
resign-cancelled = ¡En guardia, seguimos! 🤺

## Tableros

board-both = { $a } y { $b }
board-prompt = { $who }, { $what }.
board-status-aborted = 🛑 Anulada
board-status-won = 🏆 { $name } gana la partida
board-status-drawn = 🤝 Tablas
board-status-to-act = Le toca a: { $names }
board-status-to-act-due = Le toca a: { $names } · plazo { $due }
board-field-practice = Entrenamiento
board-practice = contra { $bot } ({ $level }) · sin clasificar
board-field-status = Estado
board-button-offer-draw = Ofrecer tablas
board-button-resign = Abandonar
board-button-hand = Mi mano
board-button-fortress = Colocar mi fortaleza
board-button-fire = Disparar
board-button-cards = Mis cartas
board-button-rematch = Revancha
board-button-record = Acta de la partida
board-title = n.º { $id } · { $title } · { $terms }
practice-level-easy = fácil
practice-level-medium = medio
practice-level-hard = difícil
hand-board-link = [↩ El tablero]({ $url })
thread-name = n.º { $id } { $a } contra { $b }

## Ofertas de tablas

draw-offer = 🤝 { $name } ofrece tablas en la partida n.º { $id }. { $to }, ¿aceptas? (Una jugada retira la oferta.)
draw-button-accept = Aceptar tablas
draw-button-decline = Rechazar

## Recordatorios

reminder-one = ⏳ { $who }, recordatorio: tu jugada contra { $opponent } en la partida n.º { $id } vence { $due }.{ $link }
reminder-many = ⏳ { $who }, { $count ->
    [one] { $count } partida espera
   *[other] { $count } partidas esperan
} tu jugada:
reminder-item = • n.º { $id } contra { $opponent }, vence { $due }{ $link }
reminder-more = …y { $count } más: mira `/engarde matches`.

## Desafíos

challenge-text = ⚔️ { $challenger } desafía a { $challenged } a **{ $variant }**, { $terms }, { $turn } por jugada.
    { $challenged }, ¿aceptas? (Caduca { $expires }.)
challenge-button-accept = Aceptar
challenge-button-decline = Rechazar
challenge-button-withdraw = Retirar
challenge-accepted = ✅ { $to } ha aceptado el desafío de { $from }: empieza la partida n.º { $id } · { $variant }.
challenge-declined = { $to } ha rechazado el desafío de { $from }.
challenge-expired = ⌛ El desafío de { $from } a { $to } caducó sin respuesta.
challenge-withdrawn = { $from } ha retirado su desafío a { $to }.

## La lista de partidas de un jugador

matches-none = No tienes partidas en curso en este servidor. Empieza una con `/engarde challenge`.
matches-title = **Tus partidas en curso**
matches-item = • n.º { $id } contra { $opponent } · { $variant } · { $a } – { $b } · { $turn }{ $link }
matches-your-move = **te toca**
matches-waiting = esperando
rematch-sent = ⚔️ Revancha: tu desafío a { $name } está publicado en el canal.
rematch-practice = 🤖 Empieza una nueva partida de entrenamiento, n.º { $id }.
spectator-watching = 👀 Estás viendo la partida n.º { $id }.
spectator-how-to-play = Para jugar tú, desafía a alguien con `/engarde challenge`, o entrena contra mí con `/engarde practice`.
