"""Emperor's Garden (Diz Hooper, Looney Pyramids + Hanafuda cards, 2nd edition): final scoring.

The rule text is ``shared/other-games/emperors-garden-rules.txt``. This package scores the end of
a game entered by hand: the card layout (a grid of positions holding suits, gaps allowed), the
emperor, each player's samurai / priest / poet (on a card or off the board), the four scoring
cards, whether each player still holds their agent, and the points taken during play.

Modules: :mod:`~emperors_garden.vocab` (enums, ``ALL_*`` tuples, the rule numbers),
:mod:`~emperors_garden.board` (positions, the board and its notation),
:mod:`~emperors_garden.game` (players, interpretations, the game and its JSON file),
:mod:`~emperors_garden.validate` (impossible states, every problem at once),
:mod:`~emperors_garden.rules` (one pure function per rule and tie-break),
:mod:`~emperors_garden.score` (the whole game), :mod:`~emperors_garden.cli` (``zengarden emperors``).

Scoring (rule text, "Winning the Game")
---------------------------------------
* samurai 3, priest 2, poet 1 for each piece on a card of a scoring suit; a scoring suit with 3
  cards on the board scores as listed, with 2 doubled, with 1 tripled (0 cards: nothing to stand on);
* 5 points when a player has a token on a card of a scoring suit and the emperor sits on a card
  of that suit;
* 2 points for an agent card still held; plus the beads taken during play;
* ties: the player still holding the agent; then most pieces on the board; then the player who
  scored with more than one suit; then most pieces adjacent to the emperor. Players still equal
  after all four share the place. The same order ranks every place, not only the first.

Interpretations (:class:`~emperors_garden.game.Rules`, the game file's ``"rules"`` object)
------------------------------------------------------------------------------------------
Where the text is silent, a default is taken and a switch offered:

* ``emperor_bonus = "once"`` — the 5 is paid once per player ("If you have a token ... you
  receive 5 points"); ``"per_token"`` pays it for every token on the emperor's suit.
* ``emperor_bonus_multiplied = false`` — the 5 stands apart from the doubling/tripling, which
  the text attaches to the piece points ("points are doubled for that suit"); ``true`` multiplies it too.
* ``duplicate_scoring_cards = "once"`` — two scoring cards of one suit make that suit a scoring
  suit, scored once (the text speaks of "which suits are scoring suits"); ``"per_card"`` scores
  the suit (pieces and emperor bonus) once per scoring card.
* ``adjacency = "orthogonal"`` — "adjacent to the emperor" means sharing a side, the sense the
  text gives "adjacent" for cards; ``"with_diagonals"`` adds the four diagonal neighbours
  (pieces do move diagonally).
* ``suits_tie_break = "more_than_one"`` — tie-break 3 is yes/no as worded; ``"count"`` lets
  more suits beat fewer.

Fixed readings, not switches: "pieces on the board" (tie-break 2) counts the player's pieces on
any card; "scored with" a suit (tie-break 3) means piece points on that scoring suit at the end
(points taken during play are not tied to a suit); a Western deck's suits are its ranks ("suit
(or rank for Western cards)"), one rank removed (``removed_rank``, default K); the layout need not
be connected (the priest may "isolate" pieces); a card holds at most one piece, emperor included
(pieces are placed on "an empty garden space", and pushes move whole rows).

Impossible states are refused with the position named (:mod:`~emperors_garden.validate`).
A short guide (command line, notation, game file, the interpretations in a table): ``README.md`` beside this file.
"""

from __future__ import annotations

from emperors_garden.board import EMPEROR, Board, PieceRef, Pos, parse_position, parse_suit, position_name
from emperors_garden.errors import EmperorsGardenError, InvalidGameError, NotationError, Problem
from emperors_garden.game import Game, Player, Rules, check_game, parse_game, validate_game
from emperors_garden.rules import RuleScore, TieValue
from emperors_garden.score import GameScore, PlayerScore, format_sheet, score_game
from emperors_garden.validate import board_problems, game_problems
from emperors_garden.vocab import (
    Adjacency,
    Colour,
    Deck,
    DuplicateScoringCards,
    EmperorBonus,
    Month,
    Piece,
    Rank,
    ScoreKind,
    SuitsTieBreak,
    TieBreak,
)

__all__ = [
    "EMPEROR",
    "Adjacency",
    "Board",
    "Colour",
    "Deck",
    "DuplicateScoringCards",
    "EmperorBonus",
    "EmperorsGardenError",
    "Game",
    "GameScore",
    "InvalidGameError",
    "Month",
    "NotationError",
    "Piece",
    "PieceRef",
    "Player",
    "PlayerScore",
    "Pos",
    "Problem",
    "Rank",
    "RuleScore",
    "Rules",
    "ScoreKind",
    "SuitsTieBreak",
    "TieBreak",
    "TieValue",
    "board_problems",
    "check_game",
    "format_sheet",
    "game_problems",
    "parse_game",
    "parse_position",
    "parse_suit",
    "position_name",
    "score_game",
    "validate_game",
]
