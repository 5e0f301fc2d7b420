# Les commandes slash, les réglages du serveur et les classements.

## Noms et descriptions des commandes (ids construits par src/discord/commands/localize.rs).
## Noms : 32 caractères au plus, en minuscules, sans espace. Descriptions : 100 au plus.

cmd-engarde-name = engarde
cmd-engarde-description = En Garde : affrontez vos amis à l'épée, un coup après l'autre.

cmd-engarde-challenge-name = défier
cmd-engarde-challenge-description = Défier quelqu'un en duel.
cmd-engarde-challenge-opponent-name = adversaire
cmd-engarde-challenge-opponent-description = La personne que vous voulez affronter
cmd-engarde-challenge-variant-name = variante
cmd-engarde-challenge-variant-description = Variante des règles (par défaut : celle du serveur, engarde-standard sauf réglage)
cmd-engarde-challenge-hits-name = touches
cmd-engarde-challenge-hits-description = Touches ou points pour gagner : En Garde, Kengo 1 à 15 (5 par défaut) ; Ready... Fence! 5, 10, 15
cmd-engarde-challenge-turn-time-name = temps-par-coup
cmd-engarde-challenge-turn-time-description = Temps pour chaque coup, ex. 30m, 12h, 2d (par défaut : celui du serveur, 48h sauf réglage)

cmd-engarde-practice-name = entraînement
cmd-engarde-practice-description = S'entraîner contre le bot (jamais classé).
cmd-engarde-practice-variant-name = variante
cmd-engarde-practice-variant-description = Variante des règles (par défaut : celle du serveur)
cmd-engarde-practice-level-name = niveau
cmd-engarde-practice-level-description = Le niveau de jeu du bot (par défaut : moyen)
cmd-engarde-practice-level-choice-easy = facile
cmd-engarde-practice-level-choice-medium = moyen
cmd-engarde-practice-level-choice-hard = difficile
cmd-engarde-practice-turn-time-name = temps-par-coup
cmd-engarde-practice-turn-time-description = Temps pour chacun de vos coups, ex. 30m, 12h, 2d (par défaut : celui du serveur)

cmd-engarde-cancel-name = annuler
cmd-engarde-cancel-description = Retirer vos défis en attente (tous, ou celui lancé à un adversaire).
cmd-engarde-cancel-opponent-name = adversaire
cmd-engarde-cancel-opponent-description = Seulement le défi lancé à cette personne

cmd-engarde-matches-name = matchs
cmd-engarde-matches-description = Vos matchs en cours sur ce serveur.

