"""Pure view-model helpers for the app: the draft game (what the user has entered so far) and
everything derived from it — the game file for the scorer, the garden editor's rows, corrections
against a photo reading, cross-garden tile conflicts, mission qualifiers, result tables.

The *draft* is a plain JSON-serialisable dict (typed :class:`zengarden.drafts.Draft`) so it can be
saved per game in the draft store and restored::

    {"version": 1, "level": 5, "boards": [1, 2, 3, 4, 5],
     "preferences": {"minor": "path:stone" | None, ...},
     "missions": [{"features": [str | None, str | None], "completed_by": [names in order]}],
     "players": [{"name", "colour", "coins", "garden": 4×4 tile strings ("" = not entered),
                  "editor_base": 4×4, "editor_ver": int, "reading": dict | None}],
     "history_id": int | None}

No Streamlit here: these functions are tested directly.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorer import Feature, Garden, Tile, cell_name, qualifies, validate_game
from scorer.errors import NotationError, Problem, Severity
from scorer.game import expected_mission_count
from scorer.score import GameResult
from scorer.tiles import ALL_FEATURES
from scorer.vocab import (
    ALL_CORNERS,
    ALL_DECORS,
    ALL_FLOORS,
    ALL_PATHS,
    ALL_SPACES,
    GRID_SIZE,
    LEVELS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MISSION_MIN_COUNT,
    MISSIONS_PER_BOARD,
    PLAYER_COLOURS,
    START_COINS,
    Board,
    Corner,
    Floor,
    PathMaterial,
)
from zengarden.drafts import DRAFT_VERSION, Draft, DraftMission, DraftPlayer, Grid, Reading

GRID = GRID_SIZE
ATTRS = ("floor", "path", "decor", "corner")
ATTR_VALUES: dict[str, tuple[str, ...]] = {
    "floor": tuple(f.value for f in ALL_FLOORS),
    "path": tuple(p.value for p in ALL_PATHS),
    "decor": tuple(d.value for d in ALL_DECORS),
    "corner": tuple(c.value for c in ALL_CORNERS),
}
FEATURE_NAMES: tuple[str, ...] = tuple(f.format() for f in ALL_FEATURES)
SPACES: tuple[str, ...] = tuple(s.value for s in ALL_SPACES)
CELL_NAMES: tuple[str, ...] = tuple(cell_name((r, c)) for r in range(GRID) for c in range(GRID))


def empty_grid() -> Grid:
    return [["" for _ in range(GRID)] for _ in range(GRID)]


def new_player(index: int) -> DraftPlayer:
    return {
        "name": f"Player {index + 1}",
        "colour": PLAYER_COLOURS[index % len(PLAYER_COLOURS)],
        "coins": START_COINS,
        "garden": empty_grid(),
        "editor_base": empty_grid(),
        "editor_ver": 0,
        "reading": None,
    }


def new_draft(players: int = 2, level: int | None = 5) -> Draft:
    boards = [int(b) for b in LEVELS[level]] if level else [1]
    draft: Draft = {
        "version": DRAFT_VERSION,
        "level": level,
        "boards": boards,
        "preferences": {s: None for s in SPACES},
        "missions": [],
        "players": [new_player(i) for i in range(players)],
        "history_id": None,
    }
    return set_boards(draft, boards, level)


def set_boards(draft: Draft, boards: Sequence[int], level: int | None) -> Draft:
    """A copy with these boards in play; the mission list grows or shrinks to fit (kept in order)."""
    out = copy.deepcopy(draft)
    out["boards"] = sorted({int(b) for b in boards})
    out["level"] = level
    want = expected_mission_count(out["boards"])
    missions: list[DraftMission] = list(out.get("missions", []))[:want]
    while len(missions) < want:
        missions.append({"features": [None, None], "completed_by": []})
    out["missions"] = missions
    return out


def set_player_count(draft: Draft, count: int) -> Draft:
    out = copy.deepcopy(draft)
    count = max(MIN_PLAYERS, min(MAX_PLAYERS, int(count)))
    players = list(out["players"])[:count]
    used_colours = {p["colour"] for p in players}
    while len(players) < count:
        player = new_player(len(players))
        free = [c for c in PLAYER_COLOURS if c not in used_colours]
        if free:
            player["colour"] = free[0]
        used_colours.add(player["colour"])
        players.append(player)
    out["players"] = players
    return out


def rename_player(draft: Draft, index: int, name: str) -> Draft:
    """A copy with player ``index`` called ``name``, also in the missions' completion orders."""
    out = copy.deepcopy(draft)
    old = out["players"][index]["name"]
    for mission in out["missions"]:
        mission["completed_by"] = [name if x == old else x for x in mission["completed_by"]]
    out["players"][index]["name"] = name
    return out


