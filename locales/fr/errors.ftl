# Refus et excuses : courts, jamais de trace d'exécution.

error-challenge-self = Vous ne pouvez pas vous défier vous-même.
error-challenge-bot = Les bots ne relèvent pas les défis : défiez une personne, ou entraînez-vous contre moi avec `/engarde practice`.
error-practice-no-draw = Le bot d'entraînement n'accepte pas le nul : continuez le combat, ou abandonnez pour arrêter.
error-already-playing = Vous avez déjà un match en cours avec { $name } (match n° { $id }).
error-challenge-pending = Un défi est déjà en attente entre vous et { $name }.
error-challenge-not-found = Ce défi n'existe plus.
error-not-for-you = Ce défi ne vous est pas adressé.
error-challenge-accepted = Ce défi a déjà été accepté.
error-challenge-declined = Ce défi a été refusé.
error-challenge-withdrawn = Ce défi a été retiré.
error-challenge-expired = Ce défi a expiré.
error-challenge-closed = Ce défi est clos.
error-match-not-found = Il n'y a pas de match n° { $id } sur ce serveur.
error-no-match = Vous n'avez aucun match en cours ici.
error-several-matches = Vous avez plusieurs matchs en cours : choisissez-en un avec l'option `match`.
error-not-in-match = Vous ne jouez pas dans ce match.
error-rematch-too-early = Ce match est encore en cours : la revanche viendra quand il sera fini.
error-match-over = Ce match est terminé.
error-stale = Ce n'est plus à jour : le match a avancé.
error-stale-link = Ce n'est plus à jour : le match a avancé. Le plateau actuel : { $url }
error-not-your-turn = Ce n'est pas votre tour : on attend { $name }.
error-illegal = Ce coup n'est pas permis : { $why }.
error-already-applied = C'est déjà fait.
error-not-a-move = Ce n'est pas un coup que vous pouvez jouer ici.
error-draw-lapsed = Cette proposition de nul a expiré : un coup a été joué, ou elle a reçu une réponse.
error-deadline-passed = Trop tard : le temps pour ce coup est écoulé, et le match est perdu au temps.
error-no-challenge = Vous n'avez aucun défi en attente à retirer ici.
error-not-admin = Seuls les membres qui peuvent gérer ce serveur peuvent faire cela.
error-internal = Désolé, un problème est survenu de notre côté. Réessayez dans un instant.
# La base de données est hors d'atteinte un moment (arrêtée, disque plein) : le clic n'a rien changé.
error-unavailable = Le bot n'a pas accès à ses données pour l'instant : rien n'a été modifié. Réessayez dans un instant.
error-guild-only = Cette commande fonctionne dans un salon de serveur, pas en messages privés.
error-option-unreadable = Je n'ai pas pu lire cette option : `{ $input }`.
error-option-missing = Une option manque ou n'a pas pu être lue.
error-turn-time-range = Le temps par coup doit être compris entre { $min } et { $max }.
error-challenge-expiry-range = La durée d'un défi doit être comprise entre { $min } et { $max }.
error-turn-time-unreadable = Je n'ai pas pu lire le temps par coup `{ $input }` : écrivez-le comme 30m, 12h ou 2d.
error-challenge-expiry-unreadable = Je n'ai pas pu lire la durée du défi `{ $input }` : écrivez-la comme 30m, 12h ou 2d.
error-rules-do-not-fit = Ces règles ne conviennent pas à { $variant } : { $why }.
error-export-unfinished = Le match n° { $id } est encore en cours : son enregistrement pourra être exporté une fois terminé.
error-unknown-board = Il n'y a pas de jeu ni de variante `{ $name }` : choisissez dans la liste.
error-unknown-variant = Il n'y a pas de variante `{ $name }` : choisissez dans la liste.
error-bot-has-no-record = Les bots ne font pas d'escrime : ils n'ont pas de palmarès.
error-invalid-button = Ce bouton n'est pas (ou plus) valide.
error-invalid-choice = Ce choix n'est pas valide.

## Pourquoi les règles refusent un coup (ids nommés par l'IllegalMove du crate des règles)
rules-wrong-game = ce n'est pas un coup { ELIDE("de", $game) }{ $game }
rules-match-over = le match est terminé
rules-not-your-decision = ce n'est pas à vous de décider maintenant
rules-must-answer-attack = vous devez d'abord répondre à l'attaque : parer, reculer ou encaisser la touche
rules-no-attack-to-answer = il n'y a pas d'attaque à laquelle répondre
rules-not-in-hand = vous n'avez pas { $cards } en main
rules-no-cards = il faut au moins une carte
rules-advance-too-far = impossible d'avancer de { $card } : l'adversaire est à { $distance } cases et vous ne pouvez ni l'atteindre ni le dépasser
rules-retreat-off-piste = impossible de reculer de { $card } : vous sortiriez de la piste
rules-wrong-attack-value = impossible d'attaquer avec un { $card } : une attaque demande des cartes égales à la distance, { $distance }
rules-too-many-attack-cards = cette attaque ne peut utiliser qu'une carte
rules-no-lunge-at-this-level = avancer et attaquer (la fente) n'existe que dans le jeu avancé
rules-parry-mismatch = la parade ne correspond pas à l'attaque
rules-retreat-not-allowed = on ne peut reculer que devant une fente ; parez ou encaissez la touche
rules-pile-too-short = la pioche n'a plus assez de cartes pour compléter votre main après cela
rules-stopped-all-killed = vous avez cessé de tirer pour cette manche : vous avez tué les 5 assiégés
rules-stopped-no-cells-left = vous avez cessé de tirer pour cette manche : vous avez utilisé vos 24 cases de tir
rules-setups-pending = aucun tir avant que les deux forteresses soient placées
rules-already-set-up = vous avez déjà placé votre forteresse pour cette manche
rules-setup-wall-count = une forteresse compte exactement 10 murs (celle-ci en a { $count })
rules-setup-besieged-count = une forteresse compte exactement 5 assiégés (celle-ci en a { $count })
rules-setup-outside-fortress = { $cell } n'est pas dans la forteresse : murs et assiégés vont de B2 à F6
rules-setup-repeated = { $cell } est utilisée deux fois : chaque case porte un mur ou un assiégé
rules-setup-unreachable = l'assiégé en { $cell } serait hors d'atteinte de tout tir, ce que ce match interdit
rules-not-a-ring-cell = { $cell } n'est pas une case de tir : on tire depuis les colonnes A et G et les lignes 1 et 7
rules-cell-used = { $cell } a déjà servi dans cette manche
rules-bad-direction = { $cell } { $dir } ne vise pas la forteresse : depuis { $cell }, { $ways ->
    [one] la seule direction possible est { $legal }
   *[other] les directions possibles sont { $legal }
}
rules-card-not-held = vous n'avez pas de { $card }
rules-not-now = ce choix n'est pas permis maintenant ({ $stage ->
    [mulligan] décision de mulligan
    [turn] votre tour
    [free_swap] échange gratuit du tutoriel
    [answer] votre réponse dans la phrase
    [renew_feint] choix de reprise ou de feinte
    [glide] choix d'une riposte en glissé
   *[end] fin de l'assaut
})
