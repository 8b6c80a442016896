"""Where the ordinance asks each person's age and address, the interview does not
leave them blank. Baroda (a): "The name, age, residence and mailing address ... shall be provided
for all partners, officers and directors". The rule file says so with `each_person_needs:`, the
officers' page asks for them (no "(optional)"), a row with a name but a blank age or address gets an
inline error beside that box, everything typed is kept, and `wizard check` explains a wrong key.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from wizard.interview.flow import answered_steps

from tests.support import html
from tests.support.stories import BIG_FESTIVAL
from tests.support.authoring import check
from tests.support.walks import people_names, step_url
from tests.support.posting import STEP

BARODA = Path(__file__).resolve().parents[2] / "interviews" / "jurisdictions" / "baroda-mi.yaml"
ANN = {"officers-0-name": "Ann Lee", "officers-0-age": "51", "officers-0-address": "2 Oak St, Baroda MI"}
BO = {"officers-1-name": "Bo Park", "officers-1-age": "", "officers-1-address": ""}


def test_baroda_asks_each_officers_age_and_address_without_optional(client, book):
    page = client.get(step_url(client, "baroda-mi", "officers", BIG_FESTIVAL, book))
    labels = html.texts(page, "fieldset#officers label")
    assert labels == ["Full name", "Age", "Home address"]
    assert html.attributes(page, "#officers-0-age", "aria-required") == ["true"]


def test_an_officer_without_age_or_address_is_refused_beside_the_box_and_nothing_is_lost(client, book):
    url = step_url(client, "baroda-mi", "officers", BIG_FESTIVAL, book)
    posted = client.post(url, data={**ANN, **BO})
    assert posted.status_code == 303 and posted.headers["Location"] == url  # the step again, not the next one
    page = client.get(url)
    message = "Enter the age and home address of person 2 (Bo Park)"
    assert html.texts(page, ".error-summary a") == [message]
    assert html.links(page, ".error-summary a") == ["#officers-1-age"]  # the box to fill in
    assert html.texts(page, "#officers-1-error") == [f"Error: {message}"]
    assert html.attributes(page, "#officers-1-age", "aria-describedby") == ["officers-1-error"]
    assert "input--error" in html.attributes(page, "#officers-1-age", "class")[0]
    assert "input--error" not in html.attributes(page, "#officers-1", "class")[0]  # the name was given
    assert people_names(page) == {"officers-0-name": ["Ann Lee"], "officers-1-name": ["Bo Park"]}
    assert html.field_values(page, "officers-0-address") == ["2 Oak St, Baroda MI"]
    interview_id = STEP.search(url).group(1)
    earlier = client.get(f"/i/{interview_id}/step/applicant")  # an answer given before is still there
    assert html.field_values(earlier, "applicant_name") == [BIG_FESTIVAL["applicant_name"]]

    only_address = client.post(url, data={**ANN, **BO, "officers-1-age": "60"}, follow_redirects=True)
    assert html.texts(only_address, ".error-summary a") == ["Enter the home address of person 2 (Bo Park)"]
    assert html.links(only_address, ".error-summary a") == ["#officers-1-address"]
    done = client.post(url, data={**ANN, **BO, "officers-1-age": "60", "officers-1-address": "4 Elm St"})
    assert done.status_code == 303 and done.headers["Location"] != url


def test_whitesboro_still_takes_an_officer_without_age(client, book):
    """Whitesboro B(1) asks the names and addresses; the age stays optional there."""
    url = step_url(client, "whitesboro-ny", "officers", BIG_FESTIVAL, book)
    page = client.get(url)
    assert html.texts(page, "fieldset#officers label")[1] == "Age (optional)"
    done = client.post(url, data={**ANN, "officers-0-age": ""})
    assert done.status_code == 303 and done.headers["Location"] != url


def test_an_answers_file_with_an_officer_without_age_is_asked_again(book):
    j = book.jurisdictions["baroda-mi"]
    answers = {**{k: v for k, v in BIG_FESTIVAL.items()}, "jurisdiction": "baroda-mi"}
    assert "officers" in answered_steps(j, answers, book)
    answers["officers"] = [*answers["officers"], {"name": "Bo Park", "age": None, "address": ""}]
    assert "officers" not in answered_steps(j, answers, book)


@pytest.mark.parametrize("bad, words", [
    ("each_person_needs: [age, adress]", "'adress' is not one of: age, address"),
    ("each_person_needs: [age, age]", "lists the same value twice"),
    ("each_person_needs: []", "is an empty list"),
    ("each_person_needs: [{age: 1}]", "is not one of: age, address"),
])
def test_wizard_check_explains_a_wrong_each_person_needs(tmp_path, bad, words):
    text = BARODA.read_text(encoding="utf-8")
    assert text.count("each_person_needs: [age, address]") == 1
    text = text.replace("each_person_needs: [age, address]", bad)
    lines = check(tmp_path, "baroda-mi.yaml", text)
    line = text[: text.index(bad)].count("\n") + 1
    assert any(entry.startswith(f"{tmp_path / 'baroda-mi.yaml'}:{line}: question_wording.officers.each_person_needs")
               and words in entry for entry in lines), lines


def test_wizard_check_refuses_each_person_needs_on_a_question_not_of_people(tmp_path):
    text = BARODA.read_text(encoding="utf-8")
    daily_label = "    label:\n      en: What is the maximum number of attendants"
    assert daily_label in text
    text = text.replace(daily_label, "    each_person_needs: [age]\n" + daily_label)
    lines = check(tmp_path, "baroda-mi.yaml", text)
    assert any("question_wording.daily_attendance.each_person_needs" in entry
               and "applies to a list of people (kind: people) only, not to a long_text question" in entry
               for entry in lines), lines
