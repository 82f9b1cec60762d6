"""English messages of the spot-the-mistake view (``SpotExercise``): reason key -> template."""

MESSAGES: dict[str, str] = {
    "spot.goal.spot": (
        "Some of these melds are not valid. Click each meld you think is wrong, then press Check."
    ),
    "spot.button.check": "Check",
    "spot.zone": "Meld {number}: {pieces}",
    "spot.idle": "Click a meld to mark it as wrong; click it again to unmark it.",
    "spot.marked": "Meld {number} ({pieces}) is marked as wrong. Press Check when you are done.",
    "spot.unmarked": "Meld {number} ({pieces}) is no longer marked.",
    "spot.note.marked": "You marked this meld as wrong.",
    "spot.note.found": "Right, it is not valid: {message}",
    "spot.note.missed": "Missed: this one is not valid. {message}",
    "spot.note.mistaken": "This one is valid, so it is no mistake: {message}",
    "spot.note.fine": "Right, this one is valid: {message}",
    "spot.all_found": "You found every faulty meld: {faulty} of {total} were not valid.",
    "spot.none_faulty": "Right: every meld here is valid.",
    "spot.not_all": (
        "Not quite: {found} of the {faulty} faulty melds found; valid melds marked as wrong: "
        "{mistaken}. Each meld now says what it is: change your marks and press Check again."
    ),
    "spot.rejudged": (
        "The rules changed, so the melds are judged again: look at your marks and press Check."
    ),
    "spot.hint.nudge": (
        "Check each meld in turn: one suit or colour in a row with no gap, or one number in "
        "different suits or colours, at least three pieces (see {rules} in the rule book)."
    ),
    "spot.hint.answer": "The melds that are not valid: {melds}.",
    "spot.hint.answer_none": "Every meld here is valid: press Check with none marked.",
    "spot.hint.meld": "meld {number} ({pieces})",
}
