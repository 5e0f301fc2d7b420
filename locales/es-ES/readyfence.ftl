# Ready... Fence! (espada con cartas de esgrima): la pista, las cartas, la narración, los mensajes privados.

## Colores de los tiradores

readyfence-colour-green = Verde
readyfence-colour-red = Rojo

## Nombres de las cartas

readyfence-kind-straight-thrust = Ataque directo
readyfence-kind-beat-thrust = Batida
readyfence-kind-disengage = Desenganche
readyfence-kind-toe-touch = Tocado al pie
readyfence-kind-glide-attack = Deslizamiento
readyfence-kind-flick = Golpe lanzado
readyfence-kind-flanconade = Flanconada
readyfence-kind-fleche = Flecha
readyfence-kind-parry-riposte = Parada-respuesta
readyfence-kind-ceding-parry = Parada cediendo
readyfence-kind-infighting = Cuerpo a cuerpo
readyfence-kind-stop-hit = Golpe de arresto
readyfence-kind-counter-time = Contratiempo
readyfence-kind-feint-in-time = Finta de tiempo
readyfence-kind-joker = Comodín
readyfence-kind-angulation = Angulación
readyfence-kind-renewed-attack = Remesa
readyfence-kind-feint = Finta

readyfence-card-speed = { $name } { $speed }
readyfence-with-angulation = { $card } + Angulación

## Color y tipo de cada carta

readyfence-class-attack = roja, ataque
readyfence-class-disengage = ataque rojo o contraataque cian
readyfence-class-parry = azul, parada
readyfence-class-infighting = ataque rojo o parada azul
readyfence-class-counter = cian, contraataque
readyfence-class-blue-special = azul, especial
readyfence-class-cyan-special = cian, especial
readyfence-class-gold-special = dorada, especial
readyfence-class-bonus = naranja, bonificación

## Efecto de cada carta

readyfence-effect-straight-thrust = ataca a distancia de fondo; +2 si estás en línea y el rival en invitación
readyfence-effect-beat-thrust = ataca a distancia de fondo, no contra invitación; +1 contra punta en línea
readyfence-effect-disengage = ataca solo contra enganche (sin su −1); o contraataca una Flanconada, Batida o Deslizamiento
readyfence-effect-toe-touch = ataca a distancia de fondo; imparable: solo responden un Golpe de arresto o la Defensa por distancia
readyfence-effect-glide-attack = ataca solo contra punta en línea; o responde a velocidad 4 tras tu propia parada
readyfence-effect-flick = ataca a distancia de fondo, no contra invitación; +1 contra punta en línea
readyfence-effect-flanconade = ataca solo contra punta en línea
readyfence-effect-fleche = ataca solo a distancia larga; no juegas nada más en esa frase
readyfence-effect-parry-riposte = para cualquier ataque o respuesta de velocidad ≤ la suya y responde a su velocidad −2
readyfence-effect-ceding-parry = toca al instante contra un Deslizamiento o una Flanconada; si no, para a 4, sin respuesta
readyfence-effect-infighting = solo a distancia corta: ataca, o para un Cuerpo a cuerpo y responde a su velocidad −2
readyfence-effect-stop-hit = contra Ataque directo, Batida, Tocado al pie, Golpe lanzado, Flecha o respuesta: gana el más rápido, igual es doble
readyfence-effect-counter-time = responde a un contraataque: un tocado, salvo que lo responda una Finta de tiempo
readyfence-effect-feint-in-time = responde solo a un Contratiempo: un tocado al instante
readyfence-effect-joker = responde a todo salvo a una carta que toca al instante: un tocado al instante; nunca ataca
readyfence-effect-angulation = se une a tu ataque o contraataque: +2 de velocidad
readyfence-effect-renewed-attack = si paran tu primer ataque a distancia de fondo: vuelve con +2 y anula la respuesta; después, sin Finta
readyfence-effect-feint = si paran tu primer ataque a distancia de fondo: cambia a otra carta de ataque, o detén la frase

