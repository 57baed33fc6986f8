"""Game history in SQLite: every scored game with its game file, photo readings and corrections.

The database is a real file, ``history.sqlite3``, in the data directory (:func:`data_dir`):
``$ZENGARDEN_DATA_DIR`` if set, else ``~/.zengarden`` (or ``./data`` when the home directory is
not writable). Everything is stored as JSON text beside a few indexed columns for listing and
player statistics, so a saved game can always be reopened and re-scored with the current rules.

    db = History.open()                       # or History(path)
    game_id = db.save(game, result, readings)
    db.list_games(); db.load(game_id); db.rescore(game_id); db.delete(game_id); db.player_stats()
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from scorer.score import GameResult, score_game
from zengarden.wording import CONTRACT

ENV_DATA_DIR = "ZENGARDEN_DATA_DIR"
DB_NAME = "history.sqlite3"
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    title       TEXT NOT NULL DEFAULT '',
    boards      TEXT NOT NULL,
    game_json   TEXT NOT NULL,
    result_json TEXT NOT NULL,
    readings_json TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS results (
    game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    player   TEXT NOT NULL,
    total    INTEGER NOT NULL,
    rank     INTEGER NOT NULL,
    winner   INTEGER NOT NULL,
    PRIMARY KEY (game_id, player)
);
CREATE INDEX IF NOT EXISTS results_player ON results(player);
"""


def data_dir(create: bool = True) -> Path:
    """The app's data directory: ``$ZENGARDEN_DATA_DIR``, else ``~/.zengarden``, else ``./data``."""
    env = os.environ.get(ENV_DATA_DIR, "").strip()
    candidates = [Path(env).expanduser()] if env else [Path.home() / ".zengarden", Path.cwd() / "data"]
    last_error: OSError | None = None
    for path in candidates:
        if not create:
            return path
        try:
            path.mkdir(parents=True, exist_ok=True)
            probe = path / ".write-test"
            probe.write_text("ok")
            probe.unlink()
            return path
        except OSError as exc:
            last_error = exc
    raise OSError(f"no writable data directory (tried {', '.join(map(str, candidates))}): {last_error}")


def timestamp() -> str:
    """Now, local time with its UTC offset, to the second (how rows are dated)."""
    return datetime.now(timezone.utc).astimezone().isoformat(timespec="seconds")


@dataclass(frozen=True)
class GameSummary:
    """One row of the history list."""

    id: int
    created_at: str
    updated_at: str
    title: str
    boards: tuple[int, ...]
    players: tuple[tuple[str, int, int], ...]  # (name, total, rank) in seating order
    winners: tuple[str, ...]


@dataclass(frozen=True)
class SavedGame:
    """A game as stored: the game file, the last result, and per-player photo readings."""

    id: int
    created_at: str
    updated_at: str
    title: str
    game: dict[str, Any]
    result: dict[str, Any]  # the result contract as stored (GameResult.to_dict(words=CONTRACT) when saved)
    readings: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerStats:
    name: str
    games: int
    wins: int
    average: float
    best: int
    win_rate: float


