"""Names and other data shown as text where Streamlit reads Markdown.

``st.markdown``, captions, headings, alerts, ``st.table`` cells and every widget label read
GitHub-flavoured Markdown plus Streamlit's own directives (``:red[...]``, ``:material/...:``,
emoji ``:tada:``, ``$`` for LaTeX). A competition named ``![c](http://host/pixel.png)`` would
make every page fetch that URL; a player named ``[Inloggen](http://...)`` would be a live
link in the director's form. Whatever comes from the data (names, clubs, competitions, ids,
reasons, error messages) goes through :func:`md` before it reaches such an element; the
app's own words (``compcore.i18n``) may use Markdown on purpose.
"""

from __future__ import annotations

import re

#: Always escaped: links and images ``[ ]``, emphasis ``* ~``, code, HTML and autolinks
#: ``< >``, entities ``&``, e-mail autolinks ``@``, LaTeX ``$``, tables ``|``, escapes ``\``.
_ALWAYS = frozenset("\\`*[]<>~$|&@")
#: Markdown that only counts at the start of a line: headings, quotes, lists, rules.
_LINE_START = re.compile(r"^(\s*)([#>+\-=]|\d+[.)])")


def md(value: object) -> str:
    """``value`` as literal text in Markdown: what would be Markdown is backslash-escaped
    (which renders as the character itself), on one line."""
    text = " ".join(str(value).splitlines())
    out = []
    for i, ch in enumerate(text):
        before = text[i - 1] if i else ""
        after = text[i + 1] if i + 1 < len(text) else ""
        if (
            ch in _ALWAYS
            # intraword "_" (rounds_per_cycle) is no emphasis in GFM
            or (ch == "_" and not (before.isalnum() and after.isalnum()))
            # ":" before a non-space: emoji codes, :red[...], :material/x:, http://
            or (ch == ":" and after != "" and not after.isspace())
            # "www." starts an autolink
            or (ch == "." and text[max(0, i - 3) : i].lower() == "www")
        ):
            out.append("\\")
        out.append(ch)
    escaped = "".join(out)
    return _LINE_START.sub(_escape_last, escaped, count=1)


def _escape_last(match: re.Match[str]) -> str:
    """``# x`` -> ``\\# x``, ``1. x`` -> ``1\\. x``: the character that makes the block."""
    lead, mark = match.group(1), match.group(2)
    return f"{lead}{mark[:-1]}\\{mark[-1]}"
