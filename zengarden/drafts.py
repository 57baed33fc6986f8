"""Drafts: the games being entered in the app, one per game id (the app's ``?game=`` link), in SQLite.

A *draft* is what has been entered so far — setup, gardens, coins, mission orders, photo readings —
as a JSON object (:class:`Draft` gives its shape). Every browser session on one game id reads and
writes the same row; sessions on other ids never see it.

Saving carries the version the session last saw. When another session saved in between, the store
merges the three versions (what the session started from, what it has now, what is stored) field by
field — each player's name, colour, coins, reading and each garden cell on its own, players added on
both sides are both kept — and reports every field both sides changed differently as an
:class:`EditConflict`, keeping the stored ("their") value there.

    store = DraftStore.open()                 # drafts.sqlite3 in the data directory, WAL mode
    saved = store.save(game_id, draft, base=base, base_version=version)
    saved.version, saved.draft, saved.conflicts
    store.load(game_id); store.list_drafts(); store.discard(game_id); store.import_legacy(path)

No Streamlit here: the app's session (:mod:`ui.session`) calls it, tests call it directly.
"""

from __future__ import annotations

import contextlib
import copy
import json
import re
import secrets
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict, TypeVar

from scorer.game import expected_mission_count
from scorer.tiles import cell_name
from scorer.vocab import GRID_SIZE, MAX_PLAYERS, PLAYER_COLOURS, Board
from zengarden.history import data_dir, timestamp

#: The draft format; a stored draft of another version is reported, never guessed at.
DRAFT_VERSION = 1
DB_NAME = "drafts.sqlite3"
#: The key under which the one-time import of the old single ``autosave.json`` is recorded.
LEGACY_KEY = "legacy_autosave_imported"

Grid = list[list[str]]


class Reading(TypedDict, total=False):
    """A photo reading as the draft keeps it: ``GardenReading.to_dict()`` plus the photo's digest
    and the app's flags (see ``ui.photos.reading_to_dict``)."""

    photo: str
    garden: Grid
    corners: list[list[float]]
    confidence: list[list[float]]
    review: list[str]
    alternatives: dict[str, list[list[Any]]]
    manual_corners: bool
    timings: dict[str, float]
    check_outline: bool
    outline_reasons: list[str]
    outline_confirmed: bool
    checked: list[str]  # doubtful cells the player confirmed as read


class _PlayerFields(TypedDict):
    name: str
    colour: str
    coins: int
    garden: Grid  # 4×4 tile strings, "" = not entered
    editor_base: Grid  # what the tile editor started from (the app's editor state)
    editor_ver: int
    reading: Reading | None


class DraftPlayer(_PlayerFields, total=False):
    photo: str | None  # digest of the player's photo in the data directory


class DraftMission(TypedDict):
    features: list[str | None]  # two Emperor features, None = not chosen yet
    completed_by: list[str]  # player names in completion order


class Draft(TypedDict):
    version: int
    level: int | None
    boards: list[int]
    preferences: dict[str, str | None]  # space -> feature
    missions: list[DraftMission]
    players: list[DraftPlayer]
    history_id: int | None  # the saved game this draft edits, if any


#: Why a stored draft cannot be used (``DraftError.code``, ``DraftSummary.problem``; the app words them):
#: stored by another version of the app, or damaged (not JSON, or not a draft).
DRAFT_PROBLEMS = ("damaged", "version")


class DraftError(ValueError):
    """A stored or imported draft that cannot be used; the message says what is wrong (English, for
    developers), ``code`` which of :data:`DRAFT_PROBLEMS` it is."""

    def __init__(self, message: str, code: str = "damaged") -> None:
        super().__init__(message)
        self.code = code


#: What an :class:`EditConflict` can be about: a player's field, the player itself (added or
#: removed), or a part of the game's setup.
CONFLICT_FIELDS = ("name", "colour", "coins", "garden", "photo", "player", "boards", "preference", "mission",
                   "saved_game")