cmd-engarde-hand-name = main
cmd-engarde-hand-description = Voir votre main (vous seul la voyez) et jouer.
cmd-engarde-hand-match-name = match
cmd-engarde-hand-match-description = Quel match (par défaut : celui d'ici, ou votre seul match)

cmd-engarde-resign-name = abandonner
cmd-engarde-resign-description = Abandonner un match (avec confirmation).
cmd-engarde-resign-match-name = match
cmd-engarde-resign-match-description = Quel match (par défaut : celui d'ici, ou votre seul match)

cmd-engarde-rules-name = règles
cmd-engarde-rules-description = Un bref résumé des règles.
cmd-engarde-rules-variant-name = variante
cmd-engarde-rules-variant-description = Variante des règles (par défaut : celle du serveur)

cmd-engarde-leaderboard-name = classement
cmd-engarde-leaderboard-description = Le classement du serveur (cotes Glicko-2) d'un jeu, ou d'une variante.
cmd-engarde-leaderboard-variant-name = variante
cmd-engarde-leaderboard-variant-description = Un jeu (toutes variantes réunies) ou une variante (par défaut : le jeu du serveur)

cmd-engarde-stats-name = stats
cmd-engarde-stats-description = La cote, le rang, les résultats et les habitudes d'un joueur sur ce serveur.
cmd-engarde-stats-player-name = joueur
cmd-engarde-stats-player-description = Les stats de qui (par défaut : les vôtres)

cmd-engarde-history-name = historique
cmd-engarde-history-description = Les derniers matchs d'un joueur, feuilles de match à télécharger (vous seul le voyez).
cmd-engarde-history-player-name = joueur
cmd-engarde-history-player-description = Les matchs de qui (par défaut : les vôtres)

cmd-engarde-admin-name = engarde-admin
cmd-engarde-admin-description = Réglages et modération d'En Garde sur ce serveur (Gérer le serveur).

cmd-engarde-admin-config-name = réglages
cmd-engarde-admin-config-description = Afficher les réglages de ce serveur, ou les modifier.
cmd-engarde-admin-config-turn-time-name = temps-par-coup
cmd-engarde-admin-config-turn-time-description = Temps par défaut pour chaque coup, ex. 12h ou 2d (de 10m à 14d)
cmd-engarde-admin-config-challenge-expiry-name = expiration-défi
cmd-engarde-admin-config-challenge-expiry-description = Durée pendant laquelle un défi reste ouvert, ex. 1d (de 5m à 7d)
cmd-engarde-admin-config-threads-name = fils
cmd-engarde-admin-config-threads-description = Ouvrir un fil pour chaque match
cmd-engarde-admin-config-board-channel-name = salon-plateaux
cmd-engarde-admin-config-board-channel-description = Publier les plateaux dans ce salon
cmd-engarde-admin-config-boards-where-challenged-name = plateaux-au-défi
cmd-engarde-admin-config-boards-where-challenged-description = Publier les plateaux là où chaque défi a été lancé (annule salon-plateaux)
cmd-engarde-admin-config-default-variant-name = variante-par-défaut
cmd-engarde-admin-config-default-variant-description = La variante jouée quand un défi n'en précise aucune
cmd-engarde-admin-config-language-name = langue
cmd-engarde-admin-config-language-description = La langue des messages publics (par défaut : la langue Discord du serveur)
cmd-engarde-admin-config-language-choice-server-default = La langue Discord du serveur
cmd-engarde-admin-config-boards-name = plateaux
cmd-engarde-admin-config-boards-description = Plateaux avec une image du jeu (par défaut), ou en texte
cmd-engarde-admin-config-boards-choice-picture = image
cmd-engarde-admin-config-boards-choice-text = texte

cmd-engarde-admin-abort-name = interrompre
cmd-engarde-admin-abort-description = Interrompre un match : il s'arrête tout de suite et ne compte pas.
cmd-engarde-admin-abort-match-name = match
cmd-engarde-admin-abort-match-description = Le numéro du match

## /engarde-admin

admin-settings = **Réglages d'En Garde sur ce serveur**
    • Temps pour chaque coup : { $turn }
    • Les défis expirent après : { $challenge }
    • Un fil pour chaque match : { $threads ->
        [yes] oui
       *[no] non
    }
    • Les plateaux sont publiés dans : { $channel }
    • Variante par défaut : { $variant }
    • Langue des messages publics : { $language }
    • Plateaux : { $pictures ->
        [yes] avec une image du jeu
       *[no] en texte
    }
admin-settings-boards-where-challenged = le salon où le défi a été lancé
admin-settings-language-server = la langue Discord du serveur (actuellement { $language })
admin-saved = ✅ Enregistré.
admin-aborted = Le match n° { $id } est interrompu ; il ne compte pas.

## Jouer

play-level = { $level ->
    [easy] facile
    [hard] difficile
   *[medium] moyen
}
practice-announcement = 🤖 **{ $name }** s'entraîne à { $variant } contre moi (niveau { $level }), match n° { $id }, non classé.
play-match-choice = n° { $id } contre { $opponent } · { $variant }
play-resign-button = Abandonner
play-keep-fencing-button = Continuer le match
play-withdrawn = { $n ->
    [one] { $n } défi retiré.
   *[other] { $n } défis retirés.
}

## Classements, stats et historiques

ladder-game = { $game ->
    [engarde] En Garde
    [forteresse] Forteresse
    [ready-fence] Ready... Fence!
   *[other] { $game }
}
ladder-board-every-variant = { $game }, toutes variantes
ladder-you-are = { $mention } : vous êtes **n° { $rank }** sur { $total } · { $rating } ±{ $deviation }
ladder-you-are-unrated = { $mention } : vous n'avez encore aucun match classé dans ce classement.
ladder-empty = Personne n'a encore terminé de match classé ici : `/engarde défier` quelqu'un !
ladder-title = 🏆 Classement · { $board }
ladder-line = **{ $rank }.** { $name } · **{ $rating }** ±{ $deviation } · { $games ->
    [one] { $games } match
   *[other] { $games } matchs
} ({ $wins }V { $losses }D { $draws }N)
ladder-footer = Page { $page }/{ $pages } · { $total ->
    [one] { $total } escrimeur classé
   *[other] { $total } escrimeurs classés
} · ? = provisoire (écart { $provisional } ou plus), listé après les confirmés
ladder-previous = ◀ Précédente
ladder-next = Suivante ▶

ladder-stats-none = 📊 **{ $name }** n'a encore terminé aucun match sur ce serveur.
ladder-stats-title = 📊 **{ $name }** sur ce serveur
ladder-stats-unrated = Pas encore classé.
ladder-stats-rating = { $game } : cote **{ $rating }** ±{ $deviation } · { $rank }
ladder-stats-rating-provisional = { $game } : cote **{ $rating }** ±{ $deviation } (provisoire) · { $rank }
ladder-stats-rank = rang **n° { $rank }** sur { $of }
ladder-stats-inactive = inactif : hors du classement jusqu'à son prochain match classé
ladder-stats-matches = Matchs : { $games } · { $record }
ladder-record = { $wins } { $wins ->
    [one] gagné
   *[other] gagnés
}, { $losses } { $losses ->
    [one] perdu
   *[other] perdus
}, { $draws } { $draws ->
    [one] nul
   *[other] nuls
}
ladder-stats-streak = Série : { $streak } · record : { $best ->
    [one] { $best } victoire
   *[other] { $best } victoires
} d'affilée
ladder-streak-won = { $n ->
    [one] { $n } victoire
   *[other] { $n } victoires
}
ladder-streak-lost = { $n ->
    [one] { $n } défaite
   *[other] { $n } défaites
}
ladder-streak-drawn = { $n ->
    [one] { $n } match nul
   *[other] { $n } matchs nuls
}
ladder-stats-rounds = Manches : { $won } gagnées ({ $by }), { $lost } perdues
ladder-rounds-none = –
ladder-rounds-by = { $n } { $how ->
    [hit] par une touche
    [position] à la position
    [hand_count] au compte des cartes
    [stuck] adversaire bloqué
    [resign] par abandon
    [drawn] nulles
    [points] aux points
   *[other] { $how }
}
ladder-list-separator = {", "}
ladder-stats-favourite = Variante préférée : { $variant } · { $n ->
    [one] { $n } match
   *[other] { $n } matchs
}
ladder-stats-against = Contre { $name } : { $record }

ladder-history-none = **{ $name }** n'a encore terminé aucun match sur ce serveur.
ladder-history-title = 📜 **{ $name }** : derniers matchs
ladder-history-line = • { $date } · n° { $id } contre { $opponent } · { $variant } · { $mine } – { $theirs } · { $result }
ladder-history-practice = entraînement ({ $level }), non classé
ladder-result-won = **gagné**
ladder-result-lost = **perdu**
ladder-result-by-resignation = { $result } (abandon)
ladder-result-by-timeout = { $result } (temps écoulé)
ladder-result-drawn-agreed = **nul** (accepté)
ladder-result-drawn-equal = **nul** (égalité)
ladder-result-aborted = interrompu (non classé)
ladder-history-export = Exporter la feuille d'un match (un fichier que `engarde replay` rejoue) :
ladder-export-button = Exporter n° { $id }
ladder-export-note = 📎 La feuille du match n° { $id } : rejouez-la avec `engarde replay { $file }`.
