"""Game files on disk, and game files whose players are given as photos.

The rules engine (:mod:`scorer`) scores gardens; a game file may instead give a player's
``"photo"`` (a path relative to the game file). :func:`read_photo_players` fills in each such
player's ``"garden"`` with the vision pipeline — all photos of a game read together, so the
reader can use that each physical tile exists once — and :func:`score_game_file` scores the result.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from scorer.errors import InvalidGameError, Problem, Severity
from scorer.explain import ProblemCode
from scorer.score import GameResult, score_game
from scorer.tiles import Garden


class GameFileError(Exception):
    """A game file that cannot be loaded at all (missing, unreadable, not a JSON object)."""


class Reading(Protocol):
    """What the game file needs from a photo reading (:class:`vision.read.GardenReading` is one)."""

    @property
    def garden(self) -> Garden: ...

    @property
    def review(self) -> Sequence[str]: ...


#: Reads the photos of one game together, in order: one reading per path.
PhotoReader = Callable[[list[Path]], Sequence[Reading]]


def load_game_file(path: str | Path) -> dict[str, Any]:
    """The JSON object in a game file; :class:`GameFileError` naming the problem otherwise."""
    p = Path(path)
    if not p.exists():
        raise GameFileError(f"game file not found: {p}")
    if p.is_dir():
        raise GameFileError(f"{p} is a directory, not a game file")
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise GameFileError(f"cannot read {p}: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise GameFileError(f"{p} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    if not isinstance(data, dict):
        raise GameFileError(f"{p}: a game file is a JSON object, got {type(data).__name__}")
    return data


def read_photo_players(data: Mapping[str, Any], base_dir: str | Path | None = None,
                       reader: PhotoReader | None = None) -> GameResult:
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
            problems.append(Problem(Severity.ERROR, ProblemCode.PHOTO_NOT_A_PATH, {"got": repr(photo)}, player=name))
            continue
        path = (base / photo).resolve()
        if not path.is_file():
            problems.append(Problem(Severity.ERROR, ProblemCode.PHOTO_NOT_FOUND, {"path": str(path)}, player=name))
        paths.append(path)
    if problems:
        raise InvalidGameError(problems)
    if reader is None:
        reader = vision_reader()
    try:
        readings = reader(paths)
    except ValueError as exc:  # the vision layer's errors are ValueErrors with clear messages
        raise InvalidGameError([Problem(Severity.ERROR, ProblemCode.PHOTOS_UNREADABLE, {"detail": str(exc)})]) from None
    out = dict(data)
    out["players"] = [dict(p) if isinstance(p, Mapping) else p for p in players]
    for i, reading in zip(todo, readings):
        out["players"][i]["garden"] = reading.garden.to_lists()
        if reading.review:
            out["players"][i]["review"] = list(reading.review)
        if getattr(reading, "check_outline", False):  # the reader is unsure where the garden is
            out["players"][i]["check_outline"] = list(getattr(reading, "outline_reasons", ()))
    return out


def vision_reader() -> PhotoReader:
    """The vision pipeline as a :data:`PhotoReader` (bundled model); its load errors name the file."""
    try:
        from vision.io import load_image
        from vision.read import read_gardens
    except ImportError as exc:
        raise InvalidGameError([Problem(Severity.ERROR, ProblemCode.PHOTO_READING_UNAVAILABLE,
                                        {"detail": str(exc)})]) from None

    def read(paths: list[Path]) -> Sequence[Reading]:
        images = []
        for path in paths:
            try:
                images.append(load_image(path))
            except ValueError as exc:
                raise ValueError(f"{path.name}: {exc}") from None
        return read_gardens(images)

    return read


def score_game_file(data: Mapping[str, Any], *, base_dir: str | Path | None = None,
                    reader: PhotoReader | None = None) -> GameResult:
    """Score a game file whose players give a ``"garden"`` or a ``"photo"``.

    Raises :class:`InvalidGameError` (a ``ValueError``) listing every problem.
    """
    return score_game(read_photo_players(data, base_dir, reader))