@dataclass(frozen=True)
class EditConflict:
    """A field two sessions changed differently at the same time; the stored value was kept.

    ``player`` is the player's name (None for the game's setup); ``field`` one of
    :data:`CONFLICT_FIELDS`; ``detail`` the cells, space or mission concerned."""

    player: str | None
    field: str
    detail: str = ""


@dataclass(frozen=True)
class StoredDraft:
    game_id: str
    version: int
    created_at: str
    updated_at: str
    draft: Draft


@dataclass(frozen=True)
class SaveResult:
    """What :meth:`DraftStore.save` stored: the new version, the draft as stored (the merge when
    another session saved in between: ``merged``), and the conflicts met while merging."""

    version: int
    draft: Draft
    merged: bool
    conflicts: tuple[EditConflict, ...] = ()


@dataclass(frozen=True)
class DraftSummary:
    """One row of the drafts list; ``problem`` is why a row cannot be resumed, one of :data:`DRAFT_PROBLEMS`
    (then the rest is empty)."""

    game_id: str
    version: int
    updated_at: str
    players: tuple[str, ...] = ()
    boards: tuple[int, ...] = ()
    gardens_done: int = 0
    history_id: int | None = None
    problem: str | None = None


# --- game ids ------------------------------------------------------------------------------------

_GAME_ID = re.compile(r"[A-Za-z0-9_-]{4,64}")


def new_game_id() -> str:
    """A fresh, unguessable id for a game link (8 URL-safe characters)."""
    return secrets.token_urlsafe(6)


def valid_game_id(text: object) -> bool:
    return isinstance(text, str) and _GAME_ID.fullmatch(text) is not None


# --- checking a draft ----------------------------------------------------------------------------

def _is_grid(value: object) -> bool:
    return (isinstance(value, list) and len(value) == GRID_SIZE
            and all(isinstance(r, list) and len(r) == GRID_SIZE and all(isinstance(t, str) for t in r)
                    for r in value))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_draft(data: object) -> Draft:
    """A checked deep copy of a draft read from JSON; :class:`DraftError` naming the first problem.

    The editor fields a draft may lack (``editor_base``, ``editor_ver``, ``reading``) are filled in."""
    if not isinstance(data, dict):
        raise DraftError(f"a draft is a JSON object, got {type(data).__name__}")
    if data.get("version") != DRAFT_VERSION:
        raise DraftError(f"draft format {data.get('version')!r} is not {DRAFT_VERSION}", "version")
    boards = data.get("boards")
    if not isinstance(boards, list) or not all(_is_int(b) for b in boards):
        raise DraftError("'boards' must be a list of board numbers")
    if data.get("level") is not None and not _is_int(data.get("level")):
        raise DraftError("'level' must be a number or null")
    if not isinstance(data.get("preferences"), dict):
        raise DraftError("'preferences' must be an object")
    missions = data.get("missions")
    if not isinstance(missions, list) or not all(
            isinstance(m, dict) and isinstance(m.get("features"), list) and isinstance(m.get("completed_by"), list)
            for m in missions):
        raise DraftError("'missions' must be a list of {features, completed_by}")
    players = data.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= MAX_PLAYERS:
        raise DraftError(f"'players' must be a list of 1 to {MAX_PLAYERS} players")
    out = copy.deepcopy(data)
    for n, player in enumerate(out["players"], 1):
        if not isinstance(player, dict) or not isinstance(player.get("name"), str):
            raise DraftError(f"player {n} has no name")
        if not isinstance(player.get("colour"), str) or not _is_int(player.get("coins")):
            raise DraftError(f"player {n} ({player['name']}) needs a colour and a number of coins")
        if not _is_grid(player.get("garden")):
            raise DraftError(f"player {n} ({player['name']}): the garden must be 4×4 tile texts")
        if not _is_grid(player.get("editor_base")):
            player["editor_base"] = [list(r) for r in player["garden"]]
        if not _is_int(player.get("editor_ver")):
            player["editor_ver"] = 0
        if not isinstance(player.get("reading"), dict):
            player["reading"] = None
    out.setdefault("history_id", None)
    return out  # type: ignore[return-value]  # checked above


