"""Emperor's Garden vocabulary: every name and number of the final scoring.

Enums are ``str``/``int`` enums so a member compares equal to its notation and serialises to
JSON unchanged. Every enum has an ``ALL_*`` tuple in canonical order. The numbers are those of
the rule text (``shared/other-games/emperors-garden-rules.txt``, 2nd edition).
"""

from __future__ import annotations

from enum import Enum
from typing import Final, Union


class Deck(str, Enum):
    """The cards the garden is built from."""

    HANAFUDA = "hanafuda"
    #: A Western deck without jokers and without one rank: its 12 remaining ranks are the suits.
    WESTERN = "western"

    def __str__(self) -> str:
        return self.value


class Month(int, Enum):
    """A Hanafuda suit: the month of the year, 1-12 (four cards each)."""

    PINE = 1
    PLUM_BLOSSOM = 2
    CHERRY_BLOSSOM = 3
    WISTERIA = 4
    IRIS = 5
    PEONY = 6
    BUSH_CLOVER = 7
    PAMPAS_GRASS = 8
    CHRYSANTHEMUM = 9
    MAPLE = 10
    WILLOW = 11
    PAULOWNIA = 12

    @property
    def code(self) -> str:
        """Notation: the month number."""
        return str(self.value)

    @property
    def label(self) -> str:
        return f"{self.value} ({self.name.replace('_', ' ').lower()})"

    def __str__(self) -> str:
        return self.code


class Rank(str, Enum):
    """A Western-card suit for this game: the rank (the four cards of a rank form one suit)."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def code(self) -> str:
        return self.value

    @property
    def label(self) -> str:
        return f"{self.value} ({self.name.lower()}s)"

    def __str__(self) -> str:
        return self.code


#: A suit as the game uses the word: a Hanafuda month, or a Western rank.
Suit = Union[Month, Rank]


class Piece(str, Enum):
    """A player's three pyramids: large = samurai, medium = priest, small = poet."""

    SAMURAI = "samurai"
    PRIEST = "priest"
    POET = "poet"

    @property
    def code(self) -> str:
        """Notation letter: the pyramid size (L, M, S)."""
        return PIECE_CODES[self]

    @property
    def points(self) -> int:
        return PIECE_POINTS[self]

    def __str__(self) -> str:
        return self.value


class Colour(str, Enum):
    """Pyramid colours (Looney Pyramids rainbow and xeno stashes)."""

    RED = "red"
    ORANGE = "orange"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"
    PURPLE = "purple"
    CYAN = "cyan"
    BLACK = "black"
    WHITE = "white"
    CLEAR = "clear"

    def __str__(self) -> str:
        return self.value


# --- interpretations (see the package docstring) -------------------------------------------------


class EmperorBonus(str, Enum):
    """How often the emperor bonus of 5 is paid to a player."""

    #: 5 points once when the player has at least one token on a card of the emperor's suit.
    ONCE = "once"
    #: 5 points for every token of the player on a card of the emperor's suit.
    PER_TOKEN = "per_token"

    def __str__(self) -> str:
        return self.value


class DuplicateScoringCards(str, Enum):
    """What two (or more) scoring cards of one suit do."""

    #: The scoring cards name a set of scoring suits: the suit scores once.
    ONCE = "once"
    #: The suit scores once per scoring card of that suit (pieces and emperor bonus alike).
    PER_CARD = "per_card"

    def __str__(self) -> str:
        return self.value


class Adjacency(str, Enum):
    """Which positions are "adjacent to the emperor" (tie-break 4)."""

    #: Side by side only: the sense in which the rule text uses "adjacent" for cards.
    ORTHOGONAL = "orthogonal"
    #: The eight surrounding positions, as pieces also move diagonally.
    WITH_DIAGONALS = "with_diagonals"

    def __str__(self) -> str:
        return self.value


class SuitsTieBreak(str, Enum):
    """How tie-break 3, "the player who has scored with more than one suit", compares players."""

    #: Yes/no: scored with 2 or more suits beats scored with 0 or 1; no further order.
    MORE_THAN_ONE = "more_than_one"
    #: The number of suits scored with: more suits wins.
    COUNT = "count"

    def __str__(self) -> str:
        return self.value


class TieBreak(str, Enum):
    """The four tie-breaks, in the order the rule text applies them."""

    AGENT = "agent"
    PIECES_ON_BOARD = "pieces_on_board"
    SUITS_SCORED = "suits_scored"
    ADJACENT_TO_EMPEROR = "adjacent_to_emperor"

    def __str__(self) -> str:
        return self.value


ALL_DECKS: Final[tuple[Deck, ...]] = tuple(Deck)
ALL_MONTHS: Final[tuple[Month, ...]] = tuple(Month)
ALL_RANKS: Final[tuple[Rank, ...]] = tuple(Rank)
ALL_PIECES: Final[tuple[Piece, ...]] = tuple(Piece)
ALL_COLOURS: Final[tuple[Colour, ...]] = tuple(Colour)
ALL_EMPEROR_BONUSES: Final[tuple[EmperorBonus, ...]] = tuple(EmperorBonus)
ALL_DUPLICATE_SCORING: Final[tuple[DuplicateScoringCards, ...]] = tuple(DuplicateScoringCards)
ALL_ADJACENCIES: Final[tuple[Adjacency, ...]] = tuple(Adjacency)
ALL_SUITS_TIE_BREAKS: Final[tuple[SuitsTieBreak, ...]] = tuple(SuitsTieBreak)
ALL_TIE_BREAKS: Final[tuple[TieBreak, ...]] = tuple(TieBreak)

# --- numbers of the rule text --------------------------------------------------------------------

PIECE_CODES: Final[dict[Piece, str]] = {Piece.SAMURAI: "L", Piece.PRIEST: "M", Piece.POET: "S"}
#: "A samurai on the same suit as a scoring card = 3 points", priest 2, poet 1.
PIECE_POINTS: Final[dict[Piece, int]] = {Piece.SAMURAI: 3, Piece.PRIEST: 2, Piece.POET: 1}
#: Cards of a scoring suit on the board -> factor on that suit's piece points (0 cards: nothing to score).
SUIT_MULTIPLIER: Final[dict[int, int]] = {0: 0, 1: 3, 2: 2, 3: 1}
EMPEROR_BONUS_POINTS: Final = 5
UNUSED_AGENT_POINTS: Final = 2
CARDS_PER_SUIT: Final = 4
SUITS_IN_PLAY: Final = 12
DECK_SIZE: Final = CARDS_PER_SUIT * SUITS_IN_PLAY
SCORING_CARD_COUNT: Final = 4
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
#: "Remove the Jokers and one rank of cards (e.g. the Kings or Aces)": the rank removed by default.
DEFAULT_REMOVED_RANK: Final = Rank.KING


class ScoreKind(str, Enum):
    """The lines of a player's final score."""

    #: Pieces on cards of one scoring suit, times that suit's scarcity factor.
    SUIT = "suit"
    #: 5 points with a token on a card of the emperor's suit, when that suit scores.
    EMPEROR_BONUS = "emperor_bonus"
    #: 2 points for an agent still held.
    AGENT = "agent"
    #: Beads taken during play (assassinations, push-offs, priest sets).
    IN_PLAY = "in_play"

    def __str__(self) -> str:
        return self.value


ALL_SCORE_KINDS: Final[tuple[ScoreKind, ...]] = tuple(ScoreKind)
