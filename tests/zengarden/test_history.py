"""SQLite history: a real database file in the data directory; save, list, load, re-score, delete, stats."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from scorer import InvalidGameError, score_game
from zengarden.history import DB_NAME, ENV_DATA_DIR, History, data_dir
from zengarden.wording import CONTRACT

ROOT = Path(__file__).resolve().parents[2]
LEVEL5 = json.loads((ROOT / "samples" / "game-level5.json").read_text())
LEVEL1 = json.loads((ROOT / "samples" / "game-level1.json").read_text())


def test_data_dir_from_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path / "zg"))
    assert data_dir() == tmp_path / "zg"
    assert (tmp_path / "zg").is_dir()
    db = History.open()
    assert db.path == tmp_path / "zg" / DB_NAME
    assert db.path.is_file()


def test_save_list_load_delete(tmp_path: Path) -> None:
    db = History.open(tmp_path)
    result = score_game(LEVEL5)
    readings = {"Ann": {"source": "photo", "reading": {"garden": LEVEL5["players"][0]["garden"]},
                        "corrections": [{"cell": "A1", "read": "x", "corrected": "y"}]}}
    gid = db.save(LEVEL5, result, readings)
    gid2 = db.save(LEVEL1, score_game(LEVEL1))
    assert gid != gid2
    listed = db.list_games()
    assert [g.id for g in listed] == [gid2, gid]  # newest first
    summary = next(g for g in listed if g.id == gid)
    assert summary.boards == (1, 2, 3, 4, 5)
    assert summary.winners == result.winners
    assert [n for n, _, _ in summary.players] == ["Ann", "Bob", "Cy", "Dan"]
    saved = db.load(gid)
    assert saved.game == LEVEL5 and saved.result == result.to_dict(words=CONTRACT)
    assert saved.readings["Ann"]["corrections"][0]["cell"] == "A1"
    assert db.delete(gid) is True
    assert db.delete(gid) is False
    with pytest.raises(KeyError):
        db.load(gid)
    # the results rows went with the game (foreign key cascade)
    con = sqlite3.connect(db.path)
    assert con.execute("SELECT COUNT(*) FROM results WHERE game_id = ?", (gid,)).fetchone()[0] == 0


def test_update_in_place_and_rescore(tmp_path: Path) -> None:
    db = History.open(tmp_path)
    result = score_game(LEVEL5)
    gid = db.save(LEVEL5, result)
    # store a stale result, then re-score: the stored result is recomputed from the game file
    stale = replace(result, players=(replace(result.players[0], categories=()), *result.players[1:]))
    db.save(LEVEL5, stale, game_id=gid)
    assert db.count() == 1
    assert db.load(gid).result["players"][0]["total"] == 0
    fresh = db.rescore(gid)
    assert fresh == result
    assert db.load(gid).result == fresh.to_dict(words=CONTRACT)


def test_rescore_invalid_game_raises(tmp_path: Path) -> None:
    db = History.open(tmp_path)
    broken = json.loads(json.dumps(LEVEL1))
    broken["players"][0]["coins"] = 99
    gid = db.save(broken, score_game(LEVEL1))
    with pytest.raises(InvalidGameError):
        db.rescore(gid)


def test_player_stats_games_wins_average(tmp_path: Path) -> None:
    db = History.open(tmp_path)
    r5 = score_game(LEVEL5)
    db.save(LEVEL5, r5)
    db.save(LEVEL5, r5)
    stats = {s.name: s for s in db.player_stats()}
    winner = r5.winners[0]
    assert stats[winner].games == 2 and stats[winner].wins == 2 and stats[winner].win_rate == 1.0
    ann = r5.player("Ann")
    assert stats["Ann"].average == pytest.approx(ann.total)
    assert stats["Ann"].best == ann.total
    only = db.player_stats(["Bob"])
    assert [s.name for s in only] == ["Bob"]


def test_database_survives_reopening(tmp_path: Path) -> None:
    gid = History.open(tmp_path).save(LEVEL1, score_game(LEVEL1))
    assert History.open(tmp_path).load(gid).game == LEVEL1


def test_history_is_in_wal_mode_so_sessions_read_while_one_saves(tmp_path: Path) -> None:
    db = History.open(tmp_path)
    assert sqlite3.connect(db.path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"
