"""Game files: JSON round-trip, every validation problem reported at once, the report, the score."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gardeners import Game, Interpretations, InvalidGameError, check_game, read_game, score_cards, success_level
from gardeners.vocab import CardStatus

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted(ROOT.glob("samples/gardeners-*.json"))


def minimal(**extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"garden": ["G G G G"] * 4, "cards": []}
    data.update(extra)
    return data


def problems_of(data: Any) -> list[str]:
    game, problems = read_game(data)
    assert game is None
    return [p.format() for p in problems]


def test_samples_exist_and_round_trip() -> None:
    assert len(SAMPLES) == 2
    for path in SAMPLES:
        game = Game.from_dict(json.loads(path.read_text()))
        again = Game.from_dict(json.loads(json.dumps(game.to_dict())))
        assert again == game
        assert again.to_dict() == game.to_dict()


def test_complete_sample_report() -> None:
    game = Game.from_dict(json.loads((ROOT / "samples/gardeners-complete.json").read_text()))
    report = check_game(game)
    assert report.placement_ok
    by_label = {cv.card.label: cv.verdict for cv in report.cards}
    assert by_label["Constraint A: any hedge connected to another"].compliant
    panorama = by_label["Constraint B: benches face a red-fruit tree"]
    assert not panorama.compliant
    assert [f"{c}" for c in panorama.to_dict()["cells"]] == ["F1", "C4", "F4", "C6"]
    assert not report.round_over
    # 3 + 1 listed validated = 4; 1 + 1 listed discarded = 2, the first free → 4 − 1 = 3
    assert (report.score.validated, report.score.discarded, report.score.points) == (4, 2, 3)
    assert json.loads(json.dumps(report.to_dict()))["score"]["points"] == 3


def test_game_file_every_problem_at_once() -> None:
    data = {
        "game": "gardeners",
        "mode": "training_a",
        "size": 6,
        "garden": ["G G G G", "G GX G G", "G G G", "G G G G"],
        "cards": [
            {"type": "proximity"},
            {"type": "volcano", "subject": "tree"},
            {"type": "agglomeration", "count": "0+", "kinds": ["grass", "rock"], "colour": "red"},
            {"type": "hedge", "shape": "path"},
            {"type": "panorama", "target": "flower:red", "status": "lost"},
            {"type": "layout"},
        ],
        "validated": -1,
        "discarded": "two",
        "rules": {"first_discard_free": "yes", "magic": True, "exact_count": "all"},
        "players": 4,
    }
    found = problems_of(data)
    expected_fragments = [
        "players: unknown key",
        "size: training_a mode is played on 4×4, not 6×6",
        "garden line 2, column 3: not a tile: 'GX'",
        "garden line 3: this row has 3 cells",
        "cards[0].subject: missing",
        "cards[1].type: must be one of",
        "cards[2].count: a quantity is a whole number",
        "cards[2].kinds[1]: unknown selector 'rock'",
        "cards[2].colour: not a parameter of agglomeration cards",
        "cards[3].count: a path Hedge card needs a count",
        "cards[4].status: must be one of in_play, validated, discarded",
        "cards[5].pattern: give either a 'pattern' or a 'preset'",
        "validated: must be a whole number",
        "discarded: must be a whole number",
        "rules.first_discard_free: must be true or false",
        "rules.magic: unknown interpretation",
        "rules.exact_count: must be one of",
    ]
    for fragment in expected_fragments:
        assert any(fragment in line for line in found), (fragment, found)
    with pytest.raises(InvalidGameError) as info:
        Game.from_dict(data)
    assert len(info.value.problems) == len(found)
    assert isinstance(info.value, ValueError)


def test_garden_size_mismatch_and_wrong_game() -> None:
    found = problems_of(minimal(size=5, game="emperors_garden"))
    assert any("garden: the garden is 4×4 but size is 5" in f for f in found)
    assert any("game: this is not a Gardeners game file" in f for f in found)
    assert problems_of(minimal(mode="complete")) == ["garden: complete mode is played on 6×6, the garden is 4×4"]
    assert problems_of([1, 2]) == ["a game file is a JSON object, got list"]
    assert problems_of({"cards": "none"}) == ["garden: missing (the garden notation: one string per row)",
                                              "cards: must be a list of cards, got str"]


def test_too_many_cards_in_play_and_solo_switch() -> None:
    four = [{"type": "link", "kinds": ["dirt"]}] * 4
    assert any("4 cards in play; at most 3" in f for f in problems_of(minimal(cards=four)))
    game = Game.from_dict(minimal(cards=four, rules={"max_in_play": None}))
    assert len(game.in_play) == 4
    validated = [{"type": "link", "kinds": ["dirt"], "status": "validated"}] * 4
    assert len(Game.from_dict(minimal(cards=validated)).cards) == 4


def test_training_deck_card_types() -> None:
    found = problems_of(minimal(mode="training_a", cards=[{"type": "link", "kinds": ["dirt"]}]))
    assert found == ["cards[0].type: training_a uses only proximity, removal, agglomeration cards, not link"]


def test_garden_as_one_string_and_rules_round_trip() -> None:
    game = Game.from_dict(minimal(garden="G G G G\nG G G G\nG G G G\nG G G G", rules={"exact_count": "largest_group"}))
    assert game.rules == Interpretations(exact_count="largest_group")
    assert Game.from_dict(game.to_dict()) == game


# --- score ---------------------------------------------------------------------------------------


def test_score_rulebook_example_three_discarded_lose_two() -> None:
    # "Example: 3 cards have been discarded. You therefore lose 2 points."
    s = score_cards(0, 3)
    assert s.points == -2
    assert score_cards(5, 3).points == 3
    assert score_cards(5, 1).points == 5
    assert score_cards(5, 0).points == 5


def test_score_every_discard_interpretation() -> None:
    assert score_cards(5, 3, Interpretations(first_discard_free=False)).points == 2


@pytest.mark.parametrize("points, solo, start", [
    (-2, False, "Ouch"), (0, False, "Ouch"), (1, False, "It's a good start"), (3, False, "It's going well"),
    (6, False, "Cheer"), (9, False, "Impressive"), (10, False, "You have become experts"),
    (2, True, "It's a good start"), (5, True, "It's going well"), (13, True, "Impressive"), (14, True, "You have"),
])
def test_success_levels(points: int, solo: bool, start: str) -> None:
    assert success_level(points, solo).startswith(start)


def test_in_play_cards_score_only_under_the_solo_reading() -> None:
    data = minimal(cards=[{"type": "link", "kinds": ["grass"]}, {"type": "link", "kinds": ["dirt"]}],
                   validated=2)
    assert check_game(Game.from_dict(data)).score.points == 2
    data["rules"] = {"score_in_play_if_compliant": True}
    report = check_game(Game.from_dict(data))
    assert report.score.points == 3  # the grass way is compliant, the dirt one is not
    assert [cv.card.status for cv in report.cards] == [CardStatus.IN_PLAY, CardStatus.IN_PLAY]
