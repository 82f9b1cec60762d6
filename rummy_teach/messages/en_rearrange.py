"""English sentences of the rearrange view (``RearrangeExercise``, lesson 9: K-TURN-1..3)."""

from __future__ import annotations

from rummy_teach.messages.plural import Plural

MESSAGES: dict[str, str | Plural] = {
    "rearrange.rack": "Your rack",
    "rearrange.instructions": (
        "Click or tap tiles (or use Tab, the arrow keys and Space) to pick them from your rack or "
        "from any set, then press a set's Move button, or drag them there. Each set says at once "
        "whether it is valid."
    ),
    "rearrange.set_label": "Set {number}",
    "rearrange.new_label": "New set",
    "rearrange.drawn": "You drew {tiles}.",
    "rearrange.button.to_rack": "Back to your rack",
    "rearrange.button.to_set": "Move to set {number}",
    "rearrange.button.to_new": "Start a new set",
    "rearrange.button.split": "Split before the picked tile",
    "rearrange.button.join": "Join the two sets",
    "rearrange.button.undo": "Undo",
    "rearrange.button.end_turn": "End turn",
    "rearrange.button.draw": "Draw a tile",
    "rearrange.button_off": "{button} can't be used now: pick the tiles to move first.",
    "rearrange.pick_some": (
        "Pick tiles from your rack or from any set on the table, then move them: to a set, to a "
        "new set, or back to your rack."
    ),
    "rearrange.pick_first": "Pick the tiles to move first.",
    "rearrange.rules_changed": (
        "The rules changed, so the turn starts again from its position: every set is judged by "
        "the new rules."
    ),
    "rearrange.off.split": (
        "To split a set, pick one tile in it (not its first): the set is split just before that "
        "tile."
    ),
    "rearrange.off.join": "To join two sets, pick a tile in each of them, and nothing else.",
    "rearrange.off.undo": "There is nothing to undo: this is how the turn began.",
    "rearrange.picked": "Picked: {tiles}. Now choose where they go.",
    "rearrange.turn_over": "This turn is over: press Reset to play it again.",
    "rearrange.try_again": "Press Reset to play the turn again.",
    "rearrange.did.to_rack": "{tiles} went back to your rack.",
    "rearrange.did.to_new": "{tiles} started a new set.",
    "rearrange.did.to_set": "{tiles} moved to set {number}.",
    "rearrange.did.split": "The set was split before {tile}.",
    "rearrange.did.join": "The two sets were joined into one.",
    "rearrange.did.undo": "The last step was taken back.",
    "rearrange.tally.untouched": "Nothing has changed yet this turn.",
    "rearrange.tally.ok": "If you end the turn now, it is accepted: {why}",
    "rearrange.tally.bad": "If you end the turn now, it costs the penalty: {why}",
    "rearrange.dead_end": (
        "From the table as it lies now, {tiles} can no longer be placed without taking tiles back: "
        "Undo takes back the last step, Reset the whole turn."
    ),
    "rearrange.goal.place": "Place {tiles} on the table, keep every set valid, and end your turn.",
    "rearrange.goal.place_all": (
        "Place every tile from your rack on the table, keep every set valid, and end your turn."
    ),
    "rearrange.goal.place_most": (
        "Place as many tiles from your rack as you can, keep every set valid, and end your turn."
    ),
    "rearrange.goal.penalty": (
        "Put {tiles} where it does not fit, end the turn anyway, and watch what the rules do."
    ),
    "rearrange.goal.swap": (
        "Swap {tiles} from your rack in for a joker, play the freed joker at once, and end your turn."
    ),
    "rearrange.goal.stands": "What does the joker in set {number} stand for? Pick the tile.",
    "rearrange.goal_missed.place": "{tiles} is still on your rack, though: press Reset and try again.",
    "rearrange.goal_missed.place_all": (
        "Some tiles are still on your rack, though: all of them fit. Press Reset and try again."
    ),
    "rearrange.goal_missed.place_most": (
        "You placed {placed}; {par} can be placed. Press Reset and try again."
    ),
    "rearrange.goal_missed.swap": (
        "{tiles} is still on your rack, though: press Reset and try again."
    ),
    "rearrange.goal_missed.penalty": (
        "That turn was valid, so there was no penalty: press Reset and end it with a set that is "
        "not valid."
    ),
    "rearrange.goal_missed.stands": "Press Reset and try again.",
    "rearrange.hint.nudge.place": (
        "After your initial meld the whole table is yours to rearrange: split a set, take a tile "
        "from a set that stays valid, or join two (see {rules} in the rule book)."
    ),
    "rearrange.hint.nudge.place_all": (
        "Look for a set that keeps at least three tiles when one is taken out: a group of four, or "
        "the end of a long run (see {rules} in the rule book)."
    ),
    "rearrange.hint.nudge.place_most": (
        "Look at the ends of every run and at the colours each group is missing, then at sets you "
        "could split (see {rules} in the rule book)."
    ),
    "rearrange.hint.nudge.penalty": (
        "A turn is judged when it ends: every set on the table must be valid then (see {rules} in the rule book)."
    ),
    "rearrange.hint.nudge.swap": (
        "A joker on the table is freed by the tile it stands for, from your rack (see {rules} in the rule book)."
    ),
    "rearrange.hint.nudge.stands": (
        "A joker stands for the tile missing where it lies: look at its neighbours (see {rules} in the rule book)."
    ),
    "rearrange.rule.k_turn_1": (
        "After your initial meld you may rearrange anything on the table: split, join, "
        "move tiles between sets, to fit your tiles in."
    ),
    "rearrange.rule.k_turn_3": Plural(
        "count",
        "If a set is not valid when you end the turn, the table goes back as it was, your "
        "tiles go back to your rack and you draw {count} penalty tile.",
        "If a set is not valid when you end the turn, the table goes back as it was, your "
        "tiles go back to your rack and you draw {count} penalty tiles.",
    ),
    "rearrange.rule.k_open_1": (
        "Until you have made your initial meld you may not touch the sets on the table."
    ),
    "rearrange.rule.k_open_2": (
        "The initial meld is new sets from your rack worth at least {needed} points."
    ),
    "rearrange.rule.k_joker_1": (
        "A set holding a joker may grow, but no tile may be taken from it while the joker is in it."
    ),
    "rearrange.rule.k_joker_2": (
        "You may replace a joker with the tile it stands for from your rack; the freed "
        "joker must be played on the table in the same turn."
    ),
    "rearrange.rule.k_joker_3": "A freed joker never goes to a rack.",
    "rearrange.rule.k_joker_4": (
        "In a group of two tiles and a joker, a tile of either missing colour frees the joker."
    ),
    "rearrange.rule.k_joker_4.both": (
        "By the 1978 book, in a group of two tiles and a joker, tiles of both missing colours "
        "must be added to free the joker."
    ),
    "rearrange.rule.k_meld_5": (
        "A joker stands for the tile that fits where it lies: in a run the missing "
        "number, in a group a missing colour."
    ),
    "rearrange.hint.answer": "One answer: {steps}",
    "rearrange.hint.answer_draw": "Nothing from your rack can be placed here: draw a tile.",
    "rearrange.hint.answer_penalty": Plural(
        "count",
        "Move {tiles} onto a set it does not fit and press End turn: the table is restored and you "
        "draw {count} tile.",
        "Move {tiles} onto a set it does not fit and press End turn: the table is restored and you "
        "draw {count} tiles.",
    ),
    # K-CARDS-1: the same sentences when Rummikub is played with two card decks
    "rearrange.instructions.cards": (
        "Click or tap cards (or use Tab, the arrow keys and Space) to pick them from your hand or "
        "from any set, then press a set's Move button, or drag them there. Each set says at once "
        "whether it is valid."
    ),
    "rearrange.button.to_rack.cards": "Back to your hand",
    "rearrange.button.split.cards": "Split before the picked card",
    "rearrange.button.draw.cards": "Draw a card",
    "rearrange.button_off.cards": "{button} can't be used now: pick the cards to move first.",
    "rearrange.pick_some.cards": (
        "Pick cards from your hand or from any set on the table, then move them: to a set, to a "
        "new set, or back to your hand."
    ),
    "rearrange.pick_first.cards": "Pick the cards to move first.",
    "rearrange.off.split.cards": (
        "To split a set, pick one card in it (not its first): the set is split just before that "
        "card."
    ),
    "rearrange.off.join.cards": "To join two sets, pick a card in each of them, and nothing else.",
    "rearrange.did.to_rack.cards": "{tiles} went back to your hand.",
    "rearrange.dead_end.cards": (
        "From the table as it lies now, {tiles} can no longer be placed without taking cards back: "
        "Undo takes back the last step, Reset the whole turn."
    ),
    "rearrange.rule.k_turn_1.cards": (
        "After your initial meld you may rearrange anything on the table: split, join, "
        "move cards between sets, to fit your cards in."
    ),
    "rearrange.rule.k_turn_3.cards": Plural(
        "count",
        "If a set is not valid when you end the turn, the table goes back as it was, your "
        "cards go back to your hand and you draw {count} penalty card.",
        "If a set is not valid when you end the turn, the table goes back as it was, your "
        "cards go back to your hand and you draw {count} penalty cards.",
    ),
    "rearrange.rule.k_open_2.cards": (
        "The initial meld is new sets from your hand worth at least {needed} points."
    ),
    "rearrange.rule.k_joker_1.cards": (
        "A set holding a joker may grow, but no card may be taken from it while the joker is in it."
    ),
    "rearrange.rule.k_joker_2.cards": (
        "You may replace a joker with the card it stands for from your hand; the freed "
        "joker must be played on the table in the same turn."
    ),
    "rearrange.rule.k_joker_3.cards": "A freed joker never goes back to a hand.",
    "rearrange.rule.k_joker_4.cards": (
        "In a group of two cards and a joker, a card of either missing suit frees the joker."
    ),
    "rearrange.rule.k_joker_4.both.cards": (
        "By the 1978 book, in a group of two cards and a joker, cards of both missing suits "
        "must be added to free the joker."
    ),
    "rearrange.rule.k_meld_5.cards": (
        "A joker stands for the card that fits where it lies: in a run the missing "
        "number, in a group a missing suit."
    ),
    "rearrange.hint.answer_draw.cards": "Nothing from your hand can be placed here: draw a card.",
    "rearrange.goal.place_all.cards": (
        "Place every card from your hand on the table, keep every set valid, and end your turn."
    ),
    "rearrange.goal.place_most.cards": (
        "Place as many cards from your hand as you can, keep every set valid, and end your turn."
    ),
    "rearrange.goal.swap.cards": (
        "Swap {tiles} from your hand in for a joker, play the freed joker at once, and end your turn."
    ),
    "rearrange.goal.stands.cards": "What does the joker in set {number} stand for? Pick the card.",
    "rearrange.goal_missed.place.cards": (
        "{tiles} is still in your hand, though: press Reset and try again."
    ),
    "rearrange.goal_missed.place_all.cards": (
        "Some cards are still in your hand, though: all of them fit. Press Reset and try again."
    ),
    "rearrange.goal_missed.swap.cards": (
        "{tiles} is still in your hand, though: press Reset and try again."
    ),
    "rearrange.hint.nudge.place.cards": (
        "After your initial meld the whole table is yours to rearrange: split a set, take a card "
        "from a set that stays valid, or join two (see {rules} in the rule book)."
    ),
    "rearrange.hint.nudge.place_all.cards": (
        "Look for a set that keeps at least three cards when one is taken out: a group of four, or "
        "the end of a long run (see {rules} in the rule book)."
    ),
    "rearrange.hint.nudge.swap.cards": (
        "A joker on the table is freed by the card it stands for, from your hand (see {rules} in "
        "the rule book)."
    ),
    "rearrange.hint.nudge.stands.cards": (
        "A joker stands for the card missing where it lies: look at its neighbours (see {rules} in "
        "the rule book)."
    ),
    "rearrange.hint.answer_penalty.cards": Plural(
        "count",
        "Move {tiles} onto a set it does not fit and press End turn: the table is restored and you "
        "draw {count} card.",
        "Move {tiles} onto a set it does not fit and press End turn: the table is restored and you "
        "draw {count} cards.",
    ),
}
