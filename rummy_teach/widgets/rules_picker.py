"""The house-rules picker: every variant switch of a rules object, each with one line in learner
words; changing one re-judges the exercise beside it at once (``Exercise.set_rules``).

The controls come from the rules class itself (``controls_for``): a ``bool`` field is a switch, a
``Literal`` field a choice of its values, a number field a bounded number (the bounds below, which
a test checks against ``RummyRules``/``RummikubRules`` validation), so a new house rule cannot be
left out without a test failing. The browser sets no trait: each change arrives as one custom
message ``{"intent": "set_rule", "rule": "ace", "value": "low_or_high", "seq": 3}``, checked
before any work (``read_rule_change``); anything else is refused with one log line.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Literal

import traitlets

from rummy_teach import messages
from rummy_teach.errors import RulesError, RummyTeachError, shown
from rummy_teach.rules import Rules, RummikubRules, RummyRules
from rummy_teach.static import view_css, view_module
from rummy_teach.widgets.base import Exercise
from rummy_teach.widgets.comm import GuardedWidget
from rummy_teach.widgets.intents import MAX_SEQ, BadIntent

__all__ = ["NUMBER_BOUNDS", "Control", "RulesPicker", "controls_for", "read_rule_change"]

ControlKind = Literal["switch", "choice", "number"]
OptionValue = str | int | bool | None

NUMBER_BOUNDS: Final[Mapping[str, tuple[int, int]]] = {
    "melds_per_turn": (1, 52),
    "target": (1, 100_000),
    "hands": (1, 1000),
    "max_restocks": (1, 100),
    "initial_meld_points": (0, 200),
    "penalty_draw": (0, 10),
    "turn_seconds": (60, 120),
}
"""The whole numbers each number field takes (as ``rules.py`` validates them)."""
INT_CHOICES: Final[Mapping[str, tuple[int, ...]]] = {"jokers": (2, 4)}
"""Number fields that take only a few values: shown as a choice."""
_MAX_NAME = 32


@dataclass(frozen=True, slots=True)
class Control:
    """One rules field as a control: a switch, a choice of ``options``, or a number ``low``..``high``
    (``optional``: empty means no limit, ``None``)."""

    name: str
    kind: ControlKind
    options: tuple[OptionValue, ...] = ()
    low: int = 0
    high: int = 0
    optional: bool = False

    def option_id(self, value: OptionValue) -> str:
        """How a choice's value is named in the page and in messages: ``low_or_high``, ``4``."""
        return str(value)

    def check(self, value: object) -> OptionValue:
        """``value`` as the page sent it, made the field's value; ``BadIntent`` if it is not one."""
        if self.kind == "switch":
            if type(value) is not bool:
                raise BadIntent(f"{self.name} is switched on or off (true or false)")
            return value
        if self.kind == "choice":
            for option in self.options:
                if value == self.option_id(option):
                    return option
            raise BadIntent(f"{self.name} takes one of {[self.option_id(o) for o in self.options]}")
        if value is None and self.optional:
            return None
        if type(value) is not int:
            raise BadIntent(f"{self.name} is a whole number")
        return value


def controls_for(rules_class: type[RummyRules] | type[RummikubRules]) -> list[Control]:
    """A control for every field of ``rules_class``; a field of a kind with none raises."""
    hints = typing.get_type_hints(rules_class)
    controls = []
    for field in dataclasses.fields(rules_class):
        kind = hints[field.name]
        args = typing.get_args(kind)
        if kind is bool:
            controls.append(Control(field.name, "switch"))
        elif typing.get_origin(kind) is Literal:
            controls.append(Control(field.name, "choice", tuple(args)))
        elif field.name in INT_CHOICES:
            controls.append(Control(field.name, "choice", INT_CHOICES[field.name]))
        elif field.name in NUMBER_BOUNDS:
            low, high = NUMBER_BOUNDS[field.name]
            controls.append(Control(field.name, "number", (), low, high, type(None) in args))
        else:
            raise RummyTeachError(f"no control for {rules_class.__name__}.{field.name}")
    return controls


def read_rule_change(content: object, controls: Sequence[Control]) -> tuple[Control, OptionValue]:
    """The control and new value in one message from the page, or ``BadIntent`` saying why not."""
    if not isinstance(content, dict) or set(content) != {"intent", "rule", "value", "seq"}:
        raise BadIntent("a rule change is {intent: 'set_rule', rule, value, seq}")
    if content["intent"] != "set_rule":
        raise BadIntent("unknown intent")
    seq, name, value = content["seq"], content["rule"], content["value"]
    if type(seq) is not int or not 0 <= seq <= MAX_SEQ:
        raise BadIntent(f"seq is a whole number from 0 to {MAX_SEQ}")
    if not isinstance(name, str) or len(name) > _MAX_NAME:
        raise BadIntent("a rule is named by a short string")
    if not (value is None or isinstance(value, bool | int | str)):
        raise BadIntent(
            f"a rule's value is a number, a word or true/false, not {type(value).__name__}"
        )
    if isinstance(value, str) and len(value) > _MAX_NAME:
        raise BadIntent("a rule's value is a short word")
    if isinstance(value, int) and not -(10**9) <= value <= 10**9:
        raise BadIntent("a rule's value is a number of at most 9 digits")
    control = next((control for control in controls if control.name == name), None)
    if control is None:
        raise BadIntent("no such rule")
    return control, control.check(value)


