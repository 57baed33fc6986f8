"""What "no English left" means on a German page, shared by the AppTest (``test_app_words``) and the
real-browser test (``test_browser``)."""

from __future__ import annotations

from collections.abc import Iterable

from scorer import Reason
from zengarden import wording

#: Pieces of every English reason, tie-break and note the sample games produce.
ENGLISH = ("tiles show", "tile shows", "coins left", "complete walkway", "decor counts", "floor types",
           "every floor forms", "split into", "not completed", "to complete", "mission ", "earned a",
           "coin bonus", "tied on", "wins with", "most coins", "no place", "second most", "floor:", "path:",
           "decor:", "cherry_blossom", "Tie-break", "Winner")


def english_left(shown: str, reasons: Iterable[Reason] = ()) -> list[str]:
    """The English in ``shown``: each piece of :data:`ENGLISH` found, and each of ``reasons`` found
    worded in English (where its English differs from its German)."""
    found = [piece for piece in ENGLISH if piece in shown]
    for reason in reasons:
        english = wording.ENGLISH(reason)
        if english != wording.GERMAN(reason) and english in shown:
            found.append(english)
    return found
