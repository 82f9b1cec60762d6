"""English messages of the Rummy game (the rummy/ package, its bots too): reason key -> template."""

from rummy_teach.messages.plural import Plural

MESSAGES: dict[str, str | Plural] = {
    "rummy.player_name": "Player {number}",
    # refusals (IllegalMoveError messages)
    "rummy.unknown_move": (
        "{move} is not a Rummy move: draw, take the discard, meld, lay off or discard."
    ),
    "rummy.round_over": "The round is over: once someone goes out, nobody plays another card.",
    "rummy.match_over": "The match is over: no more rounds are dealt.",
    "rummy.round_not_over": "Finish this round before dealing the next one.",
    "rummy.draw_first": (
        "Draw first: every turn starts by taking one card, from the stock or the top of the "
        "discard pile, "
        "even when you already hold a meld."
    ),
    "rummy.already_drew": "You have already drawn this turn: now meld, lay off or discard.",
    "rummy.nothing_to_draw": (
        "The stock is empty and the discard pile has too few cards to make a new one: "
        "take the top discard."
    ),
    "rummy.discard_pile_empty": "The discard pile is empty: draw from the stock.",
    "rummy.card_twice": "{card} is named twice: each card can be played only once.",
    "rummy.table_cards_stay": (
        "Already on the table: {cards}. In Rummy, cards on the table never move: play only cards "
        "from your hand."
    ),
    "rummy.not_in_hand": "You do not hold {cards}: your hand is {hand}.",
    "rummy.melds_per_turn": Plural(
        "limit",
        "You may lay down only {limit} new meld a turn in this game.",
        "You may lay down only {limit} new melds a turn in this game.",
    ),
    "rummy.bad_meld": "That cannot go down as a meld: {why}",
    "rummy.no_such_meld": Plural(
        "count",
        "There is no meld number {index} on the table ({count} meld there, counted from 0).",
        "There is no meld number {index} on the table ({count} melds there, counted from 0).",
    ),
    "rummy.bad_layoff": "That cannot be laid off: {why}",
    "rummy.must_discard_last": (
        "In this game the last card must be discarded: "
        "keep one card in your hand to discard at the end."
    ),
    "rummy.stranded": (
        "That would leave only {card}, the card you took from the discard pile, in your hand: "
        "it may not go straight back, so you could not end your turn."
    ),
    "rummy.discard_taken": (
        "You just took {card} from the discard pile, so it cannot go straight back this turn: "
        "discard another card."
    ),
    # how a round ended
    "rummy.result.playing": "The round is still on: it is {player}'s turn.",
    "rummy.result.blocked": Plural(
        "restocks",
        "The round stopped with no winner and no points: the stock ran out again after being "
        "rebuilt {restocks} time.",
        "The round stopped with no winner and no points: the stock ran out again after being "
        "rebuilt {restocks} times.",
    ),
    "rummy.result.blocked_lap": (
        "The round stopped with no winner and no points: the stock stayed empty for a whole lap, "
        "as every player took the discard instead of rebuilding it."
    ),
    "rummy.result.part": "{player} holds {cards} ({points})",
    "rummy.result.no_cards": "nothing",
    "rummy.result.out": Plural(
        "points",
        "{winner} went out and scores {points} point: {parts}.",
        "{winner} went out and scores {points} points: {parts}.",
    ),
    "rummy.result.rummy": Plural(
        "points",
        "{winner} went rummy (all cards in one turn, nothing melded or laid off before), so the points double: "
        "{points} point. {parts}.",
        "{winner} went rummy (all cards in one turn, nothing melded or laid off before), so the points double: "
        "{points} points. {parts}.",
    ),
    # matches
    "rummy.match.total": "{player} {points}",
    "rummy.match.totals": Plural(
        "rounds", "After {rounds} round: {totals}.", "After {rounds} rounds: {totals}."
    ),
    # what happened, one sentence per move
    "rummy.did.draw": "{player} drew a card from the stock.",
    "rummy.did.draw_card": "{player} drew {card} from the stock.",
    "rummy.did.restock": (
        "The stock was empty, so a new stock was made from the discard pile; {player} drew from it."
    ),
    "rummy.did.take": "{player} took {card} from the discard pile.",
    "rummy.did.meld": "{player} laid down {cards}.",
    "rummy.did.layoff": "{player} laid off {cards} onto {meld}.",
    "rummy.did.discard": "{player} discarded {card}.",
    "rummy.did.out": "{player} has no cards left and goes out.",
    # why the computer player did what it did
    "rummy.bot.take": "Took {card}: it makes a meld or fits the table.",
    "rummy.bot.draw": "Drew from the stock: {card} on the discard pile fits nothing.",
    "rummy.bot.draw_empty": "Drew from the stock.",
    "rummy.bot.meld": (
        "Laid down {cards} at once: cards still in hand count against you if someone goes out."
    ),
    "rummy.bot.layoff": "Laid off {cards} onto {meld}: every card out of the hand is points saved.",
    "rummy.bot.discard_loose": (
        "Discarded {card}: a high card that fits nothing, worth {points} points if kept."
    ),
    "rummy.bot.discard": "Discarded {card}: it helps the hand least.",
    "rummy.bot.kept": " Kept {card}: it could still go into {uses}.",
    "rummy.bot.random": "Picked a move at random.",
    "rummy.bot.fits_rank": "a group of {rank}s",
    "rummy.bot.fits_run": "a {suit} run",
}
