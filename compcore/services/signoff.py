"""Members sign off and sign up themselves (issue 10, item 4).

The director makes each member a personal link (:func:`make_token`): a random secret in the
address, of which the store keeps only the sha256. The link opens the Afmelden page, which
shows the member's coming club evenings (:func:`coming_evenings`) and stores his marks
(:func:`mark`): present, or one of the rulebook's absence kinds (:func:`member_kinds`),
each before the evening's deadline (:func:`deadline`, the ruleset's
``attendance.deadline``). A link lets its own player change only his own coming evenings.
The Ronde page's attendance list starts from the marks made since the director last saved
it (:func:`marked_choices`).

Pure functions over a :class:`~compcore.ports.repository.Repository`; ``now`` is always
passed in (an aware datetime), so every rule is tested with an injected clock.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from compcore.adapters.files import member_card
from compcore.domain.errors import Label, SignoffRefused
from compcore.domain.model import Kind, Player, Season
from compcore.i18n import Lang
from compcore.ports.actors import Actor
from compcore.ports.repository import Repository
from compcore.ports.values import LogEntry, Mark, MemberToken, member_label
from compcore.present.dates import day_text
from compcore.rules.rulesets import Ruleset
from compcore.services import round as rs
from compcore.services.setup import next_round_date

#: how long a member's link lasts (a season and some): after that the director makes a new one
TOKEN_LIFETIME = timedelta(days=400)

#: how many coming club evenings the page offers
EVENINGS_SHOWN = 3

#: the choices a member may make himself: present, or an absence the rulebook has; never
#: "absent without notice" or "not participating", which only the director sets
_MEMBER_KINDS = (rs.PRESENT, Kind.ABSENT.value, Kind.EXTERNAL.value, Kind.CLUB_DUTY.value,
                 Kind.JOKER.value)  # fmt: skip


def hash_token(secret: str) -> str:
    """What the store keeps of a link's secret: its sha256, hex."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


# --------------------------------------------------------------------------- links


def make_token(
    repo: Repository, competition_id: int, player: str, *, actor: Actor, now: datetime
) -> str:
    """A new personal link's secret for ``player`` (a human of the competition); the
    player's earlier links stay valid until revoked."""
    season = repo.load(competition_id)
    if not any(p.id == player and not p.is_engine for p in season.players):
        raise SignoffRefused("signoff.refused.no_player", player=player)
    secret = secrets.token_urlsafe(32)
    token = MemberToken(competition_id, player, hash_token(secret), now, now + TOKEN_LIFETIME)
    repo.add_member_token(token, actor=actor)
    return secret


def revoke(
    repo: Repository, competition_id: int, player: str, *, actor: Actor, now: datetime
) -> int:
    """Revoke every live link of ``player``: how many there were."""
    return repo.revoke_member_tokens(competition_id, player, now, actor=actor)


def live_tokens(tokens: Iterable[MemberToken], now: datetime) -> dict[str, MemberToken]:
    """Player id -> his newest link that still counts at ``now``."""
    live = sorted((t for t in tokens if refusal(t, now) is None), key=lambda t: t.created_at)
    return {t.player: t for t in live}


def refusal(token: MemberToken | None, now: datetime) -> str | None:
    """Why a link does not count at ``now`` (an i18n key), or None when it does."""
    if token is None:
        return "signoff.refused.unknown"
    if token.revoked_at is not None:
        return "signoff.refused.revoked"
    if now >= token.expires_at:
        return "signoff.refused.expired"
    return None


def resolve(repo: Repository, secret: str, now: datetime) -> MemberToken:
    """The link ``secret`` opens: its token, or SignoffRefused (unknown, revoked, expired)."""
    token = repo.member_token(hash_token(secret)) if 0 < len(secret) <= 200 else None
    why = refusal(token, now)
    if why is not None:
        raise SignoffRefused(why)
    assert token is not None
    return token


# --------------------------------------------------------------------------- evenings


def member_kinds(ruleset: Ruleset) -> list[str]:
    """What a member may choose: ``present`` and the rulebook's absence kinds among absent,
    external, club duty and joker (:func:`compcore.services.round.attendance_kinds`)."""
    return [k for k in rs.attendance_kinds(ruleset) if k in _MEMBER_KINDS]


def deadline(ruleset: Ruleset, day: date) -> datetime:
    """The last moment to sign off for the club evening on ``day`` (aware, the club's time
    zone): ``attendance.deadline.days_before`` days before it at ``time`` (DS-15: the
    evening itself at 18:30)."""
    rule = ruleset.attendance.deadline
    hour, minute = (int(part) for part in rule.time.split(":"))
    when = datetime.combine(day - timedelta(days=rule.days_before), time(hour, minute))
    return when.replace(tzinfo=ZoneInfo(rule.timezone))


@dataclass(frozen=True)
class Evening:
    """A coming club evening as the member sees it: the round, its date, its deadline, his
    choice (his newest mark, else what the director would assume) and whether he may still
    change it."""

    number: int
    day: date
    deadline: datetime
    choice: str
    marked: bool
    open: bool


def coming_numbers(season: Season, ruleset: Ruleset, count: int = EVENINGS_SHOWN) -> list[int]:
    """The rounds a member may still mark: the open round (or the next new one) and the
    ones after it, at most ``count``, never beyond the season's last round."""
    last = season.rounds[-1] if season.rounds else None
    first = 1 if last is None else last.number if last.is_open else last.number + 1
    if rs.finished_cup(season, ruleset) is not None:
        return []
    return [n for n in range(first, first + count) if n <= ruleset.total_rounds]


