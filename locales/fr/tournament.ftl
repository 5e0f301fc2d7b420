# Tournois (issue #27) : commandes, annonce, rondes, classements, refus.

## Commandes (ids construits par src/discord/commands/localize.rs).

cmd-engarde-tournament-name = tournoi
cmd-engarde-tournament-description = Tournois : un système suisse ou un toutes-rondes sur plusieurs jours.
cmd-engarde-tournament-create-name = créer
cmd-engarde-tournament-create-description = Créer un tournoi et ouvrir les inscriptions (organisateurs).
cmd-engarde-tournament-create-name-name = nom
cmd-engarde-tournament-create-name-description = Le nom du tournoi
cmd-engarde-tournament-create-format-name = formule
cmd-engarde-tournament-create-format-description = Suisse (les joueurs à égalité de points se rencontrent) ou toutes-rondes (chacun contre tous)
cmd-engarde-tournament-create-format-choice-swiss = suisse
cmd-engarde-tournament-create-format-choice-round-robin = toutes-rondes
cmd-engarde-tournament-create-variant-name = variante
cmd-engarde-tournament-create-variant-description = Variante des règles (par défaut : celle du serveur)
cmd-engarde-tournament-create-hits-name = touches
cmd-engarde-tournament-create-hits-description = Touches ou points pour gagner : En Garde, Kengo 1 à 15 (5 par défaut) ; Ready... Fence! 5, 10, 15
cmd-engarde-tournament-create-rounds-name = rondes
cmd-engarde-tournament-create-rounds-description = Suisse : nombre de rondes (par défaut : selon le nombre de joueurs)
cmd-engarde-tournament-create-double-name = aller-retour
cmd-engarde-tournament-create-double-description = Toutes-rondes : chacun rencontre chacun deux fois, une fois de chaque côté
cmd-engarde-tournament-create-turn-time-name = temps-par-coup
cmd-engarde-tournament-create-turn-time-description = Temps pour chaque coup, ex. 12h, 2d (par défaut : celui du serveur)
cmd-engarde-tournament-create-round-time-name = durée-de-ronde
cmd-engarde-tournament-create-round-time-description = Durée maximale d'une ronde, ex. 7d (par défaut : 7 jours)
cmd-engarde-tournament-create-rated-name = classé
cmd-engarde-tournament-create-rated-description = Les matchs comptent-ils pour le classement ? (par défaut : oui)
cmd-engarde-tournament-create-away-name = absences
cmd-engarde-tournament-create-away-description = Les joueurs peuvent-ils s'absenter ? Leurs pendules s'arrêtent et la ronde attend (par défaut : non)
cmd-engarde-tournament-create-max-players-name = joueurs-max
cmd-engarde-tournament-create-max-players-description = Nombre maximal de joueurs, de 3 à 64 (par défaut : 64)
cmd-engarde-tournament-create-signup-name = inscriptions
cmd-engarde-tournament-create-signup-description = Durée des inscriptions, ex. 1d (par défaut : 1 jour)
cmd-engarde-tournament-start-name = lancer
cmd-engarde-tournament-start-description = Lancer un tournoi sans attendre la fin des inscriptions (organisateurs).
cmd-engarde-tournament-start-event-name = tournoi
cmd-engarde-tournament-start-event-description = Le numéro du tournoi (par défaut : le dernier du serveur)
cmd-engarde-tournament-join-name = rejoindre
cmd-engarde-tournament-join-description = S'inscrire à un tournoi.
cmd-engarde-tournament-join-event-name = tournoi
cmd-engarde-tournament-join-event-description = Le numéro du tournoi (par défaut : le dernier du serveur)
cmd-engarde-tournament-leave-name = quitter
cmd-engarde-tournament-leave-description = Quitter un tournoi (une fois lancé, vos parties restantes sont perdues).
cmd-engarde-tournament-leave-event-name = tournoi
cmd-engarde-tournament-leave-event-description = Le numéro du tournoi (par défaut : le dernier du serveur)
cmd-engarde-tournament-standings-name = classement
cmd-engarde-tournament-standings-description = Le classement d'un tournoi.
cmd-engarde-tournament-standings-event-name = tournoi
cmd-engarde-tournament-standings-event-description = Le numéro du tournoi (par défaut : le dernier du serveur)
cmd-engarde-tournament-standings-page-name = page
cmd-engarde-tournament-standings-page-description = Quelle page (par défaut : la première)
cmd-engarde-tournament-mine-name = ma-partie
cmd-engarde-tournament-mine-description = Votre appariement en cours ou à venir dans un tournoi.
cmd-engarde-tournament-mine-event-name = tournoi
cmd-engarde-tournament-mine-event-description = Le numéro du tournoi (par défaut : le dernier du serveur)
cmd-engarde-tournament-remove-name = retirer
cmd-engarde-tournament-remove-description = Retirer un joueur d'un tournoi (organisateurs).
cmd-engarde-tournament-remove-player-name = joueur
cmd-engarde-tournament-remove-player-description = Le joueur à retirer
cmd-engarde-tournament-remove-event-name = tournoi
cmd-engarde-tournament-remove-event-description = Le numéro du tournoi (par défaut : le dernier du serveur)
cmd-engarde-tournament-pause-name = pause
cmd-engarde-tournament-pause-description = Mettre un tournoi en pause : ses pendules s'arrêtent (organisateurs).
cmd-engarde-tournament-pause-event-name = tournoi
cmd-engarde-tournament-pause-event-description = Le numéro du tournoi (par défaut : le dernier du serveur)
cmd-engarde-tournament-resume-name = reprendre
cmd-engarde-tournament-resume-description = Reprendre un tournoi en pause (organisateurs).
cmd-engarde-tournament-resume-event-name = tournoi
cmd-engarde-tournament-resume-event-description = Le numéro du tournoi (par défaut : le dernier du serveur)
cmd-engarde-tournament-cancel-name = annuler
cmd-engarde-tournament-cancel-description = Annuler un tournoi : ses matchs en cours sont interrompus (organisateurs).
cmd-engarde-tournament-cancel-event-name = tournoi
cmd-engarde-tournament-cancel-event-description = Le numéro du tournoi (par défaut : le dernier du serveur)
cmd-engarde-admin-tournament-role-name = rôle-tournois
cmd-engarde-admin-tournament-role-description = Le rôle dont les membres organisent les tournois (aucun : les gestionnaires du serveur).
cmd-engarde-admin-tournament-role-role-name = rôle
cmd-engarde-admin-tournament-role-role-description = Le rôle (laisser vide pour le retirer)