def mission_board(boards: Sequence[int], index: int) -> int:
    """The board (4 or 5) the ``index``-th mission of the draft belongs to: board 4's two come first;
    a mission beyond those of the boards in play counts as board 5's."""
    before = 0
    for board in sorted(int(b) for b in boards):
        count = MISSIONS_PER_BOARD.get(Board(board), 0)
        if index < before + count:
            return board
        before += count
    return int(Board.ONE_MISSION)


def level_of(boards: Sequence[int]) -> int | None:
    """The level whose boards are exactly these, or None for a custom combination."""
    wanted = sorted(int(b) for b in boards)
    for level, level_boards in LEVELS.items():
        if [int(b) for b in level_boards] == wanted:
            return level
    return None


# --- Emperor tiles --------------------------------------------------------------------------------

def emperor_slots(draft: Draft) -> list[tuple[str, str | None]]:
    """Every Emperor-tile picker in play as (slot id, chosen feature): ``pref:minor``, ``mission:0:1``."""
    slots: list[tuple[str, str | None]] = []
    if 1 in draft["boards"]:
        slots += [(f"pref:{s}", draft["preferences"].get(s)) for s in SPACES]
    for m, mission in enumerate(draft["missions"]):
        slots += [(f"mission:{m}:{k}", mission["features"][k]) for k in range(2)]
    return slots


def feature_options(draft: Draft, slot: str) -> list[str | None]:
    """Features a picker may offer: all 14 minus those chosen in other pickers (each exists once)."""
    taken = {value for other, value in emperor_slots(draft) if other != slot and value}
    return [None, *[f for f in FEATURE_NAMES if f not in taken]]


def duplicate_features(draft: Draft) -> list[str]:
    seen: set[str] = set()
    dup: list[str] = []
    for _, value in emperor_slots(draft):
        if value and value in seen and value not in dup:
            dup.append(value)
        if value:
            seen.add(value)
    return dup


# --- gardens ------------------------------------------------------------------------------------

def tile_or_none(text: str | None) -> Tile | None:
    if not text:
        return None
    try:
        return Tile.parse(text)
    except NotationError:
        return None


def editor_rows(grid: Sequence[Sequence[str]], review: Sequence[str] = (),
                confidence: Sequence[Sequence[float]] | None = None) -> list[dict[str, Any]]:
    """The garden as 16 editable rows (cell, floor, path, decor, corner), A1, B1, … D4."""
    rows = []
    flagged = set(review)
    for r in range(GRID):
        for c in range(GRID):
            name = cell_name((r, c))
            tile = tile_or_none(grid[r][c])
            parts = [None] * 4 if tile is None else [tile.floor.value, tile.path.value, tile.decor.value,
                                                       tile.corner.value]
            if tile is None and grid[r][c]:
                # partially entered text "water/stone//" keeps what is known
                bits = [*grid[r][c].split("/"), "", "", "", ""][:4]
                parts = [b if b in ATTR_VALUES[a] else None for a, b in zip(ATTRS, bits)]
            row: dict[str, Any] = {"cell": name, "check": "⚠" if name in flagged else ""}
            row.update(dict(zip(ATTRS, parts)))
            if confidence is not None:
                row["confidence"] = round(float(confidence[r][c]) * 100)
            rows.append(row)
    return rows