class History:
    """A SQLite history database file. Each method opens a short transaction; safe across reruns."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as con:
            con.execute("PRAGMA journal_mode = WAL")  # sessions read while another one saves
            con.executescript(_SCHEMA)
            con.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @classmethod
    def open(cls, directory: str | Path | None = None) -> History:
        """The history in ``directory`` (default: :func:`data_dir`)."""
        base = Path(directory) if directory is not None else data_dir()
        return cls(base / DB_NAME)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        con = sqlite3.connect(self.path, timeout=10)
        con.execute("PRAGMA foreign_keys = ON")
        try:
            with con:
                yield con
        finally:
            con.close()

    # --- writing -----------------------------------------------------------------------------

    def save(self, game: Mapping[str, Any], result: GameResult, readings: Mapping[str, Any] | None = None,
             title: str = "", game_id: int | None = None) -> int:
        """Store a scored game; with ``game_id`` the stored game is replaced. Returns the id."""
        now = timestamp()
        boards = json.dumps(list(game.get("boards", [])))
        payload = (title, boards, json.dumps(game, ensure_ascii=False),
                   json.dumps(result.to_dict(words=CONTRACT), ensure_ascii=False),
                   json.dumps(readings or {}, ensure_ascii=False))
        with self._connect() as con:
            if game_id is not None and con.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone():
                con.execute(
                    "UPDATE games SET updated_at = ?, title = ?, boards = ?, game_json = ?, result_json = ?, "
                    "readings_json = ? WHERE id = ?",
                    (now, *payload, game_id),
                )
                con.execute("DELETE FROM results WHERE game_id = ?", (game_id,))
            else:
                cur = con.execute(
                    "INSERT INTO games (created_at, updated_at, title, boards, game_json, result_json, readings_json)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (now, now, *payload),
                )
                game_id = int(cur.lastrowid or 0)
            winners = set(result.winners)
            con.executemany(
                "INSERT INTO results (game_id, player, total, rank, winner) VALUES (?, ?, ?, ?, ?)",
                [(game_id, p.name, p.total, p.rank, int(p.name in winners)) for p in result.players],
            )
        return game_id

    def delete(self, game_id: int) -> bool:
        """Remove a game; True if it existed."""
        with self._connect() as con:
            cur = con.execute("DELETE FROM games WHERE id = ?", (game_id,))
            return cur.rowcount > 0

    def rescore(self, game_id: int) -> GameResult:
        """Score the stored game again with the current rules, store and return the new result.

        Raises ``KeyError`` for an unknown id and :class:`scorer.InvalidGameError` if the stored
        game no longer validates."""
        saved = self.load(game_id)
        result = score_game(saved.game)
        self.save(saved.game, result, saved.readings, saved.title, game_id=game_id)
        return result

    # --- reading -----------------------------------------------------------------------------

    def load(self, game_id: int) -> SavedGame:
        with self._connect() as con:
            row = con.execute(
                "SELECT id, created_at, updated_at, title, game_json, result_json, readings_json FROM games "
                "WHERE id = ?", (game_id,)
            ).fetchone()
        if row is None:
            raise KeyError(f"no saved game with id {game_id}")
        return SavedGame(int(row[0]), row[1], row[2], row[3], json.loads(row[4]), json.loads(row[5]),
                         json.loads(row[6]))

    def list_games(self, limit: int | None = None) -> list[GameSummary]:
        """Saved games, newest first."""
        sql = ("SELECT id, created_at, updated_at, title, boards, result_json FROM games "
               "ORDER BY created_at DESC, id DESC")
        params: tuple[Any, ...] = ()
        if limit is not None:
            sql += " LIMIT ?"
            params = (int(limit),)
        with self._connect() as con:
            rows = con.execute(sql, params).fetchall()
        out = []
        for gid, created, updated, title, boards, result_json in rows:
            result = json.loads(result_json)
            players = tuple((p["name"], int(p["total"]), int(p["rank"])) for p in result.get("players", []))
            out.append(GameSummary(int(gid), created, updated, title, tuple(json.loads(boards)), players,
                                   tuple(result.get("winners", []))))
        return out

    def count(self) -> int:
        with self._connect() as con:
            return int(con.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def player_stats(self, names: Sequence[str] | None = None) -> list[PlayerStats]:
        """Games played, wins (shared victories count for each winner), average and best score."""
        sql = ("SELECT player, COUNT(*), SUM(winner), AVG(total), MAX(total) FROM results GROUP BY player "
               "ORDER BY SUM(winner) DESC, AVG(total) DESC, player")
        with self._connect() as con:
            rows = con.execute(sql).fetchall()
        stats = [PlayerStats(name, int(games), int(wins), round(float(avg), 1), int(best),
                             round(int(wins) / int(games), 3))
                 for name, games, wins, avg, best in rows]
        if names is not None:
            wanted = set(names)
            stats = [s for s in stats if s.name in wanted]
        return stats
