# Torneos (issue #27): comandos, anuncio, rondas, clasificaciones, negativas.

## Comandos (ids construidos por src/discord/commands/localize.rs).

cmd-engarde-tournament-name = torneo
cmd-engarde-tournament-description = Torneos: sistema suizo o liga todos contra todos durante varios días.
cmd-engarde-tournament-create-name = crear
cmd-engarde-tournament-create-description = Crear un torneo y abrir las inscripciones (organizadores).
cmd-engarde-tournament-create-name-name = nombre
cmd-engarde-tournament-create-name-description = El nombre del torneo
cmd-engarde-tournament-create-format-name = formato
cmd-engarde-tournament-create-format-description = Suizo (se enfrentan jugadores con los mismos puntos) o liga (todos contra todos)
cmd-engarde-tournament-create-format-choice-swiss = suizo
cmd-engarde-tournament-create-format-choice-round-robin = liga
cmd-engarde-tournament-create-variant-name = variante
cmd-engarde-tournament-create-variant-description = Variante de las reglas (por defecto: la del servidor)
cmd-engarde-tournament-create-hits-name = tocados
cmd-engarde-tournament-create-hits-description = Tocados o puntos para ganar: En Garde, Kengo de 1 a 15 (5 por defecto); Ready... Fence! 5, 10, 15
cmd-engarde-tournament-create-rounds-name = rondas
cmd-engarde-tournament-create-rounds-description = Suizo: rondas que se juegan (por defecto: según el número de jugadores)
cmd-engarde-tournament-create-double-name = ida-y-vuelta
cmd-engarde-tournament-create-double-description = Liga: cada pareja se enfrenta dos veces, una con cada lado
cmd-engarde-tournament-create-turn-time-name = tiempo-por-jugada
cmd-engarde-tournament-create-turn-time-description = Tiempo para cada jugada, p. ej. 12h, 2d (por defecto: el del servidor)
cmd-engarde-tournament-create-round-time-name = duración-de-ronda
cmd-engarde-tournament-create-round-time-description = Cuánto puede durar una ronda, p. ej. 7d (por defecto: 7 días)
cmd-engarde-tournament-create-rated-name = puntuable
cmd-engarde-tournament-create-rated-description = Si sus partidas cambian las puntuaciones (por defecto: sí)
cmd-engarde-tournament-create-away-name = ausencias
cmd-engarde-tournament-create-away-description = Si se permiten ausencias: los relojes se paran y la ronda espera (por defecto: no)
cmd-engarde-tournament-create-max-players-name = máximo-de-jugadores
cmd-engarde-tournament-create-max-players-description = Número máximo de jugadores, de 3 a 64 (por defecto: 64)
cmd-engarde-tournament-create-signup-name = inscripción
cmd-engarde-tournament-create-signup-description = Cuánto tiempo siguen abiertas las inscripciones, p. ej. 1d (por defecto: 1 día)
cmd-engarde-tournament-start-name = empezar
cmd-engarde-tournament-start-description = Empezar un torneo ya, antes de que cierren las inscripciones (organizadores).
cmd-engarde-tournament-start-event-name = torneo
cmd-engarde-tournament-start-event-description = El número del torneo (por defecto: el último del servidor)
cmd-engarde-tournament-join-name = apuntarse
cmd-engarde-tournament-join-description = Inscribirse en un torneo.
cmd-engarde-tournament-join-event-name = torneo
cmd-engarde-tournament-join-event-description = El número del torneo (por defecto: el último del servidor)
cmd-engarde-tournament-leave-name = abandonar
cmd-engarde-tournament-leave-description = Abandonar un torneo (una vez empezado, pierdes las partidas que te queden).
cmd-engarde-tournament-leave-event-name = torneo
cmd-engarde-tournament-leave-event-description = El número del torneo (por defecto: el último del servidor)
cmd-engarde-tournament-standings-name = clasificación
cmd-engarde-tournament-standings-description = La clasificación de un torneo.
cmd-engarde-tournament-standings-event-name = torneo
cmd-engarde-tournament-standings-event-description = El número del torneo (por defecto: el último del servidor)
cmd-engarde-tournament-standings-page-name = página
cmd-engarde-tournament-standings-page-description = Qué página (por defecto: la primera)
cmd-engarde-tournament-mine-name = mi-partida
cmd-engarde-tournament-mine-description = Tu emparejamiento actual o el siguiente en un torneo.
cmd-engarde-tournament-mine-event-name = torneo
cmd-engarde-tournament-mine-event-description = El número del torneo (por defecto: el último del servidor)
cmd-engarde-tournament-remove-name = expulsar
cmd-engarde-tournament-remove-description = Sacar a un jugador de un torneo (organizadores).
cmd-engarde-tournament-remove-player-name = jugador
cmd-engarde-tournament-remove-player-description = A quién sacar
cmd-engarde-tournament-remove-event-name = torneo
cmd-engarde-tournament-remove-event-description = El número del torneo (por defecto: el último del servidor)
cmd-engarde-tournament-pause-name = pausar
cmd-engarde-tournament-pause-description = Pausar un torneo: sus relojes se detienen (organizadores).
cmd-engarde-tournament-pause-event-name = torneo
cmd-engarde-tournament-pause-event-description = El número del torneo (por defecto: el último del servidor)
cmd-engarde-tournament-resume-name = reanudar
cmd-engarde-tournament-resume-description = Reanudar un torneo en pausa (organizadores).
cmd-engarde-tournament-resume-event-name = torneo
cmd-engarde-tournament-resume-event-description = El número del torneo (por defecto: el último del servidor)
cmd-engarde-tournament-cancel-name = cancelar
cmd-engarde-tournament-cancel-description = Cancelar un torneo: sus partidas en curso se anulan (organizadores).
cmd-engarde-tournament-cancel-event-name = torneo
cmd-engarde-tournament-cancel-event-description = El número del torneo (por defecto: el último del servidor)
cmd-engarde-admin-tournament-role-name = rol-de-torneos
cmd-engarde-admin-tournament-role-description = El rol cuyos miembros organizan torneos (ninguno: solo quienes gestionan el servidor).
cmd-engarde-admin-tournament-role-role-name = rol
cmd-engarde-admin-tournament-role-role-description = El rol (déjalo vacío para quitarlo)

