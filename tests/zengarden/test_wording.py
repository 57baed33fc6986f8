"""Every reason and problem code of the rules engine, worded in English and German.

The reasons are the engine's own: scored from random games and invalid game files, notation errors
and disputes, so the check covers real values (features, cells, nested parts), and a new code the
engine can produce without a template fails here.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from scorer import InvalidGameError, NotationError, Problem, Severity, score_game, validate_game
from scorer.dispute import check_claim
from scorer.explain import ALL_PROBLEM_CODES, ALL_REASON_CODES, ProblemCode, Reason, ReasonCode
from scorer.randgame import random_game
from scorer.tiles import ALL_FEATURES, Garden, Tile, parse_cell, parse_floor
from scorer.vocab import ALL_DECORS, ALL_FLOORS, ALL_PATHS, Category
from zengarden import wording
from zengarden.gamefile import read_photo_players

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
ALL_CODES = (*ALL_REASON_CODES, *ALL_PROBLEM_CODES)
#: Templates that are only values (names and numbers, cell lists): the same in every language.
WORDLESS = {ReasonCode.STANDING, ReasonCode.AREA}
#: Problems about notation itself: they name what may be typed (tile parts, rule switches).
NOTATION = {ProblemCode.NOT_TEXT, ProblemCode.UNKNOWN_NAME, ProblemCode.NOT_A_FEATURE, ProblemCode.NOT_A_TILE,
            ProblemCode.TILE_NOT_TEXT, ProblemCode.AT_CELL, ProblemCode.UNKNOWN_RULE}
#: Characters a sentence may hold besides letters, digits and spaces (no emoji, no symbols for words).
PUNCTUATION = set(".,:;!?'\"()[]+-−–—=×→…/|#%&<>_„“") | {"\u2026"}


def _level5() -> dict[str, Any]:
    return json.loads((SAMPLES / "game-level5.json").read_text())


def _mutated(change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    data = _level5()
    change(data)
    return data


#: Game files that break every validation rule once (plus a few shapes of the same rule).
BROKEN: tuple[Any, ...] = (
    [1, 2],
    _mutated(lambda d: d.update(boards=[1, 2, 3, 4, 5, 9], extra=1)),
    _mutated(lambda d: d.update(boards="x")),
    _mutated(lambda d: d.update(boards=[1, 1, 2, 3])),
    _mutated(lambda d: d.update(boards=[2, 3])),
    _mutated(lambda d: d.pop("boards")),
    _mutated(lambda d: d["preferences"].update(minor="floor:lava", foo="x")),
    _mutated(lambda d: d["preferences"].pop("detail")),
    _mutated(lambda d: d.pop("preferences")),
    _mutated(lambda d: d.update(preferences=[1])),
    _mutated(lambda d: d["preferences"].update(minor="floor", major=3)),
    _mutated(lambda d: d.update(missions="x")),
    _mutated(lambda d: d.update(missions=d["missions"][:2])),
    _mutated(lambda d: d.update(boards=[1, 4], missions=d["missions"][:1])),
    _mutated(lambda d: d["missions"].__setitem__(0, 5)),
    _mutated(lambda d: d["missions"][0].update(features=["floor:water"])),
    _mutated(lambda d: d["missions"][0].update(completed_by="Ann")),
    _mutated(lambda d: d["missions"][0].update(features=["floor:clay", "floor:clay"])),
    _mutated(lambda d: d["missions"][2].update(completed_by=["Zed", "Dan", "Dan", "Bob"])),
    _mutated(lambda d: d["missions"][1].update(completed_by=["Dan"])),
    _mutated(lambda d: d.update(players="x")),
    _mutated(lambda d: d.update(players=[])),
    _mutated(lambda d: d["players"].__setitem__(0, 3)),
    _mutated(lambda d: d["players"][0].update(name=" ")),
    _mutated(lambda d: d["players"][1].update(name="Ann")),
    _mutated(lambda d: d["players"][0].update(coins="3")),
    _mutated(lambda d: d["players"][0].update(coins=26)),
    _mutated(lambda d: d["players"][0].pop("garden")),
    _mutated(lambda d: (d["players"][0].pop("garden"), d["players"][0].update(photo="x.jpg"))),
    _mutated(lambda d: d["players"][0].update(garden=[[1]])),
    _mutated(lambda d: d["players"][0]["garden"][0].__setitem__(0, 5)),
    _mutated(lambda d: d["players"][0]["garden"][0].__setitem__(0, "clay/stone/dragon/nw")),
    _mutated(lambda d: d["players"][0]["garden"][0].__setitem__(0, "clay/stone")),
    _mutated(lambda d: d["players"][0]["garden"][0].__setitem__(0, "lava:x/stone/gate/nw")),
    _mutated(lambda d: d["players"][0]["garden"][0].__setitem__(1, d["players"][0]["garden"][0][0])),
    _mutated(lambda d: d["players"][3]["garden"][3].__setitem__(3, d["players"][0]["garden"][0][0])),
    _mutated(lambda d: d.update(rules=[1])),
    _mutated(lambda d: d.update(rules={"foo": True, "majority_needs_a_tile": 3})),
    _mutated(lambda d: d["missions"][0].update(features=[d["preferences"]["minor"], "floor:water"])),
)


def _notation_errors() -> Iterator[NotationError]:
    for attempt in (lambda: parse_cell("E9"), lambda: parse_floor(5), lambda: Tile.parse(5),  # type: ignore[arg-type]
                    lambda: Garden.parse("water/stone/gate/se"),
                    lambda: Garden.from_rows([["water/stone/gate/se"] * 4] * 3),
                    lambda: Garden.from_rows([["lava/stone/gate/se", *["water/stone/gate/se"] * 3]] * 4)):
        with pytest.raises(NotationError) as info:
            attempt()
        yield info.value


def _photo_problems(tmp_path: Path) -> Iterator[Problem]:
    game = _level5()
    game["players"][0] = {"name": "Ann", "coins": 3, "photo": 7}
    game["players"][1] = {"name": "Bob", "coins": 3, "photo": "missing.jpg"}
    with pytest.raises(InvalidGameError) as info:
        read_photo_players(game, tmp_path, reader=lambda paths: [])
    yield from info.value.problems
    (tmp_path / "ann.jpg").write_bytes(b"")

    def unreadable(paths: list[Path]) -> list[Any]:
        raise ValueError("ann.jpg: not an image")

    with pytest.raises(InvalidGameError) as info:
        read_photo_players({"players": [{"name": "Ann", "coins": 3, "photo": "ann.jpg"}]}, tmp_path, reader=unreadable)
    yield from info.value.problems
    # the vision package missing altogether cannot be arranged here; this is the problem it raises
    yield Problem(Severity.ERROR, ProblemCode.PHOTO_READING_UNAVAILABLE, {"detail": "No module named 'cv2'"})


def _parts(reason: Reason) -> Iterator[Reason]:
    yield reason
    for value in reason.values.values():
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, Reason):
                yield from _parts(item)


def engine_reasons(tmp_path: Path) -> list[Reason]:
    """Reasons and problems the engine produces, every code at least once."""
    sample = score_game(_level5())  # four complete walkways, every board
    found: list[Reason] = [c.reason for p in sample.players for c in p.categories]
    rnd = random.Random(7)
    for _ in range(300):
        game = random_game(rnd)
        if rnd.random() < 0.3:  # equal coins make coin ties and shared victories
            for player in game["players"]:
                player["coins"] = 5
        result = score_game(game)
        found += [c.reason for p in result.players for c in p.categories]
        found += [w.reason for w in result.warnings]
        if result.tie_break is not None:
            found.append(result.tie_break)
        first = result.players[0]
        found += check_claim(result, first.name, total=first.total + 97).notes
        found += check_claim(result, first.name, total=first.total + 50,
                             categories={"coins": first.points("coins") + 1}).notes
    for data in BROKEN:
        found += [p.reason for p in validate_game(data)]
    found += [p for exc in _notation_errors() for p in exc.problems]
    found += [p.reason for p in _photo_problems(tmp_path)]
    return [part for reason in found for part in _parts(reason)]


@pytest.fixture(scope="module")
def reasons(tmp_path_factory: pytest.TempPathFactory) -> dict[Any, list[Reason]]:
    by_code: dict[Any, list[Reason]] = {}
    for reason in engine_reasons(tmp_path_factory.mktemp("photos")):
        by_code.setdefault(reason.code, []).append(reason)
    return by_code


def test_every_code_has_a_template_in_every_language() -> None:
    for words in (wording.ENGLISH, wording.GERMAN):
        assert set(words.templates) == set(ALL_CODES), set(ALL_CODES) ^ set(words.templates)


def test_the_engine_produces_every_code(reasons: dict[Any, list[Reason]]) -> None:
    assert set(reasons) == set(ALL_CODES), set(ALL_CODES) - set(reasons)


def _unquoted(text: str) -> str:
    """The text without what it quotes: the game file's own keys and values as typed ('completed_by')."""
    return re.sub(r"'[^']*'|\[[^\]]*\]", "", text)


