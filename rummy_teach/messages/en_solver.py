"""English messages of the solver area (solver.py, hints, reviews, bots): reason key -> template."""

MESSAGES: dict[str, str] = {
    # a play, step by step
    "solver.nothing": "No tile from your rack fits anywhere, even by rearranging the table.",
    "solver.open_set": "Lay down {set} from your rack ({points} points).",
    "solver.open_total": "Together that is {points} points: enough to open ({needed} needed).",
    "solver.swap": (
        "Put your {tiles} in place of the joker in {old}; the freed joker must be played now, "
        "and it goes into {new}."
    ),
    "solver.split": "Split {old} into {parts}.",
    "solver.grow": "{old} grows into {new}: add {parts}.",
    "solver.new_set": "Lay down {new}: {parts}.",
    "solver.make": "Make {new} from {parts}.",
    "solver.from_rack": "{tiles} from your rack",
    "solver.from_set": "{tiles} from {old}",
    "solver.joker_stands": "(The joker stands for {tiles}.)",
}
