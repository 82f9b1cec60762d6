"""English messages of the solver area: reason key -> template."""

MESSAGES: dict[str, str] = {}
