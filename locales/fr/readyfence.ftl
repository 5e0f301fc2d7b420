# Ready... Fence! (l'épée en cartes) : la piste, les cartes, la narration, les messages privés.

## Couleurs des tireurs

readyfence-colour-green = Vert
readyfence-colour-red = Rouge

## Noms des cartes

readyfence-kind-straight-thrust = Attaque droite
readyfence-kind-beat-thrust = Battement
readyfence-kind-disengage = Dégagement
readyfence-kind-toe-touch = Touche au pied
readyfence-kind-glide-attack = Coulé
readyfence-kind-flick = Coup lancé
readyfence-kind-flanconade = Flanconade
readyfence-kind-fleche = Flèche
readyfence-kind-parry-riposte = Parade-riposte
readyfence-kind-ceding-parry = Parade cédante
readyfence-kind-infighting = Corps-à-corps
readyfence-kind-stop-hit = Coup d'arrêt
readyfence-kind-counter-time = Contre-temps
readyfence-kind-feint-in-time = Feinte de temps
readyfence-kind-joker = Joker
readyfence-kind-angulation = Angulation
readyfence-kind-renewed-attack = Remise
readyfence-kind-feint = Feinte

readyfence-card-speed = { $name } { $speed }
readyfence-with-angulation = { $card } + Angulation

## Couleur et nature des cartes

readyfence-class-attack = rouge, attaque
readyfence-class-disengage = attaque rouge ou contre-attaque cyan
readyfence-class-parry = bleue, parade
readyfence-class-infighting = attaque rouge ou parade bleue
readyfence-class-counter = cyan, contre-attaque
readyfence-class-blue-special = bleue, spéciale
readyfence-class-cyan-special = cyan, spéciale
readyfence-class-gold-special = or, spéciale
readyfence-class-bonus = orange, bonus

## Effet de chaque carte

readyfence-effect-straight-thrust = s'engage à distance de fente ; +2 si vous êtes en ligne et l'adversaire en invitation
readyfence-effect-beat-thrust = s'engage à distance de fente, pas contre l'invitation ; +1 contre la pointe en ligne
readyfence-effect-disengage = s'engage seulement contre l'engagement (sans son −1) ; ou contre une Flanconade, un Battement ou un Coulé
readyfence-effect-toe-touch = s'engage à distance de fente ; imparable : seuls un Coup d'arrêt ou la Défense par la distance y répondent
readyfence-effect-glide-attack = s'engage seulement contre la pointe en ligne ; ou riposte à vitesse 4 après votre parade
readyfence-effect-flick = s'engage à distance de fente, pas contre l'invitation ; +1 contre la pointe en ligne
readyfence-effect-flanconade = s'engage seulement contre la pointe en ligne
readyfence-effect-fleche = s'engage à longue distance seulement ; vous ne jouez plus rien dans cette phrase
readyfence-effect-parry-riposte = pare toute attaque ou riposte de vitesse ≤ la sienne, puis riposte à sa vitesse −2
readyfence-effect-ceding-parry = touche aussitôt contre un Coulé ou une Flanconade ; sinon pare à 4, sans riposte
readyfence-effect-infighting = distance courte seulement : attaque, ou pare un Corps-à-corps et riposte à sa vitesse −2
readyfence-effect-stop-hit = contre Attaque droite, Battement, Touche au pied, Coup lancé, Flèche ou riposte : le plus rapide gagne, égalité = coup double
readyfence-effect-counter-time = répond à une contre-attaque : une touche, sauf si une Feinte de temps y répond
readyfence-effect-feint-in-time = répond seulement à un Contre-temps : une touche aussitôt
readyfence-effect-joker = répond à tout sauf à une carte qui touche aussitôt : une touche aussitôt ; n'attaque jamais
readyfence-effect-angulation = s'ajoute à votre attaque ou contre-attaque : +2 de vitesse
readyfence-effect-renewed-attack = après la parade de votre première attaque à distance de fente : elle repart à +2 et annule la riposte ; pas de Feinte ensuite
readyfence-effect-feint = après la parade de votre première attaque à distance de fente : passez à une autre carte d'attaque, ou arrêtez la phrase

