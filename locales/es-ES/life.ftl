# Ausencias, horas de silencio y ajustes de cada usuario (incidencia 28).

## Comandos

cmd-engarde-away-name = ausencia
cmd-engarde-away-description = Ausencia: tus relojes se detienen en todas tus partidas de este servidor
cmd-engarde-away-start-name = empezar
cmd-engarde-away-start-description = Ausentarte un tiempo: tus relojes se detienen y nadie te avisa
cmd-engarde-away-start-until-name = hasta
cmd-engarde-away-start-until-description = Cuánto tiempo o hasta cuándo, p. ej. 3d, 36h, 2026-12-24 o 2026-12-24T18:00
cmd-engarde-away-end-name = terminar
cmd-engarde-away-end-description = Volver ahora: tus relojes vuelven a correr
cmd-engarde-settings-name = preferencias
cmd-engarde-settings-description = Tus propios ajustes: idioma, horas de silencio, zona horaria, resúmenes
cmd-engarde-settings-language-name = idioma
cmd-engarde-settings-language-description = El idioma en que te hablo (por defecto: el de tu Discord)
cmd-engarde-settings-language-choice-discord = El idioma de mi Discord
cmd-engarde-settings-quiet-hours-name = horas-de-silencio
cmd-engarde-settings-quiet-hours-description = Horas sin avisos, p. ej. 22:00-08:00 (off: ninguna)
cmd-engarde-settings-timezone-name = zona-horaria
cmd-engarde-settings-timezone-description = Tu zona horaria, p. ej. Europe/Madrid (por defecto: UTC)
cmd-engarde-settings-digest-name = resumen
cmd-engarde-settings-digest-description = Un solo recordatorio con todas tus partidas pendientes (no: uno por partida)
cmd-engarde-admin-config-away-allowance-name = ausencia-permitida
cmd-engarde-admin-config-away-allowance-description = Días de ausencia que un jugador puede tomar cada 90 días (14 por defecto)

## Respuestas

life-away-started = 🏖️ Estás ausente hasta el { $until }: tus relojes están detenidos y nadie te avisa. Ausencias en los últimos 90 días: { $used } de { $allowance }.
life-away-ended = 👋 Ya estás de vuelta: tus relojes vuelven a correr. { $moved ->
    [0] Ningún plazo tenía que moverse.
    [one] Un plazo se ha aplazado lo que duró tu ausencia.
   *[other] { $moved } plazos se han aplazado lo que duró tu ausencia.
} Ausencias en los últimos 90 días: { $used } de { $allowance }.
life-settings = **Tus ajustes de En Garde**
    • Idioma: { $language }
    • Horas de silencio: { $quiet }
    • Zona horaria: { $timezone }
    • Recordatorios de varias partidas: { $digest ->
        [yes] en un solo resumen
       *[no] uno por partida
    }
    • Ausencia en este servidor: { $away }
life-settings-language-discord = el idioma de tu Discord
life-settings-quiet-none = ninguna
life-settings-away-until = hasta el { $until }
life-settings-away-none = presente
life-admin-allowance = • Ausencia permitida: { $allowance } cada 90 días

## Tableros y desafíos

life-board-away = 🏖️ { $name } está ausente y vuelve { $until }: su reloj está detenido.
life-challenge-away = 🏖️ { $name } está ausente y vuelve { $until }; aun así puede aceptar.

## Rechazos

life-error-away-past = Ese momento ya pasó: indica una duración como `3d` o una fecha futura.
life-error-allowance = Es más ausencia de la que permite este servidor ({ $allowance } cada 90 días): te quedan { $left }.
life-error-allowance-range = La ausencia permitida debe estar entre { $min } y { $max }.
life-error-not-away = No estás ausente en este servidor.
life-error-until-unreadable = No entiendo `{ $input }`: prueba con `3d`, `36h`, `2026-12-24` o `2026-12-24T18:00`.
life-error-timezone = No conozco la zona horaria `{ $input }`: elige una de la lista, p. ej. `Europe/Madrid`.
life-error-quiet-unreadable = No entiendo `{ $input }` como horas de silencio: escríbelas así: `22:00-08:00`, u `off`.
life-error-quiet-empty = Las horas de silencio `{ $input }` empiezan y terminan a la misma hora: escríbelas así: `22:00-08:00`.