def _raw_identifiers(text: str) -> list[str]:
    """Engine names shown as identifiers: ``kind:value`` notation, snake_case, enum reprs."""
    text = _unquoted(text)
    found = re.findall(r"\b(?:floor|path|decor):[a-z_]+", text)
    found += re.findall(r"\b[a-z]+_[a-z_]+\b", text)
    found += re.findall(r"<\w+\.\w+: ", text)
    return found


@pytest.mark.parametrize("code", ALL_CODES, ids=str)
def test_every_code_reads_as_a_sentence_in_both_languages(code: Any, reasons: dict[Any, list[Reason]]) -> None:
    for reason in reasons[code][:40]:
        english, german = wording.ENGLISH(reason), wording.GERMAN(reason)
        for text in (english, german):
            assert text.strip(), reason
            assert "{" not in text and "}" not in text, text  # no placeholder left
            assert "None" not in text and "(code=" not in text, text
            odd = {ch for ch in text if not (ch.isalnum() or ch.isspace() or ch in PUNCTUATION)}
            assert not odd, (text, odd)  # no emoji or symbol in place of a word
        if code not in NOTATION:
            assert not _raw_identifiers(english), english
            assert not _raw_identifiers(german), german
        if code not in WORDLESS:
            assert german != english, german


def test_german_names_no_english_feature_outside_notation(reasons: dict[Any, list[Reason]]) -> None:
    english_only = {wording.ENGLISH.name(v) for v in (*ALL_FLOORS, *ALL_PATHS, *ALL_DECORS)} - {
        wording.GERMAN.name(v).lower() for v in (*ALL_FLOORS, *ALL_PATHS, *ALL_DECORS)}
    for code, items in reasons.items():
        if code in NOTATION:
            continue
        for reason in items[:40]:
            german = wording.GERMAN(reason)
            words = set(re.findall(r"\b[a-zäöüß]+(?: blossom)?\b", _unquoted(german)))
            assert not words & english_only, (german, words & english_only)


