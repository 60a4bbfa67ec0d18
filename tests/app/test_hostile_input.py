"""Hostile input (issue 8): every case that used to end in "internal error" (exit 70) or got
past the season-file reader into the store now gets exit 2 and one line naming what is
wrong, in Dutch by default and in English with ``--lang en``; nothing is written."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from compcore.adapters.access import auth
from compcore.adapters.files import season_file
from compcore.adapters.store import Store
from compcore.cli import main as cli
from compcore.domain.errors import RulesetError, SeasonError
from compcore.rules.rulesets import load_ruleset
from tests.adapters.store.test_store_support import dump_tables, make_season
from tests.app.test_app_support import DIRECTOR_HASH, PASSWORD, app
from tests.builders import raises_in_english

# --------------------------------------------------------------------------- helpers


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def season_data(**changes: Any) -> dict[str, Any]:
    """A valid season file's data (keizer-classic, 10 players p01..p10, 4 rounds)."""
    data = season_file.to_data(make_season())
    data.update(changes)
    return data


def write(tmp_path: Path, data: Any, name: str = "bad.json", *, raw: str | None = None) -> Path:
    path = tmp_path / name
    path.write_text(raw if raw is not None else json.dumps(data), encoding="utf-8")
    return path


def refused(capsys: pytest.CaptureFixture[str], path: Path, *, lang: str = "nl") -> str:
    """Run ``standings`` on a bad file: exit 2, nothing on stdout, exactly one line."""
    code, out, err = run(capsys, "--lang", lang, "standings", path)
    assert (code, out) == (2, ""), err
    prefix = {"nl": "compcore: fout: ", "en": "compcore: error: "}[lang]
    assert err.count("\n") == 1 and err.startswith(prefix), err
    return err


# --------------------------------------------------------------------------- points rules


def test_a_points_rule_dividing_by_zero_is_refused_naming_the_field(tmp_path, capsys):
    # "1/0 opp" matches the points syntax (p/q of the opponent's value) but 1/0 is no
    # number: it raised ZeroDivisionError (exit 70) while building the ruleset
    data = season_data()
    data["ruleset"]["overrides"] = {"points": {"win": "1/0 opp"}}
    path = write(tmp_path, data)
    nl = refused(capsys, path)
    assert "veld 'points.win.points'" in nl and "'1/0' deelt door nul" in nl
    en = refused(capsys, path, lang="en")
    assert "'1/0' divides by zero" in en


def test_an_exact_number_with_a_huge_exponent_is_refused_at_once(monkeypatch):
    """Fraction("1e100000000") expands ten to the hundred millionth power: minutes of work
    for one field. The exact-number syntax has no exponent, so the text is refused before
    any number is made of it: no Fraction is ever built from it (checked on Fraction
    itself, not by the clock: speed lives in the benchmarks, issue 22)."""
    built: list[object] = []
    original = Fraction.__new__

    def watched(cls: type, numerator: object = 0, denominator: object = None) -> Fraction:
        built.append(numerator)
        if numerator == "1e100000000":  # would take minutes: fail at once instead
            raise AssertionError("a Fraction was built from the huge exponent")
        return original(cls, numerator, denominator)  # type: ignore[arg-type]

    monkeypatch.setattr(Fraction, "__new__", watched)
    with pytest.raises(RulesetError) as caught:
        load_ruleset("dubbelschaak", {"points": {"absent": {"cap": {
            "fraction_of_cycle_rounds": "1e100000000"}}}})  # fmt: skip
    assert "1e100000000" not in built
    assert built, "the ruleset's other numbers are still made as Fractions (the watch works)"
    described = caught.value.describe("en")
    assert "fraction_of_cycle_rounds" in described
    assert "expected an exact number" in described


def test_a_fraction_with_a_zero_denominator_in_an_exact_number_is_refused():
    with raises_in_english(RulesetError, "fraction_of_cycle_rounds"):
        load_ruleset("dubbelschaak", {"points": {"absent": {"cap": {
            "fraction_of_cycle_rounds": "1/0"}}}})  # fmt: skip


# --------------------------------------------------------------------------- nesting


