# Los comandos de barra, los ajustes del servidor y las clasificaciones.

## Nombres y descripciones de los comandos (ids construidos por src/discord/commands/localize.rs).
## Nombres: 32 caracteres como mucho, en minúsculas, sin espacios. Descripciones: 100 como mucho.

cmd-engarde-name = engarde
cmd-engarde-description = En Garde: bátete con tus amigos, una jugada tras otra.

cmd-engarde-challenge-name = retar
cmd-engarde-challenge-description = Reta a alguien a un duelo.
cmd-engarde-challenge-opponent-name = rival
cmd-engarde-challenge-opponent-description = Con quién quieres batirte
cmd-engarde-challenge-variant-name = variante
cmd-engarde-challenge-variant-description = Variante de reglas (por defecto: la del servidor, engarde-standard salvo cambio)
cmd-engarde-challenge-hits-name = tocados
cmd-engarde-challenge-hits-description = Tocados o puntos para ganar: En Garde, Kengo de 1 a 15 (5 por defecto); Ready... Fence! 5, 10, 15
cmd-engarde-challenge-turn-time-name = tiempo-por-jugada
cmd-engarde-challenge-turn-time-description = Tiempo para cada jugada, p. ej. 30m, 12h, 2d (por defecto: el del servidor, 48h salvo cambio)

cmd-engarde-practice-name = practicar
cmd-engarde-practice-description = Entrena contra el bot (nunca puntúa).
cmd-engarde-practice-variant-name = variante
cmd-engarde-practice-variant-description = Variante de reglas (por defecto: la del servidor)
cmd-engarde-practice-level-name = nivel
cmd-engarde-practice-level-description = Lo bien que juega el bot (por defecto: medio)
cmd-engarde-practice-level-choice-easy = fácil
cmd-engarde-practice-level-choice-medium = medio
cmd-engarde-practice-level-choice-hard = difícil
cmd-engarde-practice-turn-time-name = tiempo-por-jugada
cmd-engarde-practice-turn-time-description = Tiempo para cada una de tus jugadas, p. ej. 30m, 12h, 2d (por defecto: el del servidor)

cmd-engarde-cancel-name = cancelar
cmd-engarde-cancel-description = Retira tus desafíos pendientes (todos, o el lanzado a un rival).
cmd-engarde-cancel-opponent-name = rival
cmd-engarde-cancel-opponent-description = Solo el desafío lanzado a esta persona

cmd-engarde-matches-name = partidas
cmd-engarde-matches-description = Tus partidas sin terminar en este servidor.

cmd-engarde-hand-name = mano
cmd-engarde-hand-description = Mira tu mano (solo tú la ves) y juega.
cmd-engarde-hand-match-name = partida
cmd-engarde-hand-match-description = Qué partida (por defecto: la de aquí, o la única que tengas)

cmd-engarde-resign-name = abandonar
cmd-engarde-resign-description = Abandona una partida (pide confirmación).
cmd-engarde-resign-match-name = partida
cmd-engarde-resign-match-description = Qué partida (por defecto: la de aquí, o la única que tengas)

cmd-engarde-rules-name = reglas
cmd-engarde-rules-description = Un breve resumen de las reglas.
cmd-engarde-rules-variant-name = variante
cmd-engarde-rules-variant-description = Variante de reglas (por defecto: la del servidor)

cmd-engarde-leaderboard-name = clasificación
cmd-engarde-leaderboard-description = La clasificación del servidor (puntuación Glicko-2) de un juego o de una variante.
cmd-engarde-leaderboard-variant-name = variante
cmd-engarde-leaderboard-variant-description = Un juego (todas sus variantes juntas) o una variante (por defecto: el juego del servidor)

cmd-engarde-stats-name = estadísticas
cmd-engarde-stats-description = La puntuación, el puesto, los resultados y los hábitos de un jugador en este servidor.
cmd-engarde-stats-player-name = jugador
cmd-engarde-stats-player-description = Qué jugador (por defecto: tú)