def draft_json(draft: Mapping[str, Any]) -> str:
    """The draft as stored: compact, keys sorted, so equal drafts give equal text."""
    return json.dumps(draft, ensure_ascii=False, sort_keys=True)


# --- merging -------------------------------------------------------------------------------------

T = TypeVar("T")


def _pick(base: T, mine: T, theirs: T) -> tuple[T, bool]:
    """Three-way choice of one value -> (value, conflict). A conflict keeps theirs."""
    if mine in (theirs, base):
        return theirs, False
    if theirs == base:
        return mine, False
    return theirs, True


def _reading_unit(player: Mapping[str, Any]) -> tuple[Any, Any]:
    return player.get("reading"), player.get("photo")


def _merge_garden(base: Grid, mine: Grid, theirs: Grid) -> tuple[Grid, list[str]]:
    out: Grid = []
    clashes: list[str] = []
    for r in range(GRID_SIZE):
        row = []
        for c in range(GRID_SIZE):
            value, clash = _pick(base[r][c], mine[r][c], theirs[r][c])
            row.append(value)
            if clash:
                clashes.append(cell_name((r, c)))
        out.append(row)
    return out, clashes


def _merge_player(base: DraftPlayer, mine: DraftPlayer, theirs: DraftPlayer,
                  conflicts: list[EditConflict]) -> DraftPlayer:
    out = copy.deepcopy(theirs)
    who = theirs["name"]
    for field in ("name", "colour", "coins"):
        value, clash = _pick(base[field], mine[field], theirs[field])  # type: ignore[literal-required]
        out[field] = value  # type: ignore[literal-required]
        if clash:
            conflicts.append(EditConflict(who, field))
    unit_b, unit_m, unit_t = _reading_unit(base), _reading_unit(mine), _reading_unit(theirs)
    if unit_m == unit_t:
        # the same photo reading on both sides: each garden cell merges on its own
        out["garden"], clashes = _merge_garden(base["garden"], mine["garden"], theirs["garden"])
        if clashes:
            conflicts.append(EditConflict(who, "garden", ", ".join(clashes)))
    else:
        # a new photo reading and the garden read from it go together
        _, clash = _pick(unit_b, unit_m, unit_t)
        changed, other = (mine, theirs) if unit_m != unit_b else (theirs, mine)
        if clash or other["garden"] != base["garden"]:
            conflicts.append(EditConflict(who, "photo"))
            changed = theirs
        out["reading"] = copy.deepcopy(changed["reading"])
        out["garden"] = [list(r) for r in changed["garden"]]
        if "photo" in changed:
            out["photo"] = changed["photo"]
        else:
            out.pop("photo", None)
    out["editor_base"] = [list(r) for r in out["garden"]]
    out["editor_ver"] = max(int(mine["editor_ver"]), int(theirs["editor_ver"])) + 1
    return out


def _changed(base: DraftPlayer, player: DraftPlayer) -> bool:
    keys = ("name", "colour", "coins", "garden", "reading", "photo")
    return any(base.get(k) != player.get(k) for k in keys)


def _default_name(name: str) -> bool:
    return re.fullmatch(r"Player \d+", name) is not None


