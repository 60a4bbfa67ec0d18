"""The club rating's settings in one sentence (issue 22 item 9): one K is said once."""

from __future__ import annotations

from compcore.present.club_rating_report import settings_text
from compcore.rules.rulesets.schema import ClubRatingRules


def test_one_k_is_said_once_and_two_are_both_said():
    # k 20, provisional_k unset (= k): "K = 20" once, the 10 provisional games still named
    same = settings_text(ClubRatingRules(k=20, provisional_games=10), "nl")
    assert same.count("K = 20") == 1 and "eerste 10 partijen" in same
    assert "(K =" not in same
    # k 20, provisional_k 40: both
    two = settings_text(ClubRatingRules(k=20, provisional_k=40, provisional_games=10), "en")
    assert "K = 20" in two and "(K = 40)" in two
