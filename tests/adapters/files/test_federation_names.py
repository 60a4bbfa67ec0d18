"""Names as the federations write them: ``Lastname, Firstname``, the Dutch prefix with the
surname and capitalised in front (``compcore.adapters.files.federation_names``)."""

from __future__ import annotations

import pytest

from compcore.adapters.files.federation_names import federation_name


@pytest.mark.parametrize(
    ("stored", "written"),
    [
        ("Sven Mulder", "Mulder, Sven"),  # no prefix: the last word is the surname
        ("Hanneke van der Linden", "Van der Linden, Hanneke"),  # "van der" goes with it
        ("Cor van den Berg", "Van den Berg, Cor"),
        ("Pieter de Graaf", "De Graaf, Pieter"),
        ("Jan Willem de Boer", "De Boer, Jan Willem"),  # two first names
        ("Anne Marie Smit", "Smit, Anne Marie"),
        ("Kees in 't Veld", "In 't Veld, Kees"),  # "in 't": both words are prefixes
        ("Zoë Dekker", "Dekker, Zoë"),  # letters kept as they are
        ("Mulder, Sven", "Mulder, Sven"),  # already surname first
        ("Cher", "Cher"),  # one word
        ("  Sven   Mulder ", "Mulder, Sven"),  # spaces tidied
        # a prefix word as the last word is the surname itself, not a prefix
        ("Jan Van", "Van, Jan"),
    ],
)
def test_surname_first_with_its_prefix(stored: str, written: str) -> None:
    assert federation_name(stored) == written