def _merge_players(base: list[DraftPlayer], mine: list[DraftPlayer], theirs: list[DraftPlayer],
                   conflicts: list[EditConflict]) -> list[DraftPlayer]:
    out: list[DraftPlayer] = []
    for i, b in enumerate(base):
        m = mine[i] if i < len(mine) else None
        t = theirs[i] if i < len(theirs) else None
        if m is not None and t is not None:
            out.append(_merge_player(b, m, t, conflicts))
        elif m is None and t is None:
            continue  # removed on both sides
        elif t is None:  # they removed the player, we kept it
            if m is not None and _changed(b, m):
                conflicts.append(EditConflict(m["name"], "player"))
        elif _changed(b, t):  # we removed the player they changed: theirs is kept
            conflicts.append(EditConflict(t["name"], "player"))
            out.append(copy.deepcopy(t))
    # players added after the common base: theirs first, then ours; one name is one player
    for added, side in ((theirs[len(base):], "theirs"), (mine[len(base):], "mine")):
        for player in added:
            player = copy.deepcopy(player)
            same = next((p for p in out if p["name"] == player["name"]), None)
            if same is not None and side == "mine":
                if _default_name(player["name"]) and _changed(same, player):
                    player["name"] = _free_default_name(out)
                elif _changed(same, player):
                    conflicts.append(EditConflict(player["name"], "player"))
                    continue
                else:
                    continue  # the same player added on both sides
            if len(out) >= MAX_PLAYERS:
                conflicts.append(EditConflict(player["name"], "player"))
                continue
            seat = f"Player {len(out) + 1}"
            if _default_name(player["name"]) and all(p["name"] != seat for p in out):
                player["name"] = seat  # an unnamed newcomer is called after the seat it takes
            used = {p["colour"] for p in out}
            if player["colour"] in used:
                player["colour"] = next((c for c in PLAYER_COLOURS if c not in used), player["colour"])
            out.append(player)
    return out


def _free_default_name(players: Sequence[DraftPlayer]) -> str:
    names = {p["name"] for p in players}
    return next(f"Player {n}" for n in range(1, MAX_PLAYERS + 2) if f"Player {n}" not in names)


def _blank_mission() -> DraftMission:
    return {"features": [None, None], "completed_by": []}


def _merge_missions(base: list[DraftMission], mine: list[DraftMission], theirs: list[DraftMission], count: int,
                    conflicts: list[EditConflict]) -> list[DraftMission]:
    def at(missions: list[DraftMission], m: int) -> DraftMission:
        return missions[m] if m < len(missions) else _blank_mission()

    out: list[DraftMission] = []
    for m in range(count):
        b, mi, th = at(base, m), at(mine, m), at(theirs, m)
        feats = []
        for f in range(2):
            value, clash = _pick(b["features"][f], mi["features"][f], th["features"][f])
            feats.append(value)
            if clash:
                conflicts.append(EditConflict(None, "mission", str(m + 1)))
        order, clash = _pick(b["completed_by"], mi["completed_by"], th["completed_by"])
        if clash:
            conflicts.append(EditConflict(None, "mission", str(m + 1)))
        out.append({"features": feats, "completed_by": list(order)})
    return out


def merge_drafts(base: Draft, mine: Draft, theirs: Draft) -> tuple[Draft, tuple[EditConflict, ...]]:
    """Three-way merge of one game's draft: ``base`` is what this session last loaded or saved,
    ``mine`` what it holds now, ``theirs`` what another session stored meanwhile.

    Every field changed on one side only takes that change; a field both changed differently keeps
    theirs and is reported. Players are matched by place for those in ``base``; players added on
    both sides are all kept (up to the maximum), a player with the same name counts as one."""
    conflicts: list[EditConflict] = []
    out: Draft = copy.deepcopy(theirs)
    (level, boards), clash = _pick((base["level"], base["boards"]), (mine["level"], mine["boards"]),
                                   (theirs["level"], theirs["boards"]))
    out["level"], out["boards"] = level, list(boards)
    if clash:
        conflicts.append(EditConflict(None, "boards"))
    spaces = list(dict.fromkeys([*base["preferences"], *mine["preferences"], *theirs["preferences"]]))
    for space in spaces:
        value, clash = _pick(base["preferences"].get(space), mine["preferences"].get(space),
                             theirs["preferences"].get(space))
        out["preferences"][space] = value
        if clash:
            conflicts.append(EditConflict(None, "preference", space))
    out["players"] = _merge_players(base["players"], mine["players"], theirs["players"], conflicts)
    known = {int(b) for b in Board}
    count = expected_mission_count([Board(b) for b in out["boards"] if b in known])
    out["missions"] = _merge_missions(base["missions"], _orders_by_base_names(mine, base),
                                      _orders_by_base_names(theirs, base), count, conflicts)
    _follow_renames(out, base, mine, theirs)
    history_id, clash = _pick(base["history_id"], mine["history_id"], theirs["history_id"])
    out["history_id"] = history_id
    if clash:
        conflicts.append(EditConflict(None, "saved_game"))
    return out, tuple(dict.fromkeys(conflicts))


