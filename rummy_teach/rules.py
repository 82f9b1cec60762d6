"""Rules objects: one frozen, validated field per variant switch in RULES.md, with its defaults."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

from rummy_teach.errors import RulesError, shown

__all__ = [
    "Rules",
    "RummikubRules",
    "RummyRules",
    "any_rules",
    "rules_from_key",
    "rummikub_rules",
    "rummy_rules",
]

Ace = Literal["low", "low_or_high"]
EmptyStock = Literal["flip", "shuffle"]
Direction = Literal["clockwise", "counterclockwise"]
TrioRetrieval = Literal["either", "both"]
EmptyPoolEnd = Literal["next_player", "all_pass"]
PieceKind = Literal["tiles", "cards"]
JokerSetGrowth = Literal["ends", "slide"]


def _refused(reason: str, /, **params: object) -> RulesError:
    """A ``RulesError`` worded by ``reason`` in the learner's language (``messages.en_rules``)."""
    from rummy_teach import messages  # on a refusal only: reading rules needs no catalog

    return RulesError(messages.text(reason, **params))


def _check_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise _refused(
            "rules.bad_choice", name=name, choices=", ".join(map(repr, choices)), value=shown(value)
        )


def _check_int(name: str, value: object, low: int, high: int, *, optional: bool = False) -> None:
    if optional and value is None:
        return
    if type(value) is not int or not low <= value <= high:
        key = "rules.bad_number_or_none" if optional else "rules.bad_number"
        raise _refused(key, name=name, low=low, high=high, value=shown(value))


def _check_bool(name: str, value: object) -> None:
    if type(value) is not bool:
        raise _refused("rules.bad_flag", name=name, value=shown(value))


def _key(game: str, rules: Any) -> str:
    """``game`` plus every setting that differs from the default, sorted: stable across versions."""
    parts = [game]
    for field in sorted(dataclasses.fields(rules), key=lambda f: f.name):
        value = getattr(rules, field.name)
        if value != field.default:
            parts.append(f"{field.name}={'none' if value is None else str(value).lower()}")
    return ":".join(parts)


@dataclass(frozen=True, slots=True)
class RummyRules:
    """Basic Rummy with one 52-card deck (R-*). Defaults are RULES.md's."""

    ace: Ace = "low"
    """R-MELD-3: ``"low"`` (A-2-3 only) or ``"low_or_high"`` (Q-K-A too; ace scores 15)."""
    melds_per_turn: int | None = None
    """R-TURN-2: how many new melds a turn may lay down; ``None`` means any number."""
    must_discard_to_go_out: bool = False
    """R-OUT-1: when True the last card must be discarded."""
    going_rummy_doubles: bool = False
    """R-SCORE-2: going out in one turn with nothing melded before doubles the round's points."""
    target: int = 100
    """R-GAME-1: the match ends when a player reaches this score (unless ``hands`` is set)."""
    hands: int | None = None
    """R-GAME-1: play exactly this many hands instead of to a target; most points wins."""
    empty_stock: EmptyStock = "flip"
    """R-STOCK-1: ``"flip"`` the discards unshuffled, or ``"shuffle"`` all but the top card."""
    max_restocks: int = 3
    """R-STOCK-2: a round whose stock was rebuilt this many times ends with no winner."""

    def __post_init__(self) -> None:
        _check_choice("ace", self.ace, ("low", "low_or_high"))
        _check_int("melds_per_turn", self.melds_per_turn, 1, 52, optional=True)
        _check_bool("must_discard_to_go_out", self.must_discard_to_go_out)
        _check_bool("going_rummy_doubles", self.going_rummy_doubles)
        _check_int("target", self.target, 1, 100_000)
        _check_int("hands", self.hands, 1, 1000, optional=True)
        _check_choice("empty_stock", self.empty_stock, ("flip", "shuffle"))
        _check_int("max_restocks", self.max_restocks, 1, 100)

    @property
    def game(self) -> Literal["rummy"]:
        """The game these rules are for."""
        return "rummy"

    @property
    def uses_tiles(self) -> bool:
        """False: Rummy is played with cards."""
        return False

    @property
    def key(self) -> str:
        """A short stable string naming these rules, e.g. ``rummy`` or ``rummy:ace=low_or_high``."""
        return _key("rummy", self)

    @property
    def ace_value(self) -> int:
        """Points an ace left in hand is worth (R-SCORE-1, R-SCORE-2): 1, or 15 when aces may be high."""
        return 15 if self.ace == "low_or_high" else 1


