"""The garden on the table: a grid of positions holding cards, and the pieces standing on them.

Positions are ``(row, col)`` pairs, 0-based, row 0 at the top. They are named like a
spreadsheet: column letter(s) then row number, ``A1`` top-left, ``C2`` third column of the
second row (``AA`` follows ``Z`` for very wide layouts).

Notation (one line, round-trips: ``Board.parse(board.format()) == board``)::

    [western:] ROW / ROW / ...          rows top to bottom, separated by "/" (or new lines)
    ROW   = CELL CELL ...               cells separated by spaces
    CELL  = CARD [ "@" OCC { "+" OCC } ]
    CARD  = "."                         a gap: no card at this position
          | 1 … 12                      a Hanafuda suit (month)
          | A 2 … 10 J Q K              a Western rank (with the "western:" prefix)
    OCC   = "E"                         the emperor
          | COLOUR PIECE                e.g. "redL": colour name + L (samurai), M (priest), S (poet)

Example, the five starting cards with the emperor on the centre card and two samurai::

    . 1 . / 3@blueL 8@E 11 / . 12@redL .

A cell may name several occupants and a gap may hold one so that *any* board can be written
down; :mod:`emperors_garden.validate` then refuses such impossible states, naming the position.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Union

from emperors_garden.errors import NotationError, Problem
from emperors_garden.vocab import (
    ALL_COLOURS,
    ALL_MONTHS,
    ALL_PIECES,
    ALL_RANKS,
    PIECE_CODES,
    Adjacency,
    Colour,
    Deck,
    Month,
    Piece,
    Rank,
    Suit,
)

Pos = tuple[int, int]

GAP: Final = "."
EMPEROR_CODE: Final = "E"
_WESTERN_PREFIX: Final = "western:"
_HANAFUDA_PREFIX: Final = "hanafuda:"

_ORTHOGONAL: Final[tuple[Pos, ...]] = ((-1, 0), (0, -1), (0, 1), (1, 0))
_DIAGONAL: Final[tuple[Pos, ...]] = ((-1, -1), (-1, 1), (1, -1), (1, 1))


# --- positions -----------------------------------------------------------------------------------


def column_name(col: int) -> str:
    """0 -> ``A``, 25 -> ``Z``, 26 -> ``AA``."""
    name = ""
    col += 1
    while col:
        col, rem = divmod(col - 1, 26)
        name = chr(ord("A") + rem) + name
    return name


def position_name(pos: Pos) -> str:
    """``(1, 2)`` -> ``"C2"``."""
    row, col = pos
    if row < 0 or col < 0:
        return f"({row}, {col})"
    return f"{column_name(col)}{row + 1}"


def parse_position(text: str) -> Pos:
    """``"C2"`` -> ``(1, 2)`` (case-insensitive). Raises :class:`NotationError` for anything else."""
    m = re.fullmatch(r"\s*([A-Za-z]{1,3})([1-9][0-9]{0,2})\s*", text) if isinstance(text, str) else None
    if not m:
        raise NotationError([f"not a position name (column letter and row number, e.g. C2): {text!r}"])
    col = 0
    for ch in m.group(1).upper():
        col = col * 26 + (ord(ch) - ord("A") + 1)
    return int(m.group(2)) - 1, col - 1


# --- suits ---------------------------------------------------------------------------------------

_RANK_BY_CODE: Final[dict[str, Rank]] = {r.value: r for r in ALL_RANKS}
_MONTH_BY_NAME: Final[dict[str, Month]] = {m.name.lower(): m for m in ALL_MONTHS}
_RANK_BY_NAME: Final[dict[str, Rank]] = {r.name.lower(): r for r in ALL_RANKS}


def suits_of(deck: Deck) -> tuple[Suit, ...]:
    """Every suit the deck has (a Western deck: all 13 ranks, one of which is removed for play)."""
    return ALL_MONTHS if deck is Deck.HANAFUDA else ALL_RANKS


def parse_suit(value: object, deck: Deck) -> Suit:
    """A suit from its notation: a month number (1-12) or a rank code (``A``, ``2``…``10``, ``J``, ``Q``, ``K``).

    Month and rank names (``"iris"``, ``"queen"``) are accepted too. Raises :class:`NotationError`.
    """
    if isinstance(value, bool):
        raise NotationError([f"not a {deck} suit: {value!r}"])
    text = str(value).strip() if isinstance(value, (str, int)) else None
    if text:
        key = text.lower().replace(" ", "_").replace("-", "_")
        if deck is Deck.HANAFUDA:
            if text.isdigit() and 1 <= int(text) <= 12:
                return Month(int(text))
            if key in _MONTH_BY_NAME:
                return _MONTH_BY_NAME[key]
        else:
            code = text.upper()
            code = {"1": "A", "T": "10", "11": "J", "12": "Q", "13": "K"}.get(code, code)
            if code in _RANK_BY_CODE:
                return _RANK_BY_CODE[code]
            if key in _RANK_BY_NAME or key.rstrip("s") in _RANK_BY_NAME:
                return _RANK_BY_NAME.get(key) or _RANK_BY_NAME[key.rstrip("s")]
    expected = "1 to 12" if deck is Deck.HANAFUDA else "A, 2 to 10, J, Q or K"
    raise NotationError([f"not a {deck} suit ({expected}): {value!r}"])


# --- occupants -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class EmperorToken:
    """The emperor's large pyramid (belongs to no player)."""

    @property
    def code(self) -> str:
        return EMPEROR_CODE

    def describe(self) -> str:
        return "the emperor"

    def sort_key(self) -> tuple[int, int]:
        return (-1, -1)


