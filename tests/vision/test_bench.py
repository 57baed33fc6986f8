"""The benchmark: accuracy and timing figures from labelled photos, per-photo CSV, repeated timing."""

from __future__ import annotations

import argparse
import csv
from dataclasses import replace

import numpy as np
import pytest

from vision.bench import bench_photo, cli_bench, format_summary, run_bench
from vision.dataset import iter_labelled


def test_bench_on_easy_photos_with_repeated_timing(easy_photos, bundled_model, tmp_path, capsys) -> None:
    summary, results = run_bench(easy_photos, bundled_model, repeat=2)
    assert summary["photos"] == len(results) == 6
    assert summary["localisation_failures"] == 0
    assert summary["tile_accuracy"] >= 0.95
    assert 0.0 <= summary["garden_exact"] <= 1.0
    for r in results:
        assert set(r.timings) == {"decode", "localise", "classify"}
        assert all(t > 0 for t in r.timings.values())
        assert r.reference["full_decode"] > 0
    assert summary["read_over_decode_median"] > 1.0  # reading includes decoding
    text = format_summary(summary)
    assert "whole-tile accuracy" in text and "read / plain decode" in text

    out = tmp_path / "b.csv"
    args = argparse.Namespace(data=str(easy_photos), model=None, csv=str(out), repeat=1)
    assert cli_bench(args) == 0
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 6 and {"photo", "tiles_right", "t_localise", "t_plain_decode", "check_outline",
                               "silent_failure", "unmarked_wrong"} <= set(rows[0])
    assert all(row["silent_failure"] == "0" for row in rows)
    by_name = {r.name: r for r in results}
    for row in rows:  # the outline found, in the photo's pixels, as the reading gave it
        found = np.array([[float(v) for v in pair.split()] for pair in row["corners"].split(";")])
        assert found.shape == (4, 2)
        assert np.abs(found - by_name[row["photo"]].corners).max() <= 0.005 + 1e-9
    printed = capsys.readouterr().out
    assert "per-photo CSV" in printed and "silent failures" in printed and "wrong tiles not marked" in printed
    assert summary["unmarked_wrong_tiles"] <= summary["shown_wrong_tiles"] <= summary["shown_tiles"]
    assert summary["unmarked_wrong_tiles"] == sum(int(row["unmarked_wrong"]) for row in rows)


def test_a_silent_failure_is_a_wrong_outline_not_flagged() -> None:
    from vision.bench import ATTRS, PhotoResult

    def result(located: bool, check: bool) -> PhotoResult:
        return PhotoResult("x.jpg", located, 0.0 if located else 1.0, dict.fromkeys(ATTRS, 16), 16, True, 1, 1,
                           check_outline=check)

    assert result(located=False, check=False).silent_failure
    assert not result(located=False, check=True).silent_failure
    assert not result(located=True, check=False).silent_failure
    assert not result(located=True, check=True).silent_failure


def test_the_summary_says_how_many_silent_failures_still_read_every_tile_right() -> None:
    """An outline just past the tolerance, not flagged, with its 16 tiles read right, is a silent
    failure all the same; the summary counts those apart so the figure can be read for what it is."""
    from vision.bench import ATTRS, PhotoResult, summarise

    def result(located: bool, check: bool, right: int) -> PhotoResult:
        return PhotoResult("x.jpg", located, 0.1 if located else 0.26, dict.fromkeys(ATTRS, right), right,
                           right == 16, 1, 1, check_outline=check)

    results = [result(False, False, 16), result(False, False, 3), result(False, True, 16), result(True, False, 16)]
    summary = summarise(results, 100.0)
    assert summary["silent_failures"] == 2 and summary["silent_tiles_right"] == 1
    assert "silent failures            2   (failures not flagged, 1 of them with every tile read right;" \
        in format_summary(summary)