def test_the_contract_wording_keeps_the_notation() -> None:
    result = score_game(_level5())
    ann = result.player("Ann")
    assert wording.CONTRACT(ann.score("major").reason) == "4 tiles show decor:gate × 2 = 8"
    assert wording.ENGLISH(ann.score("major").reason) == "4 tiles show decor: gate × 2 = 8"
    assert wording.GERMAN(ann.score("major").reason) == "4 Plättchen zeigen Dekor: Tor × 2 = 8"
    assert "floor:cherry_blossom" in wording.CONTRACT(result.player("Bob").score("missions").reason)
    assert "Untergrund: Kirschblüte" in wording.GERMAN(result.player("Bob").score("missions").reason)


def test_features_names_and_labels_come_from_one_place() -> None:
    for words in (wording.ENGLISH, wording.GERMAN):
        assert len({words.feature(f) for f in ALL_FEATURES}) == len(ALL_FEATURES)
        labels = words.labels()
        assert set(labels) >= {c.value for c in Category} | {"total", "rank", "category", "points"}
    assert wording.GERMAN.category(Category.MISSIONS, with_board=True) == "Aufträge (Tafeln 4/5)"
    assert wording.ENGLISH.category(Category.UNITY, with_board=True) == "Unity (board 2)"
    assert wording.language("xx") is wording.ENGLISH


def test_problem_lines_say_where_in_the_language(reasons: dict[Any, list[Reason]]) -> None:
    data = _level5()
    data["players"][3]["garden"][3][3] = data["players"][0]["garden"][0][0]
    (problem,) = [p for p in validate_game(data) if p.severity is Severity.ERROR]
    assert wording.CONTRACT.problem_line(problem) == (
        "error: player 'Dan', cell D4: tile water/stone/gate is also at A1 in Ann's garden; each tile exists once")
    assert wording.GERMAN.problem_line(problem) == (
        "Fehler: Spieler 'Dan', Feld D4: Plättchen Wasser / Stein / Tor liegt auch auf A1 im Garten von Ann; "
        "jedes Plättchen gibt es einmal")


def test_engine_reasons_are_frozen_data() -> None:
    result = score_game(_level5())
    reason = result.player("Ann").score("walkways").reason
    assert reason.code is ReasonCode.WALKWAYS and reason.values["count"] == 4
    ring = reason.values["rings"][0]
    assert ring.code is ReasonCode.WALKWAY_RING and ring.values["first"] == (0, 0)
    with pytest.raises(AttributeError):
        reason.code = ReasonCode.COINS  # type: ignore[misc]
    copy.deepcopy(result)  # plain data all the way down
