"""Joint decoding: the most probable valid garden(s); each physical tile used once."""

from __future__ import annotations

import numpy as np
import pytest

from scorer.tiles import ALL_TILE_KINDS
from scorer.vocab import ALL_CORNERS, ALL_DECORS, ALL_FLOORS, ALL_PATHS
from vision.config import DEFAULT_CONFIG
from vision.decode import AttributeProbs, decode, tile_probability


def _probs_for(kinds, corners, sure: float = 0.9) -> AttributeProbs:
    n = len(kinds)

    def onehot(values, vocab):
        p = np.full((n, len(vocab)), (1 - sure) / (len(vocab) - 1))
        for i, v in enumerate(values):
            p[i, vocab.index(v)] = sure
        return p

    return AttributeProbs(onehot([k.floor for k in kinds], ALL_FLOORS), onehot([k.path for k in kinds], ALL_PATHS),
                          onehot([k.decor for k in kinds], ALL_DECORS), onehot(corners, ALL_CORNERS))


def test_clean_input_decodes_exactly() -> None:
    kinds = list(ALL_TILE_KINDS[::5][:16])
    corners = [ALL_CORNERS[i % 4] for i in range(16)]
    (out,) = decode(_probs_for(kinds, corners, sure=0.97))  # each attribute sure: none to review
    assert [t.kind for t in out.garden] == kinds
    assert [t.corner for t in out.garden] == corners
    assert out.review == ()
    assert out.confidence.shape == (4, 4) and np.all((out.confidence > 0) & (out.confidence <= 1))
    assert len(out.alternatives) == 16 and out.alternatives[0][0][0] == out.garden[(0, 0)]


def test_conflict_is_resolved_by_the_second_choice() -> None:
    kinds = list(ALL_TILE_KINDS[::5][:16])
    probs = _probs_for(kinds, [ALL_CORNERS[0]] * 16)
    # Cell 1 looks like cell 0's tile too, but less surely; its floor could also be its own.
    target, own = kinds[0], kinds[1]
    floor = probs.floor.copy()
    path = probs.path.copy()
    decor = probs.decor.copy()
    floor[1] = 0.01
    floor[1, ALL_FLOORS.index(target.floor)] = 0.5
    floor[1, ALL_FLOORS.index(own.floor)] = 0.45
    path[1] = 0.01
    path[1, ALL_PATHS.index(target.path)] = 0.5
    path[1, ALL_PATHS.index(own.path)] = 0.45
    decor[1] = 0.01
    decor[1, ALL_DECORS.index(target.decor)] = 0.5
    decor[1, ALL_DECORS.index(own.decor)] = 0.45
    conflicted = AttributeProbs(floor, path, decor, probs.corner)
    greedy = (ALL_FLOORS[int(np.argmax(floor[1]))], ALL_PATHS[int(np.argmax(path[1]))],
              ALL_DECORS[int(np.argmax(decor[1]))])
    assert greedy == (target.floor, target.path, target.decor)  # per-attribute argmax would duplicate
    (out,) = decode(conflicted)
    assert out.garden[(0, 0)].kind == target
    assert out.garden[(0, 1)].kind == own
    assert "B1" in out.review


def test_gardens_of_one_game_never_share_a_tile() -> None:
    rng = np.random.default_rng(0)
    n = 3 * 16
    probs = AttributeProbs(rng.dirichlet(np.ones(6), n), rng.dirichlet(np.ones(3), n), rng.dirichlet(np.ones(5), n),
                           rng.dirichlet(np.ones(4), n))
    out = decode(probs, DEFAULT_CONFIG)
    kinds = [t.kind for g in out for t in g.garden]
    assert len(out) == 3 and len(set(kinds)) == 48


def test_input_checks() -> None:
    with pytest.raises(ValueError, match="multiple of 16"):
        AttributeProbs(np.ones((3, 6)), np.ones((3, 3)), np.ones((3, 5)), np.ones((3, 4)))
    with pytest.raises(ValueError, match=r"\(C, 6\)"):
        AttributeProbs(np.ones((16, 5)), np.ones((16, 3)), np.ones((16, 5)), np.ones((16, 4)))
    n = 6 * 16
    with pytest.raises(ValueError, match="at most 5 gardens"):
        decode(AttributeProbs(np.ones((n, 6)), np.ones((n, 3)), np.ones((n, 5)), np.ones((n, 4))))


def test_tile_probability_is_what_decode_lists_an_alternative_with() -> None:
    rng = np.random.default_rng(11)
    probs = AttributeProbs(*(rng.dirichlet(np.ones(n), size=32) for n in (len(ALL_FLOORS), len(ALL_PATHS),
                                                                            len(ALL_DECORS), len(ALL_CORNERS))))
    listed = 0
    for g, garden in enumerate(decode(probs, DEFAULT_CONFIG)):
        for k, cell in enumerate(garden.alternatives):
            for tile, p in cell[1:]:
                assert tile_probability(probs, g * 16 + k, tile, DEFAULT_CONFIG) == pytest.approx(p, rel=1e-9)
                listed += 1
    assert listed > 0
    # over every kind and corner of a cell, the probabilities sum to one
    from scorer.tiles import Tile

    every = [Tile(k.floor, k.path, k.decor, c) for k in ALL_TILE_KINDS for c in ALL_CORNERS]
    assert sum(tile_probability(probs, 20, t) for t in every) == pytest.approx(1.0)


def test_a_tile_read_below_the_review_threshold_is_listed_and_the_others_are_not() -> None:
    """Cells are listed for review below ``review_threshold`` (0.8): a tile read at about 0.7 (its
    floor 0.75 sure) is listed, its neighbours read at about 0.89 are not; the same confidences
    do not make the outline's check call the reading unsure (it counts tiles below 0.6)."""
    from vision.read import unsure_reading

    kinds = list(ALL_TILE_KINDS[::5][:16])
    probs = _probs_for(kinds, [ALL_CORNERS[0]] * 16, sure=0.97)
    floor = probs.floor.copy()
    floor[5] = 0.05
    floor[5, ALL_FLOORS.index(kinds[5].floor)] = 0.75
    (out,) = decode(AttributeProbs(floor, probs.path, probs.decor, probs.corner))
    assert out.garden[(1, 1)].kind == kinds[5]
    assert 0.6 < out.confidence[1, 1] < DEFAULT_CONFIG.review_threshold
    assert out.review == ("B2",)
    assert unsure_reading(out.confidence, DEFAULT_CONFIG) is None