def test_wrong_tiles_count_as_unmarked_only_when_shown_as_read() -> None:
    from vision.bench import ATTRS, PhotoResult

    def result(located: bool, check: bool) -> PhotoResult:
        return PhotoResult("x.jpg", located, 0.0 if located else 1.0, dict.fromkeys(ATTRS, 13), 13, False, 1, 1,
                           check_outline=check, wrong_unreviewed=2)

    assert result(located=True, check=False).unmarked_wrong == 2
    assert result(located=True, check=True).unmarked_wrong == 2  # the outline confirmed, the tiles shown
    assert result(located=False, check=False).unmarked_wrong == 2  # a silent failure: shown as read
    assert result(located=False, check=True).unmarked_wrong == 0  # set right and read again first


def test_bench_photo_counts_the_wrong_tiles_outside_the_review(easy_photos, bundled_model, monkeypatch) -> None:
    import vision.bench as bench
    from scorer.tiles import cell_name

    photo = iter_labelled(easy_photos)[0]
    real = bench.read_garden

    def misread(image, model=None, budget=None):  # two tiles turned wrong, one of them listed for review
        reading = real(image, model=model, budget=budget)
        rows = [list(r) for r in reading.garden.rows]
        for r, c in ((0, 0), (1, 1)):
            tile = rows[r][c]
            rows[r][c] = replace(tile, decor=next(d for d in type(tile.decor) if d is not tile.decor))
        garden = type(reading.garden)(tuple(tuple(r) for r in rows))
        return replace(reading, garden=garden, review=(cell_name((1, 1)),))

    monkeypatch.setattr(bench, "read_garden", misread)
    result = bench_photo(photo, bundled_model)
    assert result.tiles_right <= 14
    assert result.wrong_unreviewed == 16 - result.tiles_right - 1
    assert result.unmarked_wrong == result.wrong_unreviewed


def test_bench_photo_counts_the_cells_marked_for_their_figure_alone(easy_photos, bundled_model, monkeypatch) -> None:
    import vision.bench as bench
    from scorer.tiles import cell_name

    photo = iter_labelled(easy_photos)[0]
    real = bench.read_garden

    def marked(image, model=None, budget=None):  # B2 read wrong and marked for its figure alone, C3 wrong
        reading = real(image, model=model, budget=budget)  # and unsure too, D4 right and marked for its figure alone
        rows = [list(r) for r in reading.garden.rows]
        for r, c in ((1, 1), (2, 2)):
            tile = rows[r][c]
            rows[r][c] = replace(tile, decor=next(d for d in type(tile.decor) if d is not tile.decor))
        garden = type(reading.garden)(tuple(tuple(r) for r in rows))
        why = {cell_name((1, 1)): ("figure:gate",), cell_name((2, 2)): ("unsure", "figure:crane"),
               cell_name((3, 3)): ("figure:bench",)}
        return replace(reading, garden=garden, review=tuple(why), review_why=why)

    monkeypatch.setattr(bench, "read_garden", marked)
    result = bench_photo(photo, bundled_model)
    assert result.tiles_right <= 14 and photo.garden[(3, 3)] == bench.read_garden(photo.image_path).garden[(3, 3)]
    assert (result.figure_only, result.figure_only_wrong) == (2, 1)
    summary = bench.summarise([result], 1.0)
    assert (summary["figure_only_cells"], summary["figure_only_wrong"]) == (2, 1)
    assert "marked for the figure" in bench.format_summary(summary)


def test_the_csv_leaves_the_corners_empty_when_no_garden_was_found(tmp_path) -> None:
    from vision.bench import ATTRS, PhotoResult, write_csv

    lost = PhotoResult("c.jpg", False, float("nan"), dict.fromkeys(ATTRS, 0), 0, False, 1, None)
    write_csv(tmp_path / "b.csv", [lost])
    row = next(csv.DictReader((tmp_path / "b.csv").open()))
    assert row["corners"] == "" and row["located"] == "0" and row["quarter_turns"] == "0"


