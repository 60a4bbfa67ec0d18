"""A page's context once it knows what it shows (issue "pages", step 4): :class:`Page`, a
run whose competition is chosen (its id not None). A page gets one with :func:`page`,
which stops the page with a message when the database holds no competition (as
``state.require_competition`` did), and no longer checks for ``None`` itself; a ui helper
that a page calls only then reads the id with :func:`chosen`. The director's writes on
the Ronde page have their own guard (``ui.round_view.RoundView.actor``)."""

from __future__ import annotations

from dataclasses import dataclass

from compcore.i18n import Lang
from compcore.services.vocabulary import Repository
from ui import state, unsaved


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


def page(run: state.Ctx, *, unsaved_notice: bool = True) -> Page:
    """The run as a page with its competition: the page stops with a message when the
    database holds none, and says which competition it shows otherwise. A director is
    reminded of results he entered and did not save (``unsaved_notice``: the Ronde page
    says it itself, for the rounds it does not show)."""
    state.require_competition(run)
    assert run.cid is not None  # require_competition stops the page without one
    if unsaved_notice:
        unsaved.notice(run)
    return Page(run, run.cid)


def chosen(run: state.Ctx) -> int:
    """The chosen competition's id, on a page that made sure there is one (:func:`page`)."""
    assert run.cid is not None, "no competition chosen"
    return run.cid