## Positions de l'arme

readyfence-guard-line = pointe en ligne
readyfence-guard-inv = invitation
readyfence-guard-eng = engagement

## Distances

readyfence-distance-short = courte
readyfence-distance-lunge = fente
readyfence-distance-long = longue
readyfence-distance-out = hors distance
readyfence-distance = { $name } ({ $gap ->
    [one] { $gap } case vide
   *[other] { $gap } cases vides
})

## Issue d'une phrase

readyfence-points-touch = 🎯 Touche pour { $name } !
readyfence-points-double = 🎯🎯 Coup double : une touche chacun.
readyfence-points-void = Coup double annulé : pas de touche.
readyfence-points-penalty = 🚩 Sortie de piste : une touche pour { $name }.
readyfence-points-none = La phrase se termine sans touche.

## Rôle d'une action dans la phrase

readyfence-role-opening = attaque
readyfence-role-renewed = remise
readyfence-role-parry = parade
readyfence-role-riposte = riposte
readyfence-role-glide-riposte = riposte en coulé
readyfence-role-counter = contre-attaque
readyfence-role-counter-time = contre-temps
readyfence-role-immediate = touche aussitôt
readyfence-role-feint-card = feinte, puis
readyfence-role-feint-stop = feinte, phrase arrêtée
readyfence-role-nocard-parry = parade sans carte
readyfence-role-distance = défense par la distance
readyfence-role-concede = concède

## Une action de la phrase, racontée

readyfence-at-speed = {" "}à la vitesse **{ $speed }**
readyfence-paid = {" "}({ $sp } PE)
readyfence-phrase-opening = ⚔️ { $who } engage une phrase d'armes avec { $card }{ $at }{ $paid }.
readyfence-phrase-renewed = ⚔️ { $who } fait une remise{ $at }{ $paid }.
readyfence-phrase-parry = 🛡️ { $who } pare avec { $card }{ $at }{ $paid }.
readyfence-phrase-riposte = ↩️ { $who } riposte{ $at }{ $paid }.
readyfence-phrase-glide-riposte = ↩️ { $who } riposte avec { $card }{ $at }{ $paid }.
readyfence-phrase-counter = ⚡ { $who } contre-attaque avec { $card }{ $at }{ $paid }.
readyfence-phrase-counter-time = 🔁 { $who } joue { $card } : une touche, sauf si une Feinte de temps y répond{ $paid }.
readyfence-phrase-immediate = ✨ { $who } joue { $card }, qui touche aussitôt{ $paid }.
readyfence-phrase-feint-card = 🎭 { $who } feinte et enchaîne sur { $card }{ $at }{ $paid }.
readyfence-phrase-feint-stop = 🎭 { $who } feinte et arrête la phrase{ $paid }.
readyfence-phrase-nocard-parry = 🛡️ { $who } pare sans carte{ $at }{ $paid }.
readyfence-phrase-distance = ↔️ { $who } rompt (Défense par la distance){ $paid }.
readyfence-phrase-concede = { $who } concède la touche{ $paid }.

## Comment l'assaut a été gagné

readyfence-end-target = en atteignant le score visé
readyfence-end-points = aux points, le temps écoulé
readyfence-end-extra-time-point = avec la touche de la prolongation
readyfence-end-priority = à la priorité, la prolongation écoulée
readyfence-end-tie-touch = avec la touche décisive
readyfence-end-empty-hand = l'autre devant agir la main vide
readyfence-end-tie-double = sur un coup double
readyfence-end-resign = par abandon
readyfence-end-draw-agreed = d'un commun accord

## L'assaut