def test_summary_gives_the_readers_alone_on_located_photos() -> None:
    from vision.bench import ATTRS, PhotoResult, summarise

    right = PhotoResult("a.jpg", True, 0.01, dict.fromkeys(ATTRS, 16), 16, True, 1, 1)
    half = PhotoResult("b.jpg", True, 0.02, {"floor": 8, "path": 16, "decor": 16, "corner": 16}, 8, False, 1, 1)
    lost = PhotoResult("c.jpg", False, 1.5, dict.fromkeys(ATTRS, 0), 0, False, 1, 1, check_outline=True)
    s = summarise([right, half, lost], 1.0)
    assert s["located_photos"] == 2
    assert s["located_floor_accuracy"] == pytest.approx(0.75) and s["located_path_accuracy"] == 1.0
    assert s["located_tile_accuracy"] == pytest.approx(0.75)
    assert s["tile_accuracy"] == pytest.approx(0.5)  # all photos: the lost one counts 0 of 16
    assert "on located photos" in format_summary(s) and "floor 75.00 %" in format_summary(s)
    none = summarise([lost], 1.0)
    assert none["located_photos"] == 0 and "nan" in format_summary(none)


def test_bench_in_two_processes_reads_every_photo_as_one_does(easy_photos, bundled_model) -> None:
    """``--jobs 2``: the same readings, in the directory's order, each photo timed in its worker."""
    one, alone = run_bench(easy_photos, bundled_model)
    two, pooled = run_bench(easy_photos, bundled_model, jobs=2)
    assert [r.name for r in pooled] == [r.name for r in alone] == sorted(r.name for r in alone)
    for a, b in zip(alone, pooled):
        assert (a.tiles_right, a.located, a.check_outline) == (b.tiles_right, b.located, b.check_outline)
        np.testing.assert_allclose(a.corners, b.corners)
        assert all(t > 0 for t in b.timings.values())
    assert two["tile_accuracy"] == one["tile_accuracy"] and two["peak_rss_mb"] > 0


def test_bench_input_errors(easy_photos, bundled_model, tmp_path, capsys) -> None:
    with pytest.raises(ValueError, match="repeat"):
        bench_photo(iter_labelled(easy_photos)[0], bundled_model, repeat=0)
    with pytest.raises(ValueError, match="jobs"):
        run_bench(easy_photos, bundled_model, jobs=0)
    assert cli_bench(argparse.Namespace(data=str(tmp_path), model=None, csv=None, repeat=1)) == 2
    assert "no labelled photos" in capsys.readouterr().err


@pytest.mark.parametrize("start", [0, 1, 2, 3])
def test_a_reading_from_another_corner_is_the_same_garden_turned(easy_photos, bundled_model, start) -> None:
    """Read with the true corners taken from another start (as a reader may choose at a 45° view):
    the outline is right, and the garden read is the labelled one turned by the quarter turns the
    bench works out."""
    from vision.bench import turn_to_match
    from vision.read import read_garden

    photo = iter_labelled(easy_photos)[0]
    given = np.roll(photo.corners, -start, axis=0)
    exact = replace(bundled_model, cfg=replace(bundled_model.cfg, snap_given_corners=False))  # not snapped
    reading = read_garden(photo.image_path, model=exact, corners=given)
    err, turns = turn_to_match(reading.corners, photo.corners)
    assert err < 1e-6
    assert turns == (-start) % 4
    assert reading.garden == photo.garden.rotated(turns)
    assert (reading.garden == photo.garden) == (start == 0)


def test_the_bench_gives_each_search_the_time_it_is_asked_to(easy_photos, bundled_model, monkeypatch) -> None:
    """``budget`` reaches every read (as the app gives it); one that is no positive number of seconds
    is refused before any photo is read."""
    import vision.bench as bench

    photo = iter_labelled(easy_photos)[0]
    real, budgets = bench.read_garden, []

    def timed(image, model=None, budget=None):
        budgets.append(budget)
        return real(image, model=model, budget=budget)

    monkeypatch.setattr(bench, "read_garden", timed)
    result = bench_photo(photo, bundled_model, repeat=2, budget=10.0)
    assert budgets == [10.0, 10.0] and result.located
    with pytest.raises(ValueError, match="positive number of seconds"):
        bench.run_bench(easy_photos, bundled_model, budget=-1.0)


