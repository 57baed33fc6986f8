"""Final scoring of a whole game: categories per player, totals, ranks, winners and tie-break."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scorer.errors import InvalidGameError, Problem, Severity
from scorer.explain import Reason, ReasonCode, Words, plain_words
from scorer.game import Game, check_game
from scorer.rules import (
    CategoryScore,
    score_coins,
    score_decor,
    score_detail,
    score_major,
    score_majority,
    score_minimalism,
    score_minor,
    score_missions,
    score_unity,
    score_walkways,
)
from scorer.vocab import Board, Category, Space


@dataclass(frozen=True)
class PlayerResult:
    """One player's scores: every category in play, in score-sheet order, and the final rank."""

    name: str
    coins: int
    categories: tuple[CategoryScore, ...]
    rank: int

    @property
    def total(self) -> int:
        return sum(c.points for c in self.categories)

    def score(self, category: Category | str) -> CategoryScore:
        """The score of one category in play; ``KeyError`` for a category not in play."""
        for c in self.categories:
            if c.category == category:
                return c
        raise KeyError(category)

    def points(self, category: Category | str) -> int | None:
        """Points of one category, None when it is not in play."""
        for c in self.categories:
            if c.category == category:
                return c.points
        return None

    def to_dict(self, explain: bool = True, words: Words = plain_words) -> dict[str, Any]:
        """The result contract's player entry; ``explain`` adds ``explanations`` (reason worded by
        ``words``, and cells)."""
        out: dict[str, Any] = {
            "name": self.name,
            "total": self.total,
            "rank": self.rank,
            "categories": {c.category.value: c.points for c in self.categories},
        }
        if explain:
            out["explanations"] = {c.category.value: c.to_dict(words) for c in self.categories}
        return out


@dataclass(frozen=True)
class GameResult:
    """The scored game: players in seating order, winners, the coins tie-break (why, as a reason),
    validation notes."""

    players: tuple[PlayerResult, ...]
    winners: tuple[str, ...]
    tie_break: Reason | None
    warnings: tuple[Problem, ...] = ()
    boards: tuple[Board, ...] = ()

    @property
    def categories(self) -> tuple[Category, ...]:
        """Categories in play, in score-sheet order."""
        return tuple(c.category for c in self.players[0].categories) if self.players else ()

    def player(self, name: str) -> PlayerResult:
        """The result of the player called ``name``; ``KeyError`` if there is none."""
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(f"no player called {name!r} in this result")

    def to_dict(self, explain: bool = True, words: Words = plain_words) -> dict[str, Any]:
        """The JSON result contract (``../shared/zen-garden-rules.md``) plus warnings and boards.

        Reasons, the tie-break and warnings are worded by ``words``: the contract's texts are
        ``zengarden.wording.CONTRACT`` (English); without it a language-free form."""
        return {
            "players": [p.to_dict(explain, words) for p in self.players],
            "winners": list(self.winners),
            "tie_break": None if self.tie_break is None else words(self.tie_break),
            "warnings": [w.to_dict(words) for w in self.warnings],
            "boards": [int(b) for b in self.boards],
        }


def _rank(totals: Sequence[tuple[int, int]]) -> list[int]:
    """Competition ranking on (total, coins): equal pairs share a rank."""
    return [1 + sum(1 for other in totals if other > mine) for mine in totals]


def _tie_break(names: Sequence[str], totals: Sequence[int],
               coins: Sequence[int]) -> tuple[tuple[str, ...], Reason | None]:
    """Winners: most points, then most coins left; still tied, a shared victory (and why)."""
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    if len(tied) == 1:
        return (names[tied[0]],), None
    most = max(coins[i] for i in tied)
    winners = tuple(names[i] for i in tied if coins[i] == most)
    values = {"tied": tuple(names[i] for i in tied), "points": best, "winners": winners,
              "coins": tuple(Reason(ReasonCode.STANDING, {"name": names[i], "count": coins[i]}) for i in tied)}
    code = ReasonCode.TIE_BREAK_COINS if len(winners) == 1 else ReasonCode.TIE_BREAK_SHARED
    return winners, Reason(code, values)


def score(game: Game) -> GameResult:
    """Score a validated game."""
    names = [p.name for p in game.players]
    gardens = [p.garden for p in game.players]
    per_player: list[list[CategoryScore]] = [[score_coins(p.coins)] for p in game.players]
    if Board.BASICS in game.boards:
        prefs = game.preferences
        majority = score_majority(gardens, names, prefs[Space.MAJORITY], game.rules.majority_needs_a_tile)
        for i, garden in enumerate(gardens):
            per_player[i] += [
                score_walkways(garden),
                score_decor(garden),
                score_minor(garden, prefs[Space.MINOR]),
                score_major(garden, prefs[Space.MAJOR]),
                majority[i],
                score_detail(garden, prefs[Space.DETAIL]),
            ]
    for i, (name, garden) in enumerate(zip(names, gardens)):
        if Board.UNITY in game.boards:
            per_player[i].append(score_unity(garden))
        if Board.MINIMALISTIC in game.boards:
            per_player[i].append(score_minimalism(garden))
        if Board.TWO_MISSIONS in game.boards or Board.ONE_MISSION in game.boards:
            per_player[i].append(score_missions(garden, name, game.missions))
    totals = [sum(c.points for c in cats) for cats in per_player]
    coins = [p.coins for p in game.players]
    ranks = _rank(list(zip(totals, coins)))
    winners, tie_break = _tie_break(names, totals, coins)
    players = tuple(
        PlayerResult(name, c, tuple(cats), rank) for name, c, cats, rank in zip(names, coins, per_player, ranks)
    )
    return GameResult(players, winners, tie_break, boards=game.boards)


def score_game(data: Mapping[str, Any]) -> GameResult:
    """Score a game file (parsed JSON): the typed result with explanations, warnings and boards.

    ``score_game(data).to_dict()`` is the JSON result contract.

    Every player needs a ``"garden"``; a game file whose players are photos is scored by
    :func:`zengarden.gamefile.score_game_file`. Raises :class:`InvalidGameError` (a ``ValueError``)
    listing every problem.
    """
    game, problems = check_game(data)
    if game is None:
        raise InvalidGameError([p for p in problems if p.severity is Severity.ERROR])
    warnings = tuple(p for p in problems if p.severity is not Severity.ERROR)
    return replace(score(game), warnings=warnings)
