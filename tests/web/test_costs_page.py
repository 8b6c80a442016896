"""The costs page, "What it costs" (docs/decisions/0005-fees-due-at-their-moment.md) says everything the
result page knows about money: every sum and every caveat about a sum the result page gives, for every
built-in place."""
from __future__ import annotations

import re

import pytest

from wizard.engine.assess import assess_jurisdiction
from wizard.engine.wording import permit_applies
from wizard.interview.flow import applicable_answers

from tests.support.stories import PATHS
from tests.support.office_days import built_in
from tests.support.walks import stored_answers
from tests.support.organizer import dated, finished, Text  # noqa: F401

MONEY = re.compile(r"\$\d{1,3}(?:,\d{3})*(?:\.\d\d)?")


def money_facts(text: str) -> set[str]:
    return set(MONEY.findall(text))


def pages(app, story: str, **changes) -> tuple[str, str] | None:
    client = app.test_client()
    ident = finished(app, story, **changes)
    costs = client.get(f"/i/{ident}/costs")
    if costs.status_code != 200:
        return None
    result = client.get(f"/i/{ident}/result").get_data(as_text=True)
    return Text(result).text, Text(costs.get_data(as_text=True)).text


def _applies(story: str) -> bool:
    """Whether the story's interview, as the app keeps and reads it, has a permit to apply for."""
    jurisdiction, answers, _, _ = PATHS[story]
    book = built_in()
    kept = applicable_answers(stored_answers(book, jurisdiction, answers), book)
    return permit_applies(assess_jurisdiction(book.jurisdictions[jurisdiction], kept)["outcome"])


WITH_PERMIT = [story for story in sorted(PATHS) if _applies(story)]


@pytest.mark.parametrize("story", WITH_PERMIT)
def test_the_costs_page_has_every_sum_the_result_page_has(dated, story):
    result, costs = pages(dated, story)
    assert money_facts(result) <= money_facts(costs), money_facts(result) - money_facts(costs)


@pytest.mark.parametrize("story", sorted(set(PATHS) - set(WITH_PERMIT)))
def test_with_no_permit_to_apply_for_there_is_no_costs_page(dated, story):
    assert pages(dated, story) is None


def test_baroda_fee_for_each_day(dated):
    # Ord. 171: the fee is "based on the daily maximum number of persons expected to attend".
    result, costs = pages(dated, "baroda-festival")
    assert "daily maximum number of persons expected to attend" in costs
    assert money_facts(result) <= money_facts(costs)


def test_whitesboro_split_limit_caveat(dated):
    # Ch. 40: insurance "with limits of not less than $500,000 to $1,000,000 for bodily injury or death".
    _, costs = pages(dated, "whitesboro-festival")
    assert "not less than $500,000 to $1,000,000" in costs and "split-limit" in costs


def test_dekalb_escrow_and_inspection_costs(dated):
    # § 34.06(c): the Departments "may require additional or supplemental inspections", at the applicant's
    # cost; § 34.06(d)(1): a cash escrow for supplemental City services.
    _, costs = pages(dated, "dekalb-festival")
    assert "Cash escrow for supplemental City services" in costs
    assert "Pay the cost of every inspection" in costs


def test_wisconsin_bond_in_cash_or_from_a_surety(dated):
    # § 64-4B(13): the bond is "either in cash or underwritten by a surety company".
    _, costs = pages(dated, "wisconsin-festival")
    assert "You buy it from a bonding company" not in costs
    assert "in cash or from a surety company" in costs