## Posiciones del arma

readyfence-guard-line = punta en línea
readyfence-guard-inv = invitación
readyfence-guard-eng = enganche

## Distancias

readyfence-distance-short = corta
readyfence-distance-lunge = de fondo
readyfence-distance-long = larga
readyfence-distance-out = fuera de distancia
readyfence-distance = { $name } ({ $gap ->
    [one] { $gap } casilla vacía
   *[other] { $gap } casillas vacías
})

## Resultado de una frase

readyfence-points-touch = 🎯 ¡Tocado para { $name }!
readyfence-points-double = 🎯🎯 Golpe doble: un punto para cada uno.
readyfence-points-void = Golpe doble nulo: ningún punto.
readyfence-points-penalty = 🚩 Salida de pista: un punto para { $name }.
readyfence-points-none = La frase termina sin punto.

## Papel de una acción en la frase

readyfence-role-opening = ataque
readyfence-role-renewed = remesa
readyfence-role-parry = parada
readyfence-role-riposte = respuesta
readyfence-role-glide-riposte = respuesta en deslizamiento
readyfence-role-counter = contraataque
readyfence-role-counter-time = contratiempo
readyfence-role-immediate = toca al instante
readyfence-role-feint-card = finta y luego
readyfence-role-feint-stop = finta, frase detenida
readyfence-role-nocard-parry = parada sin carta
readyfence-role-distance = defensa por distancia
readyfence-role-concede = concede

## Una acción de la frase, narrada

readyfence-at-speed = {" "}a velocidad **{ $speed }**
readyfence-paid = {" "}({ $sp } PR)
readyfence-phrase-opening = ⚔️ { $who } abre una frase de armas con { $card }{ $at }{ $paid }.
readyfence-phrase-renewed = ⚔️ { $who } hace una remesa{ $at }{ $paid }.
readyfence-phrase-parry = 🛡️ { $who } para con { $card }{ $at }{ $paid }.
readyfence-phrase-riposte = ↩️ { $who } responde{ $at }{ $paid }.
readyfence-phrase-glide-riposte = ↩️ { $who } responde con { $card }{ $at }{ $paid }.
readyfence-phrase-counter = ⚡ { $who } contraataca con { $card }{ $at }{ $paid }.
readyfence-phrase-counter-time = 🔁 { $who } juega { $card }: un tocado, salvo que responda una Finta de tiempo{ $paid }.
readyfence-phrase-immediate = ✨ { $who } juega { $card }, que toca al instante{ $paid }.
readyfence-phrase-feint-card = 🎭 { $who } finta y pasa a { $card }{ $at }{ $paid }.
readyfence-phrase-feint-stop = 🎭 { $who } finta y detiene la frase{ $paid }.
readyfence-phrase-nocard-parry = 🛡️ { $who } para sin carta{ $at }{ $paid }.
readyfence-phrase-distance = ↔️ { $who } rompe la distancia (Defensa por distancia){ $paid }.
readyfence-phrase-concede = { $who } concede el tocado{ $paid }.

## Cómo se ganó el asalto

readyfence-end-target = al alcanzar el objetivo
readyfence-end-points = a los puntos, agotado el tiempo
readyfence-end-extra-time-point = con el tocado del tiempo extra
readyfence-end-priority = por prioridad, agotado el tiempo extra
readyfence-end-tie-touch = con el tocado decisivo
readyfence-end-empty-hand = porque el otro tuvo que actuar sin cartas
readyfence-end-tie-double = con un golpe doble
readyfence-end-resign = por abandono
readyfence-end-draw-agreed = de común acuerdo

## El asalto

