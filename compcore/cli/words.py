"""argparse's own words (``usage:``, ``options``, its error messages) in the command line's
language.

argparse looks up every text it prints through ``gettext`` (the module's ``_`` and
``ngettext``) at the moment it prints it, so :func:`argparse_words` puts a Dutch table in
their place for as long as the command line is being parsed, and restores them afterwards.
A text the table does not have (a newer Python's) stays English, as it is. Nothing here
imports more than the standard library: ``compcore --help`` starts fast.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from compcore.i18n import DEFAULT, LANGUAGES, Lang

#: argparse's texts (Python 3.11-3.13) in Dutch; the keys are argparse's own msgids
ARGPARSE_NL: dict[str, str] = {
    "usage: ": "gebruik: ",
    "positional arguments": "argumenten",
    "options": "opties",
    "optional arguments": "opties",
    "show this help message and exit": "toon deze hulp en stop",
    "argument %(argument_name)s: %(message)s": "argument %(argument_name)s: %(message)s",
    "unrecognized arguments: %s": "onbekende argumenten: %s",
    "the following arguments are required: %s": "deze argumenten ontbreken: %s",
    "one of the arguments %s is required": "een van de argumenten %s is nodig",
    "not allowed with argument %s": "niet samen met argument %s",
    "ignored explicit argument %r": "argument %r genegeerd",
    "expected one argument": "verwacht één waarde",
    "expected at most one argument": "verwacht hoogstens één waarde",
    "expected at least one argument": "verwacht minstens één waarde",
    "ambiguous option: %(option)s could match %(matches)s": (
        "optie %(option)s is niet eenduidig: %(matches)s"
    ),
    "unexpected option string: %s": "onverwachte optie: %s",
    "invalid %(type)s value: %(value)r": "ongeldige waarde %(value)r (verwacht: %(type)s)",
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "ongeldige keuze: %(value)r (kies uit %(choices)s)"
    ),
    "%(prog)s: error: %(message)s\n": "%(prog)s: fout: %(message)s\n",
    "unknown parser %(parser_name)r (choices: %(choices)s)": (
        "onbekende opdracht %(parser_name)r (kies uit %(choices)s)"
    ),
    "can't open '%(filename)s': %(error)s": "kan '%(filename)s' niet openen: %(error)s",
    "show program's version number and exit": "toon het versienummer en stop",
}

#: argparse's plural texts in Dutch: (singular, plural) -> (enkelvoud, meervoud)
ARGPARSE_NL_PLURAL: dict[tuple[str, str], tuple[str, str]] = {
    ("expected %s argument", "expected %s arguments"): (
        "verwacht %s waarde",
        "verwacht %s waarden",
    ),
}


def language_of(argv: Sequence[str]) -> Lang:
    """The language the command line asks for (``--lang en`` or ``--lang=en``), before
    argparse has read it: its help and errors must already be in that language."""
    for i, arg in enumerate(argv):
        value = None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.removeprefix("--lang=")
        if value in LANGUAGES:
            return value
    return DEFAULT


@contextmanager
def argparse_words(lang: Lang) -> Iterator[None]:
    """argparse speaks ``lang`` inside the block (English: as it is)."""
    if lang != "nl":
        yield
        return
    saved_gettext: Callable[[str], str] = argparse._  # type: ignore[attr-defined]
    saved_ngettext: Callable[[str, str, int], str] = argparse.ngettext  # type: ignore[attr-defined]

    def gettext(message: str) -> str:
        # a text the table does not have is given back as it is, not looked up by
        # argparse's own gettext: that looks for catalogue files on disk at every call
        # (and imports ``locale``), and Python ships none for argparse. argparse also
        # passes compcore's own words through it (the commands' group title, already
        # Dutch) and None (a group without a description): 2 ms a command (issue 19)
        words = ARGPARSE_NL.get(message)
        return message if words is None else words

    def ngettext(singular: str, plural: str, n: int) -> str:
        words = ARGPARSE_NL_PLURAL.get((singular, plural))
        if words is None:
            return singular if n == 1 else plural
        return words[0] if n == 1 else words[1]

    argparse._ = gettext  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = saved_gettext  # type: ignore[attr-defined]
        argparse.ngettext = saved_ngettext  # type: ignore[attr-defined]
