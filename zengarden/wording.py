"""Every word the scorer says to players, in English and German: one place for the command line,
the exports and the app.

The rules engine explains itself as data (:class:`scorer.explain.Reason`, a code and its values;
:class:`scorer.errors.Problem`, the same for validation); this module words them::

    words = wording.language("de")
    words(result.player("Ann").score("decor").reason)   # "8 × Tor → 7 = 7 (Dekor: 8 Tor, …)"
    wording.problem_line(problem, "de")                  # "Fehler: Spieler 'Ann', Feld A1: …"

Three wordings share the templates: ``"en"`` and ``"de"`` for people (the features' display names,
e.g. "floor: cherry blossom"), and :data:`CONTRACT`, the English of the JSON result contract, which
names features and tiles in the notation (``floor:cherry_blossom``) exactly as the contract always
has. The display names of features, categories and score-sheet labels live here too; the app's
``ui.i18n`` takes them from here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Union

from scorer.errors import Problem, Severity
from scorer.explain import ProblemCode, Reason, ReasonCode
from scorer.tiles import Feature, TileKind, cell_name
from scorer.vocab import Category, Corner, Decor, FeatureKind, Floor, PathMaterial, Space

LANGUAGES: Final[tuple[str, ...]] = ("en", "de")
DEFAULT_LANGUAGE: Final = "en"


@dataclass(frozen=True)
class Cases:
    """A template chosen by one value: ``cases[values[key]]``, else ``other``."""

    key: str
    cases: Mapping[Any, Template]
    other: Template


Template = Union[str, Cases]


def plural(key: str, one: Template, other: Template) -> Cases:
    """One form when ``values[key] == 1``, the other otherwise (English and German agree on this)."""
    return Cases(key, {1: one}, other)


def _tiles(en_rest: str) -> Cases:
    """English "N tile(s) show(s) {feature}" followed by ``en_rest``."""
    return plural("count", "1 tile shows {feature}" + en_rest, "{count} tiles show {feature}" + en_rest)


def _tiles_de(de_rest: str) -> Cases:
    return plural("count", "1 Plättchen zeigt {feature}" + de_rest, "{count} Plättchen zeigen {feature}" + de_rest)


_MAJORITY_EN = ": {place} → {points} (counts: {standings})"
_MAJORITY_DE = ": {place} → {points} (Anzahlen: {standings})"

EN_TEMPLATES: Final[dict[ReasonCode | ProblemCode, Template]] = {
    # --- reasons -------------------------------------------------------------------------------
    ReasonCode.COINS: plural("coins", "1 coin left × 1 point = {points}", "{coins} coins left × 1 point = {points}"),
    ReasonCode.WALKWAYS: plural("count", "1 complete walkway ({rings}) → {points}",
                                "{count} complete walkways ({rings}) → {points}"),
    ReasonCode.WALKWAY_RING: "{material} ring {first}–{last}",
    ReasonCode.NO_WALKWAY: "no complete walkway (a 2×2 ring of one material) → {points}",
    ReasonCode.DECOR: "{terms} = {points} (decor counts: {counts})",
    ReasonCode.DECOR_TERM: "{count} {decor} → {points}",
    ReasonCode.DECOR_COUNT: "{count} {decor}",
    ReasonCode.NO_DECOR: "no decor type on {min_count} or more tiles → {points} (decor counts: {counts})",
    ReasonCode.MINOR: _tiles(" × {per_tile} = {points}"),
    ReasonCode.MAJOR: _tiles(" × {per_tile} = {points}"),
    ReasonCode.MAJORITY_FIRST: _tiles(_MAJORITY_EN.replace("{place}", "most")),
    ReasonCode.MAJORITY_FIRST_SHARED: _tiles(_MAJORITY_EN.replace("{place}", "most (shared)")),
    ReasonCode.MAJORITY_SECOND: _tiles(_MAJORITY_EN.replace("{place}", "second most")),
    ReasonCode.MAJORITY_SECOND_SHARED: _tiles(_MAJORITY_EN.replace("{place}", "second most (shared)")),
    ReasonCode.MAJORITY_NONE_ZERO: _tiles(_MAJORITY_EN.replace("{place}", "no place (0 tiles never place)")),
    ReasonCode.MAJORITY_NONE_TIE: _tiles(_MAJORITY_EN.replace(
        "{place}", "no place (a tie for first leaves no second place)")),
    ReasonCode.MAJORITY_NONE: _tiles(_MAJORITY_EN.replace("{place}", "no place")),
    ReasonCode.STANDING: "{name} {count}",
    ReasonCode.DETAIL: Cases("points", {0: _tiles(" → 0")}, _tiles(" → {points:+d}")),
    ReasonCode.UNITY: "every floor forms one area: {listing} → {points}",
    ReasonCode.FLOOR_AREA: "{floor} ({size})",
    ReasonCode.UNITY_SPLIT: "{splits} → {points}",
    ReasonCode.FLOOR_SPLIT: "{floor} split into {count} areas ({areas})",
    ReasonCode.AREA: "{cells}",
    ReasonCode.MINIMALISM: plural("count", "1 floor type ({floors}) → {points}",
                                  "{count} floor types ({floors}) → {points}"),
    ReasonCode.MISSIONS: "{parts} = {points}",
    ReasonCode.MISSION_PLACED: "mission {index} ({features}): {ordinal} to complete → {points}",
    ReasonCode.MISSION_OPEN: "mission {index} ({features}): not completed ({counts}) → {points}",
    ReasonCode.FEATURE_COUNT: "{count}× {feature}",
    ReasonCode.TIE_BREAK_COINS: "{tied} tied on {points} points; {winners} wins with the most coins left ({coins})",
    ReasonCode.TIE_BREAK_SHARED: "{tied} tied on {points} points; {winners} also tied on coins ({coins}): "
                                 "shared victory",
    ReasonCode.CLAIM_PARTLY_EXPLAINED: "the claimed categories account for {explained:+d} of the {gap:+d} difference",
    ReasonCode.CLAIM_UNEXPLAINED: "no single category can explain this difference; check several categories",
    # --- problems ------------------------------------------------------------------------------
    ProblemCode.NOT_AN_OBJECT: "a game file is a JSON object, got {got}",
    ProblemCode.UNKNOWN_FIELD: "unknown field {key} is ignored",
    ProblemCode.BOARDS_MISSING: "'boards' is missing (a list such as [1, 2, 3, 4, 5])",
    ProblemCode.BOARDS_NOT_A_LIST: "'boards' must be a non-empty list of board numbers {first}–{last}, got {got}",
    ProblemCode.UNKNOWN_BOARD: "unknown board {board} (boards are numbered {first}–{last})",
    ProblemCode.BOARD_TWICE: "board {board} is listed twice",
    ProblemCode.NO_BOARD_ONE: "board {board} (basics) is not in play; the rulebook always includes it",
    ProblemCode.PREFERENCES_IGNORED: "'preferences' given but board {board} is not in play; they are ignored",
    ProblemCode.PREFERENCES_MISSING: "board {board} is in play but 'preferences' is missing ({spaces})",
    ProblemCode.PREFERENCES_NOT_AN_OBJECT: "'preferences' must be an object, got {got}",
    ProblemCode.UNKNOWN_SPACE: "unknown preference space {key} (expected {expected})",
    ProblemCode.SPACE_EMPTY: "board {board} needs an Emperor tile on '{space}'",
    ProblemCode.MISSIONS_NOT_A_LIST: "'missions' must be a list, got {got}",
    ProblemCode.MISSION_COUNT: Cases("all_boards", {True: "{given} mission(s) given; boards 4 and 5 need {needed}"},
                                     "{given} mission(s) given; the boards in play need {needed}"),
    ProblemCode.MISSION_NOT_AN_OBJECT: "mission {index} must be an object with 'features' and 'completed_by'",
    ProblemCode.MISSION_FEATURES: "mission {index} needs exactly two features, got {got}",
    ProblemCode.MISSION_FINISHERS_NOT_NAMES: "mission {index} 'completed_by' must be a list of player names",
    ProblemCode.MISSION_SAME_FEATURE: "mission {index} names {feature} twice; a mission has two distinct features",
    ProblemCode.GARDEN_SHAPE: "garden must be {size} rows of {size} tiles, got {got}",
    ProblemCode.PLAYERS_NOT_A_LIST: "'players' must be a list of {least}–{most} players",
    ProblemCode.PLAYER_COUNT: "{given} players given; a game has {least}–{most} ({table_least}–{most} at the table)",
    ProblemCode.PLAYER_NOT_AN_OBJECT: "player {index} must be an object with name, coins and garden",
    ProblemCode.PLAYER_NAME_EMPTY: "player {index} needs a non-empty name",
    ProblemCode.PLAYER_NAME_TWICE: "two players are called {name}; names must be unique",
    ProblemCode.COINS_NOT_A_NUMBER: "coins must be a whole number {least}–{most}, got {got}",
    ProblemCode.COINS_OUT_OF_RANGE: "coins must be {least}–{most} (the coin track), got {got}",
    ProblemCode.PHOTO_NOT_READ: "garden not read yet from photo {photo}",
    ProblemCode.GARDEN_MISSING: "needs a 'garden' ({size}×{size} tiles) or a 'photo'",
    ProblemCode.RULES_NOT_AN_OBJECT: "'rules' must be an object of true/false switches",
    ProblemCode.UNKNOWN_RULE: "unknown rules switch {key} (known: {known})",
    ProblemCode.RULE_NOT_BOOLEAN: "rules switch {key} must be true or false, got {got}",
    ProblemCode.TILE_TWICE: Cases("other_player",
                                  {None: "tile {tile} is also at {other_cell} in the same garden; "
                                         "each tile exists once"},
                                  "tile {tile} is also at {other_cell} in {other_player}'s garden; "
                                  "each tile exists once"),
    ProblemCode.EMPEROR_TILE_TWICE: "Emperor tile {feature} is used twice ({first} and {second}); each exists once",
    ProblemCode.FINISHER_TWICE: "{name} is listed twice for mission {index} ({features})",
    ProblemCode.FINISHER_UNKNOWN: "mission {index} lists unknown player {name}",
    ProblemCode.FINISHER_NOT_QUALIFIED: "listed as completing mission {index} ({features}) but the garden shows "
                                        "{counts}; each feature needs at least {needed}",
    ProblemCode.QUALIFIER_NOT_LISTED: "qualifies for mission {index} ({features}) but is not listed as completing it, "
                                      "while point tiles remain",
    ProblemCode.COIN_BONUS_LINE: "{line} earned a {decor} coin bonus (+{coins} coins during play)",
    ProblemCode.NOT_TEXT: "{what} must be text, got {got}",
    ProblemCode.UNKNOWN_NAME: "unknown {what} {text} (expected one of: {expected})",
    ProblemCode.NOT_A_FEATURE: "not a feature (kind:value, e.g. floor:water): {text}",
    ProblemCode.NOT_A_TILE: "not a tile (floor/path/decor/corner, e.g. water/stone/gate/se): {text}",
    ProblemCode.TILE_NOT_TEXT: "a tile must be text like 'water/stone/gate/se', got {got}",
    ProblemCode.NOT_A_CELL: "not a cell name ({first}…{last}): {text}",
    ProblemCode.GARDEN_TILE_COUNT: "a garden needs {needed} tiles, found {found}",
    ProblemCode.AT_CELL: "{cell}: {problem}",
    ProblemCode.PHOTO_NOT_A_PATH: "'photo' must be a file path, got {got}",
    ProblemCode.PHOTO_NOT_FOUND: "photo file not found: {path}",
    ProblemCode.PHOTOS_UNREADABLE: "could not read the photos: {detail}",
    ProblemCode.PHOTO_READING_UNAVAILABLE: "photo reading is not available: {detail}",
    ProblemCode.LINE_ROW: "row {row}",
    ProblemCode.LINE_COLUMN: "column {column}",
    ProblemCode.LINE_DIAGONAL: "diagonal {first}–{last}",
}

DE_TEMPLATES: Final[dict[ReasonCode | ProblemCode, Template]] = {
    ReasonCode.COINS: plural("coins", "1 Münze übrig × 1 Punkt = {points}",
                             "{coins} Münzen übrig × 1 Punkt = {points}"),
    ReasonCode.WALKWAYS: plural("count", "1 geschlossener Weg ({rings}) → {points}",
                                "{count} geschlossene Wege ({rings}) → {points}"),
    ReasonCode.WALKWAY_RING: "Ring aus {material} {first}–{last}",
    ReasonCode.NO_WALKWAY: "kein geschlossener Weg (ein 2×2-Ring aus einem Material) → {points}",
    ReasonCode.DECOR: "{terms} = {points} (Dekor-Anzahlen: {counts})",
    ReasonCode.DECOR_TERM: "{count} × {decor} → {points}",
    ReasonCode.DECOR_COUNT: "{count} × {decor}",
    ReasonCode.NO_DECOR: "keine Dekorart auf {min_count} oder mehr Plättchen → {points} (Dekor-Anzahlen: {counts})",
    ReasonCode.MINOR: _tiles_de(" × {per_tile} = {points}"),
    ReasonCode.MAJOR: _tiles_de(" × {per_tile} = {points}"),
    ReasonCode.MAJORITY_FIRST: _tiles_de(_MAJORITY_DE.replace("{place}", "die meisten")),
    ReasonCode.MAJORITY_FIRST_SHARED: _tiles_de(_MAJORITY_DE.replace("{place}", "die meisten (geteilt)")),
    ReasonCode.MAJORITY_SECOND: _tiles_de(_MAJORITY_DE.replace("{place}", "zweitmeiste")),
    ReasonCode.MAJORITY_SECOND_SHARED: _tiles_de(_MAJORITY_DE.replace("{place}", "zweitmeiste (geteilt)")),
    ReasonCode.MAJORITY_NONE_ZERO: _tiles_de(_MAJORITY_DE.replace(
        "{place}", "kein Platz (0 Plättchen platzieren nie)")),
    ReasonCode.MAJORITY_NONE_TIE: _tiles_de(_MAJORITY_DE.replace(
        "{place}", "kein Platz (bei Gleichstand um Platz 1 gibt es keinen zweiten Platz)")),
    ReasonCode.MAJORITY_NONE: _tiles_de(_MAJORITY_DE.replace("{place}", "kein Platz")),
    ReasonCode.STANDING: "{name} {count}",
    ReasonCode.DETAIL: Cases("points", {0: _tiles_de(" → 0")}, _tiles_de(" → {points:+d}")),
    ReasonCode.UNITY: "jeder Untergrund bildet ein Gebiet: {listing} → {points}",
    ReasonCode.FLOOR_AREA: "{floor} ({size})",
    ReasonCode.UNITY_SPLIT: "{splits} → {points}",
    ReasonCode.FLOOR_SPLIT: "{floor} in {count} Gebiete geteilt ({areas})",
    ReasonCode.AREA: "{cells}",
    ReasonCode.MINIMALISM: plural("count", "1 Untergrundart ({floors}) → {points}",
                                  "{count} Untergrundarten ({floors}) → {points}"),
    ReasonCode.MISSIONS: "{parts} = {points}",
    ReasonCode.MISSION_PLACED: "Auftrag {index} ({features}): als {ordinal} erfüllt → {points}",
    ReasonCode.MISSION_OPEN: "Auftrag {index} ({features}): nicht erfüllt ({counts}) → {points}",
    ReasonCode.FEATURE_COUNT: "{count} × {feature}",
    ReasonCode.TIE_BREAK_COINS: "{tied} haben {points} Punkte; {winners} gewinnt mit den meisten übrigen "
                                "Münzen ({coins})",
    ReasonCode.TIE_BREAK_SHARED: "{tied} haben {points} Punkte; {winners} haben auch gleich viele Münzen "
                                 "({coins}): geteilter Sieg",
    ReasonCode.CLAIM_PARTLY_EXPLAINED: "die behaupteten Kategorien erklären {explained:+d} des Unterschieds von "
                                       "{gap:+d}",
    ReasonCode.CLAIM_UNEXPLAINED: "keine einzelne Kategorie erklärt diesen Unterschied; mehrere Kategorien prüfen",
    ProblemCode.NOT_AN_OBJECT: "eine Spieldatei ist ein JSON-Objekt, nicht {got}",
    ProblemCode.UNKNOWN_FIELD: "unbekanntes Feld {key} wird ignoriert",
    ProblemCode.BOARDS_MISSING: "'boards' fehlt (eine Liste wie [1, 2, 3, 4, 5])",
    ProblemCode.BOARDS_NOT_A_LIST: "'boards' muss eine nicht leere Liste von Tafelnummern {first}–{last} sein, "
                                   "nicht {got}",
    ProblemCode.UNKNOWN_BOARD: "unbekannte Tafel {board} (die Tafeln sind {first}–{last} nummeriert)",
    ProblemCode.BOARD_TWICE: "Tafel {board} ist doppelt aufgeführt",
    ProblemCode.NO_BOARD_ONE: "Tafel {board} (Grundlagen) ist nicht im Spiel; laut Regel ist sie immer dabei",
    ProblemCode.PREFERENCES_IGNORED: "'preferences' angegeben, aber Tafel {board} ist nicht im Spiel; sie werden "
                                     "ignoriert",
    ProblemCode.PREFERENCES_MISSING: "Tafel {board} ist im Spiel, aber 'preferences' fehlt ({spaces})",
    ProblemCode.PREFERENCES_NOT_AN_OBJECT: "'preferences' muss ein Objekt sein, nicht {got}",
    ProblemCode.UNKNOWN_SPACE: "unbekanntes Vorliebenfeld {key} (erwartet: {expected})",
    ProblemCode.SPACE_EMPTY: "Tafel {board} braucht ein Kaiserplättchen auf „{space}“",
    ProblemCode.MISSIONS_NOT_A_LIST: "'missions' muss eine Liste sein, nicht {got}",
    ProblemCode.MISSION_COUNT: Cases("all_boards", {True: "{given} Auftrag/Aufträge angegeben; Tafeln 4 und 5 "
                                                          "brauchen {needed}"},
                                     "{given} Auftrag/Aufträge angegeben; die Tafeln im Spiel brauchen {needed}"),
    ProblemCode.MISSION_NOT_AN_OBJECT: "Auftrag {index} muss ein Objekt mit 'features' und 'completed_by' sein",
    ProblemCode.MISSION_FEATURES: "Auftrag {index} braucht genau zwei Merkmale, nicht {got}",
    ProblemCode.MISSION_FINISHERS_NOT_NAMES: "'completed_by' von Auftrag {index} muss eine Liste von Spielernamen sein",
    ProblemCode.MISSION_SAME_FEATURE: "Auftrag {index} nennt {feature} zweimal; ein Auftrag hat zwei verschiedene "
                                      "Merkmale",
    ProblemCode.GARDEN_SHAPE: "ein Garten hat {size} Reihen zu {size} Plättchen, nicht {got}",
    ProblemCode.PLAYERS_NOT_A_LIST: "'players' muss eine Liste von {least}–{most} Spielern sein",
    ProblemCode.PLAYER_COUNT: "{given} Spieler angegeben; ein Spiel hat {least}–{most} ({table_least}–{most} am Tisch)",
    ProblemCode.PLAYER_NOT_AN_OBJECT: "Spieler {index} muss ein Objekt mit Name, Münzen und Garten sein",
    ProblemCode.PLAYER_NAME_EMPTY: "Spieler {index} braucht einen Namen",
    ProblemCode.PLAYER_NAME_TWICE: "zwei Spieler heißen {name}; Namen müssen verschieden sein",
    ProblemCode.COINS_NOT_A_NUMBER: "Münzen müssen eine ganze Zahl {least}–{most} sein, nicht {got}",
    ProblemCode.COINS_OUT_OF_RANGE: "Münzen müssen {least}–{most} sein (die Münzleiste), nicht {got}",
    ProblemCode.PHOTO_NOT_READ: "Garten noch nicht aus dem Foto {photo} gelesen",
    ProblemCode.GARDEN_MISSING: "braucht einen Garten ({size}×{size} Plättchen) oder ein Foto",
    ProblemCode.RULES_NOT_AN_OBJECT: "'rules' muss ein Objekt aus Ja/Nein-Schaltern sein",
    ProblemCode.UNKNOWN_RULE: "unbekannter Regelschalter {key} (bekannt: {known})",
    ProblemCode.RULE_NOT_BOOLEAN: "Regelschalter {key} muss true oder false sein, nicht {got}",
    ProblemCode.TILE_TWICE: Cases("other_player",
                                  {None: "Plättchen {tile} liegt auch auf {other_cell} im selben Garten; jedes "
                                         "Plättchen gibt es einmal"},
                                  "Plättchen {tile} liegt auch auf {other_cell} im Garten von {other_player}; jedes "
                                  "Plättchen gibt es einmal"),
    ProblemCode.EMPEROR_TILE_TWICE: "Kaiserplättchen {feature} ist doppelt verwendet ({first} und {second}); jedes "
                                    "gibt es einmal",
    ProblemCode.FINISHER_TWICE: "{name} ist für Auftrag {index} ({features}) doppelt aufgeführt",
    ProblemCode.FINISHER_UNKNOWN: "Auftrag {index} nennt den unbekannten Spieler {name}",
    ProblemCode.FINISHER_NOT_QUALIFIED: "als Erfüller von Auftrag {index} ({features}) aufgeführt, aber der Garten "
                                        "zeigt {counts}; jedes Merkmal braucht mindestens {needed}",
    ProblemCode.QUALIFIER_NOT_LISTED: "erfüllt Auftrag {index} ({features}), ist aber nicht als Erfüller aufgeführt, "
                                      "obwohl noch Punkteplättchen übrig sind",
    ProblemCode.COIN_BONUS_LINE: "{line} brachte einen Münzbonus für {decor} (+{coins} Münzen während des Spiels)",
    ProblemCode.NOT_TEXT: "{what} muss Text sein, nicht {got}",
    ProblemCode.UNKNOWN_NAME: "unbekannt als {what}: {text} (erwartet: {expected})",
    ProblemCode.NOT_A_FEATURE: "kein Merkmal (Art:Wert, z. B. floor:water): {text}",
    ProblemCode.NOT_A_TILE: "kein Plättchen (untergrund/weg/dekor/ecke, z. B. water/stone/gate/se): {text}",
    ProblemCode.TILE_NOT_TEXT: "ein Plättchen ist Text wie 'water/stone/gate/se', nicht {got}",
    ProblemCode.NOT_A_CELL: "kein Feldname ({first}…{last}): {text}",
    ProblemCode.GARDEN_TILE_COUNT: "ein Garten braucht {needed} Plättchen, gefunden: {found}",
    ProblemCode.AT_CELL: "{cell}: {problem}",
    ProblemCode.PHOTO_NOT_A_PATH: "'photo' muss ein Dateipfad sein, nicht {got}",
    ProblemCode.PHOTO_NOT_FOUND: "Fotodatei nicht gefunden: {path}",
    ProblemCode.PHOTOS_UNREADABLE: "die Fotos konnten nicht gelesen werden: {detail}",
    ProblemCode.PHOTO_READING_UNAVAILABLE: "Fotoerkennung ist nicht verfügbar: {detail}",
    ProblemCode.LINE_ROW: "Reihe {row}",
    ProblemCode.LINE_COLUMN: "Spalte {column}",
    ProblemCode.LINE_DIAGONAL: "Diagonale {first}–{last}",
}

#: How the parts of a tuple value are joined, by the value's key (punctuation, the same in every language).
JOINS: Final[dict[str, str]] = {
    "rings": "; ", "terms": " + ", "features": " + ", "parts": "; ", "splits": "; ", "areas": " | ",
}
#: Tuple values that list player names: joined with the language's "and".
NAME_LISTS: Final = frozenset({"tied", "winners"})

# --- display names --------------------------------------------------------------------------------

NameKey = Union[Floor, PathMaterial, Decor, Corner, FeatureKind, Space, Category]


def _names(*entries: tuple[NameKey, str]) -> dict[tuple[type, str], str]:
    """Names keyed by (enum type, value): the str enums' members compare equal across types
    (``Category.DECOR == FeatureKind.DECOR == "decor"``), so the type is part of the key."""
    return {(type(item), item.value): name for item, name in entries}


def _name_key(item: NameKey) -> tuple[type, str]:
    return type(item), item.value


EN_NAMES: Final[dict[tuple[type, str], str]] = _names(
    *((f, f.value.replace("_", " ")) for f in Floor),
    *((p, p.value) for p in PathMaterial),
    *((d, d.value) for d in Decor),
    (Corner.NW, "top left"), (Corner.NE, "top right"), (Corner.SW, "bottom left"), (Corner.SE, "bottom right"),
    (FeatureKind.FLOOR, "floor"), (FeatureKind.PATH, "path"), (FeatureKind.DECOR, "decor"),
    (Space.MINOR, "minor"), (Space.MAJOR, "major"), (Space.MAJORITY, "majority"), (Space.DETAIL, "detail"),
    (Category.COINS, "Coins"),
    (Category.WALKWAYS, "Complete walkways"),
    (Category.DECOR, "Decor"),
    (Category.MINOR, "Minor preference"),
    (Category.MAJOR, "Major preference"),
    (Category.MAJORITY, "Majority"),
    (Category.DETAIL, "Attention to detail"),
    (Category.UNITY, "Unity"),
    (Category.MINIMALISM, "Minimalistic"),
    (Category.MISSIONS, "Missions"),
)

DE_NAMES: Final[dict[tuple[type, str], str]] = _names(
    (Floor.SAND, "Sand"), (Floor.GRAVEL, "Kies"), (Floor.TREES, "Bäume"), (Floor.CLAY, "Lehm"), (Floor.WATER, "Wasser"),
    (Floor.CHERRY_BLOSSOM, "Kirschblüte"),
    (PathMaterial.SAND, "Sand"), (PathMaterial.WOOD, "Holz"), (PathMaterial.STONE, "Stein"),
    (Decor.PAGODA, "Pagode"), (Decor.BENCH, "Bank"), (Decor.BUDDHA, "Buddha"), (Decor.GATE, "Tor"),
    (Decor.CRANE, "Kranich"),
    (Corner.NW, "oben links"), (Corner.NE, "oben rechts"), (Corner.SW, "unten links"), (Corner.SE, "unten rechts"),
    (FeatureKind.FLOOR, "Untergrund"), (FeatureKind.PATH, "Weg"), (FeatureKind.DECOR, "Dekor"),
    (Space.MINOR, "Kleine Vorliebe"), (Space.MAJOR, "Große Vorliebe"), (Space.MAJORITY, "Mehrheit"),
    (Space.DETAIL, "Liebe zum Detail"),
    (Category.COINS, "Münzen"),
    (Category.WALKWAYS, "Geschlossene Wege"),
    (Category.DECOR, "Dekor"),
    (Category.MINOR, "Kleine Vorliebe"),
    (Category.MAJOR, "Große Vorliebe"),
    (Category.MAJORITY, "Mehrheit"),
    (Category.DETAIL, "Liebe zum Detail"),
    (Category.UNITY, "Einheit"),
    (Category.MINIMALISM, "Minimalismus"),
    (Category.MISSIONS, "Aufträge"),
)

#: What a notation error names (``UNKNOWN_NAME``/``NOT_TEXT``'s ``what``).
EN_WHAT: Final[dict[str, str]] = {"floor": "floor", "path": "path", "decor": "decor", "corner": "corner",
                                  "kind": "feature kind"}
DE_WHAT: Final[dict[str, str]] = {"floor": "Untergrund", "path": "Weg", "decor": "Dekor", "corner": "Wegecke",
                                  "kind": "Merkmalsart"}

#: Score-sheet words besides the categories (exports, the command line, the app's tables).
EN_SHEET: Final[dict[str, str]] = {
    "total": "Total", "rank": "Rank", "category": "Category", "winner": "Winner", "winners": "Winners",
    "shared": "shared victory", "title": "Zen Garden", "boards": "Boards", "points": "points", "player": "Player",
    "tie_break": "Tie-break", "notes": "Notes", "tiles": "tiles", "shared_victory": "Shared victory",
    "cannot_score": "{game}: cannot score this game:",
}
DE_SHEET: Final[dict[str, str]] = {
    "total": "Summe", "rank": "Platz", "category": "Kategorie", "winner": "Sieg", "winners": "Sieger",
    "shared": "geteilter Sieg", "title": "Zen Garden", "boards": "Tafeln", "points": "Punkte", "player": "Spieler",
    "tie_break": "Gleichstand", "notes": "Hinweise", "tiles": "Plättchen", "shared_victory": "Geteilter Sieg",
    "cannot_score": "{game}: dieses Spiel kann nicht gewertet werden:",
}
#: The boards a category belongs to, for the command line's sheet ("Unity (board 2)").
CATEGORY_BOARDS: Final[dict[Category, str]] = {Category.UNITY: "2", Category.MINIMALISM: "3",
                                               Category.MISSIONS: "4/5"}
EN_BOARD_TAG: Final = plural("many", "{label} (board {boards})", "{label} (boards {boards})")
DE_BOARD_TAG: Final = plural("many", "{label} (Tafel {boards})", "{label} (Tafeln {boards})")

EN_SEVERITY: Final = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "info"}
DE_SEVERITY: Final = {Severity.ERROR: "Fehler", Severity.WARNING: "Warnung", Severity.INFO: "Hinweis"}
EN_WHERE: Final = {"player": "player {name}", "cell": "cell {cell}"}
DE_WHERE: Final = {"player": "Spieler {name}", "cell": "Feld {cell}"}


def _en_ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _de_ordinal(n: int) -> str:
    return f"{n}."


# --- the wording ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Wording:
    """One language's wording of reasons and problems; call it with a :class:`Reason`."""

    code: str
    templates: Mapping[ReasonCode | ProblemCode, Template]
    names: Mapping[tuple[type, str], str]
    what: Mapping[str, str]
    sheet: Mapping[str, str]
    board_tag: Template
    severity: Mapping[Severity, str]
    where: Mapping[str, str]
    ordinal: Callable[[int], str]
    and_word: str
    #: Name features, tiles and tile features as the notation does (the JSON contract's English).
    notation: bool = False

    def __call__(self, reason: Reason) -> str:
        template = self.templates[reason.code]
        values = {key: self.value(key, value) for key, value in reason.values.items()}
        if "place" in reason.values:
            values["ordinal"] = self.ordinal(int(reason.values["place"]))
        return _choose(template, reason.values).format(**values)

    def name(self, item: NameKey) -> str:
        """The display name of a floor, path material, decor, corner, feature kind, space or category."""
        if self.notation and not isinstance(item, Category):
            return str(item.value)
        return self.names[_name_key(item)]

    def feature(self, feature: Feature) -> str:
        """``floor: cherry blossom`` / ``Untergrund: Kirschblüte`` (``floor:cherry_blossom`` in the contract)."""
        if self.notation:
            return feature.format()
        return f"{self.name(feature.kind)}: {self.name(feature.value)}"

    def tile(self, kind: TileKind) -> str:
        """A physical tile: ``water/stone/gate`` in the contract, ``water / stone / gate`` for people."""
        if self.notation:
            return kind.format()
        return " / ".join(self.name(v) for v in (kind.floor, kind.path, kind.decor))

    def category(self, category: Category | str, with_board: bool = False) -> str:
        """A category's label; ``with_board`` adds the board it belongs to, e.g. "Unity (board 2)"."""
        category = Category(category)
        label = self.names[_name_key(category)]
        boards = CATEGORY_BOARDS.get(category)
        if not with_board or boards is None:
            return label
        return _choose(self.board_tag, {"many": 2 if "/" in boards else 1}).format(label=label, boards=boards)

    def labels(self) -> dict[str, str]:
        """Category and score-sheet labels keyed as in the result contract (``coins`` … ``missions``, ``total``…)."""
        return {**{c.value: self.names[_name_key(c)] for c in Category}, **self.sheet}

    def value(self, key: str, value: Any) -> Any:
        """One value of a reason, ready for its template (ints stay ints for format specs like ``+d``)."""
        if isinstance(value, Reason):
            return self(value)
        if isinstance(value, Feature):
            return self.feature(value)
        if isinstance(value, TileKind):
            return self.tile(value)
        if isinstance(value, (Floor, PathMaterial, Decor, Corner, FeatureKind, Space, Category)):
            return self.name(value)
        if key == "what":
            return self.what[value]
        if key == "expected":  # what may be typed: always the notation
            return ", ".join(str(v.value) for v in value)
        if _is_cell(value):
            return cell_name(value)
        if isinstance(value, tuple):
            parts = [self.value(key, v) for v in value]
            if key in NAME_LISTS:
                return f" {self.and_word} ".join(str(p) for p in parts)
            return JOINS.get(key, ", ").join(str(p) for p in parts)
        return value

    def problem(self, problem: Problem) -> str:
        """A problem's message (what is wrong), without where."""
        return self(problem.reason)

    def problem_line(self, problem: Problem) -> str:
        """``severity: player 'Ann', cell A1: message`` — where it is and what is wrong."""
        where = []
        if problem.player is not None:
            where.append(self.where["player"].format(name=repr(problem.player)))
        if problem.cell is not None:
            where.append(self.where["cell"].format(cell=problem.cell))
        if problem.field is not None and problem.player is None:
            where.append(problem.field)
        prefix = f"{', '.join(where)}: " if where else ""
        return f"{self.severity[problem.severity]}: {prefix}{self.problem(problem)}"


