# Forteresse: colocar la fortaleza desde dos listas (src/discord/render/forteresse/lists.rs),
# para el móvil, donde la cuadrícula de 25 botones se parte en varias líneas.

forteresse-lists = Elegir en listas
forteresse-lists-walls-placeholder = Elige tus 10 muros
forteresse-lists-besieged-placeholder = Elige tus 5 sitiados
forteresse-lists-choose-walls = Elige tus 10 muros en la primera lista.
forteresse-lists-choose-besieged = Ahora elige tus 5 sitiados en la segunda lista (con la primera aún puedes cambiar los muros).
forteresse-lists-all-chosen = Todo elegido: cambia cualquiera de las listas o vuelve a ver la vista previa.
forteresse-lists-preview = Vista previa
forteresse-lists-rule-reachable = En esta partida cada sitiado debe estar al alcance de un disparo: no se ofrecen las casillas que tus muros dejan encerradas.
forteresse-lists-walled-in = Tus muros dejan menos de 5 casillas al alcance de un disparo: elige otros muros.
forteresse-lists-error-on-wall = En { $cell } hay un muro: elige los sitiados entre las demás casillas.

# El texto alternativo de la imagen de una fortaleza a medio colocar.
picture-forteresse-placing = A la izquierda, tu fortaleza a medio colocar: { $walls } muros y { $besieged } sitiados colocados. A la derecha, la fortaleza enemiga, de la que aún no se sabe nada.
