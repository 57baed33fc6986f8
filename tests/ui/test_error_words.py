"""Errors the player sees are worded from ui.i18n in their language, never an exception's English: the
Gardens tab's photo errors (ui.tab_gardens.photo_error_words / unavailable_words), a game file that is
not JSON (ui.tab_setup.json_problem), and no ui/ module turning a caught exception into text."""

from __future__ import annotations

import ast
import json
import logging
from pathlib import Path

import numpy as np
import pytest

from ui import i18n
from ui.photos import PhotoError, read_photos_jointly
from ui.tab_gardens import photo_error_words, unavailable_words
from ui.tab_setup import json_problem
from vision.model import ModelLoadError

ROOT = Path(__file__).resolve().parents[2]
EN, DE = i18n.Translator("en"), i18n.Translator("de")
ENGLISH = "English words the player never sees"

#: What the reader's errors say in German, whole sentences as shown.
REST = "Die Plättchen unten von Hand eingeben; das Foto bleibt hier."
TRY_AGAIN = "Unten die vier Ecken des Gartens anklicken, das Foto genau von oben neu aufnehmen oder die Plättchen " \
            "von Hand eingeben."


@pytest.mark.parametrize(("exc", "copy_model", "german"), [
    (ImportError(ENGLISH), False, f"Fotos können gerade nicht gelesen werden: die Fotoerkennung ist in dieser App "
                                  f"nicht installiert. {REST}"),
    (ModelLoadError(ENGLISH), False, "Fotos können gerade nicht gelesen werden: die Fotoerkennung konnte nicht "
                                     "geladen werden (ihre Modelldatei fehlt oder ist beschädigt; die App neu "
                                     f"installieren). {REST}"),
    (ModelLoadError(ENGLISH), True, "Fotos können gerade nicht gelesen werden: das Modell deiner Ausgabe konnte "
                                    "nicht geladen werden; „Zurück zum mitgelieferten Modell“ unter „Meine Ausgabe "
                                    "anlernen“ in der Seitenleiste liest wieder mit dem mitgelieferten Modell. "
                                    f"{REST}"),
])
def test_a_reader_that_cannot_be_loaded_is_worded_in_german(exc: BaseException, copy_model: bool,
                                                            german: str) -> None:
    assert unavailable_words(DE, exc, copy_model) == german
    english = unavailable_words(EN, exc, copy_model)
    assert english.startswith("Photos cannot be read now: ") and ENGLISH not in english
    if copy_model:  # names the sidebar button that goes back to the bundled model, and its section
        assert "“Reset to the bundled model” under “Teach it my copy”" in english


@pytest.mark.parametrize(("exc", "names", "german"), [
    (PhotoError("load", ENGLISH, "corrupt"), None,
     "Dieses Foto ist nicht verwendbar: die Datei ist beschädigt oder unvollständig. Ein anderes Foto wählen oder "
     "aufnehmen, oder die Plättchen unten von Hand eingeben."),
    (PhotoError("load", ENGLISH), None,  # no code: the general wording
     "Dieses Foto ist nicht verwendbar: das Bild lässt sich nicht dekodieren. Ein anderes Foto wählen oder "
     "aufnehmen, oder die Plättchen unten von Hand eingeben."),
    (PhotoError("load", ENGLISH, "no_such_code"), None,
     "Dieses Foto ist nicht verwendbar: das Bild lässt sich nicht dekodieren. Ein anderes Foto wählen oder "
     "aufnehmen, oder die Plättchen unten von Hand eingeben."),
    (PhotoError("grid", ENGLISH), None, f"Kein Garten im Foto gefunden. {TRY_AGAIN}"),
    (PhotoError("read", ENGLISH), None, f"Das Foto konnte nicht gelesen werden. {TRY_AGAIN}"),
    (PhotoError("unavailable", ENGLISH), None,
     f"Fotos können gerade nicht gelesen werden: die Fotoerkennung ist in dieser App nicht installiert. {REST}"),
    (PhotoError("grid", ENGLISH, photo_index=1), ["Ann", "Bob"],
     "Die Fotos konnten nicht gemeinsam gelesen werden: im Foto von Bob wurde kein Garten gefunden. Im Garten von "
     "Bob die vier Ecken auf dem Foto anklicken und es dann erneut versuchen; alle Gärten bleiben, wie sie waren."),
    (PhotoError("read", ENGLISH, photo_index=0), ["Ann", "Bob"],
     "Die Fotos konnten nicht gemeinsam gelesen werden: das Foto von Ann ließ sich nicht lesen. Im Garten von Ann "
     "die vier Ecken auf dem Foto anklicken und es dann erneut versuchen; alle Gärten bleiben, wie sie waren."),
    (PhotoError("read", ENGLISH), ["Ann", "Bob"],  # not about one photo
     "Die Fotos konnten nicht gemeinsam gelesen werden; alle Gärten bleiben, wie sie waren. Den Umriss jedes Fotos "
     "prüfen (wo er falsch ist, die vier Ecken anklicken) und es dann erneut versuchen."),
])
def test_photo_errors_are_worded_in_german(exc: PhotoError, names: list[str] | None, german: str) -> None:
    assert photo_error_words(DE, exc, names) == german
    english = photo_error_words(EN, exc, names)
    assert english != german and ENGLISH not in english


