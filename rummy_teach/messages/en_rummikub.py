"""English messages of the rummikub area (rummikub.py): reason key -> template.

Templates name the actual sets and tiles through their parameters; every key is a stable reason.
"""

from rummy_teach.messages.plural import Plural

MESSAGES: dict[str, str | Plural] = {
    # names
    "rummikub.player_name": "Player {number}",
    "rummikub.set_name": "set {number} ({tiles})",
    "rummikub.table_set_name": "the set {tiles}",
    # a turn judged as a whole (check_turn)
    "rummikub.turn_ok": Plural(
        "count",
        "You placed {count} tile from your rack: {tiles}. The table is all valid.",
        "You placed {count} tiles from your rack: {tiles}. The table is all valid.",
    ),
    "rummikub.opening_ok": (
        "Initial meld of {points} points{breakdown} from your own rack ({needed} needed): "
        "you have opened, and from your next turn you may rearrange the table."
    ),
    "rummikub.bad_set": "{set_name} is not valid: {why}",
    "rummikub.table_tile_missing": (
        "{tiles} left the table: tiles on the table may move between sets "
        "but always stay on the table."
    ),
    "rummikub.joker_to_rack": (
        "A joker left the table: a joker freed from a set must be played on the table again in the "
        "same turn, and it never goes back to a rack."
    ),
    "rummikub.not_on_rack": (
        "On the table but not on your rack: {tiles}. You can only add tiles from your own rack "
        "(there are two of each tile)."
    ),
    "rummikub.nothing_played": (
        "You did not add any tile from your rack: a turn that plays must add at least one. "
        "If you cannot play, draw a tile instead."
    ),
    "rummikub.open_touched": (
        "You added to {set_name}, which is already on the table: before your initial meld you may "
        "not touch the sets on the table."
    ),
    "rummikub.open_table_tile": (
        "{set_name} uses {tiles} from the table: "
        "your initial meld must come from your own rack alone."
    ),
    "rummikub.open_rearranged": (
        "The sets on the table were rearranged: rearranging starts only on the turn after your "
        "initial meld. Put {tiles} back as they were."
    ),
    "rummikub.open_short": (
        "Your new sets are worth {points} points{breakdown}: {short} short of the {needed} an "
        "initial meld needs. Add a set, or use higher tiles."
    ),
    "rummikub.joker_set_broken": (
        "{set_name} holds a joker: it may get more tiles, but no tile may be taken from it "
        "or moved while the joker is in it."
    ),
    "rummikub.joker_moved": (
        "{set_name} holds a joker standing for {stand_in}: that set may grow only at its ends, "
        "and the joker keeps standing for {stand_in} until a tile from a rack frees it, "
        "but here it would have moved."
    ),
    "rummikub.joker_misfit": (
        "{set_name} has a joker declared as {stand_in}, which does not fit there: a joker "
        "may stand only for a tile that makes the set valid."
    ),
    "rummikub.joker_not_replaced": (
        "The joker was taken from {set_name} without {stand_ins} from your rack in its place: only "
        "the tile a joker stands for can free it."
    ),
    "rummikub.joker_stand_in_from_table": (
        "{stand_ins} took the joker's place in {set_name}, but it came from the table: the tile "
        "that frees a joker must come from your rack."
    ),
    "rummikub.joker_trio_both": (
        "{set_name} is a group of two tiles and a joker: with this rule its joker is freed only "
        "when both missing colours, {stand_ins}, are added from your rack."
    ),
    # the game
    "rummikub.card_colours": (
        "Playing with cards, the suits stand for the colours: spades are black, hearts red, "
        "clubs blue and diamonds orange; A is 1, J 11, Q 12, K 13, and * is a joker."
    ),
    "rummikub.game_over": "The game is over: no more turns can be played.",
    "rummikub.drew": "{player} drew a tile.",
    "rummikub.passed": "The pool is empty: {player} passes.",
    "rummikub.drew_blocked": (
        "The pool is empty and {player} could not or would not play: "
        "the game stops and everyone counts their tiles."
    ),
    "rummikub.drew_blocked_all": (
        "The pool is empty and every player has passed in turn: "
        "the game stops and everyone counts their tiles."
    ),
    "rummikub.penalty": Plural(
        "count",
        "{why} The table is restored as it was, your tiles are back on your rack and you draw "
        "{count} penalty tile.",
        "{why} The table is restored as it was, your tiles are back on your rack and you draw "
        "{count} penalty tiles.",
    ),
    "rummikub.penalty_not_failed": (
        "A penalty is drawn only when a turn fails, and this turn is valid: play it instead."
    ),
    "rummikub.penalty_no_attempt": (
        "A penalty is drawn only when a turn fails: end the turn with the table you propose."
    ),
    "rummikub.penalty_no_timer": (
        "This game has no turn timer, so time cannot run out: there is no penalty to draw."
    ),
    "rummikub.nothing_to_end": "You have not played anything: draw a tile instead.",
    "rummikub.timeout": Plural(
        "count",
        "Time is up after {seconds} seconds: the table is restored, your tiles are back on your "
        "rack and you draw {count} penalty tile.",
        "Time is up after {seconds} seconds: the table is restored, your tiles are back on your "
        "rack and you draw {count} penalty tiles.",
    ),
    "rummikub.won": "{player} has an empty rack and wins, scoring {points}.",
    "rummikub.won_blocked": "{player} has the lowest total, {total}, and wins, scoring {points}.",
    # the turn workspace
    "rummikub.ws_not_on_rack": "{tile} is not on your rack.",
    "rummikub.ws_not_in_set": "{tile} is not in {set_name}.",
    "rummikub.ws_no_such_set": "There is no set {number} on the table.",
    "rummikub.ws_table_to_rack": (
        "{tile} was on the table when your turn began: tiles on the table never go to a rack."
    ),
    "rummikub.ws_joker_to_rack": (
        "That joker was on the table when your turn began: a freed joker must be played "
        "again on the table, it never goes to a rack."
    ),
    "rummikub.ws_not_opened": (
        "Before your initial meld you may not touch {set_name}: lay new sets from your rack only."
    ),
    "rummikub.ws_bad_split": "{set_name} cannot be split there: each part needs at least one tile.",
    "rummikub.ws_nothing_to_undo": "There is nothing to undo: this is how the turn began.",
    "rummikub.ws_untouched": "You have not played anything: draw a tile instead.",
    "rummikub.ws_time_up": "Time is up ({seconds} seconds): end the turn to take the penalty.",
    "rummikub.ws_same_place": "{tile} is already there.",
    # K-CARDS-1: the same sentences when Rummikub is played with two card decks
    "rummikub.turn_ok.cards": Plural(
        "count",
        "You placed {count} card from your hand: {tiles}. The table is all valid.",
        "You placed {count} cards from your hand: {tiles}. The table is all valid.",
    ),
    "rummikub.opening_ok.cards": (
        "Initial meld of {points} points{breakdown} from your own hand ({needed} needed): "
        "you have opened, and from your next turn you may rearrange the table."
    ),
    "rummikub.drew.cards": "{player} drew a card from the stock.",
    "rummikub.passed.cards": "The stock is empty: {player} passes.",
    "rummikub.drew_blocked.cards": (
        "The stock is empty and {player} could not or would not play: "
        "the game stops and everyone counts their cards."
    ),
    "rummikub.drew_blocked_all.cards": (
        "The stock is empty and every player has passed in turn: "
        "the game stops and everyone counts their cards."
    ),
    "rummikub.penalty.cards": Plural(
        "count",
        "{why} The table is restored as it was, your cards are back in your hand and you draw "
        "{count} penalty card.",
        "{why} The table is restored as it was, your cards are back in your hand and you draw "
        "{count} penalty cards.",
    ),
    "rummikub.timeout.cards": Plural(
        "count",
        "Time is up after {seconds} seconds: the table is restored, your cards are back in your "
        "hand and you draw {count} penalty card.",
        "Time is up after {seconds} seconds: the table is restored, your cards are back in your "
        "hand and you draw {count} penalty cards.",
    ),
    "rummikub.nothing_to_end.cards": "You have not played anything: draw a card instead.",
    "rummikub.won.cards": "{player} has no cards left and wins, scoring {points}.",
    "rummikub.table_tile_missing.cards": (
        "{tiles} left the table: cards on the table may move between sets "
        "but always stay on the table."
    ),
    "rummikub.joker_to_rack.cards": (
        "A joker left the table: a joker freed from a set must be played on the table again in the "
        "same turn, and it never goes back to a hand."
    ),
    "rummikub.not_on_rack.cards": (
        "On the table but not in your hand: {tiles}. You can only add cards from your own hand "
        "(there are two of each card)."
    ),
    "rummikub.nothing_played.cards": (
        "You did not add any card from your hand: a turn that plays must add at least one. "
        "If you cannot play, draw a card instead."
    ),
    "rummikub.open_table_tile.cards": (
        "{set_name} uses {tiles} from the table: your initial meld must come from your own hand alone."
    ),
    "rummikub.open_short.cards": (
        "Your new sets are worth {points} points{breakdown}: {short} short of the {needed} an "
        "initial meld needs. Add a set, or use higher cards."
    ),
    "rummikub.joker_set_broken.cards": (
        "{set_name} holds a joker: it may get more cards, but no card may be taken from it "
        "or moved while the joker is in it."
    ),
    "rummikub.joker_moved.cards": (
        "{set_name} holds a joker standing for {stand_in}: that set may grow only at its ends, "
        "and the joker keeps standing for {stand_in} until a card from a hand frees it, "
        "but here it would have moved."
    ),
    "rummikub.joker_misfit.cards": (
        "{set_name} has a joker declared as {stand_in}, which does not fit there: a joker "
        "may stand only for a card that makes the set valid."
    ),
    "rummikub.joker_not_replaced.cards": (
        "The joker was taken from {set_name} without {stand_ins} from your hand in its place: only "
        "the card a joker stands for can free it."
    ),
    "rummikub.joker_stand_in_from_table.cards": (
        "{stand_ins} took the joker's place in {set_name}, but it came from the table: the card "
        "that frees a joker must come from your hand."
    ),
    "rummikub.joker_trio_both.cards": (
        "{set_name} is a group of two cards and a joker: with this rule its joker is freed only "
        "when both missing colours, {stand_ins}, are added from your hand."
    ),
    "rummikub.ws_not_on_rack.cards": "{tile} is not in your hand.",
    "rummikub.ws_table_to_rack.cards": (
        "{tile} was on the table when your turn began: cards on the table never go to a hand."
    ),
    "rummikub.ws_joker_to_rack.cards": (
        "That joker was on the table when your turn began: a freed joker must be played "
        "again on the table, it never goes to a hand."
    ),
    "rummikub.ws_not_opened.cards": (
        "Before your initial meld you may not touch {set_name}: lay new sets from your hand only."
    ),
    "rummikub.ws_bad_split.cards": (
        "{set_name} cannot be split there: each part needs at least one card."
    ),
}
