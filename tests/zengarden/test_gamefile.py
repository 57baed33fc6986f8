"""Game files whose players are photos: read jointly by the reader, scored; clean errors."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from scorer import Garden, InvalidGameError
from tests.scorer.test_score import LEVEL1, load, table
from zengarden.cli import main
from zengarden.gamefile import score_game_file
from zengarden.wording import CONTRACT

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def _photo_game(folder: Path) -> tuple[dict[str, Any], dict[str, list[list[str]]]]:
    """The level-1 sample with each player's garden replaced by a photo file in ``folder`` (its
    bytes are never decoded: the tests' readers are fakes) -> (game, each player's true garden)."""
    data = load("game-level1.json")
    gardens = {p["name"]: p["garden"] for p in data["players"]}
    for p in data["players"]:
        del p["garden"]
        p["photo"] = f"{p['name']}.jpg"
        (folder / p["photo"]).write_bytes(b"not read by the fake reader")
    return data, gardens


def test_photo_players_are_read_jointly_by_the_reader(tmp_path: Path) -> None:
    data, gardens = _photo_game(tmp_path)
    calls: list[list[Path]] = []

    class Reading:
        def __init__(self, garden: Garden) -> None:
            self.garden = garden
            self.review = ()

    def reader(paths: list[Path]) -> list[Reading]:
        calls.append(paths)
        return [Reading(Garden.from_rows(gardens[p.stem])) for p in paths]

    result = score_game_file(data, base_dir=tmp_path, reader=reader)
    assert table(result.to_dict()) == LEVEL1
    assert len(calls) == 1 and [p.name for p in calls[0]] == ["Ann.jpg", "Bob.jpg"]  # one joint call


def test_an_outline_the_reader_doubts_is_carried_and_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """A reading flagged ``check_outline`` marks its player in the game read from photos, and
    ``zengarden score`` says on stderr whose photo to check (the result itself is unchanged)."""
    import zengarden.gamefile as gamefile

    data, gardens = _photo_game(tmp_path)

    class Reading:
        def __init__(self, name: str) -> None:
            self.garden = Garden.from_rows(gardens[name])
            self.review = ()
            self.check_outline = name == "Bob"
            self.outline_reasons = ("weak lattice",) if self.check_outline else ()

    def reader(paths: list[Path]) -> list[Reading]:
        return [Reading(p.stem) for p in paths]

    game = gamefile.read_photo_players(data, tmp_path, reader)
    assert [p.get("check_outline") for p in game["players"]] == [None, ["weak lattice"]]
    (tmp_path / "game.json").write_text(json.dumps(data))
    monkeypatch.setattr(gamefile, "vision_reader", lambda: reader)
    out, err = io.StringIO(), io.StringIO()
    assert main(["score", str(tmp_path / "game.json")], out=out, err=err) == 0
    assert "check the outline of Bob's photo (Bob.jpg): weak lattice" in err.getvalue()
    assert "Ann" not in err.getvalue()


def test_missing_photo_file_is_a_clean_error(tmp_path: Path) -> None:
    data = load("game-level1.json")
    del data["players"][1]["garden"]
    data["players"][1]["photo"] = "missing.jpg"
    with pytest.raises(InvalidGameError) as info:
        score_game_file(data, base_dir=tmp_path, reader=lambda paths: [])
    assert "photo file not found" in info.value.format(CONTRACT)


@pytest.mark.slow
def test_zengarden_score_reads_the_sample_photos_with_the_bundled_model() -> None:
    """`zengarden score samples/game-photos.json`: the real reader, all three photos read jointly."""
    pytest.importorskip("cv2")

    out = io.StringIO()
    assert main(["score", "--json", "--explain", str(SAMPLES / "game-photos.json")], out=out, err=io.StringIO()) == 0
    result = json.loads(out.getvalue())
    assert [(p["name"], p["total"], p["rank"]) for p in result["players"]] == [("Ann", 32, 3), ("Bob", 39, 1),
                                                                               ("Cy", 36, 2)]
    assert result["winners"] == ["Bob"] and result["tie_break"] is None
    assert result["players"][1]["categories"] == {
        "coins": 3, "walkways": 3, "decor": 7, "minor": 8, "major": 0, "majority": 0, "detail": -1,
        "unity": 10, "minimalism": 6, "missions": 3}
    # the same result as the photos' ground-truth gardens (their sidecars) give
    game = load("game-photos.json")
    for player in game["players"]:
        sidecar = json.loads((SAMPLES / Path(player.pop("photo")).with_suffix(".json")).read_text())
        player["garden"] = sidecar["garden"]
    assert result == score_game_file(game).to_dict(words=CONTRACT)
