# Forteresse : un siège secret sur deux grilles de 7 × 7.
# Les cases (A1..G7), les flèches et les symboles des grilles restent tels quels.

## Armes et directions

# $weapon : cannon (canon) ou rifle (fusil)
forteresse-weapon = { $weapon ->
    [cannon] canon
   *[other] fusil
}
forteresse-dir-n = N
forteresse-dir-ne = NE
forteresse-dir-e = E
forteresse-dir-se = SE
forteresse-dir-s = S
forteresse-dir-sw = SO
forteresse-dir-w = O
forteresse-dir-nw = NO
forteresse-dirs-comma = { $rest }, { $next }
forteresse-dirs-last = { $rest } et { $last }

## Réponses à un tir

forteresse-answer-wall-destroyed = mur en { $cell }, détruit
forteresse-answer-wall = mur
forteresse-answer-besieged-killed = assiégé en { $cell }, tué
forteresse-answer-besieged = assiégé, tué
forteresse-answer-nothing = rien
forteresse-answer-silence = (silence)

## Récit

forteresse-shot = { $icon } **{ $name }** tire { $weapon ->
    [cannon] au canon
   *[other] au fusil
} depuis { $from } { $dir } : **{ $answer }**.
forteresse-opening = 🏰 Forteresse : **{ $a }** contre **{ $b }**, en deux manches.
forteresse-opening-first = Chacun place sa forteresse en secret (10 murs, 5 assiégés) ; **{ $name }** tirera le premier.
forteresse-status-round = Manche { $round } sur 2.
forteresse-status-last-shot = Dernier tir : { $shot }
forteresse-setup-done = 🏰 **{ $name }** a placé sa forteresse.
forteresse-round-started = La manche { $round } commence : **{ $name }** tire le premier.
forteresse-stopped-all-killed = 🏳️ **{ $name }** a tué les 5 assiégés et s'arrête ; **{ $other }** continue seul.
forteresse-stopped-all-killed-last = 🏳️ **{ $name }** a tué les 5 assiégés et s'arrête.
forteresse-stopped-no-cells = **{ $name }** a utilisé ses 24 cases de tir et s'arrête.
forteresse-round-ended = La manche { $round } est finie : **{ $a }** marque { $score_a } { $score_a ->
    [one] point
   *[other] points
}, **{ $b }** { $score_b } { $score_b ->
    [one] point
   *[other] points
}.
forteresse-setups-awaited = Manche { $round } : chacun place une nouvelle forteresse en secret ; **{ $name }** tirera le premier.
forteresse-resigned = **{ $name }** abandonne.
forteresse-draw-agreed = 🤝 Les joueurs conviennent d'un match nul.
forteresse-match-won = 🏆 **{ $name }** remporte le match, { $score } à { $other_score } !
forteresse-match-drawn = 🤝 Match nul, { $score_a } à { $score_b }.

## Confirmations

forteresse-done-setup = Votre forteresse est placée. Elle reste secrète.
forteresse-done-shot = Vous avez tiré { $weapon ->
    [cannon] au canon
   *[other] au fusil
} depuis { $from } { $dir }.
forteresse-done-resign = Vous avez abandonné.
forteresse-done-draw = Vous avez accepté le match nul.

## Légendes des grilles

forteresse-attack-legend = `?` inconnue · `.` vide · `x` mur détruit · `*` assiégé tué · `o` case de tir utilisée · `+` libre
forteresse-defence-legend = `#` mur · `O` assiégé · `x` mur détruit · `*` assiégé tué · `.` vide

## Règles

forteresse-rules = **Forteresse** : un siège secret sur deux grilles de 7 × 7, en deux manches.
    • **Mise en place** (secrète) : dans la forteresse de 5 × 5 cases (B2–F6) de votre grille, placez 10 murs et 5 assiégés.
    • **Tirs**, à tour de rôle : choisissez une case de tir de la grille adverse pas encore utilisée dans la manche (chacune des 24 une seule fois), une arme et une direction vers la forteresse. Le tir va jusqu'au premier mur ou assiégé ; les cases au-delà ne sont pas touchées.
    • **Canon** : détruit le mur ou tue l'assiégé rencontré (annoncé avec sa case). **Fusil** : tue un assiégé ; un mur l'arrête sans être détruit (« mur », sans la case).
    • Qui a éliminé les 5 assiégés adverses, ou utilisé ses 24 cases de tir, s'arrête ; l'autre continue seul. La manche s'achève quand les deux se sont arrêtés.
    • **Gains** par manche : 7 points par assiégé tué chez l'adversaire + 3 par canon et 1 par fusil utilisés par l'adversaire : chacun de vos tirs rapporte des points à l'adversaire.
    • Le plus haut total après les deux manches l'emporte.
forteresse-rules-note-any-of-8 = on peut tirer dans n'importe laquelle des 8 directions ; un tir qui n'entre jamais dans la forteresse est perdu
forteresse-rules-note-extra-shot = un tir qui détruit un mur ou tue un assiégé donne droit à un autre tir
forteresse-rules-note-same-setup = la manche 2 se joue sur les forteresses de la manche 1, remises en état
forteresse-rules-note-tie = à égalité de total, l'emporte qui a tué le plus d'assiégés, puis qui a tiré le moins
forteresse-rules-in-this-match = Dans ce match : { $notes }.

