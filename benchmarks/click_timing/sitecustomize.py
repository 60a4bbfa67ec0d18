"""Timestamps of the app server's script runs, for ``director_actions.py --breakdown``.

Loaded by Python at start-up when this folder is on ``PYTHONPATH`` (the benchmark puts it
there for the server it starts, never for the app otherwise). For every script run it
appends one JSON line to ``$COMPCORE_TIMING_LOG``: wall-clock start and end
(``time.time()``, comparable with the benchmark's own clock), the time in widget
callbacks, the script thread's CPU time, and the bytes and messages sent to the browser
so far (before and after the run: what a run sends may leave just after it ends). With ``$COMPCORE_PROFILE_DIR`` set, each run is also profiled
(``cProfile``) into ``run-N.prof`` there.
"""

from __future__ import annotations

import json
import os
import threading
import time

LOG = os.environ.get("COMPCORE_TIMING_LOG")
PROFILES = os.environ.get("COMPCORE_PROFILE_DIR")


def _install() -> None:
    from streamlit.runtime.scriptrunner import script_runner
    from streamlit.runtime.state import session_state
    from streamlit.web.server.starlette import starlette_websocket

    sent = threading.local()
    counter = [0]
    original_run = script_runner.ScriptRunner._run_script
    original_callbacks = session_state.SessionState.on_script_will_rerun
    original_serialize = starlette_websocket.serialize_forward_msg

    def serialize(msg):  # type: ignore[no-untyped-def]
        payload = original_serialize(msg)
        if os.environ.get("COMPCORE_TIMING_TYPES"):
            with open(os.environ["COMPCORE_TIMING_TYPES"], "a") as out:
                kind = msg.WhichOneof("type")
                detail = ""
                if kind == "delta":
                    d = msg.delta
                    detail = d.WhichOneof("type") or ""
                    if detail == "new_element":
                        detail += ":" + (d.new_element.WhichOneof("type") or "")
                    detail += " " + "/".join(map(str, msg.metadata.delta_path))
                elif kind == "page_info_changed":
                    detail = msg.page_info_changed.query_string
                out.write(f"{time.time():.3f} {len(payload)} {kind} {detail}\n")
        totals[0] += len(payload)
        totals[1] += 1
        return payload

    totals = [0, 0]

    def callbacks(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        try:
            return original_callbacks(self, *args, **kwargs)
        finally:
            sent.callbacks = getattr(sent, "callbacks", 0.0) + time.perf_counter() - start

    def run(self, rerun_data):  # type: ignore[no-untyped-def]
        sent.callbacks = 0.0
        bytes0, msgs0 = totals
        wall, cpu = time.time(), time.thread_time()
        profile = None
        if PROFILES:
            import cProfile

            profile = cProfile.Profile()
            profile.enable()
        try:
            return original_run(self, rerun_data)
        finally:
            if profile is not None:
                profile.disable()
                counter[0] += 1
                profile.dump_stats(os.path.join(PROFILES, f"run-{counter[0]}.prof"))
            line = {
                "start": wall,
                "end": time.time(),
                "cpu": time.thread_time() - cpu,
                "callbacks": sent.callbacks,
                "sent_before": [bytes0, msgs0],  # bytes, messages sent so far
                "sent_after": list(totals),
            }
            with open(LOG, "a") as out:  # type: ignore[arg-type]
                out.write(json.dumps(line) + "\n")

    script_runner.ScriptRunner._run_script = run  # type: ignore[method-assign]
    session_state.SessionState.on_script_will_rerun = callbacks  # type: ignore[method-assign]
    starlette_websocket.serialize_forward_msg = serialize  # type: ignore[assignment]


if LOG:
    _install()
