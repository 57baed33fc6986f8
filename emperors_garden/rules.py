"""Each scoring rule and tie-break of the rule text as a small pure function.

Scoring functions return a frozen :class:`RuleScore` (points, a reason a player can check at
the table, the positions involved); tie-break functions return a frozen :class:`TieValue`
(the comparable value, its reason, the positions). Rule text, "Winning the Game":

* samurai 3, priest 2, poet 1 on a card of a scoring suit; with 2 cards of that suit on the
  board the suit's points are doubled, with 1 tripled (3 cards: as listed);
* a token on a card of a scoring suit while the emperor sits on a card of that suit: 5 points;
* an agent card still held: 2 points;
* ties: agent still held, then most pieces on the board, then scored with more than one suit,
  then most pieces adjacent to the emperor.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from emperors_garden.board import Board, PieceRef, Pos, position_name
from emperors_garden.game import Player, Rules
from emperors_garden.vocab import (
    EMPEROR_BONUS_POINTS,
    PIECE_POINTS,
    SUIT_MULTIPLIER,
    UNUSED_AGENT_POINTS,
    Adjacency,
    Colour,
    DuplicateScoringCards,
    EmperorBonus,
    ScoreKind,
    Suit,
    SuitsTieBreak,
    TieBreak,
)


@dataclass(frozen=True)
class RuleScore:
    """One line of a player's score: which rule, the points, why, and the positions that earned them."""

    kind: ScoreKind
    points: int
    reason: str
    positions: tuple[Pos, ...] = ()
    suit: Suit | None = None

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"rule": self.kind.value, "points": self.points, "reason": self.reason,
                                  "positions": [position_name(p) for p in self.positions]}
        if self.suit is not None:
            out["suit"] = self.suit.value
        return out