## El anuncio y los mensajes del torneo.

tournament-format-swiss = sistema suizo
tournament-format-swiss-rounds = sistema suizo a { $rounds } rondas
tournament-format-round-robin = liga
tournament-format-double-round-robin = liga a doble vuelta
tournament-state-signup = Las inscripciones cierran { $closes }.
tournament-state-running = Se está jugando la ronda { $round }, hasta { $due }.
tournament-state-paused = En pausa durante la ronda { $round }.
tournament-state-finished = El torneo ha terminado.
tournament-state-cancelled = El torneo se ha cancelado.
tournament-no-players-yet = nadie todavía
tournament-more-players = y { $count } más
tournament-announcement = 🏆 **{ $name }** (torneo n.º { $id })
    { $variant }, { $format }; { $turn } por jugada, { $round } por ronda; { $rated ->
        [yes] puntuable
       *[no] no puntuable
    }.
    Jugadores ({ $count }/{ $max }): { $players }
    { $state }
tournament-button-join = Apuntarme
tournament-button-leave = Abandonar
tournament-thread-event = { $name }
tournament-thread-match = { $name } · R{ $round }: { $a } contra { $b }
tournament-round-started = **{ $name }: empieza la ronda { $round }**; termina { $due }.
tournament-pairing-line = • { $a } contra { $b } (partida n.º { $id })
tournament-forfeit-line = • { $winner } gana por incomparecencia ({ $gone } se retiró)
tournament-bye-line = • { $name } queda libre (un punto)
tournament-rest-line = • { $name } descansa esta ronda
tournament-tiebreak-swiss = Buchholz { $buchholz } · SB { $sb }
tournament-tiebreak-round-robin = SB { $sb } · enfrentamiento directo { $h2h }
tournament-withdrawn-mark = {" "}(retirado)
tournament-standing-line = `{ $rank }.` { $name }{ $withdrawn }: **{ $points }** ({ $wins }-{ $draws }-{ $losses }) · { $tiebreak }
tournament-standings-header = **{ $name }: clasificación tras la ronda { $round }**
tournament-standings-final = **{ $name }: clasificación final**
tournament-standings-page = Página { $page } de { $pages }
tournament-podium = 🏆 ¡**{ $name }** ha terminado!
    🥇 { $first }
    🥈 { $second }
    🥉 { $third }