def test_a_joint_read_names_the_player_whose_photo_has_no_garden() -> None:
    import cv2

    from ui.photos import load_tile_model, reading_ready

    if reading_ready() is not None:
        pytest.skip("no vision pipeline")
    photo = ROOT / "samples" / "photos" / "game-ann.jpg"
    image = cv2.imread(str(photo), cv2.IMREAD_COLOR)
    corners = json.loads(photo.with_suffix(".json").read_text())["corners"]
    blank = np.full((600, 800, 3), 128, np.uint8)
    with pytest.raises(PhotoError) as err:  # the reader's own GridNotFoundError, from the second photo
        read_photos_jointly([image, blank], [corners, None], ["a", "b"], model=load_tile_model())
    assert err.value.kind == "grid" and err.value.photo_index == 1
    assert photo_error_words(DE, err.value, ["Ann", "Bob"]).startswith(
        "Die Fotos konnten nicht gemeinsam gelesen werden: im Foto von Bob wurde kein Garten gefunden.")


def test_a_game_file_that_is_not_json_is_worded_in_german() -> None:
    def problem(data: bytes) -> str:
        try:
            json.loads(data.decode("utf-8"))
        except ValueError as exc:
            return json_problem(DE, exc)
        raise AssertionError("valid JSON")

    assert problem(b'{"boards": [1, 2,\n  oops]}') == "ihr JSON ist in Zeile 2, Spalte 3 fehlerhaft"
    assert problem(b"\xff\xfe not text") == "sie ist kein UTF-8-Text"
    assert json_problem(DE, ValueError(ENGLISH)) == "sie lässt sich nicht als JSON lesen"
    assert DE("import_not_json", why=problem(b"")) == "Das ist keine JSON-Spieldatei (ihr JSON ist in Zeile 1, " \
                                                      "Spalte 1 fehlerhaft)."


def test_garden_text_refused_by_another_error_gets_a_german_sentence_and_is_logged(
        caplog: pytest.LogCaptureFixture) -> None:
    from scorer.errors import NotationError
    from ui.viewmodel import parse_garden_text

    exc = ValueError(ENGLISH)  # not the scorer's NotationError
    with caplog.at_level(logging.ERROR, logger="ui.i18n"):
        german, english = DE.notation_error(exc), EN.notation_error(exc)
    assert DE("notation_error", error=german) == \
        "Dieser Text ist nicht verwendbar: er ließ sich nicht als 16 Plättchen untergrund/weg/dekor/ecke, Reihe " \
        "für Reihe, lesen; den Text prüfen und es erneut versuchen"
    assert ENGLISH not in english and english != german
    assert [r.exc_info[1] for r in caplog.records if r.exc_info] == [exc, exc]  # for developers, with its text
    caplog.clear()
    with pytest.raises(NotationError) as bad:  # the notation's own error still says what is wrong, unlogged
        parse_garden_text("water/stone/gate/se")
    assert DE.notation_error(bad.value) not in (german, str(bad.value))
    assert not caplog.records


