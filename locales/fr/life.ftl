# Absences, heures calmes et réglages de chaque utilisateur (ticket 28).

## Commandes

cmd-engarde-away-name = absence
cmd-engarde-away-description = Absence : vos pendules s'arrêtent dans toutes vos parties de ce serveur
cmd-engarde-away-start-name = début
cmd-engarde-away-start-description = Partir un moment : vos pendules s'arrêtent et personne ne vous notifie
cmd-engarde-away-start-until-name = jusqu-à
cmd-engarde-away-start-until-description = Combien de temps ou jusqu'à quand, p. ex. 3d, 36h, 2026-12-24 ou 2026-12-24T18:00
cmd-engarde-away-end-name = fin
cmd-engarde-away-end-description = Revenir maintenant : vos pendules repartent
cmd-engarde-settings-name = préférences
cmd-engarde-settings-description = Vos propres réglages : langue, heures calmes, fuseau horaire, récapitulatifs
cmd-engarde-settings-language-name = langue
cmd-engarde-settings-language-description = La langue dans laquelle je vous parle (par défaut : celle de Discord)
cmd-engarde-settings-language-choice-discord = Ma langue Discord
cmd-engarde-settings-quiet-hours-name = heures-calmes
cmd-engarde-settings-quiet-hours-description = Heures sans notification, p. ex. 22:00-08:00 (off : aucune)
cmd-engarde-settings-timezone-name = fuseau-horaire
cmd-engarde-settings-timezone-description = Votre fuseau horaire, p. ex. Europe/Paris (par défaut : UTC)
cmd-engarde-settings-digest-name = récapitulatif
cmd-engarde-settings-digest-description = Un seul rappel listant toutes vos parties en attente (non : un par partie)
cmd-engarde-admin-config-away-allowance-name = absence-autorisée
cmd-engarde-admin-config-away-allowance-description = Jours d'absence qu'un joueur peut prendre sur 90 jours (14 par défaut)

## Réponses

life-away-started = 🏖️ Vous voilà en congé jusqu'au { $until } : vos pendules sont arrêtées et personne ne vous notifie. Absences sur les 90 derniers jours : { $used } sur { $allowance }.
life-away-ended = 👋 Bon retour : vos pendules repartent. { $moved ->
    [0] Aucune échéance n'avait à bouger.
    [one] Une échéance a été repoussée de la durée de votre absence.
   *[other] { $moved } échéances ont été repoussées de la durée de votre absence.
} Absences sur les 90 derniers jours : { $used } sur { $allowance }.
life-settings = **Vos réglages En Garde**
    • Langue : { $language }
    • Heures calmes : { $quiet }
    • Fuseau horaire : { $timezone }
    • Rappels de plusieurs parties : { $digest ->
        [yes] en un seul récapitulatif
       *[no] un par partie
    }
    • Absence sur ce serveur : { $away }
life-settings-language-discord = votre langue Discord
life-settings-quiet-none = aucune
life-settings-away-until = jusqu'au { $until }
life-settings-away-none = présent
life-admin-allowance = • Absence autorisée : { $allowance } sur 90 jours

## Plateaux et défis

life-board-away = 🏖️ { $name } est en congé, de retour { $until } : sa pendule est arrêtée.
life-challenge-away = 🏖️ { $name } est en congé, de retour { $until } ; le défi peut tout de même être accepté.

## Refus

life-error-away-past = Ce moment est passé : donnez une durée comme `3d`, ou une date à venir.
life-error-allowance = C'est plus d'absence que ce serveur n'en permet ({ $allowance } sur 90 jours) : il vous reste { $left }.
life-error-allowance-range = L'absence autorisée doit être comprise entre { $min } et { $max }.
life-error-not-away = Vous n'êtes pas en congé sur ce serveur.
life-error-until-unreadable = Je ne comprends pas `{ $input }` : essayez `3d`, `36h`, `2026-12-24` ou `2026-12-24T18:00`.
life-error-timezone = `{ $input }` n'est pas un fuseau horaire que je connais : choisissez-en un dans la liste, p. ex. `Europe/Paris`.
life-error-quiet-unreadable = Je ne comprends pas `{ $input }` comme heures calmes : écrivez-les comme `22:00-08:00`, ou `off`.
life-error-quiet-empty = Les heures calmes `{ $input }` commencent et finissent à la même heure : écrivez-les comme `22:00-08:00`.