readyfence-terms = en { $target } touches, { $periods ->
    [one] { $periods } période
   *[other] { $periods } périodes
}
readyfence-mode-tutorial = Ready... Fence!, tutoriel
readyfence-mode-basic = Ready... Fence!, jeu de base
readyfence-mode-advanced = Ready... Fence!, jeu avancé
readyfence-opening = 🤺 En garde ! { $green } (Vert) contre { $red } (Rouge) : { $mode }, { $terms }.
readyfence-opening-coin = La pièce désigne { $name } pour commencer.
readyfence-opening-mulligan = Chaque tireur garde d'abord sa main ou prend le mulligan (une fois).
readyfence-status-won = L'assaut est terminé : { $name } l'a emporté { $how }.
readyfence-status-drawn = L'assaut est terminé : match nul { $how }.
readyfence-status-period = Période { $period } sur { $periods } : { $green } { $green_score } – { $red_score } { $red }.
readyfence-status-phrase = Phrase en cours, dernière action : { $step }.
readyfence-step = { $letter } { $name }, { $role }{ $card }{ $speed }
readyfence-step-card = {" "}: { $card }
readyfence-step-speed = {" "}→ vitesse **{ $speed }**

## Événements

readyfence-event-mulligan = 🔄 { $name } prend le mulligan : { $cards ->
    [one] { $cards } carte échangée.
   *[other] { $cards } cartes échangées.
}
readyfence-event-kept = { $name } garde sa main.
readyfence-event-passed = { $name } passe.
readyfence-event-skipped = { $name } passe son tour (après avoir temporisé).
readyfence-event-off-strip = { $name } sort de la piste !
readyfence-event-moved = 👣 { $name } va en case { $block }.
readyfence-event-weapon = 🗡️ { $name } prend la position : { $guard }.
readyfence-event-swapped = 🃏 { $name } défausse { $discarded ->
    [one] { $discarded } carte
   *[other] { $discarded } cartes
} et en pioche { $drawn }.
readyfence-event-stalled = ⏸️ { $name } temporise : endurance à { $stamina }, une carte du chrono brûlée.
readyfence-event-on-guard = Les tireurs reviennent en garde.
readyfence-event-period-ended = ⏱️ Fin de la période { $period }.
readyfence-event-period-started = ⏱️ La période { $period } commence : { $timer ->
    [one] { $timer } carte
   *[other] { $timer } cartes
} au chrono, tireurs en garde.
readyfence-event-extra-time = ⏱️ Égalité : prolongation ! La prochaine touche l'emporte ; { $timer ->
    [one] { $timer } carte
   *[other] { $timer } cartes
} au chrono ; priorité à { $name }.
readyfence-event-tutorial-tie = ⏱️ Égalité et plus de cartes à piocher : la prochaine touche simple l'emporte.
readyfence-event-resigned = { $name } abandonne.
readyfence-event-draw-agreed = 🤝 Les tireurs conviennent d'un match nul.
readyfence-event-won = 🏆 { $name } remporte l'assaut { $how }, { $score } à { $other } !
readyfence-event-drawn = 🤝 L'assaut est nul { $how }, { $green } à { $red }.

## Décisions (boutons et menus)

readyfence-label-mulligan = Prendre le mulligan
readyfence-label-keep = Garder cette main
readyfence-label-forward = Marcher
readyfence-label-back = Rompre
readyfence-label-weapon = Arme : { $guard }
readyfence-label-swap = Défausser { $card } et piocher
readyfence-label-stall = Temporiser (+2 PE)
readyfence-label-retreat = Retraite de 2 cases
readyfence-label-retreat-swap = Retraite, échanger { $card }
readyfence-label-end-turn = Finir le tour
readyfence-label-play = Attaque : { $card }
readyfence-label-parry = Parer sans carte
readyfence-label-distance = Défense par la distance
readyfence-label-distance-swap = Distance, défausser { $card }
readyfence-label-concede = Concéder la touche
readyfence-label-renew = Remise (+2)
readyfence-label-feint-stop = Feinte : arrêter la phrase
readyfence-label-feint = Feinte, puis { $card }
readyfence-label-glide = Riposte : { $card }
readyfence-label-pass = Passer
readyfence-label-resign = Abandonner
readyfence-label-agree-draw = Accepter le nul

## Confirmations