readyfence-terms = a { $target } tocados, { $periods ->
    [one] { $periods } periodo
   *[other] { $periods } periodos
}
readyfence-mode-tutorial = Ready... Fence!, tutorial
readyfence-mode-basic = Ready... Fence!, juego básico
readyfence-mode-advanced = Ready... Fence!, juego avanzado
readyfence-opening = 🤺 ¡En guardia! { $green } (Verde) contra { $red } (Rojo): { $mode }, { $terms }.
readyfence-opening-coin = La moneda dice que empieza { $name }.
readyfence-opening-mulligan = Cada tirador primero se queda su mano o hace mulligan (una vez).
readyfence-status-won = El asalto ha terminado: { $name } ganó { $how }.
readyfence-status-drawn = El asalto ha terminado: empate { $how }.
readyfence-status-period = Periodo { $period } de { $periods }: { $green } { $green_score } – { $red_score } { $red }.
readyfence-status-phrase = Frase en curso, última acción: { $step }.
readyfence-step = { $letter } { $name }, { $role }{ $card }{ $speed }
readyfence-step-card = : { $card }
readyfence-step-speed = {" "}→ velocidad **{ $speed }**

## Sucesos

readyfence-event-mulligan = 🔄 { $name } hace mulligan: { $cards ->
    [one] { $cards } carta cambiada.
   *[other] { $cards } cartas cambiadas.
}
readyfence-event-kept = { $name } se queda su mano.
readyfence-event-passed = { $name } pasa.
readyfence-event-skipped = { $name } pierde su turno (tras temporizar).
readyfence-event-off-strip = ¡{ $name } se sale de la pista!
readyfence-event-moved = 👣 { $name } va a la casilla { $block }.
readyfence-event-weapon = 🗡️ { $name } adopta la posición: { $guard }.
readyfence-event-swapped = 🃏 { $name } descarta { $discarded ->
    [one] { $discarded } carta
   *[other] { $discarded } cartas
} y roba { $drawn }.
readyfence-event-stalled = ⏸️ { $name } temporiza: resistencia a { $stamina }, una carta del reloj quemada.
readyfence-event-on-guard = Los tiradores vuelven a la guardia.
readyfence-event-period-ended = ⏱️ Fin del periodo { $period }.
readyfence-event-period-started = ⏱️ Empieza el periodo { $period }: { $timer ->
    [one] { $timer } carta
   *[other] { $timer } cartas
} en el reloj, tiradores en guardia.
readyfence-event-extra-time = ⏱️ Empate: ¡tiempo extra! El próximo tocado gana; { $timer ->
    [one] { $timer } carta
   *[other] { $timer } cartas
} en el reloj; { $name } tiene la prioridad.
readyfence-event-tutorial-tie = ⏱️ Empate y sin cartas que robar: gana el próximo tocado simple.
readyfence-event-resigned = { $name } abandona.
readyfence-event-draw-agreed = 🤝 Los tiradores acuerdan tablas.
readyfence-event-won = 🏆 ¡{ $name } gana el asalto { $how }, { $score } a { $other }!
readyfence-event-drawn = 🤝 El asalto termina en empate { $how }, { $green } a { $red }.

## Decisiones (botones y menús)

readyfence-label-mulligan = Hacer mulligan
readyfence-label-keep = Quedarse esta mano
readyfence-label-forward = Avanzar
readyfence-label-back = Retroceder
readyfence-label-weapon = Arma: { $guard }
readyfence-label-swap = Descartar { $card } y robar
readyfence-label-stall = Temporizar (+2 PR)
readyfence-label-retreat = Retirada de 2 casillas
readyfence-label-retreat-swap = Retirada, cambiar { $card }
readyfence-label-end-turn = Terminar el turno
readyfence-label-play = Ataque: { $card }
readyfence-label-parry = Parar sin carta
readyfence-label-distance = Defensa por distancia
readyfence-label-distance-swap = Distancia, descartar { $card }
readyfence-label-concede = Conceder el tocado
readyfence-label-renew = Remesa (+2)
readyfence-label-feint-stop = Finta: detener la frase
readyfence-label-feint = Finta y { $card }
readyfence-label-glide = Respuesta: { $card }
readyfence-label-pass = Pasar
readyfence-label-resign = Abandonar
readyfence-label-agree-draw = Aceptar tablas

