"""ui/enrol_page.py without Streamlit: vision's errors worded in the player's language."""

from __future__ import annotations

import pytest

from scorer.vocab import Floor
from ui import i18n
from ui.enrol_page import error_words, problem_words
from vision.enrol import ALL_ENROL_PROBLEMS, EnrolError
from vision.io import ImageLoadError

EN, DE = i18n.Translator("en"), i18n.Translator("de")


def test_every_enrolment_problem_is_worded_in_english_and_german() -> None:
    for code in ALL_ENROL_PROBLEMS:
        exc = EnrolError("English words the player never sees", code)
        en, de = problem_words(EN, exc), problem_words(DE, exc)
        assert en != de, code
        assert en not in (EN("enrol_problem_unexpected"), EN("enrol_problem_file")), code  # a wording of its own
        assert "English" not in en + de


@pytest.mark.parametrize(("exc", "key"), [
    (ImageLoadError("image data: not a supported image", "not_an_image"), "photo_problem_not_an_image"),
    (EnrolError("x.jpg: no garden found (...)", "no_garden"), "enrol_problem_no_garden"),
    (OSError("[Errno 28] No space left on device"), "enrol_problem_file"),
    (ValueError("crops must be (K, T, T, 3) uint8"), "enrol_problem_unexpected"),
])
def test_problem_words_come_from_the_catalogue(exc: Exception, key: str) -> None:
    assert problem_words(DE, exc) == DE(key)


def test_error_words_name_the_floor_whose_photo_it_is() -> None:
    exc = EnrolError("sand.jpg: not a supported image", "not_an_image", Floor.CHERRY_BLOSSOM)
    assert error_words(DE, exc) == ("Das Foto für den Boden Kirschblüte ist nicht verwendbar: "
                                    "kein unterstütztes Bildformat (JPEG, PNG, WebP oder HEIC)")
    assert error_words(EN, EnrolError("give at least one --floor FLOOR PHOTO", "no_photos")) == \
        "The labels could not be checked: there is no floor photo yet"