readyfence-done-mulligan = Vous avez pris le mulligan.
readyfence-done-keep = Vous avez gardé votre main.
readyfence-done-forward = Vous avez marché.
readyfence-done-back = Vous avez rompu.
readyfence-done-weapon = Vous avez pris la position : { $guard }.
readyfence-done-swap = Vous avez défaussé { $card } et pioché une carte.
readyfence-done-stall = Vous avez temporisé.
readyfence-done-retreat = Vous avez fait retraite.
readyfence-done-retreat-swap = Vous avez fait retraite, en défaussant { $card } et en piochant une carte.
readyfence-done-end-turn = Vous avez fini votre tour.
readyfence-done-play = Vous avez attaqué avec { $card }.
readyfence-done-answer = Vous avez répondu avec { $card }.
readyfence-done-parry = Vous avez paré sans carte.
readyfence-done-distance = Vous avez rompu la distance.
readyfence-done-distance-swap = Vous avez rompu la distance, en défaussant { $card }.
readyfence-done-concede = Vous avez concédé la touche.
readyfence-done-renew = Vous avez fait une remise.
readyfence-done-feint-stop = Vous avez feinté et arrêté la phrase.
readyfence-done-feint = Vous avez feinté, puis joué { $card }.
readyfence-done-glide = Vous avez riposté avec { $card }.
readyfence-done-pass = Vous avez passé.
readyfence-done-resign = Vous avez abandonné.
readyfence-done-agree-draw = Vous avez accepté le match nul.

## Les règles, paragraphe par paragraphe