def _orders_by_base_names(side: Draft, base: Draft) -> list[DraftMission]:
    """``side``'s missions with each player named as in ``base``: a rename alone is not a change of
    the completion order (the merged names are put back by :func:`_follow_renames`)."""
    back = {p["name"]: b["name"] for p, b in zip(side["players"], base["players"]) if p["name"] != b["name"]}
    return [{"features": list(m["features"]), "completed_by": [back.get(n, n) for n in m["completed_by"]]}
            for m in side["missions"]]


def _follow_renames(out: Draft, *sources: Draft) -> None:
    """Mission orders name players: a name one side changed is replaced by the merged name."""
    renamed: dict[str, str] = {}
    for source in sources:
        for old, new in zip(source["players"], out["players"]):
            if old["name"] != new["name"]:
                renamed.setdefault(old["name"], new["name"])
    present = {p["name"] for p in out["players"]}
    for mission in out["missions"]:
        order = [renamed.get(n, n) if n not in present else n for n in mission["completed_by"]]
        mission["completed_by"] = list(dict.fromkeys(order))


# --- the store ---------------------------------------------------------------------------------

_SCHEMA = """
CREATE TABLE IF NOT EXISTS drafts (
    game_id    TEXT PRIMARY KEY,
    version    INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    draft_json TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS drafts_updated ON drafts(updated_at);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


def _decode(text: str) -> Draft:
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise DraftError(f"not JSON ({exc})") from None
    return parse_draft(data)


class DraftStore:
    """The drafts database file (WAL mode, so sessions read while another writes). Every method
    opens its own short connection and transaction: safe from Streamlit's session threads."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as con:
            con.execute("PRAGMA journal_mode = WAL")
            con.executescript(_SCHEMA)

    @classmethod
    def open(cls, directory: str | Path | None = None) -> DraftStore:
        """The drafts in ``directory`` (default: :func:`zengarden.history.data_dir`)."""
        return cls((Path(directory) if directory is not None else data_dir()) / DB_NAME)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        con = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        try:
            yield con
        finally:
            con.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """A write transaction that holds the write lock from its first read (no lost update)."""
        with self._connect() as con:
            con.execute("BEGIN IMMEDIATE")
            try:
                yield con
            except BaseException:
                con.execute("ROLLBACK")
                raise
            con.execute("COMMIT")

    # --- reading ---------------------------------------------------------------------------------

    def version(self, game_id: str) -> int:
        """The stored version of a game's draft; 0 when there is none."""
        with self._connect() as con:
            row = con.execute("SELECT version FROM drafts WHERE game_id = ?", (game_id,)).fetchone()
        return int(row[0]) if row else 0

    def load(self, game_id: str) -> StoredDraft | None:
        """The stored draft, None when there is none; :class:`DraftError` when the row is unusable."""
        with self._connect() as con:
            row = con.execute("SELECT version, created_at, updated_at, draft_json FROM drafts WHERE game_id = ?",
                              (game_id,)).fetchone()
        if row is None:
            return None
        try:
            draft = _decode(row[3])
        except DraftError as exc:
            raise DraftError(f"draft {game_id}: {exc}", exc.code) from None
        return StoredDraft(game_id, int(row[0]), row[1], row[2], draft)

    def list_drafts(self, limit: int = 50) -> list[DraftSummary]:
        """Drafts, most recently changed first; an unusable row is listed with its ``problem``."""
        with self._connect() as con:
            rows = con.execute("SELECT game_id, version, updated_at, draft_json FROM drafts "
                               "ORDER BY updated_at DESC, game_id LIMIT ?", (int(limit),)).fetchall()
        out = []
        for game_id, version, updated, text in rows:
            try:
                draft = _decode(text)
            except DraftError as exc:
                out.append(DraftSummary(game_id, int(version), updated, problem=exc.code))
                continue
            done = sum(1 for p in draft["players"] if all(t for row in p["garden"] for t in row))
            out.append(DraftSummary(game_id, int(version), updated, tuple(p["name"] for p in draft["players"]),
                                    tuple(draft["boards"]), done, draft.get("history_id")))
        return out

    # --- writing ---------------------------------------------------------------------------------

    def save(self, game_id: str, draft: Draft, base: Draft | None = None, base_version: int = 0) -> SaveResult:
        """Store ``draft`` for ``game_id``. ``base``/``base_version`` are what this session last
        loaded or saved; if the stored version moved on since, the three are merged
        (:func:`merge_drafts`) and the merge is stored and returned."""
        if not valid_game_id(game_id):
            raise DraftError(f"not a game id: {game_id!r}")
        checked = parse_draft(json.loads(draft_json(draft)))
        with self._write() as con:
            row = con.execute("SELECT version, draft_json FROM drafts WHERE game_id = ?", (game_id,)).fetchone()
            now = timestamp()
            if row is None:
                con.execute("INSERT INTO drafts (game_id, version, created_at, updated_at, draft_json) "
                            "VALUES (?, 1, ?, ?, ?)", (game_id, now, now, draft_json(checked)))
                return SaveResult(1, checked, merged=False)
            stored_version = int(row[0])
            result, merged, conflicts = checked, False, ()
            if stored_version != base_version and base is not None:
                try:
                    theirs = _decode(row[1])
                except DraftError:
                    theirs = None  # an unusable stored row is replaced by this session's draft
                if theirs is not None:
                    result, conflicts = merge_drafts(parse_draft(json.loads(draft_json(base))), checked, theirs)
                    merged = True
            version = stored_version + 1
            con.execute("UPDATE drafts SET version = ?, updated_at = ?, draft_json = ? WHERE game_id = ?",
                        (version, now, draft_json(result), game_id))
        return SaveResult(version, result, merged, conflicts)

    def discard(self, game_id: str) -> bool:
        """Remove a draft; True if it existed."""
        with self._write() as con:
            return con.execute("DELETE FROM drafts WHERE game_id = ?", (game_id,)).rowcount > 0

    def import_legacy(self, path: str | Path, make_id: Callable[[], str] = new_game_id) -> str | None:
        """Import the old single-file autosave (``autosave.json``) once as a draft under a new game
        id, then rename the file to ``<name>.imported``. Returns the new id, or None when there is
        nothing to import (no file, already imported) or the file is unusable (it is left as it is)."""
        source = Path(path)
        if not source.is_file():
            return None
        try:
            draft = _decode(source.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, DraftError):
            return None
        game_id = make_id()
        with self._write() as con:
            if con.execute("SELECT 1 FROM meta WHERE key = ?", (LEGACY_KEY,)).fetchone():
                return None
            now = timestamp()
            con.execute("INSERT INTO drafts (game_id, version, created_at, updated_at, draft_json) "
                        "VALUES (?, 1, ?, ?, ?)", (game_id, now, now, draft_json(draft)))
            con.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (LEGACY_KEY, game_id))
        with contextlib.suppress(OSError):  # recorded in meta: never imported twice anyway
            source.rename(source.with_name(source.name + ".imported"))
        return game_id