## L'annonce et les messages du tournoi.

tournament-format-swiss = système suisse
tournament-format-swiss-rounds = système suisse en { $rounds } rondes
tournament-format-round-robin = toutes-rondes
tournament-format-double-round-robin = toutes-rondes aller-retour
tournament-state-signup = Fin des inscriptions { $closes }.
tournament-state-running = Ronde { $round } en cours, jusqu'à { $due }.
tournament-state-paused = En pause pendant la ronde { $round }.
tournament-state-finished = Le tournoi est terminé.
tournament-state-cancelled = Le tournoi a été annulé.
tournament-no-players-yet = personne pour l'instant
tournament-more-players = et { $count } autres
tournament-announcement = 🏆 **{ $name }** (tournoi n° { $id })
    { $variant }, { $format } ; { $turn } par coup, { $round } par ronde ; { $rated ->
        [yes] classé
       *[no] non classé
    }.
    Joueurs ({ $count }/{ $max }) : { $players }
    { $state }
tournament-button-join = Rejoindre
tournament-button-leave = Quitter
tournament-thread-event = { $name }
tournament-thread-match = { $name } · R{ $round } : { $a } contre { $b }
tournament-round-started = **{ $name } : la ronde { $round }** commence ; elle se termine { $due }.
tournament-pairing-line = • { $a } contre { $b } (match n° { $id })
tournament-forfeit-line = • { $winner } gagne par forfait ({ $gone } s'est retiré)
tournament-bye-line = • { $name } est exempt (un point)
tournament-rest-line = • { $name } ne joue pas cette ronde
tournament-tiebreak-swiss = Buchholz { $buchholz } · SB { $sb }
tournament-tiebreak-round-robin = SB { $sb } · confrontation directe { $h2h }
tournament-withdrawn-mark = {" "}(retiré)
tournament-standing-line = `{ $rank }.` { $name }{ $withdrawn } : **{ $points }** ({ $wins }-{ $draws }-{ $losses }) · { $tiebreak }
tournament-standings-header = **{ $name } : classement après la ronde { $round }**
tournament-standings-final = **{ $name } : classement final**
tournament-standings-page = Page { $page } sur { $pages }
tournament-podium = 🏆 **{ $name }** est terminé !
    🥇 { $first }
    🥈 { $second }
    🥉 { $third }
tournament-history-event = { $name }, ronde { $round }
tournament-stats = Tournois : { $played } disputés, meilleure place : { $best }
tournament-cancelled = **{ $name }** a été annulé.
tournament-cancelled-too-few = **{ $name }** a été annulé : trop peu d'inscrits.

## Réponses aux joueurs et aux organisateurs.

tournament-created = Le tournoi n° { $id }, **{ $name }**, est ouvert aux inscriptions.
tournament-started = **{ $name }** a commencé.
tournament-paused = **{ $name }** est en pause : ses pendules sont arrêtées.
tournament-resumed = **{ $name }** a repris.
tournament-removed = { $player } a été retiré de **{ $name }**.
tournament-role-set = Les membres ayant le rôle { $role } peuvent désormais organiser des tournois.
tournament-role-cleared = Seuls les gestionnaires du serveur peuvent désormais organiser des tournois.
tournament-joined = Vous êtes inscrit à **{ $name }**.
tournament-joined-late = Vous avez rejoint **{ $name }** : vous serez apparié à partir de la ronde { $round }.
tournament-left-signup = Votre inscription à **{ $name }** est retirée.
tournament-left-withdrawn = Vous vous êtes retiré de **{ $name }** : vos parties restantes sont perdues.
tournament-mine-signed-up = Vous êtes inscrit à **{ $name }** ; fin des inscriptions { $closes }.
tournament-mine-playing = **{ $name }**, ronde { $round } : vous affrontez { $opponent } (match n° { $id }).
tournament-mine-waiting = **{ $name }** : votre partie de la ronde { $round } est terminée ; attendez la ronde suivante.
tournament-mine-bye = **{ $name }** : vous ne jouez pas la ronde { $round }.
tournament-mine-late = **{ $name }** : vous serez apparié à partir de la ronde { $round }.
tournament-mine-withdrawn = Vous vous êtes retiré de **{ $name }**.
tournament-mine-over = **{ $name }** est terminé.
tournament-mine-over-rank = **{ $name }** est terminé : vous finissez { $rank ->
        [1] premier
        [2] deuxième
        [3] troisième
       *[other] à la place { $rank }
    }.

## Refus.

tournament-error-not-manager = Seuls les gestionnaires du serveur (ou le rôle des tournois du serveur) peuvent faire cela.
tournament-error-not-found = Ce tournoi n'existe pas sur ce serveur.
tournament-error-none = Aucun tournoi sur ce serveur pour l'instant.
tournament-error-name = Le nom d'un tournoi doit faire de 1 à { $max } caractères, sur une seule ligne.
tournament-error-duration-unreadable = Je n'ai pas compris la durée `{ $input }` : écrivez-la comme 30m, 12h ou 7d.
tournament-error-round-time = Une ronde doit durer entre { $min } et { $max }.
tournament-error-signup-time = Les inscriptions doivent rester ouvertes entre { $min } et { $max }.
tournament-error-max-players = Le nombre maximal de joueurs doit être compris entre 3 et { $max }.
tournament-error-rounds = Un système suisse compte de 1 à { $max } rondes.
tournament-error-round-shorter-than-turn = Une ronde ne peut pas être plus courte que le temps d'un coup.
tournament-error-bot = Les bots ne peuvent pas jouer en tournoi.
tournament-error-already-in = Vous êtes déjà inscrit.
tournament-error-left = Vous avez quitté ce tournoi ; vous ne pouvez pas le rejoindre à nouveau.
tournament-error-closed = Ce tournoi n'accepte plus de nouveaux joueurs.
tournament-error-full = Ce tournoi est complet.
tournament-error-over = Ce tournoi est terminé.
tournament-error-not-in = Vous ne jouez pas dans ce tournoi.
tournament-error-not-entrant = Ce joueur ne participe pas à ce tournoi.
tournament-error-already-started = Ce tournoi a déjà commencé.
tournament-error-too-few = Il faut au moins 3 joueurs pour lancer un tournoi.
tournament-error-not-running = Ce tournoi n'est pas en cours.
tournament-error-not-paused = Ce tournoi n'est pas en pause.
