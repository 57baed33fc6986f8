"""The Streamlit page through AppTest: problems while the form is incomplete, then scores with reasons."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

SCRIPT = "from ui.emperors_page import render\nrender()\n"


@pytest.fixture
def app() -> AppTest:
    at = AppTest.from_string(SCRIPT, default_timeout=60)
    at.run()
    assert not at.exception
    return at


def fill_start_layout(at: AppTest) -> None:
    # The five starting cards as a plus: 1 above, 3 8 11 across, 12 below.
    for (r, c), suit in {(0, 1): "1", (1, 0): "3", (1, 1): "8", (1, 2): "11", (2, 1): "12"}.items():
        at.selectbox(key=f"emperors_card_{r}_{c}").select(suit)
    at.run()


def test_an_empty_form_lists_what_is_missing(app: AppTest) -> None:
    errors = " ".join(e.value for e in app.error)
    assert "the layout holds no card" in errors
    assert "there are 4 scoring cards, got 0" in errors
    assert not app.success
    assert list(app.session_state) and all(k.startswith("emperors_") for k in app.session_state)


def test_scores_appear_with_reasons_and_tie_break(app: AppTest) -> None:
    fill_start_layout(app)
    app.number_input(key="emperors_player_count").set_value(2)
    app.selectbox(key="emperors_emperor").select("B2")
    app.selectbox(key="emperors_p0_samurai").select("B3")  # on 12, one card: 3 × 3 = 9
    app.selectbox(key="emperors_p1_samurai").select("A2")  # on 3, one card: 9
    app.selectbox(key="emperors_p1_poet").select("C2")  # on 11, not scoring
    for i, suit in enumerate(["3", "5", "8", "12"]):
        app.selectbox(key=f"emperors_scoring_{i}").select(suit)
    app.run()
    assert not app.exception and not app.error
    # Both 9 + agent 2 = 11; tie-break 2: Player 2 has 2 pieces on the board, Player 1 one.
    assert [s.value for s in app.success] == ["Winner: Player 2"]
    assert "tie-break 2 (most pieces on the board)" in app.info[0].value
    texts = [m.value for m in app.markdown]
    assert any("12 (paulownia): samurai on B3 (3) = 3" in t and "= 9" in t for t in texts)
    assert any("agent: card still held → 2" in t for t in texts)
    # Agent used by player 2: player 1 wins on total.
    app.checkbox(key="emperors_p1_agent").uncheck()
    app.run()
    assert [s.value for s in app.success] == ["Winner: Player 1"]


def test_impossible_state_is_refused_with_its_position(app: AppTest) -> None:
    fill_start_layout(app)
    app.selectbox(key="emperors_emperor").select("B2")
    app.selectbox(key="emperors_p0_samurai").select("B2")  # on the emperor's card
    for i, suit in enumerate(["3", "5", "8", "12"]):
        app.selectbox(key=f"emperors_scoring_{i}").select(suit)
    app.run()
    assert "position B2: 2 pieces on one card (the emperor and the red samurai)" in app.error[0].value
    assert not app.success


def test_western_cards(app: AppTest) -> None:
    app.radio(key="emperors_deck").set_value("western")
    app.run()
    options = app.selectbox(key="emperors_card_0_0").options
    assert "K" not in options and "A" in options and "10" in options
