# Texto alternativo de las imágenes (src/present/picture): lo que muestra cada imagen, en palabras.

picture-seat-a = azul
picture-seat-b = naranja
picture-none = ninguna

picture-engarde-board = La pista: el esgrimista azul en la casilla { $blue }, el naranja en la casilla { $orange }, distancia { $distance }. Tocados: azul { $blue_hits }, naranja { $orange_hits }, { $hits } para ganar. Mazo: { $pile } cartas.
picture-engarde-attack = { $attacker } ataca con { $count } × { $card }; { $defender } debe responder.
picture-engarde-played = Cartas recién jugadas: { $cards }.
picture-engarde-hand = Tu mano: { $cards }. Las cartas que valen la distancia ({ $distance }) están elevadas.

picture-forteresse-board = Ronda { $round } de 2. A la izquierda, lo que azul sabe de la fortaleza de naranja; a la derecha, lo que naranja sabe de la de azul. Sitiados abatidos: azul { $blue_kills }, naranja { $orange_kills } de 5. Puntuación: azul { $blue_score }, naranja { $orange_score }.
picture-forteresse-shot = Último disparo, resaltado: { $seat } desde { $cell } hacia { $dir }, { $weapon }.
picture-forteresse-prompt = A la izquierda, tu fortaleza: { $walls } muros y { $besieged } sitiados aún en pie. A la derecha, lo que sabes de la fortaleza enemiga.
picture-forteresse-aim = La cuadrícula enemiga. Desde { $cell } puedes disparar hacia { $dirs }.

picture-readyfence-board = La pista: azul en el bloque { $blue }, naranja en el bloque { $orange }, { $distance }. Puntuación: azul { $blue_score }, naranja { $orange_score }, { $target } para ganar. Resistencia: azul { $blue_sp }, naranja { $orange_sp }. Temporizador: { $timer } cartas.
picture-readyfence-guards = Armas: azul { $blue }, naranja { $orange }.
picture-readyfence-phrase = Frase de armas en curso: { $steps }.
picture-readyfence-hand = Tu mano, con el coste de resistencia de cada carta entre paréntesis: { $cards }.

picture-reveal-hands = Posición final, manos reveladas: azul { $blue }; naranja { $orange }.
picture-reveal-forteresse = Las dos fortalezas de cada ronda tal como terminaron, con los daños y las casillas desde donde se disparó. Puntuación final: azul { $blue }, naranja { $orange }.
picture-replay = Repetición animada de la partida, { $frames } fotogramas.