def _row(photo: str, off: float, tiles: int, flagged: bool = False, unmarked: int = 0) -> dict[str, str]:
    """One bench CSV row as :func:`vision.bench.read_bench_csv` gives it (the compared columns)."""
    located = off <= 0.25
    return {"photo": photo, "located": str(int(located)), "corner_error_tiles": f"{off:.4f}",
            "tiles_right": str(tiles), "garden_exact": str(int(tiles == 16)), "check_outline": str(int(flagged)),
            "silent_failure": str(int(not located and not flagged)), "unmarked_wrong": str(unmarked)}


def test_comparing_two_runs_counts_both_and_names_each_photo_that_changed() -> None:
    from vision.bench import compare_runs

    before = {r["photo"]: r for r in [_row("a.jpg", 0.05, 16), _row("b.jpg", 1.8, 0, flagged=True),
                                      _row("c.jpg", 0.04, 15, unmarked=1), _row("d.jpg", 0.30, 16),
                                      _row("gone.jpg", 0.05, 16)]}
    after = {r["photo"]: r for r in [_row("a.jpg", 0.05, 16), _row("b.jpg", 0.06, 16),
                                     _row("c.jpg", 0.04, 13, flagged=True), _row("d.jpg", 0.305, 16),
                                     _row("new.jpg", float("nan"), 0)]}
    lines = compare_runs(before, after)
    assert lines[0] == "compared on 4 photos read by both runs (1 only before, 1 only after)"
    counts = {line[2:26].strip(): line[26:].strip() for line in lines[1:7]}
    assert counts == {"located": "2 -> 3 (+1)", "flagged": "1 -> 1", "silent failures": "1 -> 1",
                      "wrong tiles": "17 -> 3 (-14)", "gardens exact": "2 -> 3 (+1)",
                      "wrong tiles not marked": "1 -> 0 (-1)"}
    assert lines[7] == "photos changed: 2"
    assert lines[8] == "  b.jpg: tiles right 0 -> 16; outline 1.800 -> 0.060 tile; no longer flagged"
    assert lines[9] == "  c.jpg: tiles right 15 -> 13; now flagged; wrong and not marked 1 -> 0"
    assert compare_runs(after, after)[7] == "photos changed: 0"  # d.jpg, 0.005 tile further: not moved
    assert compare_runs(before, after, moved=0.001)[8].startswith("  b.jpg")
    assert compare_runs(before, after, moved=0.001)[10] == "  d.jpg: outline 0.300 -> 0.305 tile"


def test_the_bench_says_what_changed_against_an_earlier_run(easy_photos, bundled_model, tmp_path, capsys) -> None:
    from vision.bench import read_bench_csv

    first = tmp_path / "first.csv"
    assert cli_bench(argparse.Namespace(data=str(easy_photos), model=None, csv=str(first), repeat=1)) == 0
    capsys.readouterr()
    again = tmp_path / "again.csv"
    assert cli_bench(argparse.Namespace(data=str(easy_photos), model=None, csv=str(again), repeat=1,
                                        against=str(first))) == 0
    out = capsys.readouterr().out
    assert f"against {first}:" in out and "compared on 6 photos read by both runs" in out
    assert "photos changed: 0" in out  # the same code reads the same photos the same way
    assert len(read_bench_csv(again)) == 6
    # a file that is not a bench CSV, or writing over the run compared against: said before any reading
    assert cli_bench(argparse.Namespace(data=str(easy_photos), model=None, csv=str(again), repeat=1,
                                        against=str(easy_photos / "00000.json"))) == 2
    assert "is not a bench CSV" in capsys.readouterr().err
    assert cli_bench(argparse.Namespace(data=str(easy_photos), model=None, csv=str(first), repeat=1,
                                        against=str(first))) == 2
    assert "would overwrite the run compared against" in capsys.readouterr().err
    rows = (tmp_path / "first.csv").read_text().splitlines()
    (tmp_path / "broken.csv").write_text("\n".join([rows[0], rows[1].replace(",", ",x", 1), *rows[2:]]))
    with pytest.raises(ValueError, match="located is 'x1', not a number"):
        read_bench_csv(tmp_path / "broken.csv")
