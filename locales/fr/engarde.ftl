# En Garde et Kengo : la piste, la narration, les actions, les règles.
# Vocabulaire : manche (round), partie (game d'un match au meilleur de N), touche (hit),
# pioche (pile), parade, riposte, fente (advance and attack).

## Cartes

engarde-no-cards = aucune carte
engarde-list-separator = {", "}
engarde-pile-cards = { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
}

## Actions (boutons et menus, 80 caractères au plus)

engarde-label-advance = Avancer de { $card }
engarde-label-retreat = Reculer de { $card }
engarde-label-attack = Attaquer avec { $card }
engarde-label-attack-many = Attaquer avec { $card } ×{ $count }
engarde-label-lunge = Avancer de { $advance } + attaquer avec { $attack }
engarde-label-lunge-many = Avancer de { $advance } + attaquer avec { $attack } ×{ $count }
engarde-label-parry = Parer avec { $cards }
engarde-label-accept-hit = Encaisser la touche
engarde-label-resign = Abandonner
engarde-label-agree-draw = Accepter le match nul

engarde-menu-advance = Avancer…
engarde-menu-retreat = Reculer…
engarde-menu-attack = Attaquer…
engarde-menu-lunge = Avancer et attaquer…
engarde-menu-move = Avancer ou reculer…
engarde-menu-attack-or-lunge = Attaquer, ou avancer et attaquer…
engarde-menu-parry = Parer…
engarde-menu-answer = Répondre…

## Ouverture et état du match

engarde-opening = En garde ! { $a } contre { $b } : { $title }, en { $hits ->
    [one] { $hits } touche
   *[other] { $hits } touches
}.
engarde-best-of = Au meilleur des { $games } parties.
engarde-starts-round-one = { $name } commence la manche 1.
engarde-starts-round-one-random = { $name } commence la manche 1 (tirage au sort).
engarde-status-over = Le match est terminé : { $name } l'a emporté.
engarde-status-round = Manche { $round } en cours.

## Narration

engarde-round-begins = Début de la manche { $round } : { $name } commence.
engarde-game-round-begins = Partie { $game }, début de la manche { $round } : { $name } commence.
engarde-advanced = { $name } avance de { $card } jusqu'à la case { $to }.
engarde-retreated = { $name } recule de { $card } jusqu'à la case { $to }.
engarde-retreated-from-lunge = { $name } échappe à la fente en reculant de { $card } jusqu'à la case { $to }.
engarde-attacked = { $name } attaque avec { $cards } !
engarde-riposted = { $name } riposte avec { $cards } !
engarde-lunged = { $name } avance de { $advance } jusqu'à la case { $to } et attaque avec { $cards } !
engarde-parried = { $name } pare avec { $cards }.
engarde-hit-accepted = { $name } encaisse la touche.
engarde-cannot-parry = { $name } ne peut pas parer.
engarde-pile-emptied = { $name } pioche la dernière carte.
engarde-passed-empty-hand = { $name } n'a plus de carte après sa parade : pioche et passe.
engarde-last-attack = La pioche est vide : { $name } tente une dernière attaque avec { $card } !
engarde-hands-shown = Mains révélées : { $a } { $hand_a } ({ $attacking_a } à la distance) · { $b } { $hand_b } ({ $attacking_b } à la distance).
engarde-stuck = { $name } n'a aucun coup possible.
engarde-resigned = { $name } abandonne.
engarde-draw-agreed = { $name } accepte le match nul.
engarde-round-score = Touches : { $a } { $hits_a } – { $hits_b } { $b }.
engarde-round-won-hit = { $name } remporte la manche sur une touche. { $score }
engarde-round-won-stuck = { $name } remporte la manche : l'adversaire ne pouvait plus bouger. { $score }
engarde-round-won-hand-count = { $name } remporte la manche aux cartes en main. { $score }
engarde-round-won-position = { $name } remporte la manche à la position. { $score }
engarde-round-won-resign = { $name } remporte la manche par abandon. { $score }
engarde-round-won = { $name } remporte la manche. { $score }
engarde-round-drawn = Manche nulle : personne ne marque. { $score }
engarde-game-won = { $name } remporte la partie. Parties : { $games_a } – { $games_b }.
engarde-match-won = 🏆 { $name } remporte le match !
engarde-match-drawn = 🤝 Match nul.

## Confirmation de son propre coup

engarde-done-advance = Vous avez avancé de { $card }.
engarde-done-retreat = Vous avez reculé de { $card }.
engarde-done-attack = Vous avez attaqué avec { $cards }.
engarde-done-lunge = Vous avez avancé de { $advance } et attaqué avec { $cards }.
engarde-done-parry = Vous avez paré avec { $cards }.
engarde-done-accept-hit = Vous avez encaissé la touche.
engarde-done-resign = Vous avez abandonné.
engarde-done-agree-draw = Vous avez accepté le match nul.