def evening_dates(season: Season, numbers: Sequence[int], today: date) -> dict[int, date]:
    """Each coming round's date: as stored or planned in the calendar, else a week after
    the evening before it."""
    dates: dict[int, date] = {}
    for number in numbers:
        stored = rs.stored_round(season, number)
        planned = season.calendar is not None and number <= len(season.calendar.dates)
        if stored is not None and stored.date:
            dates[number] = date.fromisoformat(stored.date)
        elif number - 1 in dates and not planned:
            dates[number] = dates[number - 1] + timedelta(weeks=1)
        else:
            dates[number] = next_round_date(season, number, today)
    return dates


def newest_marks(marks: Iterable[Mark]) -> dict[tuple[int, str], Mark]:
    """(round, player) -> the newest mark (marks come oldest first)."""
    return {(m.round, m.player): m for m in marks}


def coming_evenings(
    season: Season, ruleset: Ruleset, player: str, marks: Sequence[Mark], now: datetime
) -> list[Evening]:
    """The member's coming evenings, with his choice and whether it may still change; none
    for a player no longer in the season (removed after his link was made)."""
    me = next((p for p in season.players if p.id == player), None)
    if me is None:
        return []
    numbers = [n for n in coming_numbers(season, ruleset) if me.registered_in(n)]
    newest = newest_marks(marks)
    evenings = []
    for number, day in evening_dates(season, numbers, now.date()).items():
        last = deadline(ruleset, day)
        mark_ = newest.get((number, player))
        choice = mark_.choice if mark_ is not None else _assumed(season, me, number)
        evenings.append(Evening(number, day, last, choice, mark_ is not None, now < last))
    return evenings


def _assumed(season: Season, me: Player, number: int) -> str:
    """What counts without a mark: the stored open round's choice, else participation."""
    return rs.default_choice(me, rs.stored_round(season, number), _MEMBER_KINDS)


@dataclass(frozen=True)
class DayWords:
    """A date as a message field, rendered in the reader's language, with its weekday
    (:func:`compcore.present.dates.day_text`)."""

    day: date

    def render(self, lang: Lang) -> str:
        return day_text(self.day, lang, weekday=True)


# --------------------------------------------------------------------------- marking


def mark(
    repo: Repository, secret: str, player: str, number: int, choice: str, *, now: datetime
) -> Mark:
    """Store the member's mark for round ``number``; refused (SignoffRefused, nothing
    stored) for a link that does not count, another player, a round that is played or not
    coming, a kind the rulebook lacks, or after the evening's deadline."""
    token = resolve(repo, secret, now)
    if token.player != player:
        raise SignoffRefused("signoff.refused.not_yours")
    season = repo.load(token.competition_id)
    ruleset = repo.ruleset(token.competition_id)
    if rs.stage(season, number) not in ("new", "open"):
        raise SignoffRefused("signoff.refused.played", number=number)
    evening = next((e for e in coming_evenings(season, ruleset, player, [], now)
                    if e.number == number), None)  # fmt: skip
    if evening is None:
        raise SignoffRefused("signoff.refused.not_coming", number=number)
    if choice not in member_kinds(ruleset):
        raise SignoffRefused("signoff.refused.kind", kind=Label("kind", choice))
    if not evening.open:
        raise SignoffRefused("signoff.refused.deadline", number=number,
                             when=evening.deadline.strftime("%H:%M"),
                             day=DayWords(evening.deadline.date()))  # fmt: skip
    done = Mark(token.competition_id, number, player, choice, now, member_label(player))
    repo.add_mark(done, token_hash=token.token_hash)
    return done


# --------------------------------------------------------------------------- the director


def attendance_saved_at(log: Sequence[LogEntry], number: int) -> datetime | None:
    """When the director last stored round ``number``'s attendance list (None: never)."""
    saved = [e.at for e in log if e.action == "attendance"
             and isinstance(e.after, Mapping) and e.after.get("round") == number]  # fmt: skip
    return max(saved, default=None)


def marked_choices(marks: Sequence[Mark], number: int, since: datetime | None) -> dict[str, str]:
    """Player id -> his newest mark for round ``number`` made after ``since`` (the
    director's last save of the list): where the director's attendance list starts."""
    newest = newest_marks(m for m in marks if m.round == number)
    return {pid: m.choice for (_, pid), m in newest.items() if since is None or m.marked_at > since}


def utc_now() -> datetime:
    """The real clock (pages pass it in; tests pass their own moment)."""
    return datetime.now(UTC)


# --------------------------------------------------------------------------- what the pages read


def player_link(
    repo: Repository, competition_id: int, player: str, now: datetime
) -> MemberToken | None:
    """``player``'s newest sign-off link that still counts at ``now`` (None: none)."""
    return live_tokens(repo.member_tokens(competition_id), now).get(player)


def unrevoked_links(repo: Repository, competition_id: int, player: str) -> int:
    """How many of ``player``'s links are not revoked (what a revoke ends)."""
    return len([t for t in repo.member_tokens(competition_id)
                if t.player == player and t.revoked_at is None])  # fmt: skip


def player_marks(repo: Repository, competition_id: int, player: str) -> list[Mark]:
    """``player``'s own marks in the competition."""
    return [m for m in repo.marks(competition_id) if m.player == player]


def member_link(page_url: str | None, secret: str) -> str:
    """The member's personal link (the app's root with ``?token=``)."""
    return member_card.member_url(page_url, secret)


def member_card_svg(url: str, name: str, competition: str, heading: str) -> str:
    """The printable card of a member's link: ``heading``, the QR code, name and competition."""
    return member_card.card_svg(url, name, competition, heading)
