# Forteresse : placer sa forteresse à partir de deux listes (src/discord/render/forteresse/lists.rs),
# pour les téléphones, où la grille de 25 boutons passe à la ligne.

forteresse-lists = Choisir dans des listes
forteresse-lists-walls-placeholder = Choisissez vos 10 murs
forteresse-lists-besieged-placeholder = Choisissez vos 5 assiégés
forteresse-lists-choose-walls = Choisissez vos 10 murs dans la première liste.
forteresse-lists-choose-besieged = Choisissez maintenant vos 5 assiégés dans la seconde liste (la première permet encore de changer les murs).
forteresse-lists-all-chosen = Tout est choisi : changez l'une des listes, ou revoyez l'aperçu.
forteresse-lists-preview = Aperçu
forteresse-lists-rule-reachable = Dans ce match, chaque assiégé doit pouvoir être atteint par un tir : les cases que vos murs enferment ne sont pas proposées.
forteresse-lists-walled-in = Vos murs laissent moins de 5 cases à portée de tir : choisissez d'autres murs.
forteresse-lists-error-on-wall = { $cell } porte un mur : choisissez les assiégés parmi les autres cases.

# Le texte alternatif de l'image d'une forteresse en cours de placement.
picture-forteresse-placing = À gauche, votre forteresse en cours de placement : { $walls } murs et { $besieged } assiégés placés. À droite, la forteresse adverse, dont on ne sait encore rien.
