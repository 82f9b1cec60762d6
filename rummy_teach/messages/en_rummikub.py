"""English messages of the rummikub area: reason key -> template."""

MESSAGES: dict[str, str] = {}
