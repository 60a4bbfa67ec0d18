"""Pairing pauses Python's cyclic garbage collector while it runs (issue 19: half of a
10,000-player round was the collector walking the season's history) and leaves it as it
found it: enabled or disabled, after an error too, with pairings nested or in threads."""

from __future__ import annotations

import gc
import threading

import pytest

from compcore.domain.errors import PairingError
from compcore.lab import synthetic
from compcore.pairing import pair
from compcore.pairing.engine import collector_paused
from compcore.rules.rulesets import ruleset_of


def _season():  # type: ignore[no-untyped-def]
    return synthetic.season("ladder-ab", n_players=12, n_rounds=2, seed=3, open_round=True)


@pytest.mark.parametrize("enabled", [True, False])
def test_pair_leaves_the_collector_as_it_was(enabled: bool) -> None:
    s = _season()
    before = gc.isenabled()
    try:
        gc.enable() if enabled else gc.disable()
        with collector_paused():
            assert not gc.isenabled()
        assert gc.isenabled() is enabled
        assert pair(s, ruleset_of(s)).boards
        assert gc.isenabled() is enabled
    finally:
        gc.enable() if before else gc.disable()


def test_collector_resumes_after_an_error_and_after_nesting() -> None:
    assert gc.isenabled()
    with pytest.raises(PairingError), collector_paused():
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the outer pairing still runs
        raise PairingError("boom")
    assert gc.isenabled()


def test_concurrent_pairings_share_one_pause() -> None:
    assert gc.isenabled()
    inside = threading.Event()
    release = threading.Event()

    def other() -> None:
        with collector_paused():
            inside.set()
            release.wait(10)

    thread = threading.Thread(target=other)
    thread.start()
    assert inside.wait(10)
    with collector_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()  # the other thread's pairing is still running
    release.set()
    thread.join(10)
    assert gc.isenabled()
