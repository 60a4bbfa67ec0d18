"""A member's printable sign-off card: an SVG with his name, the competition, and his
personal link as a QR code (made with ``segno``: small, pure Python, no image library).

:func:`member_url` builds the link from the address the director's page was opened at;
:func:`card_svg` draws the card. Pure functions: the Spelers page shows and offers them.
"""

from __future__ import annotations

from urllib.parse import quote, urlsplit, urlunsplit
from xml.sax.saxutils import escape, quoteattr

import segno

#: the sign-off page's address below the app's root (``app.py`` routes it)
SIGNOFF_PATH = "signoff"

_WIDTH, _HEIGHT, _QR_SIZE = 340, 430, 260


def member_url(page_url: str | None, secret: str) -> str:
    """The member's link: the app's root (the director's page address without its last
    path step and its query) + ``signoff?token=<secret>``; without a known address a link
    from the root of the site."""
    token = quote(secret, safe="")
    if not page_url:
        return f"/{SIGNOFF_PATH}?token={token}"
    parts = urlsplit(page_url)
    root = parts.path.rsplit("/", 1)[0] if parts.path.count("/") >= 1 else ""
    return urlunsplit((parts.scheme, parts.netloc, f"{root}/{SIGNOFF_PATH}", f"token={token}", ""))


def card_svg(url: str, name: str, competition: str, heading: str) -> str:
    """The card: ``heading`` ("Afmelden voor de clubavond: scan de code"), the member's
    name, the competition, and the QR code of ``url``."""
    qr = segno.make(url, error="m").svg_data_uri(scale=8, border=2)
    x = (_WIDTH - _QR_SIZE) // 2
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{_HEIGHT}" '
        f'viewBox="0 0 {_WIDTH} {_HEIGHT}" font-family="sans-serif">'
        f'<rect width="100%" height="100%" fill="white" stroke="black"/>'
        f'<text x="{_WIDTH // 2}" y="36" font-size="15" text-anchor="middle">{escape(heading)}</text>'
        f'<text x="{_WIDTH // 2}" y="68" font-size="22" font-weight="bold" '
        f'text-anchor="middle">{escape(name)}</text>'
        f'<text x="{_WIDTH // 2}" y="92" font-size="13" text-anchor="middle">'
        f"{escape(competition)}</text>"
        f'<image x="{x}" y="110" width="{_QR_SIZE}" height="{_QR_SIZE}" href={quoteattr(qr)}/>'
        "</svg>"
    )
