## Temporadas de la clasificación (src/service/seasons.rs, src/discord/commands/seasons.rs).

cmd-engarde-leaderboard-season-name = temporada
cmd-engarde-leaderboard-season-description = La clasificación de una temporada (por defecto: la histórica)
cmd-engarde-admin-config-seasons-name = temporadas
cmd-engarde-admin-config-seasons-description = Temporadas de la clasificación: ninguna, mensuales o trimestrales (calendario, UTC)
cmd-engarde-admin-season-name = temporada
cmd-engarde-admin-season-description = Temporadas de la clasificación llevadas a mano (si las automáticas están desactivadas).
cmd-engarde-admin-season-start-name = empezar
cmd-engarde-admin-season-start-description = Empieza una temporada ahora: una clasificación nueva hasta que la termines.
cmd-engarde-admin-season-start-name-name = nombre
cmd-engarde-admin-season-start-name-description = El nombre de la temporada (hasta 32 caracteres)
cmd-engarde-admin-season-end-name = terminar
cmd-engarde-admin-season-end-description = Termina la temporada ahora; se publica su podio.

season-mode = { $mode ->
    [monthly] mensuales (meses naturales, UTC)
    [quarterly] trimestrales (trimestres naturales, UTC)
   *[off] desactivadas
}
admin-settings-seasons = • Temporadas de la clasificación: { $mode } · { $current }
season-none-running = ninguna temporada en curso
season-running-until = temporada **{ $season }**, hasta el <t:{ $end }:f>
season-running = temporada **{ $season }**, desde el <t:{ $start }:f>, hasta que un administrador la termine
season-started = ✅ Ha empezado la temporada **{ $season }**: cada partida puntuable que termine a partir de ahora cuenta también en su propia clasificación, donde todos empiezan de cero. Termínala con `/engarde-admin season end`.
season-ended = ✅ Ha terminado la temporada **{ $season }**; su podio se publicará en un momento.

season-ladder-title = 🏆 Temporada { $season } · { $board }
season-stats-finishes = Puestos finales por temporada:
season-stats-finish = • { $season }, { $game }: **n.º { $rank }** de { $of } ({ $rating })

season-over = 🏁 **¡Ha terminado la temporada { $season }!** Enhorabuena al podio:
season-podium-game = **{ $game }**
season-podium-line = { $medal } { $mention } · **{ $rating }** · { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
}
season-podium-more = La clasificación completa: `/engarde leaderboard season:{ $season }`

error-season-mode = `{ $input }` no es un ajuste de temporadas: elige off, monthly o quarterly en la lista.
error-season-name = El nombre de una temporada tiene de 1 a { $max } caracteres, en una línea y sin acentos graves (`).
error-season-name-taken = Este servidor ya tuvo una temporada llamada **{ $name }**: elige otro nombre.
error-season-unknown = Este servidor no tiene ninguna temporada llamada `{ $name }`: elige una de la lista.
error-season-gone = Esa temporada ya no existe.
error-season-automatic = Aquí las temporadas son automáticas (mensuales o trimestrales): desactiva `seasons` en `/engarde-admin config` para llevarlas a mano.
error-season-running = La temporada **{ $name }** está en curso: termínala primero.
error-season-manual-running = La temporada **{ $name }** se empezó a mano y sigue en curso: termínala primero con `/engarde-admin season end`.
error-season-none = No hay ninguna temporada en curso.
error-season-ends-itself = La temporada **{ $name }** termina sola con su mes o su trimestre. Para dejar de tener temporadas, desactiva `seasons` en `/engarde-admin config`.
