"""English messages of lesson 12's house-rule exercises (``rummy_teach.widgets.house_rules``)."""

MESSAGES: dict[str, str] = {
    "house.restarted": (
        "The rules changed, so this turn starts again from its first position: play it by the "
        "new rules."
    ),
}
