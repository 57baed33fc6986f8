"""ui/sidebar.py's wording of a failed retraining ('Keep corrected photos' / 'Retrain from my photos'),
and ui.i18n's wording of a file that cannot be written: the player's language, never the exception's
English."""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path

import pytest

from scorer.vocab import Floor
from ui import i18n
from ui.sidebar import training_words
from vision.enrol import EnrolError
from vision.io import ImageLoadError
from vision.model import ModelLoadError

EN, DE = i18n.Translator("en"), i18n.Translator("de")
ENGLISH = "English words the player never sees"


@pytest.mark.parametrize(("exc", "german"), [
    (EnrolError(f"/data/enrol/sand.jpg: {ENGLISH}", "no_garden", Floor.SAND),
     "das Foto für den Boden Sand unter „Meine Ausgabe anlernen“ ist nicht verwendbar — keine Plättchen "
     "gefunden: die 16 Plättchen auf dem Plan genau von oben fotografieren"),
    (EnrolError(ENGLISH, "no_photos"), "es gibt noch kein Foto eines Bodens"),
    (ImageLoadError(ENGLISH, "corrupt"), "die Datei ist beschädigt oder unvollständig"),
    (ModelLoadError(ENGLISH), "das Erkennungsmodell konnte nicht geladen werden; die App neu installieren und es "
                              "dann erneut versuchen"),
    (ImportError(ENGLISH), "ein Teil der Fotoerkennung ist nicht installiert"),
    (OSError(errno.ENOSPC, ENGLISH), "der Speicher ist voll"),
    (OSError(ENGLISH), "eine Datei im Datenordner konnte nicht gelesen oder geschrieben werden"),
])
def test_a_failed_retraining_is_worded_in_german(exc: BaseException, german: str) -> None:
    assert training_words(DE, exc) == german
    shown = DE("training_failed", why=training_words(DE, exc))
    assert shown == f"Das Modell konnte nicht neu trainiert werden: {german}"
    assert ENGLISH not in shown
    assert training_words(EN, exc) != german and ENGLISH not in training_words(EN, exc)


def test_an_error_without_a_code_gets_a_general_sentence_and_what_to_try() -> None:
    # what vision.train and ui.calibration raise: English for developers, no code
    for exc in (ValueError("no kept examples yet: save a scored game with 'keep corrected photos' switched on"),
                ValueError("/data/examples: no labelled photos (image + .json sidecar) in /data/examples")):
        de, en = training_words(DE, exc), training_words(EN, exc)
        assert de.startswith("die behaltenen Fotos ließen sich nicht zum Trainieren verwenden")
        assert "„Korrigierte Fotos als Beispiele behalten (nur im Datenordner)“" in de  # the switch to turn on
        assert "Keep corrected photos as examples" in en
        assert str(exc) not in de + en and "sidecar" not in de + en


def test_file_problems_are_worded_by_what_the_system_says(tmp_path: Path) -> None:
    assert DE.file_problem(OSError(errno.ENOSPC, "No space left on device")) == "der Speicher ist voll"
    assert DE.file_problem(OSError(errno.EROFS, "Read-only file system")) == "der Datenordner ist schreibgeschützt"
    assert DE.file_problem(PermissionError(errno.EACCES, "Permission denied")) == \
        "die App darf nicht in den Datenordner schreiben"
    assert EN.file_problem(OSError("no errno")) == "a file in the data folder could not be read or written"
    assert EN.file_problem(ValueError("x.jpg: could not write the image")) == EN("file_problem_other")
    db = tmp_path / "history.sqlite3"
    sqlite3.connect(db).close()
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    with pytest.raises(sqlite3.OperationalError) as readonly:  # a real SQLITE_READONLY
        con.execute("CREATE TABLE t (x)")
    con.close()
    assert DE.file_problem(readonly.value) == "der Datenordner ist schreibgeschützt"
    assert DE.file_problem(sqlite3.OperationalError("database is locked")) == DE("file_problem_other")