readyfence-rules-intro = **{ $mode }** : l'épée en cartes. Deux tireurs, Vert et Rouge, sur une piste de 10 cases ; en sortir par son bout de piste donne une touche à l'adversaire. La distance est le nombre de cases vides entre vous : **courte** (0), **fente** (1), **longue** (2), hors distance (3 et plus).
readyfence-rules-turn-tutorial = **Un tour**, c'est deux actions de jeu, ou une puis une attaque, ou une attaque seule : **se déplacer** d'une case, **changer la position de l'arme** (une fois par tour). Une **attaque** engage une phrase d'armes avec une carte rouge ; elle termine le tour.
readyfence-rules-turn-basic = **Un tour**, c'est deux actions de jeu, ou une puis une attaque, ou une attaque seule : **se déplacer** d'une case, **changer la position de l'arme** (une fois par tour), **défausser et piocher** une carte (une fois), **temporiser** (tout le tour : +2 d'endurance, brûle une carte du chrono ; jamais deux fois de suite). Une **attaque** engage une phrase d'armes avec une carte rouge ; elle termine le tour.
readyfence-rules-turn-advanced = **Un tour**, c'est deux actions de jeu, ou une puis une attaque, ou une attaque seule : **se déplacer** d'une case, **changer la position de l'arme** (une fois par tour), **défausser et piocher** une carte (une fois), **temporiser** (tout le tour : +2 d'endurance, brûle une carte du chrono ; jamais deux fois de suite), **retraite** de 2 cases (avec échange d'une carte possible). Une **attaque** engage une phrase d'armes avec une carte rouge ; elle termine le tour.
readyfence-rules-phrase-tutorial = **La phrase d'armes** : le défenseur répond à l'attaque carte par carte : le rouge se contre par du bleu (parade) ou du cyan (contre-attaque), le cyan par du bleu, le bleu par du cyan, selon les limites de chaque carte ; au plus 2 cartes principales chacun. Une **parade** tient si sa vitesse vaut au moins celle de l'attaque, puis riposte ; une **contre-attaque** plus rapide que la menace l'emporte, à égalité c'est un coup double, plus lente elle est touchée. Sans carte, vous pouvez **parer** (endurance : 1 par tranche de 2 de vitesse) ou, dans le tutoriel, seulement **rompre** (2 cases en arrière, 1 d'endurance), une fois par phrase, et seulement si aucune de vos cartes n'arrêterait l'attaque. Vous pouvez toujours concéder la touche.
readyfence-rules-phrase = **La phrase d'armes** : le défenseur répond à l'attaque carte par carte : le rouge se contre par du bleu (parade) ou du cyan (contre-attaque), le cyan par du bleu, le bleu par du cyan, selon les limites de chaque carte ; au plus 2 cartes principales chacun. Une **parade** tient si sa vitesse vaut au moins celle de l'attaque, puis riposte ; une **contre-attaque** plus rapide que la menace l'emporte, à égalité c'est un coup double, plus lente elle est touchée. Sans carte, vous pouvez **parer** (endurance : 1 par tranche de 2 de vitesse) ou **rompre** (2 cases en arrière, 1 d'endurance, contre les attaques de vitesse 5 au plus), une fois par phrase, et seulement si aucune de vos cartes n'arrêterait l'attaque. Vous pouvez toujours concéder la touche.
readyfence-rules-speed = **Vitesse** = celle de la carte, +1 pour une défense depuis l'invitation, −1 pour une attaque contre l'engagement, plus le bonus propre à la carte. Positions de l'arme : la pointe en ligne bat l'invitation, l'invitation bat l'engagement, l'engagement bat la pointe en ligne.
readyfence-rules-mode-tutorial = **Tutoriel** : 41 cartes, 6 en main ; l'endurance des cartes est ignorée ; une phrase ne s'engage qu'à distance de fente ; après une phrase, toutes les cartes jouées sont défaussées et chacun repioche jusqu'à 6. Après un tour sans phrase, vous pouvez échanger une carte gratuitement. Le chrono est la pioche ; assauts en 5, 10 ou 15 touches.
readyfence-rules-mode-basic = **Jeu de base** : 35 cartes ; chaque tireur garde une Attaque droite 3 jaune et 5 autres cartes ; une carte coûte son endurance (PE, de 0 à 6, 6 au départ). Les cartes jouées reviennent en main. 12 cartes forment le chrono : une période se termine quand il est vide. Poule : 5 touches, 1 période ; élimination directe : 10 touches, 2 périodes. En cas d'égalité, prolongation.
readyfence-rules-mode-advanced = **Jeu avancé** : les 54 cartes, 6 en main ; une carte coûte son endurance (6 PE, puis 5 et 4 aux périodes suivantes). Les cartes jouées reviennent en main, le Joker est défaussé. 12 cartes forment le chrono. Poule : 5 touches, 1 période ; élimination directe : 15 touches, 3 périodes. En cas d'égalité, prolongation.
readyfence-rules-recovery = Après une touche, les deux tireurs reviennent en garde et chacun regagne 1 d'endurance, sauf s'il en a dépensé dans cette phrase.
readyfence-rules-cards = **Les cartes** (nom, exemplaires et vitesses, coût en endurance) :
readyfence-rules-card = • **{ $name }** ×{ $copies }{ $speeds }, PE { $sp } ({ $class }) : { $effect }.
readyfence-rules-speeds = , vitesse { $list }

## Le plateau