@dataclass(frozen=True)
class TieValue:
    """A player's standing on one tie-break: higher wins."""

    tie_break: TieBreak
    value: int
    reason: str
    positions: tuple[Pos, ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {"tie_break": self.tie_break.value, "value": self.value, "reason": self.reason,
                "positions": [position_name(p) for p in self.positions]}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def suit_multiplier(cards_on_board: int) -> int:
    """3 cards of the suit on the board: ×1; 2: ×2; 1: ×3; 0: nothing to stand on (×0).

    More than 3 is impossible for a scoring suit (its scoring card is not on the board).
    """
    if cards_on_board not in SUIT_MULTIPLIER:
        raise ValueError(f"a scoring suit has 0 to 3 cards on the board, got {cards_on_board}")
    return SUIT_MULTIPLIER[cards_on_board]


def _factor_text(cards: int) -> str:
    factor = suit_multiplier(cards)
    word = {1: "as listed", 2: "doubled", 3: "tripled"}.get(factor, "")
    return f"{_plural(cards, 'card')} of the suit on the board → ×{factor} ({word})"


def pieces_on_suit(board: Board, colour: Colour, suit: Suit) -> tuple[tuple[Pos, PieceRef], ...]:
    """The player's pieces standing on cards of `suit`, samurai first."""
    return tuple((pos, ref) for pos, ref in board.pieces_of(colour) if board[pos] == suit)


def score_suit(board: Board, colour: Colour, suit: Suit, copies: int = 1) -> RuleScore:
    """Points of the player's pieces on one scoring suit: 3/2/1 per piece, times the suit's factor.

    `copies`: how many times the suit scores (more than 1 only when two scoring cards share a suit
    and ``duplicate_scoring_cards`` is ``per_card``).
    """
    cards = board.count(suit)
    label = suit.label
    on_suit = pieces_on_suit(board, colour, suit)
    positions = tuple(pos for pos, _ in on_suit)
    if not on_suit:
        where = "no card of it on the board" if cards == 0 else f"{_plural(cards, 'card')} on the board"
        return RuleScore(ScoreKind.SUIT, 0, f"{label}: no piece on this suit ({where}) → 0", (), suit)
    base = sum(PIECE_POINTS[ref.piece] for _, ref in on_suit)
    factor = suit_multiplier(cards)
    points = base * factor * copies
    parts = " + ".join(f"{ref.piece} on {position_name(pos)} ({PIECE_POINTS[ref.piece]})" for pos, ref in on_suit)
    copies_text = f" × {copies} scoring cards of this suit" if copies != 1 else ""
    reason = f"{label}: {parts} = {base}; {_factor_text(cards)}: {base} × {factor}{copies_text} = {points}"
    return RuleScore(ScoreKind.SUIT, points, reason, positions, suit)


def score_emperor_bonus(board: Board, colour: Colour, scoring_cards: Sequence[Suit], rules: Rules) -> RuleScore:
    """5 points when the player has a token on a card of a scoring suit and the emperor sits on a card of that suit.

    Interpretations: ``emperor_bonus`` (once, or per token), ``emperor_bonus_multiplied`` (takes
    the suit's ×2/×3 or not), ``duplicate_scoring_cards`` (paid again for a second scoring card of
    the emperor's suit or not).
    """
    kind = ScoreKind.EMPEROR_BONUS
    emperor = board.emperor
    suit = None if emperor is None else board[emperor]
    if emperor is None or suit is None:
        return RuleScore(kind, 0, "emperor bonus: the emperor is not on a card → 0")
    where = f"emperor bonus: the emperor stands on {suit.label} at {position_name(emperor)}"
    copies = sum(1 for s in scoring_cards if s == suit)
    if copies == 0:
        return RuleScore(kind, 0, f"{where}, not a scoring suit → 0", (emperor,), suit)
    if rules.duplicate_scoring_cards is DuplicateScoringCards.ONCE:
        copies = 1
    tokens = pieces_on_suit(board, colour, suit)
    if not tokens:
        return RuleScore(kind, 0, f"{where}, a scoring suit, but no token of yours is on it → 0", (emperor,), suit)
    per = EMPEROR_BONUS_POINTS
    count = len(tokens) if rules.emperor_bonus is EmperorBonus.PER_TOKEN else 1
    factor = suit_multiplier(board.count(suit)) if rules.emperor_bonus_multiplied else 1
    points = per * count * factor * copies
    token_text = ", ".join(f"{ref.piece} {position_name(pos)}" for pos, ref in tokens)
    sums = [str(per)]
    if count != 1:
        sums.append(f"{count} tokens")
    if factor != 1:
        sums.append(f"×{factor} for {_plural(board.count(suit), 'card')} of the suit")
    if copies != 1:
        sums.append(f"{copies} scoring cards")
    arithmetic = " × ".join(sums) + f" = {points}" if len(sums) > 1 else str(points)
    reason = f"{where}, a scoring suit, with your {token_text} on it → {arithmetic}"
    return RuleScore(kind, points, reason, (emperor, *(pos for pos, _ in tokens)), suit)


def score_agent(player: Player) -> RuleScore:
    """2 points for an agent card still held at the end of the game."""
    if player.holds_agent:
        return RuleScore(ScoreKind.AGENT, UNUSED_AGENT_POINTS, f"agent: card still held → {UNUSED_AGENT_POINTS}")
    return RuleScore(ScoreKind.AGENT, 0, "agent: card used during play → 0")


def score_in_play(player: Player) -> RuleScore:
    """Beads taken during play (assassinations, pieces pushed off, sets of four completed by the priest)."""
    n = player.points_in_play
    return RuleScore(ScoreKind.IN_PLAY, n, f"during play: {_plural(n, 'point')} taken → {n}")


def scoring_suits(scoring_cards: Sequence[Suit], rules: Rules) -> tuple[tuple[Suit, int], ...]:
    """Each scoring suit once, in the order of the scoring cards, with how many times it scores."""
    out: dict[Suit, int] = {}
    for suit in scoring_cards:
        out[suit] = out.get(suit, 0) + 1
    if rules.duplicate_scoring_cards is DuplicateScoringCards.ONCE:
        return tuple((s, 1) for s in out)
    return tuple(out.items())


# --- tie-breaks ----------------------------------------------------------------------------------


def tie_agent(player: Player) -> TieValue:
    """Tie-break 1: the player who still has their agent."""
    held = player.holds_agent
    return TieValue(TieBreak.AGENT, int(held), "still holds the agent" if held else "used the agent")


def tie_pieces_on_board(board: Board, colour: Colour) -> TieValue:
    """Tie-break 2: the most pieces on the board (on any card)."""
    pieces = board.pieces_of(colour)
    return TieValue(TieBreak.PIECES_ON_BOARD, len(pieces), f"{_plural(len(pieces), 'piece')} on the board",
                    tuple(pos for pos, _ in pieces))


def tie_suits_scored(suit_scores: Sequence[RuleScore], rules: Rules) -> TieValue:
    """Tie-break 3: the player who has scored with more than one suit (piece points on 2+ scoring suits)."""
    scored = [s for s in suit_scores if s.kind is ScoreKind.SUIT and s.points > 0 and s.suit is not None]
    suits = list(dict.fromkeys(s.suit for s in scored))
    n = len(suits)
    names = ", ".join(s.code for s in suits if s is not None)
    detail = f"scored with {_plural(n, 'suit')}" + (f" ({names})" if names else "")
    positions = tuple(p for s in scored for p in s.positions)
    if rules.suits_tie_break is SuitsTieBreak.COUNT:
        return TieValue(TieBreak.SUITS_SCORED, n, detail, positions)
    more = n > 1
    return TieValue(TieBreak.SUITS_SCORED, int(more), detail + ("" if more else ", not more than one"), positions)


def tie_adjacent_to_emperor(board: Board, colour: Colour, rules: Rules) -> TieValue:
    """Tie-break 4: the most pieces adjacent to the emperor (orthogonally, or also diagonally: ``adjacency``)."""
    emperor = board.emperor
    if emperor is None:
        return TieValue(TieBreak.ADJACENT_TO_EMPEROR, 0, "no emperor on the board")
    near = set(board.neighbours(emperor, rules.adjacency))
    adjacent = tuple(pos for pos, _ in board.pieces_of(colour) if pos in near)
    how = "side by side" if rules.adjacency is Adjacency.ORTHOGONAL else "incl. diagonally"
    return TieValue(TieBreak.ADJACENT_TO_EMPEROR, len(adjacent),
                    f"{_plural(len(adjacent), 'piece')} adjacent to the emperor ({how})", adjacent)


TIE_BREAK_LABELS: dict[TieBreak, str] = {
    TieBreak.AGENT: "still has the agent",
    TieBreak.PIECES_ON_BOARD: "most pieces on the board",
    TieBreak.SUITS_SCORED: "scored with more than one suit",
    TieBreak.ADJACENT_TO_EMPEROR: "most pieces adjacent to the emperor",
}