## Confirmaciones

readyfence-done-mulligan = Has hecho mulligan.
readyfence-done-keep = Te has quedado tu mano.
readyfence-done-forward = Has avanzado.
readyfence-done-back = Has retrocedido.
readyfence-done-weapon = Has adoptado la posición: { $guard }.
readyfence-done-swap = Has descartado { $card } y robado una carta.
readyfence-done-stall = Has temporizado.
readyfence-done-retreat = Te has retirado.
readyfence-done-retreat-swap = Te has retirado, descartando { $card } y robando una carta.
readyfence-done-end-turn = Has terminado tu turno.
readyfence-done-play = Has atacado con { $card }.
readyfence-done-answer = Has respondido con { $card }.
readyfence-done-parry = Has parado sin carta.
readyfence-done-distance = Has roto la distancia.
readyfence-done-distance-swap = Has roto la distancia, descartando { $card }.
readyfence-done-concede = Has concedido el tocado.
readyfence-done-renew = Has hecho una remesa.
readyfence-done-feint-stop = Has fintado y detenido la frase.
readyfence-done-feint = Has fintado y jugado { $card }.
readyfence-done-glide = Has respondido con { $card }.
readyfence-done-pass = Has pasado.
readyfence-done-resign = Has abandonado.
readyfence-done-agree-draw = Has aceptado las tablas.

## Las reglas, párrafo a párrafo

