"""English messages every exercise shares (issue 13, "Every exercise"): another hand, dead ends, answers."""

MESSAGES: dict[str, str] = {
    # another hand: a fresh seeded position of the same kind
    "every.button.another": "Another hand",
    "every.hand_number": "Hand {number}",
    "every.dealt": (
        "Here is hand {number}: a new position of the same kind. "
        "Everyone who picks hand {number} gets the same one."
    ),
    "every.cannot_deal": "This exercise has no other hands.",
    # no dead ends: the goal can no longer be reached from here
    "every.dead_end.make_meld": (
        "Dead end: the pieces left in your hand make no meld any more. "
        "Take a meld back (click one of its pieces) and try another way."
    ),
    "every.dead_end.make_run": (
        "Dead end: the pieces left in your hand make no run any more. "
        "Take a meld back (click one of its pieces) and try another way."
    ),
    "every.dead_end.make_group": (
        "Dead end: the pieces left in your hand make no group any more. "
        "Take a meld back (click one of its pieces) and try another way."
    ),
    "every.dead_end.lay_down_all": (
        "Dead end: the pieces left in your hand can no longer all go into melds. "
        "Take a meld back (click one of its pieces) and try another way."
    ),
    "every.dead_end.lay_down_all_left": (
        "Dead end: from here more pieces would stay in your hand than the {left} the goal allows. "
        "Take a meld back (click one of its pieces) and try another way."
    ),
    "every.dead_end.lay_off_all": (
        "Dead end: from here {pieces} can't be laid off any more, so the goal is out of reach "
        "(table cards never move). Press Reset to take the lay-offs back and try another order."
    ),
    "every.dead_end.open": (
        "Dead end: the sets laid down and what is left on your rack can no longer reach "
        "{needed} points. Take a set back (click one of its tiles) and try another way."
    ),
    # the hint ladder's last step from a dead end, or the whole answer
    "every.hint.answer_restart": "This way can't reach the goal: press Reset, then try {pieces}.",
    "every.hint.answer_layoff_restart": (
        "This way can't reach the goal: press Reset, then try {piece} on {meld}."
    ),
    # K-CARDS-1: the same when Rummikub is played with two card decks
    "every.dead_end.open.cards": (
        "Dead end: the sets laid down and what is left in your hand can no longer reach "
        "{needed} points. Take a set back (click one of its cards) and try another way."
    ),
}
