"""English messages of the widgets area (exercise views, lessons, the app): reason key -> template."""

MESSAGES: dict[str, str] = {
    # zones and buttons
    "widgets.hand": "Your hand",
    "widgets.rack": "Your rack",
    "widgets.table": "On the table",
    "widgets.your_melds": "Laid down",
    "widgets.opening": "Your initial meld",
    "widgets.meld_label": "Meld {number}: {pieces}",
    "widgets.button.lay_down": "Lay down the picked pieces",
    "widgets.button.take_back": "Take back the last meld",
    "widgets.button.reset": "Reset",
    "widgets.button.open": "Put down the initial meld",
    "widgets.button.draw": "Can't open: draw a tile",
    "widgets.button.lay_off_here": "Lay off onto {meld}",
    "widgets.instructions": (
        "Click or tap pieces to pick them, or use the arrow keys and Space. "
        "The box below says at once what your picked pieces make."
    ),
    # status words (shown with an icon beside the colour)
    "widgets.status.ok": "Valid",
    "widgets.status.bad": "Not valid",
    "widgets.status.info": "Keep going",
    "widgets.status.solved": "Solved!",
    # feedback
    "widgets.pick_some": "Pick pieces from your hand: the verdict appears as you pick.",
    "widgets.picked_one": "Picked {pieces}. A meld needs at least 3 pieces.",
    "widgets.picked_two": "Picked {pieces}. A meld needs at least 3 pieces: pick one more.",
    "widgets.laid_down": "Laid down. {message}",
    "widgets.took_back": "{pieces} went back to your hand.",
    "widgets.nothing_to_take_back": "There is no meld of yours to take back.",
    "widgets.reset_done": "Back to the start: every piece is in your hand again.",
    "widgets.table_never_moves": (
        "{piece} is on the table and stays there: in Rummy you add to melds, "
        "you never take cards out of them."
    ),
    "widgets.layoff_pick_first": "Pick a card from your hand first, then the meld to lay it off onto.",
    "widgets.layoff_fits": "{pieces} fits onto {meld}: click that meld to lay it off.",
    "widgets.layoff_fits_none": "{pieces} fits onto no meld on the table right now.",
    "widgets.laid_off": "Laid off. {message}",
    "widgets.tally": "{points} of {needed} points",
    "widgets.tally_with_picked": "{points} of {needed} points (with the picked set: {with_picked})",
    "widgets.opening_not_yet": "Put down at least one valid set first.",
    "widgets.draw_right": (
        "Right: the best you can make is {best} points, short of {needed}, so you draw a tile "
        "and wait for a better rack."
    ),
    "widgets.draw_wrong": "Don't give up yet: this rack can open with {best} points. Look again.",
    "widgets.solved": "Goal reached: well done!",
    "widgets.not_yet": "Not there yet: {goal}",
    # goals
    "widgets.goal.make_meld": "Pick the pieces that belong together and lay them down as one meld.",
    "widgets.goal.make_run": "Make a run and lay it down.",
    "widgets.goal.make_group": "Make a group and lay it down.",
    "widgets.goal.lay_down_all": "Lay down every meld you can: {left} pieces will stay in your hand.",
    "widgets.goal.lay_down_all_one": "Lay down every meld you can: one piece will stay in your hand.",
    "widgets.goal.lay_down_all_none": "Lay down everything: make melds until your hand is empty.",
    "widgets.goal.lay_off_all": (
        "Lay off everything that fits onto the melds on the table: {left} cards will stay in your hand."
    ),
    "widgets.goal.lay_off_all_one": (
        "Lay off everything that fits onto the melds on the table: one card will stay in your hand."
    ),
    "widgets.goal.lay_off_all_none": "Lay off every card in your hand onto the melds on the table.",
    "widgets.goal.open": "Build an initial meld worth at least {needed} points from your rack, then put it down.",
    "widgets.goal.open_or_draw": (
        "Can this rack open with {needed} points? Put down an initial meld if it can, or draw if it can't."
    ),
    # the app's landing page
    "widgets.app.title": "Learn Rummy and Rummikub",
    "widgets.app.intro": "Short lessons, one idea each. Start at the top and go down.",
    "widgets.app.next": "Next lesson: {title}",
}
