"""A page's context once it knows what it shows (issue "pages", step 4): :class:`Page`, a
run whose competition is chosen (its id not None), and :class:`Directing`, such a page
opened by a logged-in director (his login not None). A page gets one with :func:`page`
(which stops the page with a message when the database holds no competition, as
``state.require_competition`` did) and :func:`directing`, and no longer checks for
``None`` itself."""

from __future__ import annotations

from dataclasses import dataclass

from compcore.i18n import Lang
from compcore.services.vocabulary import Director, Repository
from ui import state


@dataclass(frozen=True)
class Page:
    """One run of a page with its competition chosen."""

    run: state.Ctx
    #: the chosen competition's id
    cid: int

    @property
    def lang(self) -> Lang:
        return self.run.lang

    @property
    def store(self) -> Repository:
        """The store, for the page to pass to the services."""
        return self.run.store

    def tr(self, key: str, **fields: object) -> str:
        return self.run.tr(key, **fields)


@dataclass(frozen=True)
class Directing(Page):
    """A page with its competition chosen, opened by a logged-in director."""

    director: Director


def page(run: state.Ctx) -> Page:
    """The run as a page with its competition: the page stops with a message when the
    database holds none, and says which competition it shows otherwise."""
    state.require_competition(run)
    assert run.cid is not None  # require_competition stops the page without one
    return Page(run, run.cid)


def directing(here: Page) -> Directing | None:
    """``here`` as a director's page (None: nobody is logged in)."""
    if here.run.director is None:
        return None
    return Directing(here.run, here.cid, here.run.director)


def chosen(run: state.Ctx) -> int:
    """The chosen competition's id, on a page that made sure there is one (:func:`page`)."""
    assert run.cid is not None, "no competition chosen"
    return run.cid