def grid_from_rows(rows: Sequence[Mapping[str, Any]]) -> Grid:
    """Editor rows back to a 4×4 grid of tile strings; a cell missing any attribute keeps the known
    parts as ``floor/path/decor/corner`` with blanks (shown as not entered)."""
    grid = empty_grid()
    for i, row in enumerate(rows[: GRID * GRID]):
        parts = [row.get(a) if row.get(a) in ATTR_VALUES[a] else "" for a in ATTRS]
        grid[i // GRID][i % GRID] = "/".join(parts) if any(parts) else ""
    return grid


def missing_cells(grid: Sequence[Sequence[str]]) -> list[str]:
    return [cell_name((r, c)) for r in range(GRID) for c in range(GRID) if tile_or_none(grid[r][c]) is None]


def garden_or_none(grid: Sequence[Sequence[str]]) -> Garden | None:
    if missing_cells(grid):
        return None
    return Garden.from_rows(grid)


def parse_garden_text(text: str) -> Grid:
    """Notation text (16 tiles) -> 4×4 grid; raises NotationError with a clear message."""
    return Garden.parse(text).to_lists()


def corrections(reading: Reading | None, grid: Sequence[Sequence[str]]) -> list[dict[str, str]]:
    """Cells where the user changed what the photo reading said."""
    if not reading or not reading.get("garden"):
        return []
    read = reading["garden"]
    return [{"cell": cell_name((r, c)), "read": read[r][c], "corrected": grid[r][c]}
            for r in range(GRID) for c in range(GRID) if read[r][c] != grid[r][c]]


def merge_reading(old_reading: Reading | None, new_reading: Reading,
                  current: Sequence[Sequence[str]]) -> tuple[Reading, Grid]:
    """A photo read again (all photos together): the new reading as the draft keeps it, and the
    garden to show. What the user said about the old reading stays: cells they changed keep their
    tile, and so do cells they confirmed "Right as read" (they checked that tile on the table);
    every other cell takes the new reading. The new reading carries the confirmations the re-read
    agrees with (a confirmed cell the joint read sees as a different tile counts as a correction
    of it) and an outline the user confirmed."""
    kept = {f["cell"] for f in corrections(old_reading, current)}
    kept |= set((old_reading or {}).get("checked") or [])
    read = new_reading["garden"]
    garden = [[current[r][c] if cell_name((r, c)) in kept else read[r][c] for c in range(GRID)]
              for r in range(GRID)]
    reading: Reading = copy.deepcopy(new_reading)
    agreed = {cell_name((r, c)) for r in range(GRID) for c in range(GRID) if read[r][c] == garden[r][c]}
    checked = [cell for cell in (old_reading or {}).get("checked") or [] if cell in agreed]
    if checked:
        reading["checked"] = checked
    if (old_reading or {}).get("outline_confirmed"):
        reading["outline_confirmed"] = True
    return reading, garden


def review_hints(reading: Reading | None, cells: Sequence[str]) -> list[tuple[str, list[tuple[str, int]]]]:
    """For cells to review: the reader's candidates as (tile text without corner, percent)."""
    if not reading:
        return []
    alts = reading.get("alternatives") or {}
    out = []
    for cell in cells:
        cands = alts.get(cell) or []
        pairs = [(str(t), round(float(p) * 100)) for t, p in cands[:3]]
        if pairs:
            out.append((cell, pairs))
    return out


def colour_hints(reading: Reading | None, cells: Sequence[str]) -> list[tuple[str, str, str]]:
    """For cells to review because of the photo's colours: (cell, ``"floor"`` or ``"path"``, that
    floor or material) when their colour is another floor's tiles' (their path's another
    material's) in the same photo; (cell, ``"tile"``, the tile as the readers read it alone) when
    the other tiles' colours changed the reading."""
    why = (reading or {}).get("review_why") or {}
    out = []
    for cell in cells:
        for code in why.get(cell, []):
            kind, _, value = str(code).partition(":")
            attr = {"floor_colour": "floor", "path_colour": "path", "colour_read": "tile"}.get(kind)
            if attr and value:
                out.append((cell, attr, value))
    return out


#: A photo read by the bundled model with this many cells whose figure looks unlike their decor's
#: suggests teaching it the copy (on development art the bundled readers know, at most one in a photo).
UNFAMILIAR_FIGURES = 2


def odd_figure_cells(reading: Reading | None) -> list[str]:
    """The cells, in reading order, listed because their figure looks unlike the other tiles
    read as their decor in the photo (``figure:`` among their reasons)."""
    review = (reading or {}).get("review") or list((reading or {}).get("review_why") or {})
    return list(dict.fromkeys(cell for cell, _ in figure_hints(reading, review)))


def figure_hints(reading: Reading | None, cells: Sequence[str]) -> list[tuple[str, str]]:
    """For cells to review because their figure looks unlike the other tiles read as its decor in
    the same photo: (cell, the decor read)."""
    why = (reading or {}).get("review_why") or {}
    out = []
    for cell in cells:
        for code in why.get(cell, []):
            kind, _, value = str(code).partition(":")
            if kind == "figure" and value:
                out.append((cell, value))
    return out


def beyond_photo(reading: Reading | None) -> list[str]:
    """The cells the reader saw only in part, the garden running off the photo's edge."""
    why = (reading or {}).get("review_why") or {}
    return [cell for cell, codes in why.items() if "beyond_photo" in codes]


#: A garden whose mean side is below this share of the photo's longer side is far off in the photo:
#: on the development scenes (devzoo-5151, 5454, 5656) such photos lost the outline about five times
#: as often (7 of 142, against 11 of 1058).
SMALL_GARDEN = 0.2


def small_in_photo(reading: Reading | None, shape: Sequence[int]) -> bool:
    """Whether the read garden's outline (``reading["corners"]``, pixels of a photo of ``shape``
    ``(M, N, ...)``) is small in the photo: its mean side below ``SMALL_GARDEN`` of the longer side."""
    corners = (reading or {}).get("corners")
    if not corners or len(corners) != 4 or len(shape) < 2:
        return False
    sides = [((corners[k][0] - corners[k - 1][0]) ** 2 + (corners[k][1] - corners[k - 1][1]) ** 2) ** 0.5
             for k in range(4)]
    return sum(sides) / 4 < SMALL_GARDEN * max(shape[0], shape[1])


@dataclass(frozen=True)
class Conflict:
    """The same physical tile (floor+path+decor) in two or more cells: at least one is a misread."""

    kind: str
    places: tuple[tuple[str, str], ...]  # (player, cell)
    from_photo: bool  # at least one place is an uncorrected photo reading


def tile_conflicts(draft: Draft) -> list[Conflict]:
    seen: dict[str, list[tuple[str, str, bool]]] = {}
    for player in draft["players"]:
        reading = player.get("reading") or {}
        read = reading.get("garden")
        for r in range(GRID):
            for c in range(GRID):
                tile = tile_or_none(player["garden"][r][c])
                if tile is None:
                    continue
                uncorrected = bool(read) and read[r][c] == player["garden"][r][c]
                seen.setdefault(tile.kind.format(), []).append((player["name"], cell_name((r, c)), uncorrected))
    return [Conflict(kind, tuple((n, c) for n, c, _ in places), any(u for *_, u in places))
            for kind, places in seen.items() if len(places) > 1]


def conflict_cells(conflicts: Sequence[Conflict], player: str) -> list[str]:
    return sorted({cell for c in conflicts for name, cell in c.places if name == player})


# --- fixing and entering a garden by tapping ------------------------------------------------------

def _cell_rc(cell: str) -> tuple[int, int]:
    """``"B3"`` -> (row 2, column 1); raises ValueError for anything else."""
    if len(cell) != 2 or cell[0] not in "ABCD" or cell[1] not in "1234":
        raise ValueError(f"not a cell: {cell!r}")
    return int(cell[1]) - 1, "ABCD".index(cell[0])


def tile_parts(text: str | None) -> dict[str, str | None]:
    """A cell's text as {floor, path, decor, corner}; unknown or missing parts are None."""
    bits = [*(text or "").split("/"), "", "", "", ""][:4]
    return {a: b if b in ATTR_VALUES[a] else None for a, b in zip(ATTRS, bits)}


def tile_text(parts: Mapping[str, str | None]) -> str:
    """{floor, path, decor, corner} -> ``floor/path/decor/corner`` (blanks for missing parts)."""
    values = [parts.get(a) or "" for a in ATTRS]
    return "/".join(values) if any(values) else ""


def changed_parts(current: str, tile: str) -> list[tuple[str, str]]:
    """The parts (attribute, value) in which ``tile`` differs from ``current``: what a guess
    would change, for a short button label. All of ``tile``'s parts when ``current`` is empty."""
    now, new = tile_parts(current), tile_parts(tile)
    return [(a, new[a]) for a in ATTRS if new[a] and new[a] != now[a]]


def set_cell(grid: Sequence[Sequence[str]], cell: str, tile: str) -> list[list[str]]:
    """A copy of the grid with ``cell`` holding ``tile``."""
    out = [list(row) for row in grid]
    r, c = _cell_rc(cell)
    out[r][c] = tile
    return out


def swap_cells(grid: Sequence[Sequence[str]], a: str, b: str) -> list[list[str]]:
    """A copy of the grid with the tiles of cells ``a`` and ``b`` exchanged (as they lie)."""
    out = [list(row) for row in grid]
    (ra, ca), (rb, cb) = _cell_rc(a), _cell_rc(b)
    out[ra][ca], out[rb][cb] = out[rb][cb], out[ra][ca]
    return out


def turn_tile(text: str) -> str:
    """The tile turned a quarter clockwise: only the corner its path wraps changes
    (nw -> ne -> se -> sw). A tile without a corner yet is returned unchanged."""
    parts = tile_parts(text)
    if parts["corner"] is None:
        return text
    return tile_text(dict(parts, corner=Corner(parts["corner"]).rotated_cw().value))


def used_tiles(draft: Draft, player: int, cell: str | None = None) -> dict[str, tuple[str, str]]:
    """Every physical tile (``floor/path/decor``) entered anywhere in the game -> (player name, cell),
    leaving out ``cell`` of player ``player`` (the cell being changed)."""
    out: dict[str, tuple[str, str]] = {}
    for i, p in enumerate(draft["players"]):
        for r in range(GRID):
            for c in range(GRID):
                name = cell_name((r, c))
                tile = tile_or_none(p["garden"][r][c])
                if tile is None or (i == player and name == cell):
                    continue
                out.setdefault(tile.kind.format(), (p["name"], name))
    return out


@dataclass(frozen=True)
class Alternative:
    """A tile the reader thought a cell could be: ``tile`` (with corner), ``percent`` (the reader's
    probability) and where the same physical tile is already entered, if anywhere."""

    tile: str
    percent: int
    used_by: tuple[str, str] | None = None
    #: ``"floor"`` or ``"path"`` when suggested because the read tile has the colour of another
    #: floor's tiles (path material's paths) in the photo: the read tile with that part changed;
    #: ``"tile"`` for the tile as the readers read it alone, before the photo's colours changed it.
    colour_of: str | None = None


def cell_alternatives(reading: Reading | None, grid: Sequence[Sequence[str]], cell: str,
                      used: Mapping[str, tuple[str, str]] | None = None) -> list[Alternative]:
    """The candidates for ``cell``, without the tile the cell holds now (the read tile is one of
    them once the player has changed the cell): first the read tile with the floor (or path) whose
    colour it has in the photo, or the tile as read alone (:func:`colour_hints`), then the reader's,
    best first."""
    if not reading:
        return []
    r, c = _cell_rc(cell)
    current = grid[r][c]
    used = used or {}
    percent = {}
    for tile, p in (reading.get("alternatives") or {}).get(cell) or []:
        parsed = tile_or_none(str(tile))
        if parsed is not None:
            percent.setdefault(parsed.format(), round(float(p) * 100))
    out: list[Alternative] = []
    read = tile_or_none(str(((reading.get("garden") or grid)[r][c]) or ""))
    for _, attr, value in colour_hints(reading, [cell]) if read is not None else []:
        try:
            suggested = (Tile.parse(value) if attr == "tile"
                         else dataclasses.replace(read, **{attr: _COLOUR_PARTS[attr](value)}))
        except (ValueError, NotationError):  # not a tile, floor or material of the game: a foreign reading
            continue
        text = suggested.format()
        if text != current and all(a.tile != text for a in out):
            out.append(Alternative(text, percent.get(text, 0), used.get(suggested.kind.format()), attr))
    for text, p in percent.items():
        tile = tile_or_none(text)
        if tile is not None and text != current and all(a.tile != text for a in out):
            out.append(Alternative(text, p, used.get(tile.kind.format())))
    return out


#: The tile parts a colour hint can change, and their values' types.
_COLOUR_PARTS = {"floor": Floor, "path": PathMaterial}


#: Hand entry picks a tile's parts in this order, one tap each.
PICK_ORDER = ATTRS


def pick_stage(parts: Mapping[str, str | None]) -> str | None:
    """The part a tap-pick asks for next (floor, then path, decor, corner), None when complete."""
    return next((a for a in PICK_ORDER if not parts.get(a)), None)


def pick_choices(parts: Mapping[str, str | None], used: Mapping[str, Any]) -> list[tuple[str, bool]]:
    """The values to offer at the tap-pick's next stage, each with whether it can still be chosen:
    a floor while any of its 15 tiles is free, a path while any of its 5 tiles on that floor is free,
    a decor while that tile is free (each of the 90 tiles exists once); any corner."""
    stage = pick_stage(parts)
    if stage is None:
        return []
    if stage == "corner":
        return [(v, True) for v in ATTR_VALUES["corner"]]
    floors = [parts["floor"]] if parts.get("floor") else ATTR_VALUES["floor"]
    paths = [parts["path"]] if parts.get("path") else ATTR_VALUES["path"]
    out = []
    for value in ATTR_VALUES[stage]:
        fl = [value] if stage == "floor" else floors
        pa = [value] if stage == "path" else paths
        de = [value] if stage == "decor" else ATTR_VALUES["decor"]
        free = any(f"{f}/{p}/{d}" not in used for f in fl for p in pa for d in de)
        out.append((value, free))
    return out


def next_open_cell(grid: Sequence[Sequence[str]], after: str | None = None) -> str | None:
    """The first cell after ``after`` (reading order, wrapping round) without a complete tile."""
    names = list(CELL_NAMES)
    start = names.index(after) + 1 if after in names else 0
    for name in names[start:] + names[:start]:
        r, c = _cell_rc(name)
        if tile_or_none(grid[r][c]) is None:
            return name
    return None


def cells_to_mark(reading: Reading | None, grid: Sequence[Sequence[str]],
                  conflicts: Sequence[str] = ()) -> list[str]:
    """Cells still to look at: the reader's doubtful cells the player has neither changed nor
    confirmed (``reading["checked"]``), and every cell holding a tile entered twice."""
    if not reading:
        return sorted(set(conflicts))
    changed = {f["cell"] for f in corrections(reading, grid)}
    checked = set(reading.get("checked") or [])
    return sorted({c for c in reading.get("review", []) if c not in changed and c not in checked} | set(conflicts))


# --- undo ----------------------------------------------------------------------------------------

#: How many earlier gardens each player's Undo remembers.
UNDO_DEPTH = 20

FrozenGrid = tuple[tuple[str, ...], ...]


def _freeze(grid: Sequence[Sequence[str]]) -> FrozenGrid:
    return tuple(tuple(row) for row in grid)


def set_player_grid(player: DraftPlayer, grid: Sequence[Sequence[str]]) -> None:
    """Put ``grid`` in the player's garden and restart the tile editor from it."""
    player["garden"] = [list(r) for r in grid]
    player["editor_base"] = [list(r) for r in grid]
    player["editor_ver"] = int(player.get("editor_ver", 0)) + 1


@dataclass(frozen=True)
class GardenUndo:
    """One player's garden history for Undo: the garden last seen and the earlier ones, newest last.

    ``note`` is given the garden after each change (any way it was made: tap, table, notation, photo,
    clear); ``undo`` returns the previous garden to put back."""

    seen: FrozenGrid
    earlier: tuple[FrozenGrid, ...] = ()

    @classmethod
    def start(cls, grid: Sequence[Sequence[str]]) -> GardenUndo:
        return cls(_freeze(grid))

    def note(self, grid: Sequence[Sequence[str]], depth: int = UNDO_DEPTH) -> GardenUndo:
        now = _freeze(grid)
        if now == self.seen:
            return self
        return GardenUndo(now, (*self.earlier, self.seen)[-depth:])

    def rebase(self, grid: Sequence[Sequence[str]]) -> GardenUndo:
        """The garden changed elsewhere (another device): seen from now on, not itself undoable."""
        return GardenUndo(_freeze(grid), self.earlier)

    @property
    def can_undo(self) -> bool:
        return bool(self.earlier)

    def undo(self) -> tuple[GardenUndo, Grid]:
        """-> (the history after undoing, the garden to restore); IndexError when there is none."""
        if not self.earlier:
            raise IndexError("nothing to undo")
        previous = self.earlier[-1]
        return GardenUndo(previous, self.earlier[:-1]), [list(r) for r in previous]


# --- the game file ---------------------------------------------------------------------------

def game_from_draft(draft: Draft) -> tuple[dict[str, Any], list[str]]:
    """The game file for the scorer, and what is still missing before it can be scored."""
    missing: list[str] = []
    game: dict[str, Any] = {"boards": list(draft["boards"])}
    if 1 in draft["boards"]:
        prefs = {s: draft["preferences"].get(s) for s in SPACES}
        missing += [f"preference:{s}" for s, v in prefs.items() if not v]
        game["preferences"] = {s: v for s, v in prefs.items() if v}
    if draft["missions"]:
        game["missions"] = []
        for m, mission in enumerate(draft["missions"]):
            feats = [f for f in mission["features"] if f]
            if len(feats) < 2:
                missing.append(f"mission:{m + 1}")
            game["missions"].append({"features": feats, "completed_by": list(mission.get("completed_by", []))})
    game["players"] = []
    for player in draft["players"]:
        cells = missing_cells(player["garden"])
        if cells:
            missing.append(f"garden:{player['name']}:{','.join(cells)}")
        game["players"].append({"name": player["name"], "coins": int(player["coins"]),
                                "garden": [list(row) for row in player["garden"]]})
    return game, missing


def draft_from_game(game: Mapping[str, Any], readings: Mapping[str, Any] | None = None) -> Draft:
    """A draft from a game file (import, or reopening a saved game). Unknown bits are left blank."""
    boards = [int(b) for b in game.get("boards", [1]) if isinstance(b, int) and 1 <= b <= 5] or [1]
    draft = new_draft(players=max(1, min(MAX_PLAYERS, len(game.get("players", [])) or 1)), level=None)
    draft = set_boards(draft, boards, level_of(boards))
    prefs = game.get("preferences") or {}
    if isinstance(prefs, Mapping):
        draft["preferences"] = {s: prefs.get(s) if prefs.get(s) in FEATURE_NAMES else None for s in SPACES}
    for m, mission in enumerate(game.get("missions") or []):
        if m < len(draft["missions"]) and isinstance(mission, Mapping):
            feats = [f if f in FEATURE_NAMES else None for f in list(mission.get("features") or [])[:2]]
            feats += [None] * (2 - len(feats))
            draft["missions"][m] = {"features": feats, "completed_by": [str(n) for n in mission.get("completed_by")
                                                                        or []]}
    readings = readings or {}
    for i, raw in enumerate(list(game.get("players", []))[:MAX_PLAYERS]):
        player = draft["players"][i]
        if not isinstance(raw, Mapping):
            continue
        player["name"] = str(raw.get("name") or player["name"])
        coins = raw.get("coins")
        player["coins"] = int(coins) if isinstance(coins, int) and not isinstance(coins, bool) else START_COINS
        if isinstance(raw.get("colour"), str) and raw["colour"] in PLAYER_COLOURS:
            player["colour"] = raw["colour"]
        grid = raw.get("garden")
        if isinstance(grid, list) and len(grid) == GRID and all(isinstance(r, list) and len(r) == GRID for r in grid):
            player["garden"] = [[str(t) if tile_or_none(str(t)) else "" for t in row] for row in grid]
        player["editor_base"] = [list(r) for r in player["garden"]]
        saved = readings.get(player["name"])
        reading = saved.get("reading") if isinstance(saved, Mapping) else None
        if isinstance(reading, Mapping) and reading.get("garden"):
            player["reading"] = dict(reading)
            player["photo"] = reading.get("photo")
    return draft


def problems_for_display(game: Mapping[str, Any]) -> list[Problem]:
    """Validation problems, errors first."""
    order = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
    return sorted(validate_game(game), key=lambda p: order[p.severity])


# --- missions ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MissionStatus:
    index: int
    features: tuple[str, ...]
    qualifiers: tuple[str, ...]
    counts: dict[str, tuple[int, ...]]  # player -> count of each feature


def mission_status(draft: Draft) -> list[MissionStatus]:
    out = []
    for m, mission in enumerate(draft["missions"]):
        feats = tuple(f for f in mission["features"] if f)
        qualifiers: list[str] = []
        counts: dict[str, tuple[int, ...]] = {}
        if len(feats) == 2:
            parsed = [Feature.parse(f) for f in feats]
            for player in draft["players"]:
                garden = garden_or_none(player["garden"])
                if garden is None:
                    grid = player["garden"]
                    tiles = [t for row in grid for t in (tile_or_none(x) for x in row) if t is not None]
                    counts[player["name"]] = tuple(sum(1 for t in tiles if t.shows(f)) for f in parsed)
                    if all(n >= MISSION_MIN_COUNT for n in counts[player["name"]]):
                        qualifiers.append(player["name"])
                    continue
                counts[player["name"]] = tuple(garden.count(f) for f in parsed)
                if qualifies(garden, parsed):
                    qualifiers.append(player["name"])
        out.append(MissionStatus(m, feats, tuple(qualifiers), counts))
    return out


# --- results -----------------------------------------------------------------------------------

def result_table(result: GameResult, labels: Mapping[str, str]) -> dict[str, list[Any]]:
    """Columns for a categories × players table with total and rank rows (first column = labels)."""
    keys = result.categories
    table: dict[str, list[Any]] = {labels.get("category", "category"): [labels.get(k, k.value) for k in keys]
                                   + [labels.get("total", "total"), labels.get("rank", "rank")]}
    for p in result.players:
        table[p.name] = [c.points for c in p.categories] + [p.total, p.rank]
    return table


def chart_rows(result: GameResult, labels: Mapping[str, str]) -> list[dict[str, Any]]:
    """Long-form rows (player, category, points) for a stacked bar chart."""
    return [{"player": p.name, "category": labels.get(c.category, c.category.value), "points": c.points}
            for p in result.players for c in p.categories]


def readings_for_history(draft: Draft) -> dict[str, Any]:
    """Per player: the photo reading (labels, confidence, review, corners) and the corrections made."""
    out: dict[str, Any] = {}
    for player in draft["players"]:
        reading = player.get("reading")
        out[player["name"]] = {
            "source": "photo" if reading else "manual",
            "reading": reading,
            "corrections": corrections(reading, player["garden"]),
        }
    return out