cmd-engarde-history-name = historial
cmd-engarde-history-description = Las últimas partidas de un jugador, con sus actas para descargar (solo tú lo ves).
cmd-engarde-history-player-name = jugador
cmd-engarde-history-player-description = Qué jugador (por defecto: tú)

cmd-engarde-admin-name = engarde-admin
cmd-engarde-admin-description = Ajustes y moderación de En Garde en este servidor (Gestionar servidor).

cmd-engarde-admin-config-name = ajustes
cmd-engarde-admin-config-description = Muestra los ajustes de este servidor, o cámbialos.
cmd-engarde-admin-config-turn-time-name = tiempo-por-jugada
cmd-engarde-admin-config-turn-time-description = Tiempo por defecto para cada jugada, p. ej. 12h o 2d (de 10m a 14d)
cmd-engarde-admin-config-challenge-expiry-name = caducidad-desafío
cmd-engarde-admin-config-challenge-expiry-description = Cuánto tiempo sigue abierto un desafío, p. ej. 1d (de 5m a 7d)
cmd-engarde-admin-config-threads-name = hilos
cmd-engarde-admin-config-threads-description = Abrir un hilo para cada partida
cmd-engarde-admin-config-board-channel-name = canal-tableros
cmd-engarde-admin-config-board-channel-description = Publicar los tableros en este canal
cmd-engarde-admin-config-boards-where-challenged-name = tableros-en-canal-del-desafío
cmd-engarde-admin-config-boards-where-challenged-description = Publicar los tableros donde se lanzó cada desafío (anula canal-tableros)
cmd-engarde-admin-config-default-variant-name = variante-por-defecto
cmd-engarde-admin-config-default-variant-description = La variante que se juega cuando un desafío no indica ninguna
cmd-engarde-admin-config-language-name = idioma
cmd-engarde-admin-config-language-description = El idioma de los mensajes públicos (por defecto: el idioma de Discord del servidor)
cmd-engarde-admin-config-language-choice-server-default = El idioma de Discord del servidor
cmd-engarde-admin-config-boards-name = tableros
cmd-engarde-admin-config-boards-description = Tableros con una imagen del juego (por defecto), o en texto
cmd-engarde-admin-config-boards-choice-picture = imagen
cmd-engarde-admin-config-boards-choice-text = texto

cmd-engarde-admin-abort-name = anular
cmd-engarde-admin-abort-description = Anula una partida: termina ya y no cuenta.
cmd-engarde-admin-abort-match-name = partida
cmd-engarde-admin-abort-match-description = El número de la partida

## /engarde-admin

admin-settings = **Ajustes de En Garde en este servidor**
    • Tiempo para cada jugada: { $turn }
    • Los desafíos caducan tras: { $challenge }
    • Un hilo para cada partida: { $threads ->
        [yes] sí
       *[no] no
    }
    • Los tableros se publican en: { $channel }
    • Variante por defecto: { $variant }
    • Idioma de los mensajes públicos: { $language }
    • Tableros: { $pictures ->
        [yes] con una imagen del juego
       *[no] en texto
    }
admin-settings-boards-where-challenged = el canal donde se lanzó el desafío
admin-settings-language-server = el idioma de Discord del servidor (ahora { $language })
admin-saved = ✅ Guardado.
admin-aborted = La partida n.º { $id } queda anulada; no cuenta.

## Jugar

play-level = { $level ->
    [easy] fácil
    [hard] difícil
   *[medium] medio
}
practice-announcement = 🤖 **{ $name }** se entrena en { $variant } contra mí (nivel { $level }), partida n.º { $id }, sin clasificar.
play-match-choice = n.º { $id } contra { $opponent } · { $variant }
play-resign-button = Abandonar
play-keep-fencing-button = Seguir jugando
play-withdrawn = { $n ->
    [one] { $n } desafío retirado.
   *[other] { $n } desafíos retirados.
}

## Clasificaciones, estadísticas e historiales

