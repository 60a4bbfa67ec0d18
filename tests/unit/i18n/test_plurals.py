"""Issue 22 ("ronde(n)", "speler(s)"): a text with a count says its singular for 1 and its
plural otherwise, in both languages; no text of either language writes "(s)" or "(en)"
for a plural."""

from __future__ import annotations

import re

from compcore.i18n import catalog, t


def test_one_takes_the_singular_and_any_other_count_the_plural():
    assert t("app.players.imported", "nl", count=1) == "1 speler geïmporteerd."
    assert t("app.players.imported", "nl", count=3) == "3 spelers geïmporteerd."
    assert t("app.players.imported", "nl", count=0) == "0 spelers geïmporteerd."
    assert t("app.players.imported", "en", count=1) == "1 player imported."
    assert t("app.players.imported", "en", count=2) == "2 players imported."


def test_every_singular_has_its_plural_in_both_languages():
    nl, en = catalog("nl"), catalog("en")
    for lang in (nl, en):
        for key in (k for k in lang if k.endswith(".one")):
            assert key.removesuffix(".one") in lang, key
    assert {k for k in nl if k.endswith(".one")} == {k for k in en if k.endswith(".one")}


def test_no_text_hedges_its_plural():
    hedged = re.compile(r"\w\([a-z']{1,3}\)")  # "speler(s)", "stap(pen)", "id('s)"
    found = [
        (key, text)
        for lang in ("nl", "en")
        for key, text in catalog(lang).items()  # type: ignore[arg-type]
        if hedged.search(text)
    ]
    assert found == []
