"""English messages of the widgets area (exercise views, lessons, the app): reason key -> template."""

from rummy_teach.messages.plural import Plural

MESSAGES: dict[str, str | Plural] = {
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
    "widgets.status.note": "Note",
    "widgets.failed": (
        "Something went wrong inside this exercise with that click. Press Reset to start it again."
    ),
    "widgets.status.info": "Keep going",
    "widgets.status.solved": "Solved!",
    # feedback
    "widgets.pick_some": "Pick pieces from your hand: the verdict appears as you pick.",
    "widgets.picked_one": "Picked {pieces}. A meld needs at least 3 pieces.",
    "widgets.picked_two": "Picked {pieces}. A meld needs at least 3 pieces: pick one more.",
    "widgets.laid_down": "Laid down — {message}",
    "widgets.took_back": "{pieces} went back to your hand.",
    "widgets.button_off": "“{button}” cannot be used yet.",
    "widgets.hint_solved": "This exercise is solved: no hint needed. “{reset}” starts it again.",
    "widgets.opened_already": "You have opened already. “{reset}” starts the exercise again.",
    "widgets.drew": "You drew {tile}; your sets went back to your rack. Your turn is over.",
    "widgets.throttled": (
        "Some clicks came too fast to count, so they were left out. Look at the pieces, then "
        "click again."
    ),
    "widgets.nothing_to_take_back": "There is no meld of yours to take back.",
    "widgets.reset_done": "Back to the start: every piece is in your hand again.",
    "widgets.table_never_moves": (
        "{piece} is on the table and stays there: in Rummy you add to melds, "
        "you never take cards out of them."
    ),
    "widgets.layoff_pick_first": "Pick a card from your hand first, then the meld to lay it off onto.",
    "widgets.layoff_fits": "{pieces} fits onto {meld}: click that meld to lay it off.",
    "widgets.layoff_fits_none": "{pieces} fits onto no meld on the table right now.",
    "widgets.laid_off": "Laid off — {message}",
    "widgets.tally": "{points} of {needed} points",
    "widgets.tally_enough": "{points} points: enough, {needed} needed",
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
    "widgets.goal.lay_down_all": Plural(
        "left",
        "Lay down every meld you can: one piece will stay in your hand.",
        "Lay down every meld you can: {left} pieces will stay in your hand.",
    ),
    "widgets.goal.lay_down_all_none": "Lay down everything: make melds until your hand is empty.",
    "widgets.goal.lay_off_all": Plural(
        "left",
        "Lay off everything that fits onto the melds on the table: one card will stay in your hand.",
        "Lay off everything that fits onto the melds on the table: {left} cards will stay in your hand.",
    ),
    "widgets.goal.lay_off_all_none": "Lay off every card in your hand onto the melds on the table.",
    "widgets.goal.open": "Build an initial meld worth at least {needed} points from your rack, then put it down.",
    "widgets.goal.open_or_draw": (
        "Can this rack open with {needed} points? Put down an initial meld if it can, or draw if it can't."
    ),
    # exercise titles
    "widgets.title.ace_high": "House rule on: the ace may be high or low",
    # the hint ladder: a nudge naming the rule, the rule itself, then an answer
    "widgets.button.hint": "Hint",
    "widgets.hint": "Hint {level} of {levels}: {hint}",
    "widgets.hint.nudge.meld": "Look for pieces of one number in different suits or colours, or of one suit or colour in a row (see {rules} in the rule book).",
    "widgets.hint.nudge.run": "Look for one suit or colour with numbers in a row, no gaps (see {rules} in the rule book).",
    "widgets.hint.nudge.group": "Look for one number in different suits or colours (see {rules} in the rule book).",
    "widgets.hint.nudge.layoff": "Each meld on the table takes only certain cards: look at both ends of every run, and at which suit each group is missing (see {rules} in the rule book).",
    "widgets.hint.nudge.opening": "Count points, not tiles: add up the numbers in the sets you could make (see {rules} in the rule book).",
    "widgets.hint.rule_name": "“{name}”",
    "widgets.hint.rule_link": "Read “{name}” in the rule book",
    "widgets.hint.answer": "Try {pieces}.",
    "widgets.hint.answer_layoff": "Try {piece} on {meld}.",
    "widgets.hint.answer_opening": "The best initial meld here is {sets}, worth {points} points.",
    "widgets.hint.answer_draw": "The best this rack can do is {points} points, short of {needed}: draw a tile.",
    "widgets.hint.no_answer": "Nothing more fits: check the goal, or press Reset and start again.",
    "widgets.rule.r_meld_1": "A group is 3 or 4 cards of one rank.",
    "widgets.rule.r_meld_2": (
        "A run is 3 or more cards of one suit in a row, with no gap; suits never mix, "
        "not even hearts and diamonds."
    ),
    "widgets.rule.r_meld_3": "The ace is low: A-2-3 is a run, Q-K-A and K-A-2 are not.",
    "widgets.rule.r_meld_3.high": "With the house rule on, the ace may be high too, so Q-K-A is a run; K-A-2 never is.",
    "widgets.rule.r_turn_3": (
        "You may add cards from your hand to any meld on the table, as long as it stays "
        "valid: a run grows at either end, a group of 3 becomes 4."
    ),
    "widgets.rule.k_meld_2": "A group is 3 or 4 tiles of one number, every colour different.",
    "widgets.rule.k_meld_3": "A run is 3 or more tiles of one colour in a row; 1 is always low.",
    "widgets.rule.k_meld_4": "A joker stands for any tile and counts as the number it stands for.",
    "widgets.rule.k_open_1": "Until you have made your initial meld you may not touch the table; if you can't, draw.",
    "widgets.rule.k_open_2": (
        "The initial meld is one or more valid sets from your own rack worth at least "
        "{needed} points together."
    ),
    # K-CARDS-1: which suit stands for which colour, in every Rummikub view played with cards
    "widgets.cards_legend": "With cards, each suit stands for a colour: {pairs}.",
    "widgets.cards_legend_pair": "{symbol} {suit} = {colour}",
    # K-CARDS-1: the opening view's sentences when Rummikub is played with two card decks
    "widgets.button.draw.cards": "Can't open: draw a card",
    "widgets.drew.cards": "You drew {tile}; your sets went back to your hand. Your turn is over.",
    "widgets.draw_right.cards": (
        "Right: the best you can make is {best} points, short of {needed}, so you draw a card "
        "and wait for a better hand."
    ),
    "widgets.draw_wrong.cards": (
        "Don't give up yet: this hand can open with {best} points. Look again."
    ),
    "widgets.goal.open.cards": (
        "Build an initial meld worth at least {needed} points from your hand, then put it down."
    ),
    "widgets.goal.open_or_draw.cards": (
        "Can this hand open with {needed} points? Put down an initial meld if it can, or draw if "
        "it can't."
    ),
    "widgets.hint.nudge.opening.cards": (
        "Count points, not cards: add up the numbers in the sets you could make (see {rules} in "
        "the rule book)."
    ),
    "widgets.hint.answer_draw.cards": (
        "The best this hand can do is {points} points, short of {needed}: draw a card."
    ),
    "widgets.rule.k_meld_2.cards": "A group is 3 or 4 cards of one number, every colour different.",
    "widgets.rule.k_meld_3.cards": "A run is 3 or more cards of one colour in a row; 1 is always low.",
    "widgets.rule.k_meld_4.cards": (
        "A joker stands for any card and counts as the number it stands for."
    ),
    "widgets.rule.k_open_2.cards": (
        "The initial meld is one or more valid sets from your own hand worth at least "
        "{needed} points together."
    ),
    # a view's plain-text form, where the page cannot draw it (no widgets: a static viewer)
    "widgets.needs_page": (
        "This exercise needs the interactive page: open it in the lesson app (make app) or run "
        "the notebook in Jupyter."
    ),
    # the app's landing page
    "widgets.app.title": "Learn Rummy and Rummikub",
    "widgets.app.intro": "Short lessons, one idea each. Start at the top and go down.",
    "widgets.app.next": "Next lesson: {title}",
    "widgets.app.kernel_gone": (
        "This lesson lost its connection to the server (nothing you did). Opening it again…"
    ),
    "widgets.app.kernel_gone_again": (
        "This lesson lost its connection to the server again. Reload the page to start it afresh."
    ),
    "widgets.app.server_lost": (
        "The lesson server cannot be reached. This page carries on by itself when it is back."
    ),
    "widgets.app.unknown_lessons": "rummy-teach serve: {problem}",
    # a lesson page whose code failed (rummy_teach.page_errors): a refusal names the problem
    "widgets.app.part_refused": "This part of the page could not start: {problem}.",
    "widgets.app.part_failed": (
        "This part of the page could not start. The log of the lesson server says why."
    ),
    # the teacher's status page (/rummy/status)
    "widgets.teacher.title": "rummy-teach: the server",
    "widgets.teacher.summary": (
        "{open_pages} open pages, {kernels} kernels, {pool} waiting in the pool; kernels use "
        "{kernel_mib} MiB, the server {server_mib} MiB; {free_mib} MiB free."
    ),
    "widgets.teacher.ready": "Ready for the class: {size} learners can open {lessons} at once.",
    "widgets.teacher.warming": (
        "Getting ready for the class of {size}: {waiting} of {wanted} kernels started for "
        "{lessons}. This page refreshes itself until then."
    ),
    "widgets.teacher.cut": (
        "This machine's memory holds kernels for {size} learners per lesson, not {asked}: "
        "the rest wait a few seconds for theirs."
    ),
    "widgets.teacher.no_plan": (
        "No class set up: each lesson keeps ready the kernels counted below. To have "
        "one ready for every learner, name the class size and lessons below (or start with "
        "--class-size 30 --lessons 02,04)."
    ),
    "widgets.teacher.kernels_title": "Kernels by lesson",
    "widgets.teacher.states": Plural(
        "minutes",
        "A kernel works for one learner's lesson page. Ready: started and waiting, so the next page "
        "of that lesson opens at once. Open: pages open now. Loading: handed to a page that is "
        "still loading. Disconnected: the page lost its connection without being closed; its "
        "kernel waits {minutes} minute for it to come back, then ends.",
        "A kernel works for one learner's lesson page. Ready: started and waiting, so the next page "
        "of that lesson opens at once. Open: pages open now. Loading: handed to a page that is "
        "still loading. Disconnected: the page lost its connection without being closed; its "
        "kernel waits {minutes} minutes for it to come back, then ends.",
    ),
    "widgets.teacher.col_lesson": "Lesson",
    "widgets.teacher.col_pool": "Ready",
    "widgets.teacher.col_open": "Open",
    "widgets.teacher.col_handed": "Loading",
    "widgets.teacher.col_left": "Disconnected",
    "widgets.teacher.language_pool": Plural(
        "pool",
        "{language}: {pool} kernel kept ready for each lesson",
        "{language}: {pool} kernels kept ready for each lesson",
    ),
    "widgets.teacher.language_cold": (
        "{language}: no kernels kept ready; a page starts its own when opened, a second or two "
        "slower (start the app with --lang {code} to keep them ready)"
    ),
    "widgets.teacher.lesson_elsewhere": "{number} ({language})",
    "widgets.teacher.form_title": "Get ready for a class",
    "widgets.teacher.size_label": "Learners",
    "widgets.teacher.lessons_label": "Lessons they will open",
    "widgets.teacher.submit": "Get ready",
    "widgets.teacher.clear": "No class",
    "widgets.teacher.only_here": (
        "Only the machine that runs the app can change the class: open this page there "
        "(http://127.0.0.1:{port}/rummy/status)."
    ),
    "widgets.teacher.bad_plan": "The class was not changed: {problem}.",
    "widgets.app.projector": "Projector mode",
    "widgets.app.missing_extras": (
        "rummy-teach serve needs the app extras (missing: {missing}): pip install 'rummy-teach[app]'"
    ),
}
