"""English messages of the Rummy game view (``RummyGame``): reason key -> template."""

from rummy_teach.messages.plural import Plural

MESSAGES: dict[str, str | Plural] = {
    "rummy_game.you": "You",
    "rummy_game.computer": "Computer {number}",
    "rummy_game.opponent": Plural(
        "count", "{player}: one card in hand", "{player}: {count} cards in hand"
    ),
    # buttons
    "rummy_game.button.next": "Next move",
    "rummy_game.button.next_round": "Deal the next round",
    "rummy_game.button.sort_suit": "Sort by suit",
    "rummy_game.button.sort_rank": "Sort by rank",
    "rummy_game.button.back": "Back",
    "rummy_game.button.forward": "Forward",
    "rummy_game.button.reset": "Start this turn again",
    # the score sheet (R-GAME-1)
    "rummy_game.sheet_target": "Score sheet: the first to {target} points wins",
    "rummy_game.sheet_hands": Plural(
        "hands",
        "Score sheet: {hands} round, most points wins",
        "Score sheet: {hands} rounds, most points wins",
    ),
    "rummy_game.sheet_rounds": "Round",
    "rummy_game.sheet_round": "Round {number}",
    "rummy_game.sheet_total": "Total",
    # whose move
    "rummy_game.status.learner": "Round {number}: your turn.",
    "rummy_game.status.computer": "Round {number}: {player} is playing.",
    "rummy_game.status.round_over": "Round {number} is over.",
    "rummy_game.status.game_over": "The game is over.",
    "rummy_game.wait": "It is {player}'s turn: press “Next move” to see each of its moves.",
    "rummy_game.deal_next": "The round is over: press “Deal the next round”.",
    "rummy_game.over": "The game is over: press Back and Forward to replay it move by move.",
    "rummy_game.no_next": "It is not the computer's turn now.",
    "rummy_game.round_on": "The round is still being played: the next one is dealt when it is over.",
    "rummy_game.replay_first": "This is the start of the game: there is no earlier move.",
    "rummy_game.replay_last": "This is the end of the game: there is no later move.",
    "rummy_game.reset_nothing": (
        "Nothing to start again yet: your draw stays, and you have not laid down or laid off this turn."
    ),
    # what happened
    "rummy_game.dealt": "Round {number} is dealt.",
    "rummy_game.did.layoff_yours": "{player} laid off {cards} onto your meld {meld}.",
    "rummy_game.did.layoff_own": "{player} laid off {cards} onto its own meld {meld}.",
    "rummy_game.did.layoff_other": "{player} laid off {cards} onto {owner}'s meld {meld}.",
    "rummy_game.computer_move": "{did} Why: {why}",
    "rummy_game.reset_turn": "This turn's melds and layoffs went back to your hand; your draw stays.",
    "rummy_game.sorted_suit": "Your hand is sorted by suit.",
    "rummy_game.sorted_rank": "Your hand is sorted by rank.",
    "rummy_game.result.you_hold": "you hold {cards} ({points})",
    "rummy_game.result.you_out": Plural(
        "points",
        "You went out and score {points} point: {parts}.",
        "You went out and score {points} points: {parts}.",
    ),
    "rummy_game.result.you_rummy": Plural(
        "points",
        "You went rummy (all cards in one turn, nothing melded or laid off before), so the points double: "
        "{points} point. {parts}.",
        "You went rummy (all cards in one turn, nothing melded or laid off before), so the points double: "
        "{points} points. {parts}.",
    ),
    "rummy_game.round_over": "{said} {result} {totals} Press “Deal the next round” to go on.",
    "rummy_game.game_over": "{said} {result} {totals} {verdict}",
    "rummy_game.won": "You won the game!",
    "rummy_game.lost": "{player} won the game.",
    "rummy_game.tie": "The game ends in a tie.",
    "rummy_game.replay": "Step {step} of {steps}: {said}",
    "rummy_game.rules_changed": "The house rules changed: a new game starts from the same deal under them.",
}
