"""Issue #2, part 7: properties that must hold for any answers at all.

Answers are generated from the vocabulary itself (interviews/questions.yaml), so a new
question is covered without touching this file:
  yes_no -> bool, count -> 0..10^6, share -> 0..1, choice -> its options,
  choices -> subsets, datetime -> valid strings with end >= start, text -> any text.
Every key is optional, and any may be null (the same as unanswered).
"""
from __future__ import annotations

from datetime import datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from wizard.readable import DATETIME_FORMAT
from wizard.engine.assess import assess
from wizard.authoring.loader import load_rulebook

BOOK = load_rulebook()
JURISDICTIONS = sorted(BOOK.jurisdictions)
OUTCOMES = {"required": True, "not_required": False, "exempt": False, "uncertain": None}
WHEN = {"with_application", "before_license", "before_event", "during_event", "after_event"}
CONTRACT_KEYS = {
    "jurisdiction", "outcome", "permit_required", "reasons", "missing", "application_fee",
    "fee_waivable", "deposit", "bond", "insurance", "file_by", "file_by_basis",
    "decision_within_days", "quantities", "checklist", "warnings",
}
SETTINGS = settings(max_examples=150, deadline=None)


def _value_strategy(key: str, question: dict):
    kind = question["kind"]
    if kind == "yes_no":
        return st.booleans()
    if kind == "count":
        return st.integers(min_value=0, max_value=10**6)
    if kind == "share":
        return st.one_of(
            st.floats(min_value=0, max_value=1, allow_nan=False),
            st.sampled_from([0, 1, 0.3, 0.5, 0.07, 0.14, 0.28, 0.55, 0.19]),
        )
    if kind == "choice":
        return st.sampled_from(JURISDICTIONS if key == "jurisdiction" else list(question["options"]))
    if kind == "choices":
        return st.lists(st.sampled_from(list(question["options"])), unique=True)
    if kind in ("text", "long_text", "mailing_address"):
        return st.text(max_size=40)
    if kind == "email":  # one address: anything else is refused (test_mail_safety.py)
        return st.sampled_from(["zoe@example.org", "o'brien+permits@mail.example.co.uk", ""])
    if kind == "phone":  # one number: anything else is refused (test_phone_answers.py)
        return st.sampled_from(["315-555-0100", "+44 20 7946 0958 ext. 12", ""])
    if kind == "people":
        return st.lists(st.fixed_dictionaries({
            "name": st.sampled_from(["Ann Lee", "Zoë Núñez", "李小龍"]),
            "age": st.one_of(st.none(), st.integers(min_value=0, max_value=130)),
            "address": st.text(max_size=30)}), max_size=3)
    return None  # flag_set (a group of yes_no keys) and datetime are handled elsewhere


OPTIONAL = {}
for _key, _question in BOOK.questions.items():
    if _key == "jurisdiction" or _question["kind"] == "datetime":
        continue
    _strategy = _value_strategy(_key, _question)
    if _strategy is not None:
        OPTIONAL[_key] = st.one_of(st.none(), _strategy) if _question["kind"] != "count" else _strategy


@st.composite
def event_dates(draw) -> dict:
    start = draw(st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2099, 12, 1)))
    start = start.replace(second=0, microsecond=0)
    end = start + timedelta(minutes=draw(st.integers(min_value=1, max_value=60 * 24 * 45)))
    which = draw(st.sampled_from(["both", "both", "both", "start", "end", "neither"]))
    dates = {}
    if which in ("both", "start"):
        dates["starts_at"] = start.strftime(DATETIME_FORMAT)
    if which in ("both", "end"):
        dates["ends_at"] = end.strftime(DATETIME_FORMAT)
    return dates


@st.composite
def answers(draw, jurisdiction=None, without=()) -> dict:
    chosen = draw(st.fixed_dictionaries(
        {"jurisdiction": st.just(jurisdiction) if jurisdiction else st.sampled_from(JURISDICTIONS)},
        optional={k: v for k, v in OPTIONAL.items() if k not in without},
    ))
    chosen.update(draw(event_dates()))
    if None not in (chosen.get("max_attendance"), chosen.get("total_attendance")):
        # Fewer visits than people at one time is refused: keep them consistent.
        chosen["total_attendance"] = max(chosen["total_attendance"], chosen["max_attendance"])
    return chosen


def test_the_generator_covers_the_whole_vocabulary():
    answer_keys = set(BOOK.answer_keys())
    assert answer_keys == set(OPTIONAL) | {"jurisdiction", "starts_at", "ends_at"}
    assert {q["kind"] for q in BOOK.questions.values()} <= {
        "yes_no", "count", "share", "choice", "choices", "flag_set", "datetime", "text", "email", "phone", "long_text", "mailing_address", "people"}


@SETTINGS
@given(answers())
def test_assess_never_raises_and_keeps_the_contract(raw):
    result = assess(raw, BOOK)
    assert CONTRACT_KEYS <= set(result)
    assert result["jurisdiction"] == raw["jurisdiction"]
    assert result["permit_required"] is OUTCOMES[result["outcome"]]
    assert result["reasons"]
    for entry in result["reasons"] + result["warnings"]:
        assert entry["text"] and entry["citation"]
    for item in result["checklist"]:
        assert item["citation"] and item["when"] in WHEN
    for line in result["insurance"]:
        assert line["citation"] and line["minimum"] >= 0
    for row in result["facilities"]:
        assert row["citation"]
    # "missing" only while undecided, and only names of the vocabulary
    assert (result["missing"] == []) or result["outcome"] == "uncertain"
    assert set(result["missing"]) <= set(BOOK.answer_keys()) | set(BOOK.questions_for(raw["jurisdiction"]))
    for key, value in result["quantities"].items():
        assert value >= 0
        if key != "water_supply_gpm":
            assert isinstance(value, int)
    for money in ("application_fee", "deposit", "bond"):
        assert result[money] is None or result[money] >= 0
    if result["file_by"] is not None:
        assert result["file_by_basis"] in ("ordinance", "decision_period")
        assert result["file_by"] < raw["starts_at"][:10]
    if result["outcome"] in ("not_required", "exempt"):
        assert result["checklist"] == [] and result["quantities"] == {} and result["application_fee"] is None


def _money(result: dict, key: str) -> float:
    return result[key] or 0


@SETTINGS
@given(st.sampled_from(JURISDICTIONS).flatmap(
    lambda j: st.tuples(answers(jurisdiction=j, without=("max_attendance",)),
                        st.integers(0, 10**6), st.integers(0, 10**6))))
def test_more_people_never_means_less(case):
    raw, a, b = case
    low, high = sorted((a, b))
    if raw.get("total_attendance") is not None:  # the same visits both times, never below the crowd
        raw = {**raw, "total_attendance": max(raw["total_attendance"], high)}
    small = assess({**raw, "max_attendance": low}, BOOK)
    large = assess({**raw, "max_attendance": high}, BOOK)
    for key, value in small["quantities"].items():
        assert key in large["quantities"], (key, small["outcome"], large["outcome"])
        assert large["quantities"][key] >= value, key
    for key in ("application_fee", "deposit", "bond"):
        assert _money(large, key) >= _money(small, key), key
    small_cover = {i["coverage"]: i["minimum"] for i in small["insurance"]}
    large_cover = {i["coverage"]: i["minimum"] for i in large["insurance"]}
    for coverage, minimum in small_cover.items():
        assert large_cover.get(coverage, 0) >= minimum, coverage
    # once a permit is required, a bigger crowd still requires it
    if small["outcome"] == "required":
        assert large["outcome"] == "required"
