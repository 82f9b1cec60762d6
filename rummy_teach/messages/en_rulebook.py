"""English texts of the rule book page (``notebooks/rules.ipynb``): every rule of both games in learner words.

Each rule id of the project's rule book has ``rulebook.<id>.name`` (a short heading) and
``rulebook.<id>`` (the rule, in the project's own sentences); a rule with a house-rule switch also
has ``rulebook.<id>.variant``. Ids are written in lower case with underscores: ``K-OPEN-2`` is
``rulebook.k_open_2``.
"""

MESSAGES: dict[str, str] = {
    "rulebook.title": "The rule book",
    "rulebook.intro": (
        "Every rule the lessons teach, in plain words, one paragraph each. Where players around "
        "the world play a rule differently, the house rule says what changes and what the "
        "lessons use unless you switch it."
    ),
    "rulebook.variant_label": "House rule:",
    "rulebook.back": "Back to the lessons",
    # the ideas both games share
    "rulebook.shared": "Words both games use",
    "rulebook.shared.meld": (
        "A meld (in Rummikub: a set) is a row of pieces laid face up on the table. There are only "
        "two kinds. A group is three or four pieces with the same number, each of a different "
        "suit or colour. A run is three or more pieces of one suit or colour whose numbers follow "
        "on without a gap."
    ),
    "rulebook.shared.low": (
        "The ace in Rummy and the 1 in Rummikub are the lowest pieces: a run may start with them, "
        "but it never climbs past the top and starts again at the bottom."
    ),
    # Rummy
    "rulebook.rummy": "Rummy",
    "rulebook.rummy.intro": "Rummy is played with one ordinary pack of 52 cards.",
    "rulebook.rummy.setup": "Getting ready",
    "rulebook.rummy.melds": "Melds",
    "rulebook.rummy.turn": "A turn",
    "rulebook.rummy.out": "Going out and scoring",
    "rulebook.rummy.stock": "When the stock runs out",
    "rulebook.r_setup_1.name": "Players and cards",
    "rulebook.r_setup_1": (
        "Two to six people can play. You need one pack of 52 cards; the jokers stay in the box."
    ),
    "rulebook.r_setup_2.name": "How many cards each",
    "rulebook.r_setup_2": (
        "With two players, everyone gets ten cards. With three or four players, seven each. With "
        "five or six players, six each."
    ),
    "rulebook.r_setup_3.name": "The stock and the discard pile",
    "rulebook.r_setup_3": (
        "The cards nobody was dealt go face down in a pile: the stock. Its top card is turned "
        "face up beside it to begin the discard pile."
    ),
    "rulebook.r_setup_4.name": "Who starts",
    "rulebook.r_setup_4": (
        "The player sitting on the dealer's left plays first, and the turns then go round the "
        "table clockwise."
    ),
    "rulebook.r_meld_1.name": "Groups",
    "rulebook.r_meld_1": (
        "A group is three or four cards of the same rank, such as three nines or four kings. With "
        "one pack there are only four cards of a rank, so a group never grows past four."
    ),
    "rulebook.r_meld_2.name": "Runs",
    "rulebook.r_meld_2": (
        "A run is three or more cards of one suit in unbroken order, such as 5, 6 and 7 of "
        "hearts. A missing card breaks it: 5, 6 and 8 of hearts only become a run once the 7 "
        "joins them. Every card of a run has the same suit; hearts and diamonds are both red but "
        "never share a run."
    ),
    "rulebook.r_meld_3.name": "The ace is low",
    "rulebook.r_meld_3": (
        "The ace sits below the 2, so ace, 2, 3 is a run. Queen, king, ace is not, and a run "
        "cannot turn the corner from the king back to the ace and the 2."
    ),
    "rulebook.r_meld_3.variant": (
        "With the ace high or low, the ace may also sit above the king, so queen, king, ace is a "
        "run as well, and an ace left in a hand then costs 15 points. Turning the corner, king, "
        "ace, 2, stays forbidden."
    ),
    "rulebook.r_turn_1.name": "First, draw",
    "rulebook.r_turn_1": (
        "Every turn begins with taking exactly one card: either the top card of the stock or the "
        "top card of the discard pile. You draw even when your hand already holds a finished meld."
    ),
    "rulebook.r_turn_2.name": "Then, lay down melds if you like",
    "rulebook.r_turn_2": (
        "After drawing you may put new melds from your hand on the table, as many as you have. "
        "You never have to: keeping them in your hand is allowed."
    ),
    "rulebook.r_turn_2.variant": "With one meld a turn, you may lay down at most one new meld each turn.",
    "rulebook.r_turn_3.name": "Then, lay off if you like",
    "rulebook.r_turn_3": (
        "You may also add cards from your hand to melds already on the table, yours or anybody "
        "else's, as long as each meld stays a real meld: a run gets a card at one of its ends, a "
        "group of three gets its fourth card."
    ),
    "rulebook.r_turn_4.name": "The table stays as it is",
    "rulebook.r_turn_4": (
        "Once a card is on the table it stays in its meld. Nobody takes cards out of a meld or "
        "moves them to another one; that is the big difference from Rummikub. You also need no "
        "minimum score to put down your first meld."
    ),
    "rulebook.r_turn_5.name": "Last, discard",
    "rulebook.r_turn_5": (
        "You finish your turn by putting one card from your hand face up on the discard pile. "
        "The only time you skip this is when your hand is already empty."
    ),
    "rulebook.r_turn_6.name": "Not the card you just took",
    "rulebook.r_turn_6": (
        "If you took the top card of the discard pile, you may not throw that same card away "
        "again in this turn. A card you drew from the stock may be thrown away at once."
    ),
    "rulebook.r_out_1.name": "Going out",
    "rulebook.r_out_1": (
        "You go out when your last card leaves your hand, whether you meld it, lay it off or "
        "discard it."
    ),
    "rulebook.r_out_1.variant": (
        "With discard to go out, your very last card has to go onto the discard pile."
    ),
    "rulebook.r_out_2.name": "The round ends at once",
    "rulebook.r_out_2": (
        "As soon as somebody goes out the round is over. No one else gets a last turn."
    ),
    "rulebook.r_score_1.name": "Counting the points",
    "rulebook.r_score_1": (
        "The player who went out scores the cards still in the other players' hands: an ace is "
        "worth 1, the 2 to the 10 what they show, a jack, queen or king 10 each. Melds on the "
        "table count nothing. If one player is left with a queen and a 4 and another with an ace "
        "and a 7, the winner scores 14 plus 8: 22 points."
    ),
    "rulebook.r_score_2.name": "Going rummy",
    "rulebook.r_score_2": (
        "Going rummy means putting your whole hand down in one turn, when you had laid nothing "
        "down or off before in that round."
    ),
    "rulebook.r_score_2.variant": (
        "With going rummy doubles, such a round is worth twice its points. Without it, going "
        "rummy scores like any other way of going out."
    ),
    "rulebook.r_game_1.name": "Winning the game",
    "rulebook.r_game_1": (
        "Rounds follow one another until somebody's total reaches the target, 100 points unless "
        "you agree otherwise."
    ),
    "rulebook.r_game_1.variant": (
        "You may play to another target, such as 150, or play an agreed number of rounds and see "
        "who has the most points after the last one."
    ),
    "rulebook.r_stock_1.name": "An empty stock",
    "rulebook.r_stock_1": (
        "When the stock is used up, the next player may still take the top card of the discard "
        "pile. If they do not want it, the discard pile is turned face down, in the same order, "
        "and becomes the new stock."
    ),
    "rulebook.r_stock_1.variant": (
        "With shuffle the discards, every discard except the top card is shuffled to make the new "
        "stock, and the top card stays as the discard pile."
    ),
    "rulebook.r_stock_2.name": "A round that would never end",
    "rulebook.r_stock_2": (
        "This one is the program's own safety rule, not in the printed rules: once the stock has "
        "been rebuilt three times in one round and runs out again, the round stops with no winner "
        "and nobody scores. It stops the same way when the stock stays empty for a whole lap "
        "because every player takes the discard instead of rebuilding it."
    ),
    "rulebook.r_stock_2.variant": "You can choose how many times the stock may be rebuilt.",
    # Rummikub
    "rulebook.rummikub": "Rummikub",
    "rulebook.rummikub.intro": "Rummikub is played with numbered tiles on racks.",
    "rulebook.rummikub.setup": "The tiles and the players",
    "rulebook.rummikub.sets": "Sets",
    "rulebook.rummikub.open": "The initial meld",
    "rulebook.rummikub.turn": "Turns and the table",
    "rulebook.rummikub.jokers": "Jokers on the table",
    "rulebook.rummikub.end": "The end of the game",
    "rulebook.k_set_1.name": "The tiles",
    "rulebook.k_set_1": (
        "There are 106 tiles. The numbers 1 to 13 come in four colours, black, red, blue and "
        "orange, and each of those tiles is there twice: 104 tiles. The last two are jokers."
    ),
    "rulebook.k_set_1.variant": "Some boxes come with four jokers instead of two.",
    "rulebook.k_set_2.name": "Players and racks",
    "rulebook.k_set_2": (
        "Two to four people play. Each takes 14 tiles and stands them on a rack so the others "
        "cannot see them. The other tiles lie face down: that is the pool."
    ),
    "rulebook.k_set_3.name": "Whose turn",
    "rulebook.k_set_3": "The turns go round the table clockwise.",
    "rulebook.k_set_3.variant": (
        "The official rule book of 1978 sends the turns the other way, counterclockwise."
    ),
    "rulebook.k_meld_1.name": "The table is always in order",
    "rulebook.k_meld_1": (
        "Whenever a turn ends, every row of tiles on the table must be a real group or run, and "
        "no tile can belong to two sets at once."
    ),
    "rulebook.k_meld_2.name": "Groups",
    "rulebook.k_meld_2": (
        "A group is three or four tiles with the same number, each in a different colour. Two red "
        "7s can never sit in the same group."
    ),
    "rulebook.k_meld_3.name": "Runs",
    "rulebook.k_meld_3": (
        "A run is three or more tiles of one colour with numbers that follow on, such as blue 4, "
        "5 and 6. The 1 is always at the bottom: 12, 13, 1 is not a run."
    ),
    "rulebook.k_meld_4.name": "Jokers",
    "rulebook.k_meld_4": (
        "A joker can take the place of any tile. In a set it is worth the number it stands for."
    ),
    "rulebook.k_meld_5.name": "Reading a set with jokers",
    "rulebook.k_meld_5": (
        "The program reads a set with jokers the same way every time, whatever order you put the "
        "tiles in. A joker first fills a hole in a run; if there is none, it goes on the top end "
        "when it can, otherwise the bottom end; in a group it takes a colour that is missing. If "
        "a set can be read two ways, the reading worth more counts, so red 5, red 6 and a joker "
        "is red 5, 6 and 7, worth 18. You may also say yourself which tile a joker stands for. A "
        "set never holds more jokers than there are in the box."
    ),
    "rulebook.k_open_1.name": "Hands off the table at first",
    "rulebook.k_open_1": (
        "Until you have made your initial meld, the sets already on the table are not yours to "
        "touch."
    ),
    "rulebook.k_open_2.name": "The 30 points",
    "rulebook.k_open_2": (
        "Your initial meld is one or more sets, made only of tiles from your own rack, whose "
        "numbers add up to 30 or more. Three 10s make exactly 30; red 11, 12 and 13 make 36; a "
        "joker counts as the number it stands for."
    ),
    "rulebook.k_open_2.variant": "You can agree on a different number of points for the initial meld.",
    "rulebook.k_open_3.name": "If you cannot play",
    "rulebook.k_open_3": (
        "If you cannot play, or would rather not, you take one tile from the pool and your turn "
        "is over."
    ),
    "rulebook.k_open_4.name": "After the initial meld",
    "rulebook.k_open_4": (
        "From your next turn on, a single tile added to the table is enough for a turn, and only "
        "from then on may you rearrange the sets on the table."
    ),
    "rulebook.k_turn_1.name": "Rearranging the table",
    "rulebook.k_turn_1": (
        "Once you have made your initial meld, you may rebuild the table however you like: split "
        "a set in two, join sets, move tiles from one set to another, so that your own tiles "
        "fit in."
    ),
    "rulebook.k_turn_2.name": "Play at least one tile",
    "rulebook.k_turn_2": (
        "A turn in which you play must put at least one tile from your rack on the table."
    ),
    "rulebook.k_turn_3.name": "The penalty",
    "rulebook.k_turn_3": (
        "If the table is not all in order when you end your turn, everything goes back the way it "
        "was at the start of your turn, your tiles come back to your rack, and you take three "
        "tiles from the pool as a penalty. An initial meld that is short of 30 points, or that "
        "uses tiles from the table, counts as such a turn. Simply choosing not to play costs one "
        "tile, not three."
    ),
    "rulebook.k_turn_3.variant": "You can agree on a different number of penalty tiles.",
    "rulebook.k_turn_4.name": "A time limit",
    "rulebook.k_turn_4": (
        "Many players give each turn a time limit of one or two minutes. The lessons leave it "
        "out so that you can think in peace."
    ),
    "rulebook.k_turn_4.variant": (
        "The games against the computer can give each turn 60 to 120 seconds."
    ),
    "rulebook.k_joker_1.name": "A set that holds a joker",
    "rulebook.k_joker_1": (
        "You may add tiles to a set with a joker in it, but you may not take tiles out of it or "
        "rebuild it while the joker is there. A run only grows at its two ends, and its joker "
        "keeps standing for the same tile; a group only takes a colour it is missing. Once the "
        "joker has been swapped out, the set is free again."
    ),
    "rulebook.k_joker_1.variant": (
        "With the looser house rule, the set's tiles may move together into one new set of the "
        "same kind, and its jokers may stand for new tiles there."
    ),
    "rulebook.k_joker_2.name": "Swapping a joker",
    "rulebook.k_joker_2": (
        "If you hold the very tile a joker stands for, you may put your tile in its place and take "
        "the joker, but you must play that joker on the table in the same turn."
    ),
    "rulebook.k_joker_3.name": "A joker never goes home",
    "rulebook.k_joker_3": "A joker you take from the table can never go onto your rack.",
    "rulebook.k_joker_4.name": "A group of two tiles and a joker",
    "rulebook.k_joker_4": (
        "When a group is two tiles and a joker, the joker stands for either missing colour, so a "
        "tile of either colour may take its place."
    ),
    "rulebook.k_joker_4.variant": (
        "The 1978 rule book asks for both missing colours: you add the tiles of both before you "
        "may take the joker."
    ),
    "rulebook.k_end_1.name": "Winning and the score",
    "rulebook.k_end_1": (
        "The first player to empty their rack wins. Everyone else adds up the numbers on the "
        "tiles they still hold, with a joker worth 30 there, and loses that many points. The "
        "winner gains what the others lost together, so all the scores add up to nothing."
    ),
    "rulebook.k_end_2.name": "When the pool is empty",
    "rulebook.k_end_2": (
        "When the pool has no tiles left and the next player cannot or will not play, the game "
        "stops. Everyone adds up their tiles; the lowest total wins, and every other player pays "
        "the winner the difference between their total and the winner's."
    ),
    "rulebook.k_end_2.variant": (
        "In another common reading, play goes on until every player in turn has passed."
    ),
    "rulebook.k_cards_1.name": "Rummikub with playing cards",
    "rulebook.k_cards_1": (
        "You can play Rummikub with two packs of cards. Each suit becomes one colour; the ace is "
        "1, the jack 11, the queen 12 and the king 13; the four jokers of the packs are the "
        "jokers. The lessons show which suit stands for which colour."
    ),
    "rulebook.k_cards_1.variant": "With cards you play with four jokers unless you agree otherwise.",
}
