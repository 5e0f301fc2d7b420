# Mots communs à tous les jeux : cadres des plateaux, états, boutons.

common-aborted-by = 🛑 Le match n° { $id } a été annulé par { $admin }. Il ne compte pas.
common-timeout-loses = ⏰ **{ $name }** a laissé passer le délai et perd le match au temps.
common-wins-match = 🏆 **{ $name }** remporte le match !
common-called-off = ⏰ Aucun des deux joueurs n'était prêt à temps : le match est annulé et ne compte pour personne.
common-you-accepted-draw = Vous avez accepté le match nul.

## Titres des variantes

variant-engarde-basic = En Garde (initiation)
variant-engarde-standard = En Garde (standard)
variant-engarde-advanced = En Garde (avancé)
variant-kengo-basic = Kengo (initiation)
variant-kengo-normal = Kengo (normal)
variant-kengo-advanced = Kengo (avancé)
variant-forteresse = Forteresse
variant-ready-fence-tutorial = Ready... Fence! (didacticiel)
variant-ready-fence-basic = Ready... Fence! (base)
variant-ready-fence-advanced = Ready... Fence! (avancé)

## Durées

common-days = { $n ->
    [one] { $n } jour
   *[other] { $n } jours
}
common-hours = { $n ->
    [one] { $n } heure
   *[other] { $n } heures
}
common-minutes = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}

## Nuls, abandons et messages privés

draw-offered = Vous avez proposé le nul ; la question est posée à { $name }.
draw-both-offered = Votre adversaire avait aussi proposé le nul : le match est nul.
draw-was-declined = La proposition de nul a été refusée.
draw-agreed = 🤝 Match nul accepté dans le match n° { $id }.
draw-declined = { $name } a refusé le nul dans le match n° { $id }. Le combat continue !
hand-board-out-of-date = Ce plateau n'est plus à jour ; voici le match maintenant.
hand-prompt-out-of-date = Ce message n'est plus à jour ; voici le match maintenant.
resign-confirm = Abandonner le match n° { $id } ? Votre adversaire remportera le match.
resign-cancelled = En garde, on continue ! 🤺

## Plateaux

board-both = { $a } et { $b }
board-prompt = { $who }, { $what }.
board-status-aborted = 🛑 Annulé
board-status-won = 🏆 { $name } remporte le match
board-status-drawn = 🤝 Match nul
board-status-to-act = À jouer : { $names }
board-status-to-act-due = À jouer : { $names } · avant { $due }
board-field-practice = Entraînement
board-practice = contre { $bot } ({ $level }) · non classé
board-field-status = État
board-button-offer-draw = Proposer le nul
board-button-resign = Abandonner
board-button-hand = Ma main
board-button-fortress = Placer ma forteresse
board-button-fire = Tirer
board-button-cards = Mes cartes
board-button-rematch = Revanche
board-button-record = Feuille de match
board-title = n° { $id } · { $title } · { $terms }
practice-level-easy = facile
practice-level-medium = moyen
practice-level-hard = difficile
hand-board-link = [↩ Le plateau]({ $url })
thread-name = n° { $id } { $a } contre { $b }

## Propositions de nul

draw-offer = 🤝 { $name } propose le nul dans le match n° { $id }. { $to }, acceptez-vous ? (Un coup joué retire la proposition.)
draw-button-accept = Accepter le nul
draw-button-decline = Refuser

## Rappels

reminder-one = ⏳ { $who }, rappel : votre coup contre { $opponent } dans le match n° { $id } est attendu { $due }.{ $link }
reminder-many = ⏳ { $who }, { $count ->
    [one] { $count } match attend
   *[other] { $count } matchs attendent
} votre coup :
reminder-item = • n° { $id } contre { $opponent }, échéance { $due }{ $link }
reminder-more = …et { $count ->
    [one] { $count } autre
   *[other] { $count } autres
} : voir `/engarde matches`.

## Défis

challenge-text = ⚔️ { $challenger } défie { $challenged } à **{ $variant }**, { $terms }, { $turn } par coup.
    { $challenged }, acceptez-vous ? (Expire { $expires }.)
challenge-button-accept = Accepter
challenge-button-decline = Refuser
challenge-button-withdraw = Retirer
challenge-accepted = ✅ { $to } a accepté le défi { ELIDE("de", $from) }{ $from } : le match n° { $id } · { $variant } commence.
challenge-declined = { $to } a refusé le défi { ELIDE("de", $from) }{ $from }.
challenge-expired = ⌛ Le défi { ELIDE("de", $from) }{ $from } à { $to } a expiré sans réponse.
challenge-withdrawn = { $from } a retiré son défi à { $to }.

## La liste des matchs d'un joueur

matches-none = Vous n'avez aucun match en cours sur ce serveur. Lancez-en un avec `/engarde challenge`.
matches-title = **Vos matchs en cours**
matches-item = • n° { $id } contre { $opponent } · { $variant } · { $a } – { $b } · { $turn }{ $link }
matches-your-move = **à vous de jouer**
matches-waiting = en attente
rematch-sent = ⚔️ Revanche : votre défi à { $name } est publié dans le salon.
rematch-practice = 🤖 Un nouveau match d'entraînement, n° { $id }, commence.
spectator-watching = 👀 Vous suivez le match n° { $id }.
spectator-how-to-play = Pour jouer vous-même, défiez quelqu'un avec `/engarde challenge`, ou entraînez-vous contre moi avec `/engarde practice`.
