"""English sentences of the joker view (``JokerExercise``, lesson 10: K-JOKER-1..4, K-MELD-5)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "joker.button.swap": "Swap for the joker",
    "joker.instructions": (
        "Pick tiles from your rack or from any set (click, or Tab, the arrow keys and Space), then "
        "press a set's Move button, or drag them there. To swap a joker out, pick it and the tile "
        "it stands for, then press Swap for the joker."
    ),
    "joker.off.swap": (
        "To swap a joker out, pick the joker on the table and the tile from your rack it stands "
        "for, and nothing else."
    ),
    "joker.swapped": (
        "{tiles} took the joker's place in {set_name}. The joker is free and picked: play it on the "
        "table this turn, it can't go to your rack."
    ),
    "joker.swap_not_needed": (
        "This joker was not on the table when your turn began: move it where you like, no swap "
        "needed."
    ),
    "joker.wrong_tile": (
        "{tiles} does not free the joker in {set_name}: the joker stands for {stand_ins}, and only "
        "that tile from your rack may take its place."
    ),
    # a refusal in the engine's words, then the sentence answering the misconception behind it
    "joker.refused_why": "{refused} {why}",
    "joker.why.to_rack": (
        "A joker taken from the table is never yours to keep: swap it out and play it again at once."
    ),
    "joker.why.break_up": (
        "While its joker is in it, that set only grows: add tiles at its ends (or a missing "
        "colour), or first free the joker with the tile it stands for."
    ),
    "joker.why.not_replaced": (
        "Put the tile it stands for from your rack into the set first, or pick both and press "
        "Swap for the joker."
    ),
    "joker.why.trio_both": (
        "With this edition's rule one tile is not enough: add both missing colours from your rack."
    ),
    "joker.asked": "Which tile does this joker stand for?",
    "joker.choices_label": "Your answer: the tile the joker stands for",
    "joker.pick_a_choice": "Pick the tile you think the joker stands for, below the table.",
    "joker.stands_right": "Right: the joker in {set_name} stands for {tile}.",
    "joker.stands_right_group": (
        "Right: in {set_name} the joker stands for a missing colour, {tiles}, so {tile} is one "
        "answer."
    ),
    "joker.stands_other": (
        "{tile} would make a valid set too, but this joker was laid standing for {stands} and keeps "
        "standing for it."
    ),
    "joker.stands_wrong": "Not {tile}: with it in the joker's place, {why}",
    "joker.hint.nudge.stands": (
        "A joker stands for the tile missing where it lies: look at its neighbours (see {rules} in the rule book)."
    ),
    "joker.hint.nudge.swap": (
        "Find the tile on your rack that the joker stands for: it frees the joker, which must then "
        "be played at once (see {rules} in the rule book)."
    ),
    "joker.hint.nudge.place_all": (
        "A set holding a joker may grow at its ends, or a freed joker may start a new set (see {rules} in the rule book)."
    ),
    "joker.hint.nudge.place": "A set holding a joker may grow, but not lose a tile (see {rules} in the rule book).",
    "joker.hint.nudge.place_most": "A set holding a joker may grow, but not lose a tile (see {rules} in the rule book).",
    "joker.hint.nudge.penalty": "A turn is judged when it ends (see {rules} in the rule book).",
    "joker.hint.answer_stands": "The joker stands for {tiles}.",
    # K-CARDS-1: the same sentences when Rummikub is played with two card decks
    "joker.instructions.cards": (
        "Pick cards from your hand or from any set (click, or Tab, the arrow keys and Space), then "
        "press a set's Move button, or drag them there. To swap a joker out, pick it and the card "
        "it stands for, then press Swap for the joker."
    ),
    "joker.off.swap.cards": (
        "To swap a joker out, pick the joker on the table and the card from your hand it stands "
        "for, and nothing else."
    ),
    "joker.swapped.cards": (
        "{tiles} took the joker's place in {set_name}. The joker is free and picked: play it on the "
        "table this turn, it can't go to your hand."
    ),
    "joker.wrong_tile.cards": (
        "{tiles} does not free the joker in {set_name}: the joker stands for {stand_ins}, and only "
        "that card from your hand may take its place."
    ),
    "joker.why.break_up.cards": (
        "While its joker is in it, that set only grows: add cards at its ends (or a missing "
        "colour), or first free the joker with the card it stands for."
    ),
    "joker.why.not_replaced.cards": (
        "Put the card it stands for from your hand into the set first, or pick both and press "
        "Swap for the joker."
    ),
    "joker.why.trio_both.cards": (
        "With this edition's rule one card is not enough: add both missing colours from your hand."
    ),
    "joker.asked.cards": "Which card does this joker stand for?",
    "joker.choices_label.cards": "Your answer: the card the joker stands for",
    "joker.pick_a_choice.cards": "Pick the card you think the joker stands for, below the table.",
    "joker.hint.nudge.stands.cards": (
        "A joker stands for the card missing where it lies: look at its neighbours (see {rules} in "
        "the rule book)."
    ),
    "joker.hint.nudge.swap.cards": (
        "Find the card in your hand that the joker stands for: it frees the joker, which must then "
        "be played at once (see {rules} in the rule book)."
    ),
    "joker.hint.nudge.place.cards": (
        "A set holding a joker may grow, but not lose a card (see {rules} in the rule book)."
    ),
    "joker.hint.nudge.place_most.cards": (
        "A set holding a joker may grow, but not lose a card (see {rules} in the rule book)."
    ),
}