EMPEROR: Final = EmperorToken()


@dataclass(frozen=True)
class PieceRef:
    """One player's piece, named by the player's colour: e.g. the red samurai."""

    colour: Colour
    piece: Piece

    @property
    def code(self) -> str:
        return f"{self.colour.value}{PIECE_CODES[self.piece]}"

    def describe(self) -> str:
        return f"the {self.colour} {self.piece}"

    def sort_key(self) -> tuple[int, int]:
        return (ALL_COLOURS.index(self.colour), ALL_PIECES.index(self.piece))


Occupant = Union[EmperorToken, PieceRef]
_PIECE_BY_CODE: Final[dict[str, Piece]] = {code: piece for piece, code in PIECE_CODES.items()}
_COLOUR_BY_NAME: Final[dict[str, Colour]] = {c.value: c for c in ALL_COLOURS}


def parse_occupant(text: str) -> Occupant:
    """``"E"`` -> the emperor; ``"redL"`` -> the red samurai (colour name + L/M/S, any case)."""
    t = text.strip()
    if t.upper() == EMPEROR_CODE:
        return EMPEROR
    colour = _COLOUR_BY_NAME.get(t[:-1].lower())
    piece = _PIECE_BY_CODE.get(t[-1:].upper())
    if colour is None or piece is None:
        raise NotationError([f"not a piece (E, or colour + L/M/S such as redL): {text!r}"])
    return PieceRef(colour, piece)


