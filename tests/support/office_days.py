"""Today as a place's office counts it, for tests that post or read an office date (a decision's day,
a month's counts): the app counts in the rule file's `time_zone:`, so the machine's `date.today()`
is the next day in UTC's early hours, when it is still the evening before in Chicago."""
from __future__ import annotations

from datetime import date
from functools import cache

from wizard.authoring.loader import load_rulebook
from wizard.office.office_time import office_today
from wizard.rules.rulebook import RuleBook


@cache
def built_in() -> RuleBook:
    return load_rulebook()


def office_day(place: str) -> date:
    """Today in `place`'s office: the app's own office_today, in the zone its rule book gives."""
    return office_today(built_in().jurisdictions[place].zone)