@pytest.mark.parametrize(("code", "german"), [
    ("damaged", "seine gespeicherten Eingaben sind beschädigt"),
    ("version", "es wurde von einer anderen Version der App gespeichert"),
    ("no_such_code", "seine gespeicherten Eingaben sind beschädigt"),
])
def test_a_stored_draft_that_cannot_be_used_is_worded_by_its_code(code: str, german: str) -> None:
    from ui.session import draft_problem_words

    assert draft_problem_words(DE, code) == german
    assert draft_problem_words(EN, code) != german


# --- no exception's own text in a message ------------------------------------------------------------

#: Where a caught exception's text is kept on purpose: a reason for tests and scripts to skip, never
#: shown in the app (checked below: no page calls it).
KEPT = {("photos.py", "reading_ready")}
#: The calls that put text on the page or fill a message's placeholders.
SAYERS = {"T", "notify", "error", "warning", "info", "success", "toast", "exception", "markdown", "caption", "write"}


def _name(node: ast.AST) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def exception_texts(source: str) -> list[tuple[str, int]]:
    """(function, line) wherever an exception caught with ``except … as name`` becomes text outside a
    ``raise`` (building another exception is fine): ``str``/``repr``/``format`` of it, an f-string,
    ``%`` or ``.format`` holding it, its ``args``/``strerror``/``msg``, or it handed as it is to a
    message (``T(...)``, ``notify(...)``, ``st.error(...)`` …)."""
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, function: str, caught: set[str]) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function, caught = node.name, set()  # a nested function sees its own handlers
        if isinstance(node, ast.Raise):
            return
        if isinstance(node, ast.ExceptHandler) and node.name:
            caught = caught | {node.name}

        def holds(expr: ast.AST) -> bool:  # the exception itself, not a code read from it (``exc.code``)
            if isinstance(expr, ast.Name):
                return expr.id in caught
            return not isinstance(expr, ast.Attribute) and any(holds(c) for c in ast.iter_child_nodes(expr))

        hit = False
        if isinstance(node, ast.Call):
            func = _name(node.func)
            values = [*node.args, *(kw.value for kw in node.keywords)]
            made_text = func in {"str", "repr", "format"} and any(holds(a) for a in node.args)
            formatted = func == "format" and isinstance(node.func, ast.Attribute) and any(holds(v) for v in values)
            handed = func in SAYERS and any(isinstance(v, ast.Name) and v.id in caught for v in values)
            hit = made_text or formatted or handed
        elif isinstance(node, ast.FormattedValue):
            hit = holds(node.value)
        elif isinstance(node, ast.BinOp):
            hit = isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant) and holds(node.right)
        elif isinstance(node, ast.Attribute):
            hit = node.attr in {"args", "strerror", "msg"} and isinstance(node.value, ast.Name) \
                and node.value.id in caught
        if hit:
            found.append((function, node.lineno))
        for child in ast.iter_child_nodes(node):
            visit(child, function, caught)

    visit(ast.parse(source), "", set())
    return found


def test_the_check_finds_each_way_an_exception_becomes_text() -> None:
    source = '''
def f(T, st):
    try:
        pass
    except OSError as exc:
        st.error(T("a", error=str(exc)))
        st.toast(f"failed: {exc}")
        st.warning(T("b", error=exc))
        st.info("%s" % exc)
        st.info("{}".format(exc))
        st.info(exc.strerror)
        raise ValueError(str(exc)) from None
    except ValueError as err:
        st.error(T("c", why=T.file_problem(err)), icon=getattr(err, "code", None))
        st.error(T(f"photo_problem_{err.code}"))
        st.error(T("d", why=f"{err.args[0]}"))
'''
    assert [line for _, line in exception_texts(source)] == [6, 7, 8, 9, 10, 11, 16]


def test_no_ui_module_shows_an_exception_s_own_text() -> None:
    found = [(path.name, function, line) for path in sorted((ROOT / "ui").glob("*.py"))
             for function, line in exception_texts(path.read_text(encoding="utf-8"))
             if (path.name, function) not in KEPT]
    found += [("app.py", function, line) for function, line in exception_texts((ROOT / "app.py").read_text())]
    assert found == []
    for path in [*(ROOT / "ui").glob("*.py"), ROOT / "app.py"]:  # what is kept is never shown by the app
        if path.name != "photos.py":
            assert "reading_ready" not in path.read_text(encoding="utf-8"), path.name
