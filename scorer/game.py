"""Game setup and players, parsed from the game-file JSON with validation that collects every problem.

``parse_game(data)`` returns a :class:`Game` or raises :class:`InvalidGameError` listing all errors;
``validate_game(data)`` returns every error, warning and info without raising.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from scorer.errors import InvalidGameError, NotationError, Problem, Severity
from scorer.explain import ProblemCode
from scorer.rules import coin_bonus_lines, feature_counts
from scorer.tiles import Cell, Feature, Garden, Tile, TileKind, cell_name
from scorer.vocab import (
    ALL_BOARDS,
    ALL_SPACES,
    COIN_BONUS_LINE,
    GRID_SIZE,
    MAX_COINS,
    MAX_PLAYERS,
    MIN_COINS,
    MIN_PLAYERS,
    MISSION_MIN_COUNT,
    MISSION_POINTS,
    MISSIONS_PER_BOARD,
    Board,
    Space,
)

_BOARD_NUMBERS = frozenset(int(b) for b in ALL_BOARDS)
_BOARD_RANGE: dict[str, Any] = {"first": min(_BOARD_NUMBERS), "last": max(_BOARD_NUMBERS)}
_COIN_RANGE: dict[str, Any] = {"least": MIN_COINS, "most": MAX_COINS}
#: Players a game file may have, and how many the table game needs at least.
_TABLE_MIN_PLAYERS = 2


@dataclass(frozen=True)
class Rules:
    """Choices the rulebook leaves open. Each default is documented in the README.

    ``majority_needs_a_tile``: a player with 0 tiles showing the majority feature takes no place
    (no 8 or 4 points for zero tiles). Set False to let zero counts place like any other count.
    """

    majority_needs_a_tile: bool = True

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        known = {f.name for f in fields(cls)}
        return cls(**{k: bool(v) for k, v in data.items() if k in known})

    def to_dict(self) -> dict[str, bool]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True)
class Mission:
    """A mission of board 4 or 5: two features, and the players in the order they completed it."""

    features: tuple[Feature, Feature]
    completed_by: tuple[str, ...] = ()


@dataclass(frozen=True)
class Player:
    name: str
    coins: int
    garden: Garden
    photo: str | None = None


@dataclass(frozen=True)
class Game:
    boards: tuple[Board, ...]
    players: tuple[Player, ...]
    preferences: Mapping[Space, Feature] = field(default_factory=dict)
    missions: tuple[Mission, ...] = ()
    rules: Rules = Rules()

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        """The game-file form (round-trips through :func:`parse_game`)."""
        data: dict[str, Any] = {"boards": [int(b) for b in self.boards]}
        if self.preferences:
            data["preferences"] = {s.value: self.preferences[s].format() for s in ALL_SPACES if s in self.preferences}
        if self.missions:
            data["missions"] = [
                {"features": [f.format() for f in m.features], "completed_by": list(m.completed_by)}
                for m in self.missions
            ]
        data["players"] = [
            {"name": p.name, "coins": p.coins, "garden": p.garden.to_lists()} for p in self.players
        ]
        if self.rules != Rules():
            data["rules"] = self.rules.to_dict()
        return data


def expected_mission_count(boards: Sequence[Board]) -> int:
    return sum(MISSIONS_PER_BOARD.get(b, 0) for b in boards)


def qualifies(garden: Garden, features: Sequence[Feature]) -> bool:
    """Whether a garden completes a mission: each feature shown on at least ``MISSION_MIN_COUNT`` tiles."""
    return all(garden.count(f) >= MISSION_MIN_COUNT for f in features)


# --- parsing with problem collection -----------------------------------------------------------


class _Collector:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def error(self, code: ProblemCode, values: Mapping[str, Any] | None = None, **where: str | None) -> None:
        self.problems.append(Problem(Severity.ERROR, code, dict(values or {}), **where))

    def warning(self, code: ProblemCode, values: Mapping[str, Any] | None = None, **where: str | None) -> None:
        self.problems.append(Problem(Severity.WARNING, code, dict(values or {}), **where))

    def info(self, code: ProblemCode, values: Mapping[str, Any] | None = None, **where: str | None) -> None:
        self.problems.append(Problem(Severity.INFO, code, dict(values or {}), **where))

    def notation(self, exc: NotationError, **where: str | None) -> None:
        self.error(exc.reason.code, exc.reason.values, **where)

    @property
    def has_errors(self) -> bool:
        return any(p.severity is Severity.ERROR for p in self.problems)


def _parse_boards(data: Mapping[str, Any], out: _Collector) -> tuple[Board, ...]:
    raw = data.get("boards")
    if raw is None:
        out.error(ProblemCode.BOARDS_MISSING, field="boards")
        return ()
    if not isinstance(raw, list) or not raw:
        out.error(ProblemCode.BOARDS_NOT_A_LIST, {**_BOARD_RANGE, "got": repr(raw)}, field="boards")
        return ()
    boards: list[Board] = []
    for value in raw:
        if isinstance(value, bool) or not isinstance(value, int) or value not in _BOARD_NUMBERS:
            out.error(ProblemCode.UNKNOWN_BOARD, {"board": repr(value), **_BOARD_RANGE}, field="boards")
        elif Board(value) in boards:
            out.error(ProblemCode.BOARD_TWICE, {"board": value}, field="boards")
        else:
            boards.append(Board(value))
    boards.sort()
    if boards and Board.BASICS not in boards:
        out.warning(ProblemCode.NO_BOARD_ONE, {"board": int(Board.BASICS)}, field="boards")
    return tuple(boards)


def _parse_feature(text: Any, out: _Collector, where: str) -> Feature | None:
    try:
        return Feature.parse(text)
    except NotationError as exc:
        out.notation(exc, field=where)
        return None


def _parse_preferences(data: Mapping[str, Any], boards: Sequence[Board], out: _Collector) -> dict[Space, Feature]:
    raw = data.get("preferences")
    if Board.BASICS not in boards:
        if raw:
            out.warning(ProblemCode.PREFERENCES_IGNORED, {"board": int(Board.BASICS)}, field="preferences")
        return {}
    if raw is None:
        out.error(ProblemCode.PREFERENCES_MISSING, {"board": int(Board.BASICS), "spaces": ALL_SPACES},
                  field="preferences")
        return {}
    if not isinstance(raw, Mapping):
        out.error(ProblemCode.PREFERENCES_NOT_AN_OBJECT, {"got": type(raw).__name__}, field="preferences")
        return {}
    prefs: dict[Space, Feature] = {}
    for key in raw:
        if key not in {s.value for s in ALL_SPACES}:
            out.error(ProblemCode.UNKNOWN_SPACE, {"key": repr(key), "expected": ALL_SPACES}, field="preferences")
    for space in ALL_SPACES:
        if space.value not in raw:
            out.error(ProblemCode.SPACE_EMPTY, {"board": int(Board.BASICS), "space": space},
                      field=f"preferences.{space.value}")
            continue
        feature = _parse_feature(raw[space.value], out, f"preferences.{space.value}")
        if feature is not None:
            prefs[space] = feature
    return prefs


def _parse_missions(data: Mapping[str, Any], boards: Sequence[Board], out: _Collector) -> list[tuple[Mission, int]]:
    expected = expected_mission_count(boards)
    raw = data.get("missions", [])
    if raw is None:
        raw = []
    if not isinstance(raw, list):
        out.error(ProblemCode.MISSIONS_NOT_A_LIST, {"got": type(raw).__name__}, field="missions")
        return []
    if len(raw) != expected:
        out.error(ProblemCode.MISSION_COUNT, {"given": len(raw), "needed": expected,
                                              "all_boards": expected == sum(MISSIONS_PER_BOARD.values())},
                  field="missions")
    missions: list[tuple[Mission, int]] = []
    for index, entry in enumerate(raw[:expected] if len(raw) > expected else raw, start=1):
        where = f"missions[{index}]"
        if not isinstance(entry, Mapping):
            out.error(ProblemCode.MISSION_NOT_AN_OBJECT, {"index": index}, field=where)
            continue
        feats = entry.get("features")
        if not isinstance(feats, list) or len(feats) != 2:
            out.error(ProblemCode.MISSION_FEATURES, {"index": index, "got": repr(feats)}, field=where)
            continue
        parsed = [_parse_feature(f, out, where) for f in feats]
        finishers = entry.get("completed_by", [])
        if finishers is None:
            finishers = []
        if not isinstance(finishers, list) or not all(isinstance(n, str) for n in finishers):
            out.error(ProblemCode.MISSION_FINISHERS_NOT_NAMES, {"index": index}, field=where)
            finishers = []
        if parsed[0] is None or parsed[1] is None:
            continue
        if parsed[0] == parsed[1]:
            out.error(ProblemCode.MISSION_SAME_FEATURE, {"index": index, "feature": parsed[0]}, field=where)
            continue
        missions.append((Mission((parsed[0], parsed[1]), tuple(finishers)), index))
    return missions


def _parse_tile_grid(raw: Any, name: str, out: _Collector) -> Garden | None:
    if not isinstance(raw, list) or len(raw) != GRID_SIZE or any(
        not isinstance(row, list) or len(row) != GRID_SIZE for row in raw
    ):
        shape = [len(r) if isinstance(r, list) else type(r).__name__ for r in raw] if isinstance(raw, list) else raw
        out.error(ProblemCode.GARDEN_SHAPE, {"size": GRID_SIZE, "got": repr(shape)}, player=name)
        return None
    grid: list[list[Tile]] = []
    ok = True
    for r, row in enumerate(raw):
        tiles: list[Tile] = []
        for c, text in enumerate(row):
            try:
                tiles.append(Tile.parse(text))
            except NotationError as exc:
                out.notation(exc, player=name, cell=cell_name((r, c)))
                ok = False
        grid.append(tiles)
    return Garden(tuple(tuple(row) for row in grid)) if ok else None


def _parse_players(data: Mapping[str, Any], out: _Collector) -> list[Player]:
    raw = data.get("players")
    if not isinstance(raw, list):
        out.error(ProblemCode.PLAYERS_NOT_A_LIST, {"least": MIN_PLAYERS, "most": MAX_PLAYERS}, field="players")
        return []
    if not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        out.error(ProblemCode.PLAYER_COUNT, {"given": len(raw), "least": MIN_PLAYERS, "most": MAX_PLAYERS,
                                             "table_least": _TABLE_MIN_PLAYERS}, field="players")
    players: list[Player] = []
    seen_names: set[str] = set()
    for index, entry in enumerate(raw, start=1):
        if not isinstance(entry, Mapping):
            out.error(ProblemCode.PLAYER_NOT_AN_OBJECT, {"index": index}, field="players")
            continue
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            out.error(ProblemCode.PLAYER_NAME_EMPTY, {"index": index}, field=f"players[{index}]")
            name = f"#{index}"
        elif name in seen_names:
            out.error(ProblemCode.PLAYER_NAME_TWICE, {"name": repr(name)}, player=name)
        seen_names.add(name)
        coins = entry.get("coins")
        if isinstance(coins, bool) or not isinstance(coins, int):
            out.error(ProblemCode.COINS_NOT_A_NUMBER, {**_COIN_RANGE, "got": repr(coins)}, player=name)
            coins = None
        elif not MIN_COINS <= coins <= MAX_COINS:
            out.error(ProblemCode.COINS_OUT_OF_RANGE, {**_COIN_RANGE, "got": coins}, player=name)
            coins = None
        photo = entry.get("photo")
        if "garden" in entry:
            garden = _parse_tile_grid(entry["garden"], name, out)
        elif photo is not None:
            out.error(ProblemCode.PHOTO_NOT_READ, {"photo": repr(photo)}, player=name)
            garden = None
        else:
            out.error(ProblemCode.GARDEN_MISSING, {"size": GRID_SIZE}, player=name)
            garden = None
        if garden is not None:  # invalid coins are already reported; keep the garden for tile checks
            players.append(Player(name, coins if coins is not None else -1, garden,
                                  photo if isinstance(photo, str) else None))
    return players


def _parse_rules(data: Mapping[str, Any], out: _Collector) -> Rules:
    raw = data.get("rules", {})
    if not isinstance(raw, Mapping):
        out.error(ProblemCode.RULES_NOT_AN_OBJECT, field="rules")
        return Rules()
    known = Rules().to_dict()
    for key, value in raw.items():
        if key not in known:
            out.error(ProblemCode.UNKNOWN_RULE, {"key": repr(key), "known": tuple(known)}, field="rules")
        elif not isinstance(value, bool):
            out.error(ProblemCode.RULE_NOT_BOOLEAN, {"key": repr(key), "got": repr(value)}, field="rules")
    return Rules.from_dict({k: v for k, v in raw.items() if k in known and isinstance(v, bool)})


def _check_unique_tiles(players: Sequence[Player], out: _Collector) -> None:
    """Each physical tile exists once: no tile twice in a garden or across the gardens of a game."""
    first_seen: dict[TileKind, tuple[int, Cell]] = {}
    for index, player in enumerate(players):
        for cell, tile in player.garden.cells():
            kind = tile.kind
            if kind in first_seen:
                other, other_cell = first_seen[kind]
                out.error(
                    ProblemCode.TILE_TWICE,
                    {"tile": kind, "other_cell": other_cell,
                     "other_player": None if other == index else players[other].name},
                    player=player.name,
                    cell=cell_name(cell),
                )
            else:
                first_seen[kind] = (index, cell)


def _check_emperor_tiles(prefs: Mapping[Space, Feature], missions: Sequence[tuple[Mission, int]],
                         out: _Collector) -> None:
    seen: dict[Feature, str] = {}
    placed = [(f, f"preferences.{s.value}") for s, f in prefs.items()]
    placed += [(f, f"missions[{i}]") for m, i in missions for f in m.features]
    for feature, where in placed:
        if feature in seen:
            out.error(ProblemCode.EMPEROR_TILE_TWICE, {"feature": feature, "first": seen[feature], "second": where},
                      field=where)
        else:
            seen[feature] = where


def _check_missions(missions: Sequence[tuple[Mission, int]], players: Sequence[Player],
                    all_names: set[str], out: _Collector) -> None:
    by_name = {p.name: p for p in players}
    for mission, index in missions:
        where = f"missions[{index}]"
        listed: set[str] = set()
        for name in mission.completed_by:
            if name in listed:
                out.error(ProblemCode.FINISHER_TWICE, {"name": name, "index": index, "features": mission.features},
                          player=name, field=where)
                continue
            listed.add(name)
            if name not in all_names:
                out.error(ProblemCode.FINISHER_UNKNOWN, {"name": repr(name), "index": index}, field=where)
            elif name in by_name and not qualifies(by_name[name].garden, mission.features):
                out.error(
                    ProblemCode.FINISHER_NOT_QUALIFIED,
                    {"index": index, "features": mission.features,
                     "counts": feature_counts(by_name[name].garden, mission.features), "needed": MISSION_MIN_COUNT},
                    player=name,
                    field=where,
                )
        if len(mission.completed_by) < len(MISSION_POINTS):
            for player in players:
                if player.name not in listed and qualifies(player.garden, mission.features):
                    out.warning(ProblemCode.QUALIFIER_NOT_LISTED, {"index": index, "features": mission.features},
                                player=player.name, field=where)


def check_game(data: Any) -> tuple[Game | None, list[Problem]]:
    """Parse and validate in one pass: the game (None if any error) and every problem found."""
    out = _Collector()
    if not isinstance(data, Mapping):
        out.error(ProblemCode.NOT_AN_OBJECT, {"got": type(data).__name__})
        return None, out.problems
    known = {"boards", "preferences", "missions", "players", "rules", "level", "name", "date", "notes"}
    for key in data:
        if key not in known:
            out.warning(ProblemCode.UNKNOWN_FIELD, {"key": repr(key)}, field=str(key))
    boards = _parse_boards(data, out)
    prefs = _parse_preferences(data, boards, out)
    missions = _parse_missions(data, boards, out)
    players = _parse_players(data, out)
    rules = _parse_rules(data, out)
    _check_unique_tiles(players, out)
    _check_emperor_tiles(prefs, missions, out)
    raw_players = data.get("players") if isinstance(data.get("players"), list) else []
    all_names = {p.get("name") for p in raw_players if isinstance(p, Mapping) and isinstance(p.get("name"), str)}
    _check_missions(missions, players, all_names, out)
    for player in players:
        for line in coin_bonus_lines(player.garden):
            out.info(ProblemCode.COIN_BONUS_LINE,
                     {"line": line.reason(), "decor": line.decor, "coins": COIN_BONUS_LINE}, player=player.name)
    if out.has_errors:
        return None, out.problems
    game = Game(boards, tuple(players), prefs, tuple(m for m, _ in missions), rules)
    return game, out.problems


def validate_game(data: Any) -> list[Problem]:
    """Every error, warning and info for a game file, all at once. Never raises."""
    return check_game(data)[1]


def parse_game(data: Any) -> Game:
    """A validated :class:`Game`; raises :class:`InvalidGameError` listing every error."""
    game, problems = check_game(data)
    if game is None:
        raise InvalidGameError([p for p in problems if p.severity is Severity.ERROR])
    return game
