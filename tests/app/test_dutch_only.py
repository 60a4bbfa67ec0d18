"""One language per screen (issue 8): every page and every command line output in Dutch
(the default) shows no English.

The app: every page of every demo season (one per preset, ``data/*.json``), as a member
and as a logged-in director, with the director's evening on the round page (attendance,
the proposal with its reasons, an edit that breaks a rule, publishing refused without a
reason and then accepted, the pairing sheet with its notes, late re-pairing), published
rounds with their notes, and the errors a director can make (bad overrides, a bad season
file, bad CSV rows, a wrong password). The command line: every command with its default
language, its help and its errors.

All visible text is collected: markdown, captions, headings, alerts, widget labels, help,
options and placeholders, table headers and cells, chart titles. What is not prose is taken
out before the words are checked: player, club and competition names, rule ids (DS-11,
FIDE C.04.3 E.2), code (``st.code`` blocks, backquoted text), quoted file content and field
names ('result'), words joined by ``-`` or ``_`` (flags, identifiers), and on the command
line its own syntax (command and option names, ``--format`` values, machine-readable JSON).
What remains may not contain a word of :data:`ENGLISH`, words no Dutch sentence has.

Streamlit's own words (the file uploader's drop zone, "Running...") are drawn by the
browser, not by the script, so AppTest cannot see them; ``docs/app.md`` says which of them
Streamlit lets an app set.
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout, suppress
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from google.protobuf.message import Message
from streamlit.dataframe_util import convert_arrow_bytes_to_pandas_df
from streamlit.proto.Html_pb2 import Html as HtmlProto

from compcore.adapters.access import auth
from compcore.adapters.access.auth import hash_password
from compcore.adapters.files import season_file
from compcore.adapters.store import Store
from compcore.cli import main as cli
from compcore.domain.model import Season
from compcore.pairing import check_round, pair
from compcore.ports.actors import Administrator
from compcore.rules.rulesets import ruleset_of
from compcore.services.round import Draft, needs_override
from tests.app.test_app_support import ALL_PAGES, PASSWORD, app, copy_db

pytestmark = pytest.mark.usefixtures("steady_app")

ROOT = Path(__file__).resolve().parents[2]
DEMOS = sorted((ROOT / "data").glob("*.json"))

#: English words no Dutch sentence has (whole words, any case). Dutch words that English
#: shares (in, is, of, op, met, was, won, over, score, rating, seed, status, joker, trends,
#: club) are not in it.
ENGLISH = frozenset(
    re.split(
        r"\s+",
        """
    the and with this that these those which who what when where while because
    to for from by at or but not no yes nor yet only also already than then there
    has have had be been being are were will would should could can cannot must may
    round rounds player players standings standing error errors cycle cycles after before
    forced relaxed violation violations nearest colour colours color colors reason reasons
    white black bye byes absent points point value values game games board boards
    result results pairing pairings paired pair draw draws win wins loss losses lost
    expected unknown allowed required nothing changed saved invalid missing wrong failed
    director directors engine played pending champion winner winners leader leaders
    season seasons present unexcused excused external duty declined participating forfeit
    first next gets got given none null nan true false file files page settings overview
    password choose browse drag drop limit upload uploaded name names level levels
    group groups rule rules ruleset check checked table column columns field fields
    """.strip(),
    )
)

#: how a word is told apart: letters, with letters joined by - or _ staying one word
WORD = re.compile(r"[A-Za-zÀ-ÿ]+(?:[-_][A-Za-zÀ-ÿ0-9]+)*")

#: text that is not prose: rule ids, FIDE articles, code, quoted content, table names
NOT_PROSE = [
    re.compile(r"\b[A-Z]{2}-\d+(?:\.\d+)*\b"),  # DS-11, KC-14, MG-7, DS-13.1
    re.compile(r"\b(?:FIDE )?[A-E]\.\d+(?:\.\d+)*\b"),  # C.04.3, E.2
    re.compile(r"`[^`]*`"),  # Markdown code
    re.compile(r"'[^'\n]*'"),  # quoted content of a file: a field name, a value
    re.compile(r"\[[\w.-]+\]"),  # a TOML table name: [directors]
    re.compile(r"\b[A-Z][A-Z0-9_]{2,}\b"),  # environment variables: COMPCORE_DB
    re.compile(r"\S+\.(?:json|duckdb|csv|toml|html|trf)\b"),  # file names
    re.compile(r"(?:/[\w.-]+)+"),  # paths
    re.compile(r"\b[0-9a-f]{16,}\b"),  # hashes and ids ("debe30ab...": no English "be")
]


def english_words(text: str, names: list[str]) -> set[str]:
    """The words of :data:`ENGLISH` in ``text`` once names and non-prose are taken out
    (``names``: names as they are written, and ``id:...`` for player ids, whole words)."""
    for name in names:
        if name.startswith("id:"):
            text = re.sub(rf"\b{re.escape(name[3:])}\b", " ", text)
        else:
            text = text.replace(name, " ")
    for pattern in NOT_PROSE:
        text = pattern.sub(" ", text)
    return {w.lower() for w in WORD.findall(text)} & ENGLISH


def season_names(seasons: list[Season]) -> list[str]:
    """Every player, club, competition and season name, longest first (so "Anna de Vries"
    goes before "Anna"), then every player id (``id:engine``)."""
    found = {p.name for s in seasons for p in s.players}
    found |= {x for s in seasons for x in (s.club, s.competition, s.season)}
    ids = {f"id:{p.id}" for s in seasons for p in s.players}
    return sorted(found, key=len, reverse=True) + sorted(ids)


# --------------------------------------------------------------------------- the app


#: proto fields that hold no visible text (a chart's ``datasets`` are named by a hash of
#: their content: "9381ebe50be3..." is no English "be")
_HIDDEN = {"id", "form_id", "icon", "page_script_hash", "url", "mime", "arrow_data", "data",
           "spec", "columns", "selection_mode", "type", "format", "default", "value",
           "raw_value", "theme", "vega_lite_chart", "use_container_width", "file_name",
           "datasets"}  # fmt: skip


def _strings(message: Message) -> Iterator[str]:
    for field, value in message.ListFields():
        if field.name in _HIDDEN:
            continue
        values = value if field.is_repeated else [value]
        for item in values:
            if isinstance(item, Message):
                yield from _strings(item)
            elif isinstance(item, str):
                yield item


def _titles(spec: Any) -> Iterator[str]:
    """The titles a chart shows (axes, legends, the chart's own)."""
    if isinstance(spec, dict):
        for key, value in spec.items():
            if key == "title" and isinstance(value, str):
                yield value
            else:
                yield from _titles(value)
    elif isinstance(spec, list):
        for item in spec:
            yield from _titles(item)


def _column_words(config: str) -> Iterator[str]:
    """A table's column headers and tooltips from its column configuration."""
    try:
        data = json.loads(config)
    except ValueError:
        return
    for column in data.values() if isinstance(data, dict) else ():
        if isinstance(column, dict):
            yield from (str(column[k]) for k in ("label", "help") if column.get(k))


class _HtmlText(HTMLParser):
    """The text a browser shows of an ``st.html`` block: not the CSS of a ``<style>``
    element nor the code of a ``<script>`` (the print style sheet is CSS, not prose)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self._hidden += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script") and self._hidden:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.texts.append(data)


def html_text(body: str) -> list[str]:
    """The visible texts of an HTML fragment (:class:`_HtmlText`)."""
    parser = _HtmlText()
    parser.feed(body)
    parser.close()
    return parser.texts


def visible_text(at: Any) -> list[str]:
    """Everything a page shows, as AppTest sees it (``st.code`` left out; of ``st.html``
    only its text, :func:`html_text`)."""
    out: list[str] = []
    for node in at._tree:
        proto = getattr(node, "proto", None)
        if proto is None or getattr(node, "type", "") == "code":
            continue
        if isinstance(proto, HtmlProto):
            out += html_text(proto.body)
            continue
        data = getattr(proto, "arrow_data", None)
        arrow = getattr(data, "data", b"")
        if arrow:  # a styled table shows its display texts ("12,5"), not the numbers
            display = data.styler.display_values if data.HasField("styler") else b""
            frame = convert_arrow_bytes_to_pandas_df(display or arrow)
            out += [str(c) for c in frame.columns]
            out += [str(v) for v in frame.to_numpy().ravel() if v is not None and not pd.isna(v)]
        if getattr(proto, "spec", ""):
            out += list(_titles(json.loads(proto.spec)))
        if isinstance(getattr(proto, "columns", None), str):
            out += list(_column_words(proto.columns))
        if isinstance(proto, Message):
            out += list(_strings(proto))
    return out


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory) -> tuple[Path, dict[str, int], list[Season]]:
    """A database with every demo season (one per preset)."""
    path = tmp_path_factory.mktemp("demo") / "club.duckdb"
    store = Store(path)
    seasons = [season_file.load(file)[0] for file in DEMOS]
    ids = {s.competition: store.import_season(s, actor=Administrator("tests")) for s in seasons}
    return path, ids, seasons


@pytest.fixture
def club(demo_db, tmp_path, monkeypatch) -> tuple[Path, dict[str, int], list[str]]:
    """A fresh copy of the demo database, with director Jan configured."""
    path, ids, seasons = demo_db
    target = copy_db(path, tmp_path / "club.duckdb")
    monkeypatch.setenv("COMPCORE_DB", str(target))
    monkeypatch.setenv("COMPCORE_DIRECTORS", f"Jan={JAN_HASH}")
    monkeypatch.delenv("COMPCORE_DIRECTOR_HASH", raising=False)
    return target, ids, season_names(seasons)


JAN_HASH = hash_password(PASSWORD, iterations=1_000)
PAGES = ALL_PAGES


class Walk:
    """An AppTest session that gathers every text it shows, page after page."""

    def __init__(self, competition: int, *, director: bool) -> None:
        self.at = app()
        self.at.session_state["lang"] = "nl"
        self.at.session_state["competition"] = competition
        if director:
            directors = auth.Directors.of({"Jan": JAN_HASH})
            self.at.session_state["director"] = auth.login(PASSWORD, directors, name="Jan")
        self.seen: list[tuple[str, str]] = []
        self.run()

    def run(self, where: str = "overview") -> Any:
        self.at.run()
        assert not self.at.exception, [e.value for e in self.at.exception]
        self.seen += [(where, text) for text in visible_text(self.at)]
        return self.at

    def page(self, name: str) -> Any:
        if name != "overview":
            self.at.switch_page(f"pages/{name}.py")
        return self.run(name)

    def english(self, names: list[str]) -> list[str]:
        found = []
        for where, text in self.seen:
            words = english_words(text, names)
            if words:
                found.append(f"{where}: {sorted(words)} in {text[:160]!r}")
        return sorted(set(found))


def published_rounds(store: Store, cid: int) -> list[int]:
    """Rounds whose sheet has notes (a board with an override), and the last played one."""
    season = store.load(cid)
    noted = [r.number for r in season.played_rounds if any(g.override for g in r.games or ())]
    return sorted({*noted[:3], season.last_played} - {0})


def breaking_pair(store: Store, cid: int) -> tuple[str, str] | None:
    """Two players whose exchange in the proposal breaks a rule, if there are any."""
    season = store.load(cid)
    ruleset = ruleset_of(season)
    draft = Draft.of(pair(season, ruleset))
    movable = draft.movable({p.id for p in season.players if p.is_engine})
    for i, a in enumerate(movable):
        for b in movable[i + 1 : i + 6]:
            trial = Draft.of(draft.pairing)
            trial.exchange(a, b)
            if needs_override(check_round(season, ruleset, trial.round())):
                return a, b
    return None


def member_walk(club: tuple[Path, dict[str, int], list[str]], competition: str) -> Walk:
    path, ids, _ = club
    cid = ids[competition]
    walk = Walk(cid, director=False)
    for page in PAGES:
        walk.page(page)
    # issue 13 item 2: the simulation's result too (a few seasons)
    walk.page("simulation").number_input(key=f"sim_n_{cid}").set_value(3)
    walk.at.button(key=f"sim_run_{cid}").click()
    walk.run("simulation result")
    walk.page("round")
    for number in published_rounds(Store(path), cid):
        walk.at.session_state[f"sitting_out_open_{cid}_{number}"] = True  # opened, as a click
        walk.at.selectbox(key=f"round_no_{cid}").select(number)
        walk.run(f"round {number}")
    # a wrong password in the sidebar
    walk.at.sidebar.text_input(key="login_name").input("Jan")
    walk.at.sidebar.text_input(key="password").input("fout")
    walk.at.sidebar.form_submit_button[0].click()
    walk.run("login")
    return walk


def director_walk(club: tuple[Path, dict[str, int], list[str]], competition: str) -> Walk:
    """Every page as director Jan; on the round page his whole evening."""
    path, ids, _ = club
    cid = ids[competition]
    store = Store(path)
    walk = Walk(cid, director=True)
    for page in PAGES:
        walk.page(page)
    walk.page("round")
    if store.load(cid).open_round is None:
        return walk
    number = store.load(cid).open_round.number
    walk.at.session_state[f"forced_open_{cid}_{number}"] = True  # "Vaste partij toevoegen"
    walk.run("forced games opened")
    next(b for b in walk.at.form_submit_button if b.label == "Indelen").click()
    walk.run("proposal")
    key = f"draft_{cid}_{store.load(cid).open_round.number}"
    if key not in walk.at.session_state:  # no pairing possible: the warning was seen
        return walk
    breaking = breaking_pair(store, cid)
    if breaking is not None:
        walk.at.selectbox(key=f"{key}_a").select(breaking[0])
        walk.at.selectbox(key=f"{key}_b").select(breaking[1])
        walk.at.button(key=f"{key}_exchange").click()
        walk.run("edited proposal")
        walk.at.button(key=f"{key}_publish").click()
        walk.run("publish without a reason")
        walk.at.text_input(key=f"{key}_override").input("afgesproken met beide spelers")
    walk.at.button(key=f"{key}_publish").click()
    walk.run("published sheet")
    for section in ("edit_open", "sitting_out_open"):  # opened, as a click does
        walk.at.session_state[f"{section}_{cid}_{number}"] = True
    walk.run("published sheet, sections opened")
    late = [e for e in walk.at.expander if e.label == "Herindelen na afzeggingen (laat)"]
    if late:
        number = store.load(cid).rounds[-1].number
        no_show = store.load(cid).rounds[-1].games[0].white
        walk.at.session_state[f"late_open_{cid}_{number}"] = True  # open it, as a click does
        walk.run("late re-pairing opened")
        walk.at.multiselect(key=f"noshow_{cid}_{number}").select(no_show)
        walk.at.button(key=f"late_pair_{cid}_{number}").click()
        walk.run("late re-pairing")
    return walk


COMPETITIONS = [season_file.load(file)[0].competition for file in DEMOS]


@pytest.mark.parametrize("competition", COMPETITIONS)
def test_every_page_for_a_member_is_dutch(club, competition):
    walk = member_walk(club, competition)
    assert walk.english(club[2]) == []


@pytest.mark.parametrize("competition", COMPETITIONS)
def test_every_page_and_the_evening_of_a_director_are_dutch(club, competition):
    walk = director_walk(club, competition)
    assert walk.english(club[2]) == []


def test_the_errors_a_director_can_make_are_dutch(club):
    """Bad overrides (a wrong type, a syntax error, TOML), a season file that breaks the
    contract, CSV rows that make no player: each refused in Dutch."""
    _, ids, names = club
    cid = ids["Interne ladder"]
    walk = Walk(cid, director=True)
    walk.page("settings")
    form = f"ruleset_{cid}"
    for text in ('{"rounds_per_cycle": "twaalf"}', '{"pairing": {"method": "snel"}}',
                 '{"bestaat_niet": 1}', '{"rounds_per_cycle": 12,'):  # fmt: skip
        area = next(a for a in walk.at.text_area if a.key.startswith(f"set_text_{cid}_json"))
        area.input(text)
        next(b for b in walk.at.form_submit_button if b.label == "Controleren").click()
        walk.run("settings: overrides")
        assert walk.at.error, text
    bad = season_file.to_data(season_file.load(DEMOS[0])[0])
    bad["rounds"][0]["games"][0]["result"] = "2-0"
    walk.at.file_uploader(key="import_season").upload(
        "fout.json", json.dumps(bad).encode(), "application/json"
    )
    walk.run("settings: upload")
    walk.at.button(key="do_import_season").click()
    walk.run("settings: bad season file")
    assert walk.at.error
    walk.page("players")
    walk.at.text_area(key=f"csv_text_{cid}").input(
        "id,naam,rating,deelname\np90,,1800,altijd\np91,Nieuw,veel,soms\n"
    )
    walk.run("players: bad csv")
    assert form  # the ruleset form was used above
    assert walk.english(names) == []


# --------------------------------------------------------------------------- the command line


def run_cli(*argv: str, stdin: str | None = None) -> str:
    """Everything a command prints (standard output and error), in the default language."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err), suppress(SystemExit):  # --help
            cli.main(list(argv))
    finally:
        sys.stdin = old_stdin
    return out.getvalue() + err.getvalue()


#: the command line's own syntax (spec/season-format.md): names a user types, not prose
CLI_SYNTAX = re.compile(
    r"--[\w-]+|\b(?:presets|standings|winners|pair|check|import|export|hash-password|"
    r"table|csv|json)\b|\{[^}]*\}"
)


def cli_english(text: str, names: list[str]) -> set[str]:
    return english_words(CLI_SYNTAX.sub(" ", text), names)


def test_every_command_line_output_is_dutch(tmp_path, monkeypatch):
    names = season_names([season_file.load(file)[0] for file in DEMOS])
    outputs = cli_outputs(tmp_path, monkeypatch)
    found = {what: sorted(cli_english(text, names)) for what, text in outputs.items()}
    assert {what: words for what, words in found.items() if words} == {}


def cli_outputs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """What every command prints by default (standard output and error), by what was run."""
    seasons = [season_file.load(file)[0] for file in DEMOS]
    db = tmp_path / "club.duckdb"
    outputs: dict[str, str] = {}
    outputs["help"] = run_cli("--help")
    for command in ("presets", "standings", "winners", "pair", "check", "import", "export",
                    "hash-password"):  # fmt: skip
        outputs[f"{command} --help"] = run_cli(command, "--help")
    outputs["presets"] = run_cli("presets")
    for file in DEMOS:
        for command in (["standings"], ["standings", "--format", "csv"], ["winners"], ["pair"],
                        ["check"]):  # fmt: skip
            outputs[f"{' '.join(command)} {file.name}"] = run_cli(*command, str(file))
        outputs[f"import {file.name}"] = run_cli("import", str(file), "--db", str(db))
    competition = seasons[0].competition
    outputs["export"] = run_cli("export", "--db", str(db), "--competition", competition,
                                "--out", str(tmp_path / "uit.json"))  # fmt: skip
    outputs["standings --db"] = run_cli("standings", "--db", str(db), "--competition", competition)
    # errors
    outputs["no command"] = run_cli()
    outputs["bad choice"] = run_cli("standings", str(DEMOS[0]), "--format", "html")
    outputs["missing file"] = run_cli("standings", "ontbreekt.json")
    outputs["no source"] = run_cli("standings")
    outputs["unplayed round"] = run_cli("standings", str(DEMOS[0]), "--after-round", "99")
    outputs["bad cycle"] = run_cli("standings", str(DEMOS[0]), "--cycle", "9")
    outputs["export without competition"] = run_cli("export", "--db", str(db), "--out", "x.json")
    bad = season_file.to_data(seasons[0])
    bad["rounds"][0]["games"][0]["white"] = "niemand"
    (tmp_path / "fout.json").write_text(json.dumps(bad), encoding="utf-8")
    outputs["bad season"] = run_cli("check", str(tmp_path / "fout.json"))
    outputs["out is a folder"] = run_cli("export", "--db", str(db), "--out", str(tmp_path))
    # issue 13 item 2: a simulation (progress on standard error) and its help
    outputs["simulate"] = run_cli("simulate", str(DEMOS[0]), "--preset-b", "princenpaard",
                                  "--seasons", "2", "--seed", "1")  # fmt: skip
    outputs["simulate --help"] = run_cli("simulate", "--help")
    outputs["simulate bad set"] = run_cli("simulate", str(DEMOS[0]), "--preset-b", "princenpaard",
                                          "--seasons", "2", "--seed", "1", "--set", "x")  # fmt: skip
    outputs["short password"] = run_cli("hash-password", stdin="kort\n")
    outputs["empty password"] = run_cli("hash-password", stdin="\n")
    # the prompts of hash-password at a terminal
    prompts: list[str] = []
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    answers = iter(["een lang wachtwoord", "een ander wachtwoord"])
    monkeypatch.setattr(
        "getpass.getpass", lambda prompt="": prompts.append(prompt) or next(answers)
    )
    outputs["differing passwords"] = run_cli("hash-password")
    outputs["prompts"] = "\n".join(prompts)
    assert len(prompts) == 2
    return outputs


# --------------------------------------------------------------------------- the check itself


def test_the_check_finds_english_and_spares_names_rule_ids_and_code():
    """The scan must catch what this issue fixed and leave alone what is not prose."""
    assert english_words("toegestaan door de wedstrijdleider: relaxed: paired although", []) == {
        "relaxed", "paired"}  # fmt: skip
    assert english_words("compcore: error: cycle 2, after round 30", []) == {
        "error", "cycle", "after", "round"}  # fmt: skip
    assert english_words("geen overtredingen", []) == set()
    assert english_words("Anna White speelt wit (DS-13.1), veld 'round'", ["Anna White"]) == set()
    assert english_words("maak een hash met `compcore hash-password` in [directors]", []) == set()
    assert english_words("Het e-board; engine-opt-in; rounds_per_cycle", []) == set()
    assert cli_english("gebruik: compcore standings [--format {table,csv,json}]", []) == set()


def test_html_is_read_as_a_browser_shows_it():
    """An ``st.html`` block's words are its text, not its CSS or script: the print style
    sheet ("table", "page", "first") is no English on screen, but English between the tags
    still is found."""
    body = (
        "<style>@page { size: A4 } table th:first-child { color: black }</style>"
        "<script>if (true) { the(); }</script><table><tr><th>Naam</th><td>the winner</td></tr>"
    )
    assert html_text(body) == ["Naam", "the winner"]
    assert english_words(" ".join(html_text(body)), []) == {"the", "winner"}