# --- the board -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """The card layout (a rectangular grid, ``None`` = gap) and who stands where.

    ``occupants`` is kept in a canonical order (by position, emperor first, then colour and
    piece), so two boards with the same pieces in the same places are equal. A board may hold
    impossible states (see :func:`emperors_garden.validate.board_problems`); only a ragged grid
    is refused here.
    """

    cards: tuple[tuple[Suit | None, ...], ...]
    occupants: tuple[tuple[Pos, Occupant], ...] = ()
    deck: Deck = Deck.HANAFUDA

    def __post_init__(self) -> None:
        cards = tuple(tuple(row) for row in self.cards)
        widths = {len(row) for row in cards}
        if len(widths) > 1:
            raise NotationError([f"rows of the layout differ in length: {[len(r) for r in cards]}"])
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "occupants", tuple(sorted(self.occupants, key=_occupant_order)))

    # --- geometry ---

    @property
    def height(self) -> int:
        return len(self.cards)

    @property
    def width(self) -> int:
        return len(self.cards[0]) if self.cards else 0

    def in_grid(self, pos: Pos) -> bool:
        return 0 <= pos[0] < self.height and 0 <= pos[1] < self.width

    def __getitem__(self, pos: Pos) -> Suit | None:
        """The suit of the card at `pos`, or ``None`` for a gap or a position outside the grid."""
        return self.cards[pos[0]][pos[1]] if self.in_grid(pos) else None

    def card_positions(self) -> tuple[Pos, ...]:
        """Every position holding a card, top row first."""
        return tuple((r, c) for r, row in enumerate(self.cards) for c, s in enumerate(row) if s is not None)

    def positions_of(self, suit: Suit) -> tuple[Pos, ...]:
        return tuple(p for p in self.card_positions() if self[p] == suit)

    def count(self, suit: Suit) -> int:
        return len(self.positions_of(suit))

    def suit_counts(self) -> Counter[Suit]:
        return Counter(self[p] for p in self.card_positions())  # type: ignore[misc]

    def neighbours(self, pos: Pos, adjacency: Adjacency) -> tuple[Pos, ...]:
        """Grid positions next to `pos` (cards or not), orthogonally or also diagonally."""
        steps = _ORTHOGONAL + (_DIAGONAL if adjacency is Adjacency.WITH_DIAGONALS else ())
        return tuple((pos[0] + dr, pos[1] + dc) for dr, dc in sorted(steps))

    # --- pieces ---

    @property
    def emperor(self) -> Pos | None:
        """Where the emperor stands (the first one, should the board wrongly hold two)."""
        for pos, occ in self.occupants:
            if occ == EMPEROR:
                return pos
        return None

    def position_of(self, ref: PieceRef) -> Pos | None:
        for pos, occ in self.occupants:
            if occ == ref:
                return pos
        return None

    def at(self, pos: Pos) -> tuple[Occupant, ...]:
        return tuple(occ for p, occ in self.occupants if p == pos)

    def pieces_of(self, colour: Colour) -> tuple[tuple[Pos, PieceRef], ...]:
        """The player's pieces on the board with their positions, samurai first."""
        found = [(pos, occ) for pos, occ in self.occupants if isinstance(occ, PieceRef) and occ.colour is colour]
        return tuple(sorted(found, key=lambda item: ALL_PIECES.index(item[1].piece)))

    def colours(self) -> tuple[Colour, ...]:
        """Colours of the pieces on the board, in canonical order."""
        seen = {occ.colour for _, occ in self.occupants if isinstance(occ, PieceRef)}
        return tuple(c for c in ALL_COLOURS if c in seen)

    def with_occupants(self, occupants: Sequence[tuple[Pos, Occupant]]) -> Board:
        return Board(self.cards, tuple(occupants), self.deck)

    # --- symmetries ---

    def mirrored_left_right(self) -> Board:
        w = self.width
        return Board(
            tuple(tuple(reversed(row)) for row in self.cards),
            tuple(((r, w - 1 - c), occ) for (r, c), occ in self.occupants),
            self.deck,
        )

    def mirrored_up_down(self) -> Board:
        h = self.height
        return Board(
            tuple(reversed(self.cards)),
            tuple(((h - 1 - r, c), occ) for (r, c), occ in self.occupants),
            self.deck,
        )

    # --- notation ---

    def cell_text(self, pos: Pos) -> str:
        suit = self[pos]
        text = GAP if suit is None else suit.code
        occ = self.at(pos)
        return text + ("@" + "+".join(o.code for o in occ) if occ else "")

    def rows(self) -> list[str]:
        """One string per row, cells separated by single spaces (the JSON game file form)."""
        return [" ".join(self.cell_text((r, c)) for c in range(self.width)) for r in range(self.height)]

    def format(self) -> str:
        """One-line notation; :meth:`parse` reads it back to an equal board."""
        outside = [position_name(p) for p, _ in self.occupants if not self.in_grid(p)]
        if outside:
            raise NotationError([f"a piece outside the layout cannot be written down: {', '.join(outside)}"])
        prefix = _WESTERN_PREFIX + " " if self.deck is Deck.WESTERN else ""
        return prefix + " / ".join(self.rows())

    def format_grid(self) -> str:
        """Multi-line notation with aligned columns (also readable by :meth:`parse`)."""
        texts = [[self.cell_text((r, c)) for c in range(self.width)] for r in range(self.height)]
        widths = [max((len(row[c]) for row in texts), default=1) for c in range(self.width)]
        prefix = _WESTERN_PREFIX + "\n" if self.deck is Deck.WESTERN else ""
        return prefix + "\n".join(" ".join(t.ljust(w) for t, w in zip(row, widths)).rstrip() for row in texts)

    def __str__(self) -> str:
        return self.format()

    @classmethod
    def parse(cls, text: str | Sequence[str], deck: Deck = Deck.HANAFUDA) -> Board:
        """Read the notation (one string, rows split by ``/`` or new lines, or a list of row strings).

        A leading ``western:`` or ``hanafuda:`` overrides `deck`. Every bad cell is reported at
        once in the :class:`NotationError`, by position.
        """
        if isinstance(text, str):
            body = text.strip()
            low = body.lower()
            for prefix, which in ((_WESTERN_PREFIX, Deck.WESTERN), (_HANAFUDA_PREFIX, Deck.HANAFUDA)):
                if low.startswith(prefix):
                    body, deck = body[len(prefix):].strip(), which
                    break
            raw_rows = [r for r in re.split(r"[/\n]", body)]
        elif isinstance(text, Sequence) and all(isinstance(r, str) for r in text):
            raw_rows = list(text)
        else:
            raise NotationError([f"a board is a string or a list of row strings, got {type(text).__name__}"])
        rows = [r.split() for r in raw_rows]
        while rows and not rows[-1] and len(rows) > 1:
            rows.pop()
        problems: list[Problem] = []
        if not any(rows):
            raise NotationError([Problem("the layout is empty (no rows of cards)", field="board")])
        widths = [len(r) for r in rows]
        if len(set(widths)) > 1:
            problems.append(Problem(
                f"every row needs the same number of positions (use '.' for a gap); rows have {widths}",
                field="board"))
        cards: list[list[Suit | None]] = []
        occupants: list[tuple[Pos, Occupant]] = []
        for r, row in enumerate(rows):
            out_row: list[Suit | None] = []
            for c, cell in enumerate(row):
                name = position_name((r, c))
                card_text, _, occ_text = cell.partition("@")
                if card_text == GAP:
                    out_row.append(None)
                else:
                    try:
                        out_row.append(parse_suit(card_text, deck))
                    except NotationError as exc:
                        problems += [Problem(p.message, position=name, field="board") for p in exc.problems]
                        out_row.append(None)
                if "@" in cell:
                    for part in occ_text.split("+"):
                        try:
                            occupants.append(((r, c), parse_occupant(part)))
                        except NotationError as exc:
                            problems += [Problem(p.message, position=name, field="board") for p in exc.problems]
            cards.append(out_row)
        if problems:
            raise NotationError(problems)
        return cls(tuple(tuple(r) for r in cards), tuple(occupants), deck)


def _occupant_order(item: tuple[Pos, Occupant]) -> tuple[Pos, tuple[int, int]]:
    pos, occ = item
    return pos, occ.sort_key()
