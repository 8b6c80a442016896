"""Questions of options are drawn once for each way they can look (wizard/web/organizer/drawn_fields.py): each
organizer still sees their own choice, an error is always shown, and the same question drawn on
another page (optional there) keeps that page's own markup."""
from __future__ import annotations

from wizard.web.edge.state import store

from tests.support.html import attributes, field_values, parse, texts


def step_page(client, app, answers: dict, step: str = "land"):
    with app.app_context():
        interview = store().create(answers)
    return client.get(f"/i/{interview.id}/step/{step}"), interview.id


def test_each_organizer_sees_their_own_choice_on_the_same_step(client, app):
    answers = [None, "private", "municipal", "private", None]
    for answer in answers:
        page, _ = step_page(client, app, {"jurisdiction": "baroda-mi", **({"property_owner": answer} if answer else {})})
        assert field_values(page, "property_owner") == ([answer] if answer else [])


def test_a_choice_left_empty_shows_its_error_after_clean_drawings(client, app):
    step_page(client, app, {"jurisdiction": "baroda-mi"})  # the clean drawing, remembered
    page, interview_id = step_page(client, app, {"jurisdiction": "baroda-mi"})
    refused = client.post(f"/i/{interview_id}/step/land", data={}, follow_redirects=True)
    assert texts(refused, ".error-message") and texts(refused, ".error-summary a")
    assert parse(refused).select_one(".form-group--error")
    clean, _ = step_page(client, app, {"jurisdiction": "baroda-mi"})
    assert not texts(clean, ".error-message") and not parse(clean).select_one(".form-group--error")


def test_the_clerks_builder_draws_the_same_question_as_optional(client, app):
    step, _ = step_page(client, app, {"jurisdiction": "baroda-mi"})
    radios = parse(step).select("input[name=property_owner]")
    assert radios and all(radio.has_attr("required") for radio in radios)
    builder = client.get("/clerks?jurisdiction=baroda-mi")
    offered = parse(builder).select("input[name=property_owner]")
    assert offered and not any(radio.has_attr("required") for radio in offered)
    assert attributes(step, "input[name=property_owner]", "value") == attributes(builder, "input[name=property_owner]", "value")
