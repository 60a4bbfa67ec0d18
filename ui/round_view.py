"""The Ronde page's round as one script run shows it (:class:`RoundView`): the competition,
the chosen round, its stage and stored state, the director; the page's parts
(``ui.round_attendance``, ``ui.round_draft``, ``ui.round_edits``, ``ui.round_results``)
take it instead of reading the page's globals. A button's callback gets the view of the
run that drew the button: what the director saw."""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from compcore.domain.errors import NotAuthorized
from compcore.domain.model import Round, Season
from compcore.services.vocabulary import Director, Ruleset
from ui import state


@dataclass(frozen=True)
class RoundView:
    """One round of the chosen competition, as this run of the Ronde page shows it."""

    run: state.Ctx
    season: Season
    ruleset: Ruleset
    #: player id -> name
    names: dict[str, str]
    cid: int
    number: int
    #: ``new``, ``open``, ``published`` or ``complete`` (``compcore.services.round.stage``)
    stage: str
    #: the round as stored (None: a new round)
    stored: Round | None
    cycle: int
    #: the logged-in director (None: a member reads the page)
    director: Director | None
    #: the computer entrants (placed by the pairing only, never moved by hand)
    engines: set[str]
    #: DS-16: a round robin's schedule was made when it was created: its boards are not
    #: edited and its rounds not deleted here; only results are entered
    scheduled: bool

    def tr(self, key: str, **fields: object) -> str:
        return self.run.tr(key, **fields)

    @property
    def draft_key(self) -> str:
        """The session key of the round's proposed pairing."""
        return f"draft_{self.cid}_{self.number}"

    @property
    def late_key(self) -> str:
        """The session key of the round's late re-pairing (DS-14)."""
        return f"late_{self.cid}_{self.number}"

    @property
    def edit_form(self) -> str:
        """The form of the changes after publishing."""
        return f"published_edit_{self.cid}_{self.number}"

    @property
    def actor(self) -> Director:
        """The director who makes a write; refused as the store refuses a write by nobody
        (a draft is kept only on a director's page, so this is a guard, not a path)."""
        if self.director is None:
            raise NotAuthorized.at((), "store.not_director")
        return self.director

    @property
    def published(self) -> Round:
        """The stored round (a stage past ``new`` has one)."""
        assert self.stored is not None, "the round is not stored"
        return self.stored


def lazy_expander(label: str, key: str) -> tuple[DeltaGenerator, bool]:
    """An expander whose content is built only while it is open (issue 19): it tracks its
    open state in ``st.session_state[key]`` (opening or closing it reruns the page), so a
    closed one sends the browser nothing but its label. Returns the expander and whether
    it is open; the caller fills it only when it is."""
    box = st.expander(label, key=key, on_change="rerun")
    return box, bool(box.open)
