"""The rule format says what an outside author met writing a real county's ordinance: a fee with a
minimum, a base plus a further sum per block of people or fraction, a warning's figures in bands, a
lead time counted from the first day of advertising, and an application deemed granted when the
office does not decide in time. The rule file is tests/fixtures/rule-format/oak-falls.yaml; its
made-up text is oak-falls-ordinance.txt beside it, whose section each assertion cites."""
from __future__ import annotations

from pathlib import Path

import pytest

from wizard.authoring.checks import AUTHORING, check_file
from wizard.engine.assess import assess_jurisdiction
from wizard.rules.rulebook import load_questions

FOLDER = Path(__file__).resolve().parent.parent / "fixtures" / "rule-format"
FIXTURE = FOLDER / "oak-falls.yaml"
TEXT = (FOLDER / "oak-falls-ordinance.txt").read_text(encoding="utf-8")

ONE_DAY = {"jurisdiction": "oak-falls", "max_attendance": 1500, "total_attendance": 4000,
           "starts_at": "2027-07-10T10:00", "ends_at": "2027-07-10T22:00",
           "advertising_starts": "2027-05-01T09:00", "event_name": "Oak Fest"}


@pytest.fixture(scope="module")
def oak_falls():
    j, problems = check_file(FIXTURE, load_questions(lang=None), AUTHORING)
    assert problems == [], problems
    return j


def assess(j, **changes) -> dict:
    return assess_jurisdiction(j, {**ONE_DAY, **changes})


def test_the_fixture_text_says_what_the_assertions_cite():
    assert "$100 for each day of the assembly, with a minimum fee of $300" in TEXT
    assert "a further sum of $2,500 for each additional 10,000 persons or fraction thereof" in TEXT
    assert "at least 15 days before the\nfirst day of advertising" in TEXT
    assert "shall be\ndeemed granted" in TEXT


@pytest.mark.parametrize("ends_at, fee", [
    ("2027-07-10T22:00", 300),  # one day: $100, raised to the minimum
    ("2027-07-12T22:00", 300),  # three days: $300, the minimum itself
    ("2027-07-13T22:00", 400),  # four days: $400, above the minimum
])
def test_a_fee_with_a_minimum(oak_falls, ends_at, fee):
    result = assess(oak_falls, ends_at=ends_at)
    # § 12-5(a): "$100 for each day of the assembly, with a minimum fee of $300".
    assert result["fees"]["application"]["amount"] == fee, "§ 12-5(a)"
    assert result["fees"]["application"]["citation"] == "§ 12-5(a)"


@pytest.mark.parametrize("people, deposit", [
    (1500, 5000), (10_000, 5000),  # up to 10,000 persons: the base alone
    (10_001, 7500),  # one person more is a fraction of a further 10,000
    (20_000, 7500), (25_000, 10_000), (40_000, 12_500),
])
def test_a_base_and_a_further_sum_for_each_further_block_or_fraction(oak_falls, people, deposit):
    result = assess(oak_falls, max_attendance=people, total_attendance=people)
    # § 12-5(b): "$5,000 for an assembly of up to 10,000 persons, and a further sum of $2,500 for each
    # additional 10,000 persons or fraction thereof".
    assert result["deposit"] == deposit, "§ 12-5(b)"
    assert result["fees"]["deposit"]["citation"] == "§ 12-5(b)"


def test_a_warning_quotes_banded_figures(oak_falls):
    result = assess(oak_falls)  # 1,500 at one time, 4,000 over the day
    # § 12-5(c): "$200 where up to 2,000 persons attend, $500 where up to 5,000 persons attend".
    assert result["other_fees"][0]["amount"] == 200, "§ 12-5(c), banded on the most at one time"
    [warning] = [w for w in result["warnings"] if w["citation"] == "§ 12-5(c)"]
    assert "cleanup charge of $200" in warning["text"] and "it is $500" in warning["text"], "§ 12-5(c)"
    # Above 5,000 both readings fall in the last band, "$1,000 where more than 5,000 persons attend":
    # the figures agree and the warning is not shown.
    same = assess(oak_falls, max_attendance=6000, total_attendance=9000)
    assert same["other_fees"][0]["amount"] == 1000, "§ 12-5(c)"
    assert not [w for w in same["warnings"] if w["citation"] == "§ 12-5(c)"], "§ 12-5(c)"


def test_a_lead_time_counted_from_the_first_day_of_advertising(oak_falls):
    result = assess(oak_falls)
    # § 12-4(a): filed "at least 15 days before the first day of advertising": May 1 less 15 days.
    assert result["file_by"] == "2027-04-16", "§ 12-4(a)"
    assert result["file_by_basis"] == "ordinance" and result["file_by_citation"] == "§ 12-4(a)"
    assert result["file_by_counted_from"] == "advertising_starts", "§ 12-4(a)"
    # The event's own date does not move it (§ 12-4(a) counts from advertising alone).
    assert assess(oak_falls, starts_at="2027-09-10T10:00", ends_at="2027-09-10T22:00")["file_by"] == "2027-04-16"


def test_without_the_advertising_day_there_is_no_last_day_yet(oak_falls):
    answers = {k: v for k, v in ONE_DAY.items() if k != "advertising_starts"}
    # § 12-4(b): the application states the first day of advertising; until it is known, § 12-4(a)'s
    # last day cannot be worked out, and no date counted from the event stands in for it.
    assert assess_jurisdiction(oak_falls, answers)["file_by"] is None, "§ 12-4(a)-(b)"


def test_an_application_deemed_granted_is_said_so(oak_falls):
    result = assess(oak_falls)
    # § 12-6(a)-(b): decided "within 20 days of its filing", else "deemed granted".
    assert result["decision_within_days"] == 20, "§ 12-6(a)"
    assert result["deemed_granted_citation"] == "§ 12-6(b)", "§ 12-6(b)"