readyfence-rules-intro = **{ $mode }**: espada con cartas de esgrima. Dos tiradores, Verde y Rojo, en una pista de 10 casillas; salir por tu extremo da un punto al rival. La distancia es el número de casillas vacías entre vosotros: **corta** (0), **de fondo** (1), **larga** (2), fuera de distancia (3 o más).
readyfence-rules-turn-tutorial = **Un turno** son dos acciones de juego, o una y luego un ataque, o un ataque solo: **moverse** 1 casilla, **cambiar la posición del arma** (una vez por turno). Un **ataque** abre una frase de armas con una carta roja; termina el turno.
readyfence-rules-turn-basic = **Un turno** son dos acciones de juego, o una y luego un ataque, o un ataque solo: **moverse** 1 casilla, **cambiar la posición del arma** (una vez por turno), **descartar y robar** 1 carta (una vez), **temporizar** (todo el turno: +2 de resistencia, quema una carta del reloj; nunca dos veces seguidas). Un **ataque** abre una frase de armas con una carta roja; termina el turno.
readyfence-rules-turn-advanced = **Un turno** son dos acciones de juego, o una y luego un ataque, o un ataque solo: **moverse** 1 casilla, **cambiar la posición del arma** (una vez por turno), **descartar y robar** 1 carta (una vez), **temporizar** (todo el turno: +2 de resistencia, quema una carta del reloj; nunca dos veces seguidas), **retirada** de 2 casillas (puede cambiar una carta). Un **ataque** abre una frase de armas con una carta roja; termina el turno.
readyfence-rules-phrase-tutorial = **La frase de armas**: el defensor responde al ataque carta a carta: al rojo se responde con azul (parada) o cian (contraataque), al cian con azul, al azul con cian, según los límites de cada carta; como mucho 2 cartas principales cada uno. Una **parada** aguanta si su velocidad es al menos la del ataque, y luego responde; un **contraataque** más rápido que la amenaza se impone, uno igual es golpe doble, uno más lento recibe el tocado. Sin carta puedes **parar** (resistencia: 1 por cada 2 de velocidad) o, en el tutorial, solo **romper la distancia** (2 casillas atrás, 1 de resistencia), una vez por frase y solo si ninguna de tus cartas detendría el ataque. Siempre puedes conceder el tocado.
readyfence-rules-phrase = **La frase de armas**: el defensor responde al ataque carta a carta: al rojo se responde con azul (parada) o cian (contraataque), al cian con azul, al azul con cian, según los límites de cada carta; como mucho 2 cartas principales cada uno. Una **parada** aguanta si su velocidad es al menos la del ataque, y luego responde; un **contraataque** más rápido que la amenaza se impone, uno igual es golpe doble, uno más lento recibe el tocado. Sin carta puedes **parar** (resistencia: 1 por cada 2 de velocidad) o **romper la distancia** (2 casillas atrás, 1 de resistencia, ante ataques de velocidad 5 o menos), una vez por frase y solo si ninguna de tus cartas detendría el ataque. Siempre puedes conceder el tocado.
readyfence-rules-speed = **Velocidad** = la de la carta, +1 para una defensa desde invitación, −1 para un ataque contra enganche, más la bonificación propia de la carta. Posiciones del arma: la punta en línea gana a la invitación, la invitación gana al enganche, el enganche gana a la punta en línea.
readyfence-rules-mode-tutorial = **Tutorial**: 41 cartas, 6 en la mano; se ignora la resistencia de las cartas; las frases solo se abren a distancia de fondo; tras una frase se descartan todas las cartas jugadas y ambos roban hasta 6. Tras un turno sin frase puedes cambiar una carta gratis. El reloj es el mazo de robo; asaltos a 5, 10 o 15 tocados.
readyfence-rules-mode-basic = **Básico**: 35 cartas; cada tirador tiene un Ataque directo 3 amarillo y 5 cartas más; una carta cuesta su resistencia (PR, de 0 a 6, 6 al inicio). Las cartas jugadas vuelven a la mano. 12 cartas forman el reloj: un periodo termina cuando se vacía. Poule: 5 tocados, 1 periodo; eliminación directa: 10 tocados, 2 periodos. Un empate lleva al tiempo extra.
readyfence-rules-mode-advanced = **Avanzado**: las 54 cartas, 6 en la mano; una carta cuesta su resistencia (6 PR, luego 5 y 4 en los periodos siguientes). Las cartas jugadas vuelven, el Comodín se descarta. 12 cartas forman el reloj. Poule: 5 tocados, 1 periodo; eliminación directa: 15 tocados, 3 periodos. Un empate lleva al tiempo extra.
readyfence-rules-recovery = Tras un tocado, ambos tiradores vuelven a la guardia y cada uno recupera 1 de resistencia, salvo si gastó en esa frase.
readyfence-rules-cards = **Las cartas** (nombre, copias y velocidades, coste de resistencia):
readyfence-rules-card = • **{ $name }** ×{ $copies }{ $speeds }, PR { $sp } ({ $class }): { $effect }.
readyfence-rules-speeds = , velocidad { $list }

## El tablero

