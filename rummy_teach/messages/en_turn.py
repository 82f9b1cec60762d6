"""English messages of the Rummy turn view (``TurnExercise``) and what the Rummy game view shares
with it: reason key -> template."""

from rummy_teach.messages.plural import Plural

MESSAGES: dict[str, str | Plural] = {
    # zones and buttons
    "turn.hand": Plural("count", "Your hand: one card", "Your hand: {count} cards"),
    "turn.stock": "Stock",
    "turn.stock_note": Plural("count", "One card, face down.", "{count} cards, face down."),
    "turn.stock_empty": "Empty: the next draw makes a new stock from the discard pile.",
    "turn.discard_empty": "Empty: the next discard starts a new pile.",
    "turn.discard_pile": "Discard pile",
    "turn.discard_note": Plural(
        "count", "One card, face up.", "{count} cards; only the top one is face up."
    ),
    "turn.owner_you": "Laid down by you.",
    "turn.owner": "Laid down by {player}.",
    "turn.button.draw": "Draw from the stock",
    "turn.button.take": "Take {card} from the discard pile",
    "turn.button.take_none": "Take the top discard",
    "turn.button.lay_down": "Lay down the picked cards",
    "turn.button.discard": "Discard the picked card",
    "turn.button.undo": "Undo",
    # what to do now
    "turn.prompt.draw": (
        "Your turn starts with a draw: take a card from the stock, or {card} from the discard pile."
    ),
    "turn.prompt.draw_stock": "Your turn starts with a draw: take a card from the stock.",
    "turn.prompt.play": (
        "Now you may lay down melds and lay off cards onto any meld on the table (both "
        "optional), then discard one card to end your turn."
    ),
    "turn.prompt.discard": (
        "Nothing more can go down or be laid off this turn: discard one card to end your turn."
    ),
    "turn.picked_draw_first": "Picked. Remember: a turn starts with a draw, before any meld or discard.",
    "turn.picked_one": "Picked {card}: discard it, or pick more cards to make a meld.",
    "turn.picked_one_fits": (
        "Picked {card}: it fits a meld on the table (click that meld to lay it off), or discard it."
    ),
    "turn.picked_taken": (
        "Picked {card}, which you took from the discard pile: use it in a meld or a layoff, "
        "it cannot be discarded this turn."
    ),
    "turn.pick_meld_first": "Pick the cards of your meld first, then lay them down.",
    "turn.pick_one_to_discard": "Pick exactly one card to discard.",
    "turn.turn_over": "Your turn is over: press Reset to play it again.",
    "turn.nothing_to_undo": "There is nothing of this turn to undo.",
    "turn.draw_stays": "A card you drew stays drawn: there is nothing else of this turn to undo yet.",
    "turn.undone": "Undone: the last step was taken back.",
    # the learner's own moves in words
    "turn.you.draw": "You drew {card} from the stock.",
    "turn.you.restock": (
        "The stock was empty, so a new stock was made from the discard pile; you drew {card} from it."
    ),
    "turn.you.take": "You took {card} from the discard pile.",
    "turn.you.meld": "You laid down {cards}.",
    "turn.you.layoff": "You laid off {cards} onto {meld}.",
    "turn.you.discard": "You discarded {card}.",
    "turn.you.out": "Your hand is empty: you went out.",
    # verdicts
    "turn.done": "{said} Your turn is over. {goal}",
    "turn.not_met": "{said} Your turn is over, but the goal was: {goal} Press Reset and try again.",
    "turn.out": "{said} You went out and the round is over. {result}",
    # goals
    "turn.goal.play_turn": Plural(
        "left",
        "Play a whole turn: draw, lay down what you can, then discard, keeping only one card.",
        "Play a whole turn: draw, lay down what you can, then discard, keeping at most {left} cards.",
    ),
    "turn.goal.play_turn_none": "Play a whole turn and empty your hand.",
    "turn.goal.go_out": "Go out this turn: get rid of every card in your hand.",
    "turn.goal.play_game": "Play Rummy against the computer until someone reaches {target} points.",
    "turn.goal.play_game_hands": Plural(
        "hands",
        "Play {hands} round of Rummy against the computer: most points wins.",
        "Play {hands} rounds of Rummy against the computer: most points wins.",
    ),
    # a house rule switched (the rules picker beside a turn)
    "turn.rules_refused": (
        "Under the new rules one of your moves is not allowed: {why} It is taken back, and your "
        "turn goes on from before it."
    ),
    "turn.rules_kept": "Under the new rules every move you made is still allowed.",
    # the hint ladder
    "turn.hint.nudge.draw": "Every turn begins with a draw, even when you already hold a meld (see {rules} in the rule book).",
    "turn.hint.nudge.play": (
        "Look for groups and runs in your hand, and for cards that fit the ends of the melds on "
        "the table; then discard a card you do not need (see {rules} in the rule book)."
    ),
    "turn.hint.nudge.play_no_table": (
        "Look for groups and runs in your hand; then discard a card you do not need (see {rules} "
        "in the rule book)."
    ),
    "turn.hint.nudge.discard": (
        "Discard the card that helps you least, but not the one you just took from the "
        "discard pile (see {rules} in the rule book)."
    ),
    "turn.hint.answer": "The computer's strong player would go on like this: {steps}",
    "turn.rule.r_turn_1": (
        "A turn starts by drawing exactly one card, the top of the stock or the top of "
        "the discard pile; drawing is compulsory even with a complete meld in hand."
    ),
    "turn.rule.r_turn_2": "Then, if you like, lay down any number of new melds.",
    "turn.rule.r_turn_3": (
        "Then, if you like, lay off cards from your hand onto any meld on the table, "
        "yours or another player's, as long as it stays valid."
    ),
    "turn.rule.r_turn_4": ("Cards on the table never move: no taking cards out of melds."),
    "turn.rule.r_turn_5": "The turn ends by discarding one card face up, unless you went out.",
    "turn.rule.r_turn_6": (
        "A card taken from the discard pile may not be discarded in the same turn; a "
        "card drawn from the stock may."
    ),
    "turn.rule.r_out_1": (
        "You go out when your hand is empty; the last card may be melded, laid off or discarded."
    ),
    "turn.rule.r_out_1.discard": (
        "With the house rule on, you go out when your hand is empty, and the last card must be "
        "a discard."
    ),
}