def test_json_nested_100000_deep_is_refused(tmp_path, capsys):
    # Python's JSON reader gives up with RecursionError (was exit 70)
    path = write(tmp_path, None, raw="[" * 100_000 + "]" * 100_000)
    assert "meer dan 32 niveaus diep genest" in refused(capsys, path)
    assert "nested more than 32 levels deep" in refused(capsys, path, lang="en")


def test_overrides_900_objects_deep_are_refused_naming_the_field(tmp_path, capsys):
    # valid JSON (900 < the reader's limit), but merging the overrides recursed too deep
    deep: dict[str, Any] = {}
    node = deep
    for _ in range(900):
        node["a"] = {}
        node = node["a"]
    data = season_data()
    data["ruleset"]["overrides"] = deep
    err = refused(capsys, write(tmp_path, data))
    assert "veld 'ruleset.overrides.a.a" in err and "meer dan 32 niveaus" in err


def test_overrides_given_directly_are_checked_too():
    # the app's settings page and the store call load_ruleset without a season file
    deep: dict[str, Any] = {}
    node = deep
    for _ in range(900):
        node["a"] = {}
        node = node["a"]
    with pytest.raises(RulesetError, match=r"afwijkingen: veld 'a\.a\.a"):
        load_ruleset("ladder-ab", deep)


# --------------------------------------------------------------------------- numbers and text


def test_a_rating_of_2_to_the_63_is_refused_in_the_reader_naming_the_field(tmp_path, capsys):
    # 2**63 is one more than DuckDB's BIGINT holds: it passed the reader and failed in the
    # store with a conversion error that named no field
    data = season_data()
    data["players"][0]["rating"] = 2**63
    err = refused(capsys, write(tmp_path, data))
    assert "speler 'p01': veld 'rating'" in err
    assert "9223372036854775807" in err


def test_a_seed_may_use_the_databases_128_bits(tmp_path, capsys):
    # a round's seed is stored as HUGEINT: 2**63 is fine there, 2**127 is not
    data = season_data()
    data["rounds"][0]["seed"] = 2**63
    assert run(capsys, "standings", write(tmp_path, data))[0] == 0
    data["rounds"][0]["seed"] = 2**127
    assert "veld 'rounds[0].seed'" in refused(capsys, write(tmp_path, data))


def test_a_lone_surrogate_is_refused_in_the_reader_naming_the_field(tmp_path, capsys):
    # "\ud800" is valid JSON but no UTF-8 writer can store it: DuckDB refused it later
    data = season_data()
    data["players"][2]["name"] = "Jan\ud800"
    path = write(tmp_path, data)  # json.dumps escapes it: the file itself is ASCII
    err = refused(capsys, path)
    assert "veld 'players[2].name'" in err and "U+D800" in err
    en = refused(capsys, path, lang="en")
    assert "field 'players[2].name'" in en and "lone surrogate (U+D800)" in en


def test_a_lone_surrogate_in_a_key_is_refused_too(tmp_path, capsys):
    data = season_data()
    data["rounds"][-1]["entries"] = {"p\udc00": "absent"}
    assert "U+DC00" in refused(capsys, write(tmp_path, data))


@pytest.mark.parametrize(
    ("number", "shown"),
    [
        ("NaN", "NaN is geen JSON-getal"),
        ("Infinity", "Infinity is geen JSON-getal"),
        ("-Infinity", "-Infinity is geen JSON-getal"),
        ("1e400", "veld 'players[0].rating': inf is geen getal"),  # a float infinity
        ("1" * 5000, "een getal met duizenden cijfers"),  # over Python's 4300 digits
    ],
)
def test_numbers_json_cannot_keep_are_refused(tmp_path, capsys, number, shown):
    text = json.dumps(season_data()).replace('"rating": 1417', f'"rating": {number}', 1)
    assert number in text
    assert shown in refused(capsys, write(tmp_path, None, raw=text))