ladder-game = { $game ->
    [engarde] En Garde
    [forteresse] Forteresse
    [ready-fence] Ready... Fence!
   *[other] { $game }
}
ladder-board-every-variant = { $game }, todas las variantes
ladder-you-are = { $mention }: eres el **n.º { $rank }** de { $total } · { $rating } ±{ $deviation }
ladder-you-are-unrated = { $mention }: aún no tienes ninguna partida puntuada en esta clasificación.
ladder-empty = Aquí nadie ha terminado aún una partida puntuada: ¡`/engarde retar` a alguien!
ladder-title = 🏆 Clasificación · { $board }
ladder-line = **{ $rank }.** { $name } · **{ $rating }** ±{ $deviation } · { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
} ({ $wins }G { $losses }P { $draws }E)
ladder-footer = Página { $page }/{ $pages } · { $total ->
    [one] { $total } tirador clasificado
   *[other] { $total } tiradores clasificados
} · ? = provisional (desviación de { $provisional } o más), tras los consolidados
ladder-previous = ◀ Anterior
ladder-next = Siguiente ▶

ladder-stats-none = 📊 **{ $name }** aún no ha terminado ninguna partida en este servidor.
ladder-stats-title = 📊 **{ $name }** en este servidor
ladder-stats-unrated = Aún sin puntuación.
ladder-stats-rating = { $game }: puntuación **{ $rating }** ±{ $deviation } · { $rank }
ladder-stats-rating-provisional = { $game }: puntuación **{ $rating }** ±{ $deviation } (provisional) · { $rank }
ladder-stats-rank = puesto **n.º { $rank }** de { $of }
ladder-stats-inactive = inactivo: fuera de la clasificación hasta su próxima partida puntuada
ladder-stats-matches = Partidas: { $games } · { $record }
ladder-record = { $wins } { $wins ->
    [one] ganada
   *[other] ganadas
}, { $losses } { $losses ->
    [one] perdida
   *[other] perdidas
}, { $draws } { $draws ->
    [one] empatada
   *[other] empatadas
}
ladder-stats-streak = Racha: { $streak } · mejor racha: { $best ->
    [one] { $best } victoria seguida
   *[other] { $best } victorias seguidas
}
ladder-streak-won = { $n ->
    [one] { $n } victoria
   *[other] { $n } victorias
}
ladder-streak-lost = { $n ->
    [one] { $n } derrota
   *[other] { $n } derrotas
}
ladder-streak-drawn = { $n ->
    [one] { $n } empate
   *[other] { $n } empates
}
ladder-stats-rounds = Rondas: { $won } ganadas ({ $by }), { $lost } perdidas
ladder-rounds-none = –
ladder-rounds-by = { $n } { $how ->
    [hit] por tocado
    [position] por posición
    [hand_count] por número de cartas
    [stuck] rival bloqueado
    [resign] por abandono
    [drawn] empatadas
    [points] por puntos
   *[other] { $how }
}
ladder-list-separator = {", "}
ladder-stats-favourite = Variante favorita: { $variant } · { $n ->
    [one] { $n } partida
   *[other] { $n } partidas
}
ladder-stats-against = Contra { $name }: { $record }

ladder-history-none = **{ $name }** aún no ha terminado ninguna partida en este servidor.
ladder-history-title = 📜 **{ $name }**: últimas partidas
ladder-history-line = • { $date } · n.º { $id } contra { $opponent } · { $variant } · { $mine } – { $theirs } · { $result }
ladder-history-practice = entrenamiento ({ $level }), sin puntuar
ladder-result-won = **ganada**
ladder-result-lost = **perdida**
ladder-result-by-resignation = { $result } (abandono)
ladder-result-by-timeout = { $result } (se agotó el tiempo)
ladder-result-drawn-agreed = **empate** (acordado)
ladder-result-drawn-equal = **empate** (igualdad de puntos)
ladder-result-aborted = anulada (sin puntuar)
ladder-history-export = Exporta el acta de una partida (un archivo que `engarde replay` reproduce):
ladder-export-button = Exportar n.º { $id }
ladder-export-note = 📎 El acta de la partida n.º { $id }: reprodúcela con `engarde replay { $file }`.