@dataclass(frozen=True, slots=True)
class RummikubRules:
    """Rummikub with 106 tiles (K-*). Defaults are RULES.md's."""

    jokers: int = 2
    """K-SET-1: 2 jokers (106 tiles) or 4 (108)."""
    direction: Direction = "clockwise"
    """K-SET-3: ``"clockwise"`` or ``"counterclockwise"``."""
    initial_meld_points: int = 30
    """K-OPEN-2: points the initial meld must reach from the player's own rack."""
    penalty_draw: int = 3
    """K-TURN-3: tiles drawn when a turn leaves the table invalid."""
    turn_seconds: int | None = None
    """K-TURN-4: a turn time limit of 60-120 seconds, or ``None`` (off)."""
    joker_trio_retrieval: TrioRetrieval = "either"
    """K-JOKER-4: in a group of two tiles and a joker, ``"either"`` missing colour frees it, or ``"both"``."""
    pieces: PieceKind = "tiles"
    """K-CARDS-1: ``"tiles"``, or ``"cards"`` for two card decks (suits as colours; the decks'
    four jokers, so ``jokers`` becomes 4 unless given)."""
    empty_pool_end: EmptyPoolEnd = "next_player"
    """K-END-2: with the pool empty the game stops when the next player cannot or will not play
    (``"next_player"``), or only once every player in turn has passed (``"all_pass"``)."""
    joker_set_growth: JokerSetGrowth = "ends"
    """K-JOKER-1: a set holding a joker grows only at its ends (a group by a missing colour) and its
    jokers keep the tiles they stood for when laid (``"ends"``), or its tiles need only stay together
    in one new set of the same kind, its jokers read anew (``"slide"``, a looser house reading)."""

    def __post_init__(self) -> None:
        if type(self.jokers) is not int or self.jokers not in (2, 4):
            raise _refused("rules.bad_jokers", value=shown(self.jokers))
        _check_choice("direction", self.direction, ("clockwise", "counterclockwise"))
        _check_int("initial_meld_points", self.initial_meld_points, 0, 200)
        _check_int("penalty_draw", self.penalty_draw, 0, 10)
        _check_int("turn_seconds", self.turn_seconds, 60, 120, optional=True)
        _check_choice("joker_trio_retrieval", self.joker_trio_retrieval, ("either", "both"))
        _check_choice("pieces", self.pieces, ("tiles", "cards"))
        if self.pieces == "cards" and self.jokers == 2:
            object.__setattr__(self, "jokers", 4)  # two decks hold four jokers (K-CARDS-1)
        _check_choice("empty_pool_end", self.empty_pool_end, ("next_player", "all_pass"))
        _check_choice("joker_set_growth", self.joker_set_growth, ("ends", "slide"))

    @property
    def game(self) -> Literal["rummikub"]:
        """The game these rules are for."""
        return "rummikub"

    @property
    def uses_tiles(self) -> bool:
        """True: the engine plays Rummikub with tiles (cards are only how they are shown, K-CARDS-1)."""
        return True

    @property
    def key(self) -> str:
        """A short stable string naming these rules, e.g. ``rummikub`` or ``rummikub:jokers=4``."""
        return _key("rummikub", self)


Rules: TypeAlias = RummyRules | RummikubRules


def rummikub_rules(rules: object, who: str) -> RummikubRules:
    """``rules`` if they are ``RummikubRules``; else ``RulesError`` saying ``who`` needs them."""
    if not isinstance(rules, RummikubRules):
        raise RulesError(f"{who} plays Rummikub: rules must be RummikubRules, not {shown(rules)}")
    return rules


def rummy_rules(rules: object, who: str) -> RummyRules:
    """``rules`` if they are ``RummyRules``; else ``RulesError`` saying ``who`` needs them."""
    if not isinstance(rules, RummyRules):
        raise RulesError(f"{who} plays Rummy: rules must be RummyRules, not {shown(rules)}")
    return rules


def any_rules(rules: object, who: str) -> Rules:
    """``rules`` if they are either game's; else ``RulesError`` saying ``who`` needs them."""
    if not isinstance(rules, (RummyRules, RummikubRules)):
        raise RulesError(f"{who} needs RummyRules or RummikubRules, not {shown(rules)}")
    return rules


def rules_from_key(key: str) -> Rules:
    """Rebuild a rules object from its ``key``; a bad key raises ``RulesError`` naming the bad part."""
    if not isinstance(key, str) or not key:
        raise _refused("rules.key_not_text", value=shown(key))
    game, *settings = key.split(":")
    cls: type[RummyRules] | type[RummikubRules]
    if game == "rummy":
        cls = RummyRules
    elif game == "rummikub":
        cls = RummikubRules
    else:
        raise _refused("rules.key_game", value=shown(game))
    fields = {field.name: field for field in dataclasses.fields(cls)}
    values: dict[str, object] = {}
    for setting in settings:
        name, sep, text = setting.partition("=")
        if not sep or name not in fields:
            raise _refused("rules.key_unknown", setting=shown(setting), key=shown(key))
        if name in values:
            raise _refused("rules.key_twice", name=shown(name), key=shown(key))
        values[name] = _value_from_text(name, text)
    return cls(**values)  # type: ignore[arg-type]


_MAX_DIGITS = 9
"""No setting takes a number this long; a longer one is refused before ``int`` reads it."""


def _value_from_text(name: str, text: str) -> object:
    """A setting's value as the rules key writes it: ``none``, ``true``/``false``, a number, a word.

    ``none``, ``true`` and ``false`` are read in any case: a refusal writes them as Python does
    (``None``, ``True``), and a key typed as the refusal spells them means what it says.
    """
    word = text.lower()
    if word == "none":
        return None
    if word in ("true", "false"):
        return word == "true"
    if text.isascii() and text.isdigit():
        if len(text) > _MAX_DIGITS:
            raise _refused("rules.too_many_digits", name=name, digits=_MAX_DIGITS, text=text[:12])
        return int(text)
    return text
