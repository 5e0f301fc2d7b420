## Saisons du classement (src/service/seasons.rs, src/discord/commands/seasons.rs).

cmd-engarde-leaderboard-season-name = saison
cmd-engarde-leaderboard-season-description = Le classement d'une saison (par défaut : le classement de tous les temps)
cmd-engarde-admin-config-seasons-name = saisons
cmd-engarde-admin-config-seasons-description = Saisons du classement : aucune, mensuelles ou trimestrielles (calendrier, UTC)
cmd-engarde-admin-season-name = saison
cmd-engarde-admin-season-description = Les saisons du classement menées à la main (quand les saisons automatiques sont désactivées).
cmd-engarde-admin-season-start-name = commencer
cmd-engarde-admin-season-start-description = Commencer une saison maintenant : un classement tout neuf jusqu'à ce que vous la terminiez.
cmd-engarde-admin-season-start-name-name = nom
cmd-engarde-admin-season-start-name-description = Le nom de la saison (32 caractères au plus)
cmd-engarde-admin-season-end-name = terminer
cmd-engarde-admin-season-end-description = Terminer la saison maintenant ; son podium est publié.

season-mode = { $mode ->
    [monthly] mensuelles (mois civils, UTC)
    [quarterly] trimestrielles (trimestres civils, UTC)
   *[off] désactivées
}
admin-settings-seasons = • Saisons du classement : { $mode } · { $current }
season-none-running = aucune saison en cours
season-running-until = saison **{ $season }**, jusqu'au <t:{ $end }:f>
season-running = saison **{ $season }**, depuis le <t:{ $start }:f>, jusqu'à ce qu'un administrateur la termine
season-started = ✅ La saison **{ $season }** a commencé : chaque match classé qui se termine désormais compte aussi dans son propre classement, où tout le monde repart de zéro. Terminez-la avec `/engarde-admin season end`.
season-ended = ✅ La saison **{ $season }** est terminée ; son podium sera publié dans un instant.

season-ladder-title = 🏆 Saison { $season } · { $board }
season-stats-finishes = Classements de fin de saison :
season-stats-finish = • { $season }, { $game } : **n° { $rank }** sur { $of } ({ $rating })

season-over = 🏁 **La saison { $season } est terminée !** Bravo au podium :
season-podium-game = **{ $game }**
season-podium-line = { $medal } { $mention } · **{ $rating }** · { $games ->
    [one] { $games } match
   *[other] { $games } matchs
}
season-podium-more = Tout le classement : `/engarde leaderboard season:{ $season }`

error-season-mode = `{ $input }` n'est pas un réglage de saisons : choisissez off, monthly ou quarterly dans la liste.
error-season-name = Le nom d'une saison compte de 1 à { $max } caractères, sur une ligne, sans accent grave (`).
error-season-name-taken = Ce serveur a déjà eu une saison nommée **{ $name }** : choisissez un autre nom.
error-season-unknown = Ce serveur n'a pas de saison nommée `{ $name }` : choisissez dans la liste.
error-season-gone = Cette saison n'existe plus.
error-season-automatic = Les saisons sont automatiques ici (mensuelles ou trimestrielles) : désactivez `seasons` dans `/engarde-admin config` pour les mener à la main.
error-season-running = La saison **{ $name }** est en cours : terminez-la d'abord.
error-season-manual-running = La saison **{ $name }**, commencée à la main, est toujours en cours : terminez-la d'abord avec `/engarde-admin season end`.
error-season-none = Aucune saison n'est en cours.
error-season-ends-itself = La saison **{ $name }** se termine d'elle-même avec son mois ou son trimestre. Pour arrêter les saisons, désactivez `seasons` dans `/engarde-admin config`.