def _is_cell(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and all(type(v) is int for v in value)


def _choose(template: Template, values: Mapping[str, Any]) -> str:
    while isinstance(template, Cases):
        template = template.cases.get(values.get(template.key), template.other)
    return template


ENGLISH: Final = Wording("en", EN_TEMPLATES, EN_NAMES, EN_WHAT, EN_SHEET, EN_BOARD_TAG, EN_SEVERITY, EN_WHERE,
                         _en_ordinal, "and")
GERMAN: Final = Wording("de", DE_TEMPLATES, DE_NAMES, DE_WHAT, DE_SHEET, DE_BOARD_TAG, DE_SEVERITY, DE_WHERE,
                        _de_ordinal, "und")
#: The English of the JSON result contract: features, tiles and names in the notation.
CONTRACT: Final = Wording("en", EN_TEMPLATES, EN_NAMES, EN_WHAT, EN_SHEET, EN_BOARD_TAG, EN_SEVERITY, EN_WHERE,
                          _en_ordinal, "and", notation=True)

_BY_CODE: Final[dict[str, Wording]] = {"en": ENGLISH, "de": GERMAN}


def language(code: str | None) -> Wording:
    """The wording of a language code (``"en"``, ``"de"``); anything else is English."""
    return _BY_CODE.get(code or DEFAULT_LANGUAGE, ENGLISH)


def all_templates(template: Template) -> list[str]:
    """Every string a template can produce a sentence from (all cases), for checks."""
    if isinstance(template, str):
        return [template]
    return [s for t in (*template.cases.values(), template.other) for s in all_templates(t)]