## Le plateau

forteresse-prompt-setup = placez votre forteresse en secret
forteresse-prompt-shot = à vous de tirer
forteresse-terms = deux manches
forteresse-board-score = **{ $a }** { $score_a } – { $score_b } **{ $b }**  (manches finies : { $rounds })
forteresse-board-sides = À gauche : ce { ELIDE("que", $a) }**{ $a }** sait de la forteresse { ELIDE("de", $b) }**{ $b }** ; à droite : l'inverse.
forteresse-board-placing = 🏰 Placent encore leur forteresse : { $names }.
forteresse-tally = { $name } : { $cannon ->
    [one] { $cannon } canon
   *[other] { $cannon } canons
}, { $rifle ->
    [one] { $rifle } fusil
   *[other] { $rifle } fusils
}, { $killed ->
    [one] { $killed } tué
   *[other] { $killed } tués
}
forteresse-tally-stopped = { $name } : { $cannon ->
    [one] { $cannon } canon
   *[other] { $cannon } canons
}, { $rifle ->
    [one] { $rifle } fusil
   *[other] { $rifle } fusils
}, { $killed ->
    [one] { $killed } tué
   *[other] { $killed } tués
} (arrêté)
forteresse-field-round = Manche
forteresse-field-round-value = { $round } sur 2
forteresse-field-shots = Tirs de la manche
forteresse-field-latest = Derniers tirs
forteresse-latest-shot = { $name } : { $from } { $weapon ->
    [cannon] canon
   *[other] fusil
} { $dir } : { $answer }

## La main d'un joueur

forteresse-hand-head = { $marker } **Match n° { $id }** · { $title }, manche { $round } sur 2
forteresse-hand-setup = **Placez votre forteresse** en secret : 10 murs 🧱, puis 5 assiégés 👑, sur les 25 cases B2–F6. Placez-les sur la grille ou choisissez-les dans des listes, ou prenez une forteresse au hasard.
forteresse-hand-over = Le match est fini.
forteresse-hand-your-shot = **À vous de tirer** : choisissez une case de tir. À droite de l'image, ce que vous savez de la forteresse adverse.
forteresse-hand-waiting-setup = En attente { ELIDE("de", $name) }{ $name }, qui place sa forteresse.
forteresse-hand-waiting-shot = En attente du tir { ELIDE("de", $name) }{ $name }.
forteresse-hand-waiting-both = En attente des deux forteresses.
forteresse-fire-toward = vers { $dirs }
forteresse-fire-from-placeholder = Tirer depuis…
forteresse-random-setup = Au hasard
forteresse-hand-own-standing = Votre forteresse tient encore : 🧱 { $walls } · 👑 { $besieged }
forteresse-place-on-grid = Placer sur la grille
forteresse-change = Modifier
forteresse-clear = Tout effacer
forteresse-grid-count = 🧱 Murs **{ $walls }**/10 · 👑 Assiégés **{ $besieged }**/5
forteresse-grid-place-walls = Touchez une case pour y placer un mur ; touchez une pièce pour la retirer.
forteresse-grid-place-besieged = Murs placés : touchez une case pour y placer un assiégé ; touchez une pièce pour la retirer.
forteresse-grid-take-off = Tout est placé : touchez une pièce pour la retirer.
forteresse-grid-rule-reachable = Dans ce match, chaque assiégé doit pouvoir être atteint par un tir : les cases grisées ne le permettent pas.
forteresse-error-all-placed = Les 10 murs et les 5 assiégés sont placés : retirez-en un d'abord.
forteresse-another-random = Un autre au hasard
forteresse-confirm = Confirmer
forteresse-back = Retour
forteresse-preview-end = Confirmez-la, modifiez-la, ou recommencez.
forteresse-step-random = Une forteresse au hasard :
forteresse-step-your-fortress = Votre forteresse :
forteresse-step-fire-from = Tir depuis **{ $from }** : choisissez l'arme et la direction. Un canon donne 3 points à l'adversaire, un fusil 1.
forteresse-shot-button = { $weapon ->
    [cannon] Canon
   *[other] Fusil
} { $dir }

## Refus d'une étape

forteresse-error-wall-count = Il faut exactement 10 murs : vous en avez choisi { $n }.
forteresse-error-besieged-count = Il faut exactement 5 assiégés : vous en avez choisi { $n }.
forteresse-error-invalid = Ce choix n'est pas valable.
forteresse-error-not-fortress = { $cell } n'est pas dans la forteresse (B2 à F6).
forteresse-error-twice = { $cell } a été choisie deux fois.
forteresse-error-already-placed = Votre forteresse est déjà placée.
forteresse-error-not-your-shot = Ce n'est pas à vous de tirer.
forteresse-error-one-cell = Choisissez une case de tir.
forteresse-error-cannot-fire = Vous ne pouvez pas tirer depuis { $cell } : elle est déjà utilisée, ou ce n'est pas une case de tir.
forteresse-error-unreachable = Un assiégé en { $cell } serait hors d'atteinte de tout tir, ce que ce match interdit.
