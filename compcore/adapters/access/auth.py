"""Director login: each director's name and password hash in the configuration, and actors
the store can check.

A director's password is never stored, only a self-describing PBKDF2-SHA256 hash::

    pbkdf2_sha256$<iterations>$<salt, base64>$<hash, base64>

made by :func:`hash_password` (``compcore hash-password``). Each director has a name of his
own and a hash of his own (:class:`Directors`), configured as ``COMPCORE_DIRECTORS``
(``name=hash;name=hash`` or a JSON object) or as a ``[directors]`` table in
``.streamlit/secrets.toml``; the single ``COMPCORE_DIRECTOR_HASH`` / ``director_hash`` of
earlier versions is the director named ``director`` (:func:`configured_directors`). There is
no default password: with no director configured nobody can log in. On a server of many
clubs ``COMPCORE_DIRECTOR_CLUBS`` (or a ``[director_clubs]`` table) names the clubs whose
competitions a director may write; a director it does not name writes every club's.

Writes to the store need an *actor*:

- :class:`Director`, minted only by :func:`login` with a configured name and its password. It
  carries a proof, an HMAC over its fields keyed with (a key derived from) that director's
  hash. The store recomputes the proof with the hash it has for that name
  (:func:`is_valid_director`), so a Director made by hand, edited, renamed, or minted under
  another hash is refused.
- :class:`Administrator`: the local command line (``compcore import``) and the app's
  first-start seeding. Whoever can run Python on the server can make one; see
  ``docs/store.md`` for the threat model.

Throttling password guesses is :mod:`compcore.adapters.access.throttle`; the login attempt with the
throttle and the login log together is :mod:`compcore.adapters.access.login`.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
import secrets
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from compcore.domain.errors import DirectorConfigError, HashFormatError, Phrase
from compcore.ports.actors import Director

ALGORITHM = "pbkdf2_sha256"
#: OWASP's 2023 recommendation for PBKDF2-HMAC-SHA256 (about 0.3 s on the club's server)
DEFAULT_ITERATIONS = 600_000
MIN_ITERATIONS = 1_000
MAX_ITERATIONS = 10_000_000  # a hash asking for more is refused rather than hanging the app
SALT_BYTES = 16
ENV_VAR = "COMPCORE_DIRECTOR_HASH"
SECRETS_KEY = "director_hash"
DIRECTORS_ENV = "COMPCORE_DIRECTORS"
DIRECTORS_SECRET = "directors"
#: which clubs' competitions a director may write (issue 21 item 3): ``name=club,club;...``
CLUBS_ENV = "COMPCORE_DIRECTOR_CLUBS"
CLUBS_SECRET = "director_clubs"
#: the name of the director configured by the single ``COMPCORE_DIRECTOR_HASH``
LEGACY_NAME = "director"
MAX_NAME_LENGTH = 64


def _normalise(password: str) -> bytes:
    # the same password typed on different keyboards may arrive composed or decomposed
    return unicodedata.normalize("NFC", password).encode("utf-8")


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")


def hash_password(password: str, *, iterations: int = DEFAULT_ITERATIONS) -> str:
    """A new salted PBKDF2-SHA256 hash of ``password`` in the self-describing format."""
    if not isinstance(password, str) or not password:
        raise ValueError("the password may not be empty")
    if not MIN_ITERATIONS <= iterations <= MAX_ITERATIONS:
        raise ValueError(f"iterations must be between {MIN_ITERATIONS} and {MAX_ITERATIONS}")
    salt = secrets.token_bytes(SALT_BYTES)
    digest = hashlib.pbkdf2_hmac("sha256", _normalise(password), salt, iterations)
    return f"{ALGORITHM}${iterations}${_b64(salt)}${_b64(digest)}"


@dataclass(frozen=True)
class _Parsed:
    iterations: int
    salt: bytes
    digest: bytes


def _parse(stored_hash: str) -> _Parsed:
    def bad(key: str, **fields: object) -> HashFormatError:
        return HashFormatError.at(
            (), "auth.hash_malformed", why=Phrase(key, fields), algorithm=ALGORITHM
        )

    if not isinstance(stored_hash, str):
        raise bad("auth.hash.type", got=type(stored_hash).__name__)
    parts = stored_hash.strip().split("$")
    if len(parts) != 4:
        raise bad("auth.hash.fields", count=len(parts))
    algorithm, iterations_text, salt_text, digest_text = parts
    if algorithm != ALGORITHM:
        raise bad("auth.hash.algorithm", got=algorithm[:20], expected=ALGORITHM)
    if not iterations_text.isdigit() or not (
        MIN_ITERATIONS <= int(iterations_text) <= MAX_ITERATIONS
    ):
        raise bad("auth.hash.iterations", low=MIN_ITERATIONS, high=MAX_ITERATIONS)
    try:
        salt = base64.b64decode(salt_text, validate=True)
        digest = base64.b64decode(digest_text, validate=True)
    except (binascii.Error, ValueError):
        raise bad("auth.hash.base64") from None
    if len(salt) < 8:
        raise bad("auth.hash.salt")
    if len(digest) != hashlib.sha256().digest_size:
        raise bad("auth.hash.digest")
    return _Parsed(int(iterations_text), salt, digest)


def check_hash(stored_hash: str) -> str:
    """``stored_hash`` if it is well formed; :class:`HashFormatError` otherwise."""
    _parse(stored_hash)
    return stored_hash.strip()


def verify(password: str, stored_hash: str) -> bool:
    """Whether ``password`` matches ``stored_hash`` (constant-time comparison).

    A malformed hash raises :class:`HashFormatError`: that is a configuration mistake, not a
    wrong password.
    """
    parsed = _parse(stored_hash)
    if not isinstance(password, str) or not password:
        return False
    digest = hashlib.pbkdf2_hmac("sha256", _normalise(password), parsed.salt, parsed.iterations)
    return hmac.compare_digest(digest, parsed.digest)


# --------------------------------------------------------------------------- actors


def _proof_key(stored_hash: str) -> bytes:
    # a key of its own, so the proof never equals anything derived from the password hash
    return hmac.new(
        b"compcore-director-proof-v1", stored_hash.strip().encode("utf-8"), hashlib.sha256
    ).digest()


def _proof_message(name: str, issued_at: datetime, nonce: str) -> bytes:
    return "\x1f".join((name, issued_at.isoformat(), nonce)).encode("utf-8")


def _mint(name: str, stored_hash: str) -> Director:
    issued = datetime.now(UTC)
    nonce = secrets.token_hex(16)
    proof = hmac.new(_proof_key(stored_hash), _proof_message(name, issued, nonce), hashlib.sha256)
    return Director(name=name, issued_at=issued, nonce=nonce, proof=proof.hexdigest())


def login(
    password: str, directors: Directors | str | None, *, name: str = LEGACY_NAME
) -> Director | None:
    """A :class:`Director` named as configured when ``name`` is a configured director (case
    and surrounding spaces aside) and ``password`` matches his hash; None otherwise.

    ``directors`` may also be a single hash (the director named ``director``). With no
    director configured nobody can log in. An unknown name is checked against a dummy hash
    as strong as the strongest configured one, so it costs the same time as a wrong
    password and the answer's timing does not tell which names exist. A malformed hash
    raises :class:`HashFormatError`.
    """
    configured = as_directors(directors)
    if not configured:
        return None
    found = configured.find(name)
    matches = verify(password, found[1] if found else configured.dummy_hash)
    if found is None or not matches:
        return None
    return _mint(*found)


def resume(name: str, directors: Directors | str | None) -> Director | None:
    """A :class:`Director` for the configured director named exactly ``name``, without his
    password: only for a login session that was started by :func:`login` and has just been
    verified (:mod:`compcore.adapters.store.sessions`). None when no such director is
    configured (any more)."""
    stored_hash = as_directors(directors).hash_of(name)
    return None if stored_hash is None else _mint(name, stored_hash)


def is_valid_director(actor: Any, directors: Directors | str | None) -> bool:
    """Whether ``actor`` is a Director minted by :func:`login` under the hash that
    ``directors`` has for his name (a single hash: the director named ``director``)."""
    if type(actor) is not Director:
        return False
    if not all(isinstance(x, str) for x in (actor.name, actor.nonce, actor.proof)):
        return False
    if not isinstance(actor.issued_at, datetime):
        return False
    stored_hash = as_directors(directors).hash_of(actor.name)
    if stored_hash is None:
        return False
    expected = hmac.new(
        _proof_key(stored_hash),
        _proof_message(actor.name, actor.issued_at, actor.nonce),
        hashlib.sha256,
    ).hexdigest()
    return hmac.compare_digest(expected, actor.proof)


# --------------------------------------------------------------------------- the directors


def _name_key(name: str) -> str:
    """How a typed name is matched: case, Unicode form and surrounding spaces aside."""
    return unicodedata.normalize("NFC", name).strip().casefold()


def _checked_name(name: Any) -> str:
    if not isinstance(name, str):
        raise DirectorConfigError.at((), "auth.name.type", got=type(name).__name__)
    clean = unicodedata.normalize("NFC", name).strip()
    if not clean:
        raise DirectorConfigError.at((), "auth.name.empty")
    if len(clean) > MAX_NAME_LENGTH:
        raise DirectorConfigError.at((), "auth.name.long", name=clean[:20], limit=MAX_NAME_LENGTH)
    if any(unicodedata.category(c).startswith("C") for c in clean):
        raise DirectorConfigError.at((), "auth.name.control", name=clean)
    return clean


@dataclass(frozen=True)
class Directors:
    """The configured directors, each a name of his own with his own password hash.

    Make one with :meth:`of` (or :func:`configured_directors`), which checks every name and
    hash. Empty (false): nobody can log in and the app is read-only.
    """

    #: (name, hash) pairs, sorted by name
    entries: tuple[tuple[str, str], ...] = ()
    #: (name, clubs) of the directors who may write only those clubs' competitions (issue
    #: 21 item 3); a director not here writes every club's
    clubs: tuple[tuple[str, frozenset[str]], ...] = ()

    @classmethod
    def of(cls, hashes: Mapping[str, str] | Iterable[tuple[str, str]]) -> Directors:
        """Checked directors from ``name -> hash`` pairs. A bad name, a malformed hash or a
        name given twice (case and spaces aside) raises :class:`DirectorConfigError`."""
        pairs = hashes.items() if isinstance(hashes, Mapping) else hashes
        entries: dict[str, tuple[str, str]] = {}
        for name, stored in pairs:
            clean = _checked_name(name)
            if _name_key(clean) in entries:
                raise DirectorConfigError.at((), "auth.twice", name=clean)
            try:
                entries[_name_key(clean)] = (clean, check_hash(stored))
            except HashFormatError as exc:
                raise exc.located(Phrase("auth.at.director", name=clean)) from None
        return cls(tuple(sorted(entries.values())))

    def with_clubs(self, clubs: Iterable[tuple[Any, Any]], setting: str = CLUBS_ENV) -> Directors:
        """These directors, each director in ``clubs`` limited to the clubs given there.
        A name that is not a configured director, or a director given no club or twice,
        raises :class:`DirectorConfigError` naming ``setting``."""
        limited: dict[str, frozenset[str]] = {}
        for typed, names in clubs:
            found = self.find(typed)
            if found is None:
                raise DirectorConfigError.at((), "auth.clubs.unknown", name=str(typed),
                                             setting=setting)  # fmt: skip
            if found[0] in limited:
                raise DirectorConfigError.at((), "auth.clubs.twice", name=found[0],
                                             setting=setting)  # fmt: skip
            given = [names] if isinstance(names, str) else names
            if not isinstance(given, list | tuple | frozenset) or not all(
                isinstance(c, str) for c in given
            ):
                raise DirectorConfigError.at((), "auth.clubs.type", name=found[0], setting=setting)
            chosen = frozenset(c.strip() for c in given if c.strip())
            if not chosen:
                raise DirectorConfigError.at((), "auth.clubs.empty", name=found[0],
                                             setting=setting)  # fmt: skip
            limited[found[0]] = chosen
        return Directors(self.entries, tuple(sorted(limited.items())))

    def clubs_of(self, name: str) -> frozenset[str] | None:
        """The clubs whose competitions the director ``name`` may write; None: every club."""
        return next((c for n, c in self.clubs if n == name), None)

    def may_write(self, name: str, club: str) -> bool:
        """Whether the director ``name`` may write competitions of ``club``."""
        clubs = self.clubs_of(name)
        return clubs is None or club in clubs

    def __bool__(self) -> bool:
        return bool(self.entries)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.entries)

    def hash_of(self, name: str) -> str | None:
        """The hash of the director with exactly this (configured) name."""
        return next((h for n, h in self.entries if n == name), None)

    def find(self, typed: Any) -> tuple[str, str] | None:
        """The (configured name, hash) of the director a typed name means, if any."""
        if not isinstance(typed, str):
            return None
        key = _name_key(typed)
        return next(((n, h) for n, h in self.entries if _name_key(n) == key), None)

    @property
    def dummy_hash(self) -> str:
        """A well-formed hash that no password matches, with as many iterations as the
        strongest configured hash: checking an unknown name costs what a known one does."""
        iterations = max((_parse(h).iterations for _, h in self.entries), default=0)
        iterations = iterations or DEFAULT_ITERATIONS
        return f"{ALGORITHM}${iterations}${_b64(bytes(SALT_BYTES))}${_b64(bytes(32))}"


def as_directors(directors: Directors | str | None) -> Directors:
    """``directors`` as :class:`Directors`: a single hash is the director named ``director``;
    None or an empty string: nobody."""
    if isinstance(directors, Directors):
        return directors
    if not directors:
        return Directors()
    return Directors.of({LEGACY_NAME: directors})


def configure(
    directors: Mapping[str, str] | Iterable[tuple[str, str]] | None = None,
    legacy_hash: str | None = None,
) -> Directors:
    """The directors ``name -> hash`` plus, when ``legacy_hash`` is given, the director
    named ``director`` with that hash (the single hash of earlier versions)."""
    pairs = list(directors.items() if isinstance(directors, Mapping) else directors or ())
    if legacy_hash:
        if any(isinstance(n, str) and _name_key(n) == LEGACY_NAME for n, _ in pairs):
            raise DirectorConfigError.at(
                (), "auth.legacy_twice", name=LEGACY_NAME, env=ENV_VAR, secret=SECRETS_KEY
            )
        pairs.append((LEGACY_NAME, legacy_hash))
    return Directors.of(pairs)


def _named(text: str, env: str, part_key: str) -> tuple[bool, list[tuple[Any, Any]]]:
    """The (name, value) pairs of a setting written ``name=value;name=value`` or as a JSON
    object; and whether it was JSON (its values are JSON values, the others text)."""
    text = text.strip()
    if text.startswith("{"):
        try:
            pairs = json.loads(text, object_pairs_hook=list)
        except json.JSONDecodeError as exc:
            raise DirectorConfigError.at(
                (), "auth.env.json", env=env, detail=exc.msg, position=exc.pos
            ) from None
        return True, list(pairs)  # an object's pairs (object_pairs_hook)
    result = []
    for number, part in enumerate(text.split(";"), start=1):
        if not part.strip():
            continue
        name, equals, value = part.partition("=")
        if not equals:
            raise DirectorConfigError.at(env, part_key, number=number)
        result.append((name, value))
    return False, result


def parse_directors(text: str) -> list[tuple[str, str]]:
    """The (name, hash) pairs of ``COMPCORE_DIRECTORS``: ``name=hash;name=hash`` (a name may
    not hold ``=`` or ``;`` there) or a JSON object ``{"name": "hash", ...}``."""
    _, pairs = _named(text, DIRECTORS_ENV, "auth.env.part")
    if not all(isinstance(h, str) for _, h in pairs):
        raise DirectorConfigError.at((), "auth.env.map", env=DIRECTORS_ENV)
    return [(name, stored.strip()) for name, stored in pairs]


def parse_director_clubs(text: str) -> list[tuple[Any, Any]]:
    """The (name, clubs) pairs of ``COMPCORE_DIRECTOR_CLUBS``: ``name=club,club;name=club``
    or a JSON object ``{"name": ["club", ...], ...}`` (for club names with a comma)."""
    is_json, pairs = _named(text, CLUBS_ENV, "auth.clubs.part")
    return pairs if is_json else [(name, clubs.split(",")) for name, clubs in pairs]


def _secret(secrets_: Mapping[str, Any] | None, key: str) -> Any:
    if secrets_ is None:
        return None
    try:
        return secrets_.get(key)
    except Exception:  # streamlit's secrets raise when no secrets.toml exists
        return None


def configured_directors(secrets_: Mapping[str, Any] | None = None) -> Directors:
    """The configured directors, from the environment when either ``COMPCORE_DIRECTORS`` or
    ``COMPCORE_DIRECTOR_HASH`` is set there (as for the database path, the environment wins,
    and then the secrets are not read), else from the app's secrets (a ``[directors]`` table
    of ``name = "hash"`` and/or ``director_hash``). Empty when nothing is configured.

    Pass ``st.secrets`` from the app. Everything is checked: a malformed hash or a bad name
    raises :class:`DirectorConfigError` at start-up rather than at the first login.
    """
    many: Any = os.environ.get(DIRECTORS_ENV)
    one: Any = os.environ.get(ENV_VAR)
    if many or one:
        clubs = os.environ.get(CLUBS_ENV)
        directors = configure(parse_directors(many) if many else None, one or None)
        return directors.with_clubs(parse_director_clubs(clubs)) if clubs else directors
    table = _secret(secrets_, DIRECTORS_SECRET)
    one = _secret(secrets_, SECRETS_KEY)
    limits = _secret(secrets_, CLUBS_SECRET)
    if table and not isinstance(table, Mapping):
        raise DirectorConfigError.at((), "auth.secret_table", table=DIRECTORS_SECRET)
    if limits and not isinstance(limits, Mapping):
        raise DirectorConfigError.at((), "auth.clubs.secret_table", table=CLUBS_SECRET)
    directors = configure(list(table.items()) if table else None, str(one) if one else None)
    return directors.with_clubs(list(limits.items()), CLUBS_SECRET) if limits else directors