readyfence-threat-riposte = la respuesta ({ $card }) a velocidad { $speed }
readyfence-threat-renewed = la remesa ({ $card }) a velocidad { $speed }
readyfence-threat = { $card } a velocidad { $speed }
readyfence-prompt-mulligan = quédate tu mano o haz mulligan
readyfence-prompt-turn-goes-on = tu turno sigue: una segunda acción, o un ataque
readyfence-prompt-turn = tu turno: dos acciones, o una y un ataque, o un ataque
readyfence-prompt-free-swap = puedes cambiar una carta gratis, o pasar
readyfence-prompt-answer = responde a { $threat }
readyfence-prompt-renew-or-feint = tu ataque fue detenido: remesa, finta o pasa
readyfence-prompt-glide = has parado: responde con un Deslizamiento, o pasa
readyfence-period-extra-time = tiempo extra, prioridad de { $name }
readyfence-period = { $period } de { $periods }
readyfence-period-tutorial-tie = { $period } de { $periods }, empate: próximo tocado simple
readyfence-board-score = **{ $green }** { $green_score } – { $red_score } **{ $red }** · a { $target } tocados
readyfence-board-fencers = G = { $green } (Verde) · R = { $red } (Rojo)
readyfence-board-distance = Distancia: **{ $distance }**
readyfence-board-stamina = resistencia { $stamina } · { $cards ->
    [one] { $cards } carta
   *[other] { $cards } cartas
}
readyfence-board-stalled = temporizó el último turno
readyfence-field-period = Periodo
readyfence-field-timer = Reloj
readyfence-timer-left = { $timer ->
    [one] queda { $timer } carta
   *[other] quedan { $timer } cartas
}
readyfence-field-mulligan = Mulligan
readyfence-mulligan-pending = aún deciden: { $names }
readyfence-field-turn = Turno
readyfence-used-weapon = arma cambiada
readyfence-used-swap = carta cambiada
readyfence-used-retreat = retirada hecha
readyfence-turn-actions = { $name }: { $actions ->
    [one] { $actions } acción hecha
   *[other] { $actions } acciones hechas
}{ $used }
readyfence-turn-used = {" "}({ $list })
readyfence-field-phrase = Frase de armas
readyfence-phrase-fleche = Flecha: el atacante ya no juega nada más.

## La mano de un jugador y sus mensajes privados

readyfence-sp = {" "}· PR { $sp }
readyfence-card-line-speed = {" "}· velocidad { $speed }
readyfence-card-line = • **{ $name }**{ $speed }{ $sp } · { $class }: { $effect }
readyfence-waiting = Esperando a { $name }.
readyfence-over = El asalto ha terminado.
readyfence-situation-mulligan = **Mulligan**: quédate esta mano, o devuélvela y recibe tantas cartas nuevas (una vez).
readyfence-situation-turn-goes-on = **Tu turno sigue**: una segunda acción, o un ataque.
readyfence-situation-turn = **Tu turno**: dos acciones, o una y luego un ataque, o un ataque solo. Elige de una en una.
readyfence-situation-free-swap = **Cambio gratis**: descarta una carta y roba otra, o pasa.
readyfence-way-card = con una carta
readyfence-way-no-card = sin carta
readyfence-way-concede = o concede el tocado
readyfence-situation-answer = **Responde** a { $threat }: { $ways }.
readyfence-situation-renew-or-feint = **Tu ataque fue detenido**: remesa, finta o pasa.
readyfence-situation-glide = **Has parado**: responde con un Deslizamiento, o pasa.
readyfence-hand-header = { $marker } **Partida n.º { $match }** · { $title } · eres **{ $colour }** ({ $letter }, casilla { $block })
readyfence-hand-cards = **Tu mano:** { $cards }
readyfence-hand-empty = ninguna carta
readyfence-hand-status = Resistencia **{ $stamina }** · { $guard } · distancia **{ $distance }** · marcador { $mine } – { $theirs }
readyfence-list-separator = ,{" "}

## Menús

readyfence-placeholder-attack = Atacar con…
readyfence-placeholder-answer = Responder con…
readyfence-placeholder-feint = Fintar y pasar a…
readyfence-placeholder-riposte = Responder con…
readyfence-placeholder-choose = Elige…
readyfence-placeholder-weapon = Posición del arma…
readyfence-placeholder-swap = Descartar y robar…
readyfence-placeholder-retreat-swap = Retirada y cambio…
readyfence-placeholder-distance-swap = Romper la distancia descartando…
readyfence-button-card-rules = 📖 Reglas de las cartas
readyfence-card-rules-head = 📖 **Tus cartas**:
readyfence-card-rules-placeholder = Reglas de otra carta…
readyfence-card-rules-kind = 📖 **{ $name }** · { $class }: { $effect }
readyfence-placeholder-more = Posición del arma, descartar y robar…
readyfence-option-speed = velocidad { $speed }
readyfence-option-speed-angulation = velocidad { $speed } +2
readyfence-option-card = { $card } · { $class }
