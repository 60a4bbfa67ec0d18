"""Issue 22: each command's help names the output formats its --format accepts, no more."""

from __future__ import annotations

import re

import pytest

from compcore.cli.parser import parser


@pytest.mark.parametrize("command", ["standings", "pair", "explain", "compare"])
def test_the_help_names_exactly_the_formats_accepted(command, capsys):
    with pytest.raises(SystemExit):
        parser("nl").parse_args([command, "--help"])
    text = capsys.readouterr().out
    [accepted] = re.findall(r"--format \{([a-z,]+)\}", text)[:1]
    line = text[text.index("--format {") :]
    said = re.search(r"vorm van de uitvoer \(([^)]*)\)", line)
    assert said is not None
    named = {w.strip().split(":")[0] for w in said.group(1).split(",")}
    assert named == set(accepted.split(","))
