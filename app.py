"""compcore's Streamlit app: routes only. Every page lives in ``pages/``; the shared
sidebar and the session live in ``ui/``. The sidebar and the page run inside the error
boundary (``ui/guard.py``): an unexpected error is one sentence on the page and a traceback
in the server log, never a traceback on the page.

On a first start the note that the demo seasons are going in is drawn before the app's
heavy imports (``ui/boot.py``, issue 19: the first page at once)."""

import streamlit as st

from ui import boot

# "♟" is in Streamlit's emoji list, so the tab shows it (drawn in the page); "♞" was not, and
# Streamlit took it for an image file name: 0.2-0.3 s of the first page, then a 404 for it
st.set_page_config(page_title="compcore", page_icon="♟", layout="wide")
first_start = boot.first_start_note()  # a fresh database: the note before the imports below

from ui import guard, links, printing, sidebar, state  # noqa: E402

printing.inject()  # print from the browser: A4, no menu, buttons or canvas tables
run = state.begin_run()
pages = [
    st.Page(
        "pages/overview.py",
        title=run.tr("app.page.overview"),
        icon=":material/home:",
        default=True,
    ),
    st.Page("pages/round.py", title=run.tr("app.page.round"), icon=":material/event:"),
    st.Page(
        "pages/standings.py", title=run.tr("app.page.standings"), icon=":material/leaderboard:"
    ),
    # a member's own page (issue 10): listed, and opened by tapping any name (ui/links.py)
    st.Page(
        "pages/speler.py",
        title=run.tr("app.page.player"),
        icon=":material/person:",
        url_path=links.URL_PATH,
    ),
    st.Page("pages/winners.py", title=run.tr("app.page.winners"), icon=":material/emoji_events:"),
    st.Page("pages/players.py", title=run.tr("app.page.players"), icon=":material/group:"),
    st.Page("pages/settings.py", title=run.tr("app.page.settings"), icon=":material/settings:"),
    st.Page(
        "pages/competitions.py",
        title=run.tr("app.page.competitions"),
        icon=":material/folder_open:",
    ),
    # a member's own sign-off page: reached only by his personal link, not in the menu
    st.Page(
        "pages/signoff.py",
        title=run.tr("signoff.title"),
        icon=":material/event_busy:",
        visibility="hidden",
    ),
]
# the committee's tools (issue 13) in one menu of their own, so the top bar of a laptop holds
# every page without folding the director's pages away behind Streamlit's "more"
committee = [
    st.Page("pages/trends.py", title=run.tr("app.page.trends"), icon=":material/trending_up:"),
    # the rule lab (issue 13 item 1): anyone may read it
    st.Page("pages/rulelab.py", title=run.tr("app.page.rulelab"), icon=":material/science:"),
    # issue 13 item 2: simulated seasons under two rulesets (anyone can read)
    st.Page("pages/simulation.py", title=run.tr("app.page.simulation"), icon=":material/casino:"),
    # the club rating (issue 13 item 3): anyone can read it
    st.Page("pages/club_rating.py", title=run.tr("rating.title"), icon=":material/show_chart:"),
]
page = st.navigation(  # a phone keeps the page in view
    {"": pages, run.tr("app.section.committee"): committee}, position="top"
)
guard.guarded(lambda: sidebar.render(run), run.lang, "sidebar")
state.wait_for_demo_seasons(run, first_start)  # a first start: the page is up meanwhile
state.show_flash()
state.show_notices(run)
guard.guarded(page.run, run.lang, page.url_path or "overview")
boot.give_back_memory()
