"""English messages of the Rummy game view (``RummyGame``): reason key -> template."""

MESSAGES: dict[str, str] = {}
