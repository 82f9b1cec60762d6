"""English messages of the scoring view (ScoringExercise): reason key -> template."""

MESSAGES: dict[str, str] = {
    "scoring.goal": "Count the points the winner scores for this round and type them in.",
    "scoring.goal.rummikub": "Count the points the winner scores for this game and type them in.",
    "scoring.instructions": (
        "Type the winner's points in the box and press Enter or Check. "
        "Click a card or tile to see what it counts."
    ),
    # zones
    "scoring.zone.went_out": "{player} went out: no cards left",
    "scoring.zone.hand": "{player}'s hand: {cards}",
    "scoring.zone.meld": "On the table, laid by {player}: {cards}",
    "scoring.zone.rack_empty": "{player}'s rack is empty: {player} went out",
    "scoring.zone.rack": "{player}'s rack: {tiles}",
    "scoring.zone.set": "On the table: {tiles}",
    "scoring.note.table": "On the table: it counts nothing.",
    "scoring.note.hand": "{counted}: {total}.",
    "scoring.note.rack": "{counted}: {total}, so {player} scores {score}.",
    "scoring.note.winner_rack": "{counted}: {total}, the lowest, so {player} wins.",
    # the number field
    "scoring.entry.label": "Points {player} scores",
    "scoring.entry.check": "Check",
    "scoring.entry.invalid": "Type a whole number, such as 22.",
    # one piece clicked
    "scoring.piece.hand": "{piece}, left in {player}'s hand, counts {points}.",
    "scoring.piece.rack": "{piece}, left on {player}'s rack, counts {points}.",
    "scoring.piece.joker": "The joker left on {player}'s rack counts 30, whatever it could stand for.",
    "scoring.piece.table": "{piece} is on the table: it counts nothing.",
    "scoring.idle": "Add up what is left, then type the winner's points.",
    # judging an answer
    "scoring.right": "Right: {player} scores {points}.",
    "scoring.wrong": "You typed {value}, but {player} scores {points}.",
    "scoring.cannot_end": "This round cannot end this way under these rules: {why}",
    "scoring.value": "{piece} {points}",
    "scoring.count.rummy": "The cards left in the other hands count: {counted}: {total}.",
    "scoring.count.none": "The other hands are empty: nothing to count.",
    "scoring.count.doubled": "{player} went rummy and doubling is on, so the points double: {points}.",
    "scoring.count.rack": "{player} holds {counted}: {total}, so {player} scores {score}.",
    "scoring.count.rack_blocked": (
        "{player} holds {counted}: {total}, which is {difference} more than {winner}'s {low}, "
        "so {player} scores {score}."
    ),
    "scoring.count.winner": "{player} wins what the others lose: {terms} = {points}.",
    "scoring.count.winner_blocked": (
        "{player} has the lowest rack, {low}, and wins what the others pay: {terms} = {points}."
    ),
    "scoring.plus": " + ",
    "scoring.zero_sum": "The scores sum to zero: {scores}.",
    "scoring.player_score": "{player} {score}",
    # what a wrong answer most likely missed
    "scoring.wrong.table": "Cards on the table count nothing: only the cards left in the other hands score.",
    "scoring.wrong.not_doubled": "{player} went rummy and doubling is on: the points double.",
    "scoring.wrong.doubled": (
        "Doubling for going rummy is off in these rules: the points stay as counted."
    ),
    "scoring.wrong.not_rummy": (
        "{player} laid cards down in an earlier turn, so this is not going rummy: nothing doubles."
    ),
    "scoring.wrong.ace_high": "With aces high or low, an ace left in a hand counts 15, not 1.",
    "scoring.wrong.ace_low": "An ace left in a hand counts 1 in these rules.",
    "scoring.wrong.joker": "A joker left on a rack counts 30, not the number it could stand for.",
    "scoring.wrong.sign": "The winner scores plus the total: the minus scores are the losers'.",
    "scoring.wrong.difference": (
        "When the pool runs out, each player pays the winner only the difference between "
        "their total and the winner's {low}."
    ),
    # hints
    "scoring.hint.nudge.rummy": (
        "Add up the cards left in the other players' hands; the cards on the table count "
        "nothing (see {rules} in the rule book)."
    ),
    "scoring.hint.nudge.rummikub": (
        "Add up each other player's rack: a joker left on a rack counts 30 (see {rules} in the rule book)."
    ),
    "scoring.hint.nudge.empty_pool": (
        "Nobody went out: find the lowest rack, then how much more each other rack holds (see {rules} in the rule book)."
    ),
    "scoring.rule.r_score_1": (
        "The winner scores the cards left in every other hand: ace 1, 2 to 10 as "
        "marked, jack, queen and king 10; cards on the table score nothing."
    ),
    "scoring.rule.r_score_1.high": (
        "With aces high or low, the winner scores the cards left in every other hand: "
        "ace 15, 2 to 10 as marked, jack, queen and king 10; cards on the table score nothing."
    ),
    "scoring.rule.r_score_2": "Going rummy doubles nothing in these rules.",
    "scoring.rule.r_score_2.on": (
        "With the house rule on, going out in one turn, with nothing melded or laid off "
        "before, doubles the points."
    ),
    "scoring.rule.k_end_1": (
        "Each other player scores minus the numbers left on their rack (a joker 30); "
        "the winner scores plus their total, so the scores sum to zero."
    ),
    "scoring.rule.k_end_2": (
        "When the pool is empty and the next player cannot play, the game stops; the "
        "lowest rack wins and each other player pays the difference to it."
    ),
    "scoring.rule.k_end_2.all_pass": (
        "With the house rule, when the pool is empty, play goes on until every player in turn "
        "has passed; the lowest rack wins and each other player pays the difference to it."
    ),
}