class RulesPicker(GuardedWidget):
    """Every house rule of an exercise's game, explained in one line each; a change re-judges it."""

    _esm = view_module("rules_picker")
    _css = view_css("rules_picker")
    title = traitlets.Unicode("").tag(sync=True)
    intro = traitlets.Unicode("").tag(sync=True)
    controls: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    """Each control: name, label, explanation, kind, value, options [{id, label}], min, max, optional."""
    status = traitlets.Unicode("").tag(sync=True)
    log_name: ClassVar[str] = "rules picker"

    def __init__(self, exercise: Exercise, fields: Sequence[str] = ()) -> None:
        """A picker for ``exercise``: every rules field, or only ``fields`` (in the rules' order)."""
        if not isinstance(exercise, Exercise):
            raise RulesError(
                f"a rules picker changes the rules of an exercise, not {shown(exercise)}"
            )
        super().__init__()
        self.exercise = exercise
        self.rules: Rules = exercise.rules
        self._controls = controls_for(type(self.rules))
        if isinstance(fields, str) or not isinstance(fields, Sequence):
            raise RulesError(f"fields is a list of rules fields' names, not {shown(fields)}")
        if fields:
            unknown = set(fields) - {control.name for control in self._controls}
            if unknown:
                raise RummyTeachError(f"no house rule {sorted(unknown)} in {self.rules.game}")
            self._controls = [control for control in self._controls if control.name in fields]
        self.title = messages.text(f"rules_picker.title.{self.rules.game}")
        self.intro = messages.text("rules_picker.intro")
        self.controls = self._specs()

    def _key(self, control: Control, suffix: str = "") -> str:
        return f"rules_picker.{self.rules.game}.{control.name}{suffix}"

    def _value_words(self, control: Control, value: OptionValue) -> str:
        if control.kind == "switch":
            return messages.text("rules_picker.on" if value else "rules_picker.off")
        if control.kind == "choice":
            return messages.text(self._key(control, f".{control.option_id(value)}"))
        return messages.text("rules_picker.none") if value is None else str(value)

    def _specs(self) -> list[dict[str, Any]]:
        specs = []
        for control in self._controls:
            value = getattr(self.rules, control.name)
            spec: dict[str, Any] = {
                "name": control.name,
                "label": messages.text(self._key(control)),
                "explanation": messages.text(self._key(control, ".explain")),
                "kind": control.kind,
                "value": control.option_id(value) if control.kind == "choice" else value,
            }
            if control.kind == "choice":
                spec["options"] = [
                    {"id": control.option_id(option), "label": self._value_words(control, option)}
                    for option in control.options
                ]
            if control.kind == "number":
                spec |= {"min": control.low, "max": control.high, "optional": control.optional}
            specs.append(spec)
        return specs

    def choose(self, name: str, value: OptionValue) -> None:
        """Set the rule ``name`` to ``value`` (as the page would) and re-judge the exercise."""
        self.receive({"intent": "set_rule", "rule": name, "value": value, "seq": 0})

    # ------------------------------------------------------------------ input from the browser

    def _read_message(
        self, content: object, buffers: Sequence[object]
    ) -> tuple[Control, OptionValue]:
        if buffers:
            raise BadIntent("a rule change carries no binary buffers")
        return read_rule_change(content, self._controls)

    def _on_message(self, message: object) -> None:
        control, value = typing.cast("tuple[Control, OptionValue]", message)
        self._change(control, value)

    def _change(self, control: Control, value: OptionValue) -> None:
        label = messages.text(self._key(control))
        if control.kind == "number" and value is not None:
            assert isinstance(value, int)
            if not control.low <= value <= control.high:
                self.status = messages.text(
                    "rules_picker.out_of_range", rule=label, low=control.low, high=control.high
                )
                self.controls = self._specs()  # the field shows the rule's value again
                return
        try:
            change: dict[str, Any] = {control.name: value}
            rules = dataclasses.replace(self.rules, **change)
        except RulesError as error:  # pragma: no cover - the checks above match rules.py's
            self._refuse(str(error), value)
            return
        try:
            self.exercise.set_rules(rules)
        except Exception:  # a re-judge must never crash the kernel; the rules stay as they were
            self.log.exception("rummy_teach rules picker could not re-judge with %s", rules.key)
            return
        self.rules = rules
        self.controls = self._specs()
        self.status = messages.text(
            "rules_picker.changed", rule=label, value=self._value_words(control, value)
        )

    def __repr__(self) -> str:
        return f"RulesPicker({self.exercise!r})"