## Le plateau

engarde-prompt-riposte = à vous de rejouer après la parade : déplacez-vous ou ripostez
engarde-prompt-turn = à vous de jouer
engarde-prompt-defend-lunge = vous êtes attaqué : parez, reculez ou encaissez la touche
engarde-prompt-defend = vous êtes attaqué : parez ou encaissez la touche
engarde-terms = en { $hits ->
    [one] { $hits } touche
   *[other] { $hits } touches
}
engarde-board-games = (parties { $games_a } – { $games_b })
engarde-board-attacked = ⚔️ { $attacker } a attaqué avec { $cards } : { $defender } doit répondre.
engarde-field-round = Manche
engarde-field-distance = Distance
engarde-field-pile = Pioche
engarde-field-last-card = Dernière carte

## La main d'un joueur

engarde-hand-match = { $marker } **Match n° { $id }** · { $title } · vous êtes **{ $seat }** ({ $side ->
    [left] côté gauche
   *[right] côté droit
})
engarde-hand-cards = **Votre main :** { $cards }
engarde-hand-facts = Distance **{ $distance }** · pioche { $pile } · dernière carte { $last }
engarde-hand-riposte = **Vous avez paré** : jouez votre tour avec les cartes qui vous restent (vous piochez ensuite).
engarde-hand-turn = **À vous de jouer** : choisissez une action.
engarde-hand-attacked = **Vous êtes attaqué** avec { $cards } : parez ou encaissez la touche.
engarde-hand-attacked-lunge = **Vous êtes attaqué** avec { $cards } : parez, reculez ou encaissez la touche.
engarde-hand-over = Le match est terminé.
engarde-hand-waiting = En attente { ELIDE("de", $name) }{ $name }.

## Résumés des règles (/engarde rules)

engarde-rules-engarde = Deux escrimeurs se font face sur une piste de 23 cases, chacun partant d'une case d'extrémité. Le paquet compte 25 cartes, cinq de chaque valeur de 1 à 5 ; chaque joueur en a 5 en main.
engarde-rules-kengo = Kengo, une refonte d'En Garde : les escrimeurs partent juste en dehors de la piste de 23 cases, si bien que le premier mouvement les y fait entrer. Le paquet compte 25 cartes, cinq de chaque valeur de 1 à 5 ; chaque joueur en a 5 en main. Le perdant d'une manche commence la suivante.
engarde-rules-turn = **À votre tour** : jouez une carte, puis complétez votre main à 5 cartes.
engarde-rules-advance = **Avancer** : déplacez-vous vers l'avant d'exactement autant de cases ; vous ne pouvez ni atteindre ni dépasser l'adversaire.
engarde-rules-retreat = **Reculer** : déplacez-vous vers l'arrière d'exactement autant de cases, sans sortir de la piste.
engarde-rules-attack = **Attaquer** : jouez une carte égale au nombre de cases qui vous séparent. Votre escrimeur ne bouge pas.
engarde-rules-basic-hits = Dans le jeu de base, chaque attaque porte une touche.
engarde-rules-strengthen = Vous pouvez ajouter d'autres cartes de même valeur pour renforcer l'attaque.
engarde-rules-parry-identical = **Parade** : répondez à une attaque avec exactement les mêmes cartes, ou encaissez la touche.
engarde-rules-parry-same-total = **Parade** : répondez à une attaque avec autant de cartes atteignant le même total, ou encaissez la touche.
engarde-rules-after-parry = Après une parade, vous jouez aussitôt votre tour avec les cartes qui vous restent (une attaque est alors une riposte), et vous ne piochez qu'ensuite.
engarde-rules-lunge = **Avancer et attaquer** (fente) : une carte pour avancer, puis des cartes d'attaque égales à la nouvelle distance. Le défenseur peut parer les cartes d'attaque ou bien reculer de la valeur d'une carte.
engarde-rules-round-end = **Une manche se termine** quand une attaque porte, ou quand un joueur ne peut plus bouger (il perd).
engarde-rules-pile-basic = Quand la dernière carte est piochée, l'autre joueur gagne s'il a une carte égale à la distance ; sinon, celui qui a le plus avancé depuis son départ gagne (à égalité : manche nulle).
engarde-rules-pile-standard = Quand la dernière carte est piochée (après une éventuelle parade en attente), les mains sont révélées : celui qui a le plus de cartes égales à la distance gagne ; à égalité, celui qui a le plus avancé depuis son départ ; à nouvelle égalité, la manche est nulle.
engarde-rules-first-to = Le premier à **{ $hits ->
    [one] { $hits } touche
   *[other] { $hits } touches
}** remporte le match.