readyfence-threat-riposte = la riposte ({ $card }) à la vitesse { $speed }
readyfence-threat-renewed = la remise ({ $card }) à la vitesse { $speed }
readyfence-threat = { $card } à la vitesse { $speed }
readyfence-prompt-mulligan = gardez votre main ou prenez le mulligan
readyfence-prompt-turn-goes-on = votre tour continue : une deuxième action, ou une attaque
readyfence-prompt-turn = à vous : deux actions, ou une et une attaque, ou une attaque
readyfence-prompt-free-swap = vous pouvez échanger une carte gratuitement, ou passer
readyfence-prompt-answer = répondez à { $threat }
readyfence-prompt-renew-or-feint = votre attaque a été arrêtée : remise, feinte, ou passez
readyfence-prompt-glide = vous avez paré : ripostez en Coulé, ou passez
readyfence-period-extra-time = prolongation, priorité à { $name }
readyfence-period = { $period } sur { $periods }
readyfence-period-tutorial-tie = { $period } sur { $periods }, égalité : prochaine touche simple
readyfence-board-score = **{ $green }** { $green_score } – { $red_score } **{ $red }** · en { $target } touches
readyfence-board-fencers = G = { $green } (Vert) · R = { $red } (Rouge)
readyfence-board-distance = Distance : **{ $distance }**
readyfence-board-stamina = endurance { $stamina } · { $cards ->
    [one] { $cards } carte
   *[other] { $cards } cartes
}
readyfence-board-stalled = a temporisé au dernier tour
readyfence-field-period = Période
readyfence-field-timer = Chrono
readyfence-timer-left = { $timer ->
    [one] { $timer } carte restante
   *[other] { $timer } cartes restantes
}
readyfence-field-mulligan = Mulligan
readyfence-mulligan-pending = encore à décider : { $names }
readyfence-field-turn = Tour
readyfence-used-weapon = arme changée
readyfence-used-swap = carte échangée
readyfence-used-retreat = retraite faite
readyfence-turn-actions = { $name } : { $actions ->
    [one] { $actions } action faite
   *[other] { $actions } actions faites
}{ $used }
readyfence-turn-used = {" "}({ $list })
readyfence-field-phrase = Phrase d'armes
readyfence-phrase-fleche = Flèche : l'attaquant ne joue plus rien.

## La main d'un joueur et ses messages privés

readyfence-sp = {" "}· PE { $sp }
readyfence-card-line-speed = {" "}· vitesse { $speed }
readyfence-card-line = • **{ $name }**{ $speed }{ $sp } · { $class } : { $effect }
readyfence-waiting = En attente { ELIDE("de", $name) }{ $name }.
readyfence-over = L'assaut est terminé.
readyfence-situation-mulligan = **Mulligan** : gardez cette main, ou rendez-la pour autant de nouvelles cartes (une fois).
readyfence-situation-turn-goes-on = **Votre tour continue** : une deuxième action, ou une attaque.
readyfence-situation-turn = **À vous** : deux actions, ou une puis une attaque, ou une attaque seule. Une à la fois.
readyfence-situation-free-swap = **Échange gratuit** : défaussez une carte et piochez-en une, ou passez.
readyfence-way-card = avec une carte
readyfence-way-no-card = sans carte
readyfence-way-concede = ou concédez la touche
readyfence-situation-answer = **Répondez** à { $threat } : { $ways }.
readyfence-situation-renew-or-feint = **Votre attaque a été arrêtée** : remise, feinte, ou passez.
readyfence-situation-glide = **Vous avez paré** : ripostez en Coulé, ou passez.
readyfence-hand-header = { $marker } **Match n° { $match }** · { $title } · vous êtes **{ $colour }** ({ $letter }, case { $block })
readyfence-hand-cards = **Votre main :** { $cards }
readyfence-hand-empty = aucune carte
readyfence-hand-status = Endurance **{ $stamina }** · { $guard } · distance **{ $distance }** · score { $mine } – { $theirs }
readyfence-list-separator = ,{" "}

## Menus

readyfence-placeholder-attack = Attaquer avec…
readyfence-placeholder-answer = Répondre avec…
readyfence-placeholder-feint = Feinter, puis…
readyfence-placeholder-riposte = Riposter avec…
readyfence-placeholder-choose = Choisir…
readyfence-placeholder-weapon = Position de l'arme…
readyfence-placeholder-swap = Défausser et piocher…
readyfence-placeholder-retreat-swap = Retraite et échange…
readyfence-placeholder-distance-swap = Rompre en défaussant…
readyfence-button-card-rules = 📖 Règles des cartes
readyfence-card-rules-head = 📖 **Vos cartes** :
readyfence-card-rules-placeholder = Règles d'une autre carte…
readyfence-card-rules-kind = 📖 **{ $name }** · { $class } : { $effect }
readyfence-placeholder-more = Position de l'arme, défausser et piocher…
readyfence-option-speed = vitesse { $speed }
readyfence-option-speed-angulation = vitesse { $speed } +2
readyfence-option-card = { $card } · { $class }
