# Texte alternatif des images (src/present/picture) : ce que montre chaque image, en mots.

picture-seat-a = bleu
picture-seat-b = orange
picture-none = aucune

picture-engarde-board = La piste : l'escrimeur bleu sur la case { $blue }, l'escrimeur orange sur la case { $orange }, distance { $distance }. Touches : bleu { $blue_hits }, orange { $orange_hits }, { $hits } pour gagner. Pioche : { $pile } cartes.
picture-engarde-attack = { $attacker } attaque avec { $count } × { $card } ; { $defender } doit répondre.
picture-engarde-played = Cartes jouées à l'instant : { $cards }.
picture-engarde-hand = Votre main : { $cards }. Les cartes qui valent la distance ({ $distance }) sont surélevées.

picture-forteresse-board = Manche { $round } sur 2. À gauche, ce que bleu sait de la forteresse d'orange ; à droite, ce qu'orange sait de celle de bleu. Assiégés tués : bleu { $blue_kills }, orange { $orange_kills } sur 5. Score : bleu { $blue_score }, orange { $orange_score }.
picture-forteresse-shot = Dernier tir, en évidence : { $seat } depuis { $cell } vers { $dir }, { $weapon }.
picture-forteresse-prompt = À gauche, votre forteresse : { $walls } murs et { $besieged } assiégés encore debout. À droite, ce que vous savez de la forteresse adverse.
picture-forteresse-aim = La grille adverse. Depuis { $cell }, vous pouvez tirer vers { $dirs }.

picture-readyfence-board = La piste : bleu sur le bloc { $blue }, orange sur le bloc { $orange }, { $distance }. Score : bleu { $blue_score }, orange { $orange_score }, { $target } pour gagner. Endurance : bleu { $blue_sp }, orange { $orange_sp }. Chrono : { $timer } cartes.
picture-readyfence-guards = Armes : bleu { $blue }, orange { $orange }.
picture-readyfence-phrase = Phrase d'armes en cours : { $steps }.
picture-readyfence-hand = Votre main, le coût d'endurance de chaque carte entre parenthèses : { $cards }.

picture-reveal-hands = Position finale, mains révélées : bleu { $blue } ; orange { $orange }.
picture-reveal-forteresse = Les deux forteresses de chaque manche telles qu'elles ont fini, avec les dégâts et les cases d'où sont partis les tirs. Score final : bleu { $blue }, orange { $orange }.
picture-replay = Rejeu animé du match, { $frames } images.
