"""Drive the Rummy play views (TurnExercise, RummyGame) with the messages the browser sends."""

from __future__ import annotations

import itertools
from typing import Any

from rummy_teach.pieces import Card
from rummy_teach.rummy.moves import Move
from rummy_teach.widgets.base import Exercise
from rummy_teach.widgets.rummy_play import CARD_IDS, RummyPlay, intents_for

_seq = itertools.count(1)


def send(view: Exercise, **message: str) -> None:
    """One intent, exactly as the browser's ``model.send`` delivers it, with the next ``seq``."""
    view.receive({**message, "seq": next(_seq)})


def card_id(notation: str) -> str:
    """The piece id of one card."""
    return CARD_IDS[Card.parse(notation)]


def press(view: Exercise, button: str) -> None:
    send(view, intent="press", button=button)


def pick(view: Exercise, *cards: str) -> None:
    """Click each card (by notation)."""
    for notation in cards:
        send(view, intent="pick", piece=card_id(notation))


def drop(view: Exercise, card: str, on: str) -> None:
    send(view, intent="drop", piece=card_id(card), on=on)


def play(view: RummyPlay, move: Move) -> None:
    """Make ``move`` as a learner would: the clicks the view takes for it."""
    for intent in intents_for(move, view.state):
        send(view, **intent)


def message(view: Exercise) -> str:
    return str(view.feedback["message"])


def enabled(view: Exercise) -> dict[str, bool]:
    return {button["id"]: bool(button["enabled"]) for button in view.buttons}


def synced(view: Exercise) -> dict[str, Any]:
    """Every synced trait, as the browser receives them."""
    return {name: getattr(view, name) for name in view.traits(sync=True)}
