"""Refuse impossible states, collecting every problem (never stopping at the first), each naming its position.

* :func:`board_problems` — the board on its own: cards of another deck, more than four cards of
  a suit, no emperor or two, a piece outside the layout or on a gap, two pieces on one card, one
  piece in two places, a piece of a colour no player plays;
* :func:`setup_problems` — what needs no board: 2-4 players with distinct colours and names, no
  negative points, the emperor's set not a player's, four scoring cards of the deck in play;
* :func:`game_problems` — all of the above, plus a suit never more than its four cards between
  board, scoring cards and cards out of play (so a scoring suit cannot have four cards showing),
  and no more than 48 cards in all.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence

from emperors_garden.board import EMPEROR, Board, PieceRef, Pos, position_name, suits_of
from emperors_garden.errors import InvalidGameError, Problem
from emperors_garden.game import Game
from emperors_garden.vocab import (
    CARDS_PER_SUIT,
    DECK_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SCORING_CARD_COUNT,
    Colour,
    Deck,
    Rank,
    Suit,
)


def _names(positions: Iterable[Pos]) -> str:
    return ", ".join(position_name(p) for p in positions)


def board_problems(board: Board, colours_in_play: Sequence[Colour] | None = None,
                   removed_rank: Rank | None = None) -> list[Problem]:
    """Everything impossible about a board. `colours_in_play`: the players' colours (None: don't check)."""
    problems: list[Problem] = []

    def add(message: str, pos: Pos | None = None) -> None:
        problems.append(Problem(message, position=None if pos is None else position_name(pos), field="board"))

    cards = board.card_positions()
    if not cards:
        add("the layout holds no card")
    deck_suits = set(suits_of(board.deck))
    for pos in cards:
        suit = board[pos]
        if suit not in deck_suits:
            add(f"{suit!r} is not a suit of the {board.deck} deck", pos)
        elif board.deck is Deck.WESTERN and suit == removed_rank:
            add(f"{suit.code} is the rank removed from the western deck, it cannot be on the board", pos)
    for suit, n in board.suit_counts().items():
        if n > CARDS_PER_SUIT:
            where = board.positions_of(suit)
            problems.append(Problem(
                f"{n} cards of {suit.label} on the board ({_names(where)}); a suit has only {CARDS_PER_SUIT}",
                position=position_name(where[0]), field="board"))

    emperors = [pos for pos, occ in board.occupants if occ == EMPEROR]
    if not emperors:
        add("the emperor is not on the board (he never leaves it)")
    elif len(emperors) > 1:
        add(f"there is only one emperor, the board shows {len(emperors)} ({_names(emperors)})", emperors[1])

    seen: dict[PieceRef, list[Pos]] = defaultdict(list)
    for pos, occ in board.occupants:
        what = occ.describe()
        if not board.in_grid(pos):
            add(f"{what} stands outside the layout ({board.height} rows × {board.width} columns)", pos)
        elif board[pos] is None:
            add(f"{what} stands on a position with no card", pos)
        if isinstance(occ, PieceRef):
            seen[occ].append(pos)
            if colours_in_play is not None and occ.colour not in colours_in_play:
                in_play = ", ".join(c.value for c in colours_in_play) or "none"
                add(f"{what} is on the board but no player plays {occ.colour} (colours in play: {in_play})", pos)
    for ref, where in seen.items():
        if len(where) > 1:
            add(f"{ref.describe()} is in {len(where)} places at once ({_names(where)})", where[1])

    by_pos: dict[Pos, list[str]] = defaultdict(list)
    for pos, occ in board.occupants:
        by_pos[pos].append(occ.describe())
    for pos, who in sorted(by_pos.items()):
        if len(who) > 1:
            add(f"{len(who)} pieces on one card ({' and '.join(who)}); a card holds one piece", pos)
    return problems


def setup_problems(game: Game) -> list[Problem]:
    """What is wrong with the players, the emperor's set and the scoring cards, whatever the board."""
    problems: list[Problem] = []
    players = game.players
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        problems.append(Problem(f"Emperor's Garden is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(players)}",
                                field="players"))
    for colour, n in Counter(p.colour for p in players).items():
        if n > 1:
            problems.append(Problem(f"{n} players play {colour}; each player has a set of their own colour",
                                    field="players"))
    for name, n in Counter(p.name for p in players).items():
        if n > 1:
            problems.append(Problem(f"{n} players are called {name!r}; names must differ", field="players",
                                    player=name))
    for p in players:
        if p.points_in_play < 0:
            problems.append(Problem(f"points taken during play cannot be negative ({p.points_in_play})",
                                    field="points_in_play", player=p.name))
    colours = tuple(p.colour for p in players)
    if game.emperor_colour is not None and game.emperor_colour in colours:
        problems.append(Problem(f"the emperor's pyramid comes from a set no player uses, but a player plays "
                                f"{game.emperor_colour}", field="emperor_colour"))
    if game.deck is not Deck.WESTERN and game.removed_rank is not None:
        problems.append(Problem("removed_rank only applies to a western deck", field="removed_rank"))
    deck_suits = set(game.playable_suits())
    if len(game.scoring_cards) != SCORING_CARD_COUNT:
        problems.append(Problem(f"there are {SCORING_CARD_COUNT} scoring cards, got {len(game.scoring_cards)}",
                                field="scoring_cards"))
    for name, suits in (("scoring_cards", game.scoring_cards), ("out_of_play", game.out_of_play)):
        for i, suit in enumerate(suits):
            if suit not in deck_suits:
                problems.append(Problem(f"{suit!r} is not a suit of the cards in play", field=f"{name}[{i}]"))
    return problems