def test_import_of_a_hostile_file_leaves_the_database_as_it_was(tmp_path, capsys):
    db = tmp_path / "club.duckdb"
    good = write(tmp_path, season_data(), "good.json")
    assert run(capsys, "import", good, "--db", db)[0] == 0
    before = dump_tables(db)
    data = season_data()
    data["players"][0]["name"] = "\udfff"
    bad = write(tmp_path, data)
    code, _, err = run(capsys, "import", bad, "--db", db, "--replace")
    assert code == 2 and err.count("\n") == 1 and "players[0].name" in err
    assert dump_tables(db) == before


# --------------------------------------------------------------------------- ratings


@pytest.mark.parametrize(("rating", "ok"), [(0, True), (3500, True), (3501, False)])
def test_ratings_outside_0_to_3500_are_refused_naming_the_player(tmp_path, capsys, rating, ok):
    data = season_data()
    data["players"][3]["rating"] = rating
    path = write(tmp_path, data)
    if ok:
        assert run(capsys, "standings", path)[0] == 0
        return
    assert "speler 'p04': rating 3501 is niet aannemelijk" in refused(capsys, path)
    assert "player 'p04': rating 3501 is not plausible" in refused(capsys, path, lang="en")


def test_a_rating_change_outside_the_range_is_refused_naming_the_player():
    data = season_data(ratings=[{"player": "p05", "from_round": 2, "rating": 9999}])
    with pytest.raises(SeasonError) as caught:
        season_file.parse(data, "f.json")
    assert caught.value.describe("en").startswith("f.json: ratings: player 'p05': rating 9999")


# --------------------------------------------------------------------------- the app


@pytest.mark.usefixtures("steady_app")
@pytest.mark.parametrize(
    ("fmt", "text", "shown"),
    [
        # ZeroDivisionError used to end the page with an exception
        ("json", '{"points": {"win": "1/0 opp"}}', "'1/0' deelt door nul"),
        ("toml", '[points]\nwin = "1/0 opp"\n', "'1/0' deelt door nul"),
        # RecursionError in the JSON and TOML readers, and in merging 900 levels
        ("json", "[" * 100_000 + "]" * 100_000, "meer dan 32 niveaus diep genest"),
        ("toml", "a = " + "[" * 100_000 + "]" * 100_000, "meer dan 32 niveaus diep genest"),
        ("json", '{"a": ' * 900 + "1" + "}" * 900, "meer dan 32 niveaus diep genest"),
        # a TOML date is no JSON value: json.dumps raised TypeError in load_ruleset
        ("toml", "rounds_per_cycle = 1979-05-27\n", "een date is geen JSON-waarde"),
    ],
)
def test_the_settings_page_refuses_hostile_overrides(club_db, fmt, text, shown):
    path, ids = club_db
    cid = ids["AB"]
    at = app()
    at.session_state["director"] = auth.login(PASSWORD, DIRECTOR_HASH)
    at.session_state["competition"] = cid
    at.run()
    at.switch_page("pages/settings.py").run()
    if fmt == "toml":
        at.radio(key=f"set_fmt_{cid}").set_value("toml").run()
    at.text_area(key=f"set_text_{cid}_{fmt}").input(text)
    next(b for b in at.form_submit_button if b.label == "Opslaan").click().run()
    assert not at.exception, [e.value for e in at.exception]
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and errors[0].startswith("Ongeldig, niets opgeslagen")
    assert shown in errors[0], errors[0]
    assert "\n" not in errors[0]
    assert Store(path).load(cid).ruleset.overrides == {}


def test_an_upload_that_is_not_utf8_is_refused():
    # the settings page decoded the upload itself and UnicodeDecodeError ended the page
    data = json.dumps(season_data()).replace("Speler 1", "Sp\u00e9ler 1").encode("cp1252")
    with pytest.raises(SeasonError) as caught:
        season_file.loads_bytes(data, "upload.json")
    assert caught.value.describe("en").startswith("upload.json: the file is not UTF-8 text (byte")
    assert season_file.loads_bytes(json.dumps(season_data()).encode(), "ok.json").players


def test_an_upload_nested_too_deep_is_refused():
    with pytest.raises(SeasonError, match="meer dan 32 niveaus"):
        season_file.loads_bytes(b"[" * 100_000 + b"]" * 100_000, "upload.json")
