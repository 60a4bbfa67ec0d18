"""The club's static website as a ZIP download (Instellingen; issue 11, item 1)."""

from __future__ import annotations

from compcore.i18n import Lang
from compcore.ports.repository import Repository
from compcore.present import website


def site_zip(store: Repository, lang: Lang) -> bytes:
    """Every competition in ``store`` as the website ``compcore publish`` writes, zipped."""
    comps = [
        website.Competition(f"c{info.id}", store.load(info.id), store.ruleset(info.id))
        for info in store.competitions()
    ]
    return website.zipped(website.site(comps, lang))
