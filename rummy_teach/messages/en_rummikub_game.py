"""English messages of the Rummikub game view (``RummikubGame``): reason key -> template."""

from rummy_teach.messages.plural import Plural

MESSAGES: dict[str, str | Plural] = {
    "rummikub_game.instructions": (
        "On your turn, pick tiles from your rack or from any set (click, tap, or Tab, the arrow "
        "keys and Space), move them with a set's Move button or by dragging, then press End turn, "
        "or Draw a tile. On the computer's turn, press “Next move” to see each of its moves."
    ),
    "rummikub_game.you": "You",
    "rummikub_game.computer": "Computer {number}",
    "rummikub_game.opponent": Plural(
        "count", "{player}: one tile on its rack", "{player}: {count} tiles on its rack"
    ),
    "rummikub_game.opponent_closed": Plural(
        "count",
        "{player}: one tile on its rack, not opened yet",
        "{player}: {count} tiles on its rack, not opened yet",
    ),
    "rummikub_game.pool": Plural(
        "count", "The pool: one face-down tile", "The pool: {count} face-down tiles"
    ),
    "rummikub_game.hint.nudge.place_all": (
        "Look for a set you can make or grow with your tiles, even by rearranging the table "
        "({rules})."
    ),
    # buttons
    "rummikub_game.button.next_game": "Deal the next game",
    "rummikub_game.button.sort_colour": "Sort by colour",
    "rummikub_game.button.sort_number": "Sort by number",
    "rummikub_game.sorted_colour": "Your rack is sorted by colour.",
    "rummikub_game.sorted_number": "Your rack is sorted by number.",
    # the score sheet (K-END-1)
    "rummikub_game.sheet": "Score sheet: each game's scores add up to zero",
    "rummikub_game.sheet_games": "Game",
    "rummikub_game.sheet_game": "Game {number}",
    # whose move
    "rummikub_game.status.learner": "Game {number}: your turn.",
    "rummikub_game.status.learner_timer": (
        "Game {number}: your turn. You have {seconds} seconds for it."
    ),
    "rummikub_game.status.computer": "Game {number}: {player} is playing.",
    "rummikub_game.status.game_over": "Game {number} is over.",
    "rummikub_game.prompt": "Your turn: play tiles and press End turn, or press Draw a tile.",
    "rummikub_game.prompt_open": (
        "Your turn: lay sets worth {needed} points or more from your own rack and press End "
        "turn, or press Draw a tile."
    ),
    "rummikub_game.over": (
        "The game is over: press Back and Forward to replay it move by move, or deal the next game."
    ),
    "rummikub_game.no_timeout": "There is no turn timer now: nothing happens.",
    # what happened
    "rummikub_game.dealt": "Game {number} is dealt: 14 tiles each.",
    "rummikub_game.you_drew": "You drew {tile}.",
    "rummikub_game.you_passed": "The pool is empty: you pass.",
    "rummikub_game.you_drew_penalty": "You drew {tiles}.",
    "rummikub_game.computer_move": "{did} Why: {why}",
    "rummikub_game.did.open": "{player} opened with {sets} for {points} points.",
    "rummikub_game.did.play": "{player} placed {tiles}: {steps}.",
    "rummikub_game.did.out": "{player} placed its last tiles, {tiles}: {steps}.",
    "rummikub_game.did.draw": "{player} drew a tile.",
    "rummikub_game.why.closed": (
        "it found no sets worth {needed} points on its own rack to open with."
    ),
    "rummikub_game.why.stuck": "none of its tiles fits anywhere on the table.",
    "rummikub_game.why.stuck_easy": (
        "it found no set to lay and no set end to add to (it never rearranges the table)."
    ),
    "rummikub_game.why.open": "its sets reach the {needed} points an initial meld needs.",
    "rummikub_game.why.strong": "this is the solver's best play: no other places more tiles.",
    "rummikub_game.why.easy": (
        "it lays the sets it spots on its rack and adds tiles to the ends of sets, without "
        "rearranging the table."
    ),
    "rummikub_game.step.swap": (
        "put {tiles} in place of the joker in {old} and played the freed joker in {new}"
    ),
    "rummikub_game.step.swap_jokers": (
        "put {tiles} in place of the {count} jokers in {old} and played the freed jokers in {new}"
    ),
    "rummikub_game.step.split": "split {old} into {parts}",
    "rummikub_game.step.grow": "grew {old} into {new} with {parts}",
    "rummikub_game.step.new_set": "laid down {new}",
    "rummikub_game.step.make": "made {new} from {parts}",
    "rummikub_game.from_rack": "{tiles} from its rack",
    "rummikub_game.from_set": "{tiles} from {old}",
    "rummikub_game.goal": "Be the first to place every tile of your rack.",
    "rummikub_game.you_won": "You went out first and won this game, scoring {points}.",
    "rummikub_game.you_won_blocked": (
        "You have the lowest total, {total}, and win this game, scoring {points}."
    ),
    "rummikub_game.game_over": "{said} {result} {verdict}",
    "rummikub_game.won": "You won the game!",
    "rummikub_game.lost": "{player} won the game.",
    "rummikub_game.rules_changed": "The house rules changed: a new game starts from the same deal under them.",
    # K-CARDS-1: the same sentences when Rummikub is played with two card decks
    "rummikub_game.instructions.cards": (
        "On your turn, pick cards from your hand or from any set (click, tap, or Tab, the arrow "
        "keys and Space), move them with a set's Move button or by dragging, then press End turn, "
        "or Draw a card. On the computer's turn, press “Next move” to see each of its moves."
    ),
    "rummikub_game.opponent_closed.cards": Plural(
        "count",
        "{player}: one card in hand, not opened yet",
        "{player}: {count} cards in hand, not opened yet",
    ),
    "rummikub_game.pool.cards": Plural(
        "count", "The stock: one face-down card", "The stock: {count} face-down cards"
    ),
    "rummikub_game.hint.nudge.place_all.cards": (
        "Look for a set you can make or grow with your cards, even by rearranging the table "
        "({rules})."
    ),
    "rummikub_game.prompt.cards": "Your turn: play cards and press End turn, or press Draw a card.",
    "rummikub_game.prompt_open.cards": (
        "Your turn: lay sets worth {needed} points or more from your own hand and press End "
        "turn, or press Draw a card."
    ),
    "rummikub_game.dealt.cards": "Game {number} is dealt: 14 cards each.",
    "rummikub_game.you_passed.cards": "The stock is empty: you pass.",
    "rummikub_game.did.out.cards": "{player} played its last cards, {tiles}: {steps}.",
    "rummikub_game.why.closed.cards": (
        "it found no sets worth {needed} points in its own hand to open with."
    ),
    "rummikub_game.why.stuck.cards": "none of its cards fits anywhere on the table.",
    "rummikub_game.why.strong.cards": "this is the solver's best play: no other plays more cards.",
    "rummikub_game.why.easy.cards": (
        "it lays the sets it spots in its hand and adds cards to the ends of sets, without "
        "rearranging the table."
    ),
    "rummikub_game.from_rack.cards": "{tiles} from its hand",
    "rummikub_game.goal.cards": "Be the first to play every card in your hand.",
}