def game_problems(game: Game) -> list[Problem]:
    """Everything impossible or malformed about a game; empty when it can be scored."""
    players = game.players
    problems = setup_problems(game)
    problems += board_problems(game.board, tuple(p.colour for p in players), game.removed_rank)
    board_counts = game.board.suit_counts()
    scoring_counts = Counter(game.scoring_cards)
    out_counts = Counter(game.out_of_play)
    for suit in _ordered_suits(game, board_counts, scoring_counts, out_counts):
        on_board, scoring, out = board_counts[suit], scoring_counts[suit], out_counts[suit]
        if on_board > CARDS_PER_SUIT:
            continue  # already reported by board_problems
        if on_board + scoring + out <= CARDS_PER_SUIT:
            continue
        where = game.board.positions_of(suit)
        pos = position_name(where[0]) if where else None
        extra = f" and {out} out of play" if out else ""
        if scoring:
            problems.append(Problem(
                f"{suit.label} is a scoring card ({scoring}×) but {on_board} of its cards show on the board "
                f"({_names(where) or 'none'}){extra}; a suit has only {CARDS_PER_SUIT} cards, so with "
                f"{CARDS_PER_SUIT - scoring} or more showing it cannot be a scoring card",
                position=pos, field="scoring_cards"))
        else:
            problems.append(Problem(
                f"{on_board + out} cards of {suit.label} between the board ({_names(where) or 'none'}) and the "
                f"cards out of play; a suit has only {CARDS_PER_SUIT}", position=pos, field="out_of_play"))

    held_agents = sum(1 for p in players if p.holds_agent)
    total = len(game.board.card_positions()) + len(game.scoring_cards) + len(game.out_of_play) + held_agents
    if total > DECK_SIZE:
        problems.append(Problem(
            f"{total} cards accounted for (board {len(game.board.card_positions())}, scoring "
            f"{len(game.scoring_cards)}, out of play {len(game.out_of_play)}, agents held {held_agents}); "
            f"the deck has {DECK_SIZE}", field="board"))
    return problems


def _ordered_suits(game: Game, *counters: Counter[Suit]) -> list[Suit]:
    order = list(suits_of(game.deck))
    found = set().union(*(c.keys() for c in counters))
    return [s for s in order if s in found]


def check(game: Game) -> Game:
    """`game` itself when it can be scored, else :class:`InvalidGameError` listing every problem."""
    problems = game_problems(game)
    if problems:
        raise InvalidGameError(problems)
    return game
