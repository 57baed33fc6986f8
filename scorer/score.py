"""Final scoring of a whole game: categories per player, totals, ranks, winners and tie-break."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorer.errors import InvalidGameError, Problem, Severity
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
    name: str
    coins: int
    categories: tuple[CategoryScore, ...]
    rank: int

    @property
    def total(self) -> int:
        return sum(c.points for c in self.categories)

    def points(self, category: Category) -> int | None:
        for c in self.categories:
            if c.category is category:
                return c.points
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "total": self.total,
            "rank": self.rank,
            "categories": {c.category.value: c.points for c in self.categories},
            "explanations": {c.category.value: c.to_dict() for c in self.categories},
        }


@dataclass(frozen=True)
class GameResult:
    players: tuple[PlayerResult, ...]
    winners: tuple[str, ...]
    tie_break: str | None
    warnings: tuple[Problem, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": [p.to_dict() for p in self.players],
            "winners": list(self.winners),
            "tie_break": self.tie_break,
            "warnings": [w.to_dict() for w in self.warnings],
        }


def categories_in_play(boards: Sequence[Board]) -> tuple[Category, ...]:
    """Result keys for the boards in play, in score-sheet order."""
    keys = [Category.COINS]
    if Board.BASICS in boards:
        keys += [Category.WALKWAYS, Category.DECOR, Category.MINOR, Category.MAJOR, Category.MAJORITY,
                 Category.DETAIL]
    if Board.UNITY in boards:
        keys.append(Category.UNITY)
    if Board.MINIMALISTIC in boards:
        keys.append(Category.MINIMALISM)
    if Board.TWO_MISSIONS in boards or Board.ONE_MISSION in boards:
        keys.append(Category.MISSIONS)
    return tuple(keys)


def _rank(totals: Sequence[tuple[int, int]]) -> list[int]:
    """Competition ranking on (total, coins): equal pairs share a rank."""
    return [1 + sum(1 for other in totals if other > mine) for mine in totals]


def _tie_break(names: Sequence[str], totals: Sequence[int], coins: Sequence[int]) -> tuple[tuple[str, ...], str | None]:
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    if len(tied) == 1:
        return (names[tied[0]],), None
    most = max(coins[i] for i in tied)
    winners = tuple(names[i] for i in tied if coins[i] == most)
    who = " and ".join(names[i] for i in tied)
    coin_text = ", ".join(f"{names[i]} {coins[i]}" for i in tied)
    if len(winners) == 1:
        return winners, f"{who} tied on {best} points; {winners[0]} wins with the most coins left ({coin_text})"
    return winners, (f"{who} tied on {best} points; {' and '.join(winners)} also tied on coins ({coin_text}): "
                     "shared victory")


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
    return GameResult(players, winners, tie_break)


# --- the JSON API ---------------------------------------------------------------------------------

PhotoReader = Callable[[list[Path]], list[Any]]


def read_photo_players(data: Mapping[str, Any], base_dir: str | Path | None = None,
                       reader: PhotoReader | None = None) -> dict[str, Any]:
    """A copy of ``data`` where every player given by ``"photo"`` has the ``"garden"`` read from it.

    All photos of the game are read together so the reader can use that each tile exists once.
    Unreadable photos raise :class:`InvalidGameError` naming the player and the reason.
    """
    players = data.get("players")
    if not isinstance(players, list):
        return dict(data)
    todo = [i for i, p in enumerate(players) if isinstance(p, Mapping) and "garden" not in p and p.get("photo")]
    if not todo:
        return dict(data)
    base = Path(base_dir) if base_dir is not None else Path.cwd()
    problems: list[Problem] = []
    paths: list[Path] = []
    for i in todo:
        photo = players[i]["photo"]
        name = str(players[i].get("name", f"#{i + 1}"))
        if not isinstance(photo, str):
            problems.append(Problem(Severity.ERROR, f"'photo' must be a file path, got {photo!r}", player=name))
            continue
        path = (base / photo).resolve()
        if not path.is_file():
            problems.append(Problem(Severity.ERROR, f"photo file not found: {path}", player=name))
        paths.append(path)
    if problems:
        raise InvalidGameError(problems)
    if reader is None:
        reader = _vision_reader()
    try:
        readings = reader(paths)
    except ValueError as exc:  # the vision layer's errors are ValueErrors with clear messages
        raise InvalidGameError([Problem(Severity.ERROR, f"could not read the photos: {exc}")]) from None
    out = dict(data)
    out["players"] = [dict(p) if isinstance(p, Mapping) else p for p in players]
    for i, reading in zip(todo, readings):
        out["players"][i]["garden"] = reading.garden.to_lists()
        review = getattr(reading, "review", ())
        if review:
            out["players"][i]["review"] = list(review)
    return out


def _vision_reader() -> PhotoReader:
    try:
        from vision.io import load_image
        from vision.read import read_gardens
    except ImportError as exc:
        raise InvalidGameError([Problem(Severity.ERROR, f"photo reading is not available: {exc}")]) from None

    def read(paths: list[Path]) -> list[Any]:
        images = []
        for path in paths:
            try:
                images.append(load_image(path))
            except ValueError as exc:
                raise ValueError(f"{path.name}: {exc}") from None
        return read_gardens(images)

    return read


def score_game(data: Mapping[str, Any], *, base_dir: str | Path | None = None,
               reader: PhotoReader | None = None) -> dict[str, Any]:
    """Score a parsed game file; returns the result contract plus explanations and warnings.

    Raises :class:`InvalidGameError` (a ``ValueError``) listing every problem.
    """
    if isinstance(data, Mapping):
        data = read_photo_players(data, base_dir, reader)
    game, problems = check_game(data)
    if game is None:
        raise InvalidGameError([p for p in problems if p.severity is Severity.ERROR])
    result = score(game)
    warnings = tuple(p for p in problems if p.severity is not Severity.ERROR)
    out = GameResult(result.players, result.winners, result.tie_break, warnings).to_dict()
    out["boards"] = [int(b) for b in game.boards]
    return out
