"""The Streamlit page through ``AppTest``: verdicts, breaking cells and the score appear; bad input is listed."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

SCRIPT = """
from ui.gardeners_page import render
render()
"""


def start() -> AppTest:
    at = AppTest.from_string(SCRIPT, default_timeout=60)
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def texts(elements: object) -> list[str]:
    return [e.value for e in elements]  # type: ignore[attr-defined]


def test_default_page_shows_verdicts_cells_and_score() -> None:
    at = start()
    errors = texts(at.error)
    assert any("Card 1" in e and "not compliant" in e and "Cells: C1, B4, B6" in e for e in errors), errors
    assert any("Square" in s and "compliant" in s for s in texts(at.success))
    assert at.metric[0].value == "0"
    keys = list(at.session_state.keys())
    assert keys and all(k.startswith("gardeners_") for k in keys), keys


def test_changing_the_garden_and_adding_a_card() -> None:
    at = start()
    at.selectbox(key="gardeners_size").set_value(4).run()
    at.text_area(key="gardeners_notation_4").set_value("GFy GFy G G\nG G G G\nG G G GBn\nG G G GFr").run()
    assert any("Card 1" in s and "compliant" in s for s in texts(at.success))
    at.number_input(key="gardeners_card_count").set_value(2).run()
    at.selectbox(key="gardeners_card1_type").set_value("panorama").run()
    errors = texts(at.error)
    assert any("Card 2" in e and "Cells: D3" in e for e in errors), errors  # the bench faces north, away
    at.selectbox(key="gardeners_card1_status").set_value("validated").run()
    at.number_input(key="gardeners_discarded").set_value(3).run()
    assert at.metric[0].value == "-1"  # 1 validated, 3 discarded: the first is free


def test_cell_by_cell_entry() -> None:
    at = start()
    at.selectbox(key="gardeners_size").set_value(4).run()
    at.radio(key="gardeners_entry").set_value("Cell by cell").run()
    at.selectbox(key="gardeners_cell_4_3_3").set_value("GFy").run()
    # yellow flowers now at A1, B1, D4 (was DFy) and D4 has no yellow neighbour
    assert any("Cells: D4" in e for e in texts(at.error))


def test_invalid_garden_lists_every_problem() -> None:
    at = start()
    at.selectbox(key="gardeners_size").set_value(4).run()
    at.text_area(key="gardeners_notation_4").set_value("GX G G G\nG G G\nG G G G\nG G G Gq").run()
    assert not at.exception
    message = at.error[0].value
    assert "Cannot check this game" in message
    assert "line 1, column 1" in message and "line 2" in message and "line 4, column 7" in message