tournament-history-event = { $name }, ronda { $round }
tournament-stats = Torneos: { $played } jugados, mejor puesto: { $best }
tournament-cancelled = **{ $name }** se ha cancelado.
tournament-cancelled-too-few = **{ $name }** se ha cancelado: se inscribieron muy pocos jugadores.

## Respuestas a jugadores y organizadores.

tournament-created = El torneo n.º { $id }, **{ $name }**, tiene abiertas las inscripciones.
tournament-started = **{ $name }** ha empezado.
tournament-paused = **{ $name }** está en pausa: sus relojes se han detenido.
tournament-resumed = **{ $name }** se ha reanudado.
tournament-removed = { $player } ya no juega en **{ $name }**.
tournament-role-set = Los miembros con { $role } ya pueden organizar torneos.
tournament-role-cleared = Ahora solo quienes gestionan el servidor pueden organizar torneos.
tournament-joined = Te has inscrito en **{ $name }**.
tournament-joined-late = Te has unido a **{ $name }**: jugarás a partir de la ronda { $round }.
tournament-left-signup = Se ha retirado tu inscripción en **{ $name }**.
tournament-left-withdrawn = Te has retirado de **{ $name }**: pierdes las partidas que te quedaban.
tournament-mine-signed-up = Estás inscrito en **{ $name }**; las inscripciones cierran { $closes }.
tournament-mine-playing = **{ $name }**, ronda { $round }: juegas contra { $opponent } (partida n.º { $id }).
tournament-mine-waiting = **{ $name }**: tu partida de la ronda { $round } ha terminado; espera a la siguiente ronda.
tournament-mine-bye = **{ $name }**: descansas en la ronda { $round }.
tournament-mine-late = **{ $name }**: jugarás a partir de la ronda { $round }.
tournament-mine-withdrawn = Te has retirado de **{ $name }**.
tournament-mine-over = **{ $name }** ha terminado.
tournament-mine-over-rank = **{ $name }** ha terminado: has quedado { $rank ->
        [1] primero
        [2] segundo
        [3] tercero
       *[other] en el puesto { $rank }
    }.

## Negativas.

tournament-error-not-manager = Solo quienes gestionan el servidor (o tienen su rol de torneos) pueden hacer eso.
tournament-error-not-found = No hay ningún torneo así en este servidor.
tournament-error-none = Todavía no hay ningún torneo en este servidor.
tournament-error-name = El nombre de un torneo debe tener de 1 a { $max } caracteres en una sola línea.
tournament-error-duration-unreadable = No he entendido la duración `{ $input }`: escríbela como 30m, 12h o 7d.
tournament-error-round-time = Una ronda debe durar entre { $min } y { $max }.
tournament-error-signup-time = Las inscripciones deben estar abiertas entre { $min } y { $max }.
tournament-error-max-players = El máximo de jugadores debe estar entre 3 y { $max }.
tournament-error-rounds = Un sistema suizo tiene de 1 a { $max } rondas.
tournament-error-round-shorter-than-turn = Una ronda no puede ser más corta que el tiempo de una jugada.
tournament-error-bot = Los bots no pueden jugar torneos.
tournament-error-already-in = Ya estás inscrito.
tournament-error-left = Abandonaste este torneo; no puedes volver a entrar.
tournament-error-closed = Este torneo ya no admite jugadores nuevos.
tournament-error-full = Este torneo está completo.
tournament-error-over = Este torneo ha terminado.
tournament-error-not-in = No juegas en este torneo.
tournament-error-not-entrant = Ese jugador no juega en este torneo.
tournament-error-already-started = Este torneo ya ha empezado.
tournament-error-too-few = Un torneo necesita al menos 3 jugadores para empezar.
tournament-error-not-running = Este torneo no está en juego.
tournament-error-not-paused = Este torneo no está en pausa.
