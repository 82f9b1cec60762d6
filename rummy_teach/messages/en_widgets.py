"""English messages of the widgets area: reason key -> template."""

MESSAGES: dict[str, str] = {}
