"""The session cookie is checked once per value (wizard/web/edge/signing.py): what is remembered
never lets a changed, expired or re-keyed cookie through, nor one session's data into another's;
the CSRF token a page writes is taken with the session's cookie."""
from __future__ import annotations

import pytest
from flask import request

from wizard.web.edge import signing
from wizard.web.app import create_app
from wizard.web.edge.state import store

from tests.support.html import csrf_token, parse


@pytest.fixture
def csrf_app(tmp_path, book):
    app = create_app({"RULEBOOK": book, "DATABASE": str(tmp_path / "s.db"), "SECRET_KEY": "first key",
                      "PACKET_PREFETCH": False})
    yield app
    app.extensions["interview_store"].close()


def opened(app, cookie: str) -> dict:
    with app.test_request_context("/", headers={"Cookie": f"session={cookie}"}):
        return dict(app.session_interface.open_session(app, request))


def session_cookie(client) -> str:
    return client.get_cookie("session").value


def step_url(app, answers=None) -> str:
    with app.app_context():
        return f"/i/{store().create(answers or {'jurisdiction': 'baroda-mi'}).id}/step/land"


def test_an_answer_posts_with_the_token_of_a_page_seen_again(csrf_app):
    client = csrf_app.test_client()
    url = step_url(csrf_app)
    client.get(url)
    page = client.get(url)  # the cookie now opens from what was remembered
    assert "Cookie" in page.headers["Vary"] and "HX-Request" in page.headers["Vary"]
    response = client.post(url, data={"csrf_token": csrf_token(page), "property_owner": "private"})
    assert response.status_code == 303 and response.headers["Location"].endswith("/step/setting")


def test_a_cookie_changed_after_it_was_read_opens_as_a_new_session(csrf_app):
    client = csrf_app.test_client()
    client.get(step_url(csrf_app))
    cookie = session_cookie(client)
    assert opened(csrf_app, cookie)["csrf_token"]
    payload, signature = cookie.rsplit(".", 1)
    forged = f"{payload}.{'A' if signature[0] != 'A' else 'B'}{signature[1:]}"
    assert opened(csrf_app, forged) == {}
    # And the page itself: the forged cookie's token no longer matches, so the post is refused.
    url = step_url(csrf_app)
    page = client.get(url)
    client.set_cookie("session", forged)
    response = client.post(url, data={"csrf_token": csrf_token(page), "property_owner": "private"})
    assert response.status_code == 400


def test_a_remembered_cookie_still_expires(csrf_app, monkeypatch):
    client = csrf_app.test_client()
    client.get(step_url(csrf_app))
    cookie = session_cookie(client)
    assert opened(csrf_app, cookie)
    lifetime = csrf_app.permanent_session_lifetime.total_seconds()
    later = signing.time.time() + lifetime + 60
    monkeypatch.setattr(signing.time, "time", lambda: later)
    assert opened(csrf_app, cookie) == {}


def test_a_new_secret_key_forgets_every_remembered_cookie(csrf_app):
    client = csrf_app.test_client()
    client.get(step_url(csrf_app))
    cookie = session_cookie(client)
    assert opened(csrf_app, cookie)
    csrf_app.secret_key = "second key"
    assert opened(csrf_app, cookie) == {}
    csrf_app.config["SECRET_KEY_FALLBACKS"] = ["first key"]  # a rotation keeps old cookies working
    assert opened(csrf_app, cookie)["csrf_token"]


def test_a_page_changing_its_session_does_not_change_what_the_next_page_opens(csrf_app):
    client = csrf_app.test_client()
    client.get(step_url(csrf_app))
    cookie = session_cookie(client)
    with csrf_app.test_request_context("/", headers={"Cookie": f"session={cookie}"}):
        first = csrf_app.session_interface.open_session(csrf_app, request)
        first.setdefault("kiosk_interviews", []).append("someone-else")
        first["csrf_token"] = "changed"
    assert opened(csrf_app, cookie) == {"csrf_token": opened(csrf_app, cookie)["csrf_token"]}
    assert opened(csrf_app, cookie)["csrf_token"] != "changed"


def test_a_page_without_an_answer_form_carries_a_token_the_session_takes(csrf_app):
    """The start page writes its token through the template's csrf_token(), not a step form."""
    client = csrf_app.test_client()
    client.get(step_url(csrf_app))
    start = client.get("/")
    token = parse(start).select_one("form[action='/start'] input[name=csrf_token]")["value"]
    response = client.post("/start", data={"csrf_token": token, "jurisdiction": "dekalb-il"})
    assert response.status_code == 303 and "/step/" in response.headers["Location"]


def test_a_step_drawn_without_a_csrf_field_still_refuses_a_post_without_its_token(csrf_app):
    """The form drawn on a GET carries no CSRF field of its own (forms.form_for): the page writes
    the session's token, and CSRFProtect checks every post before the view."""
    client = csrf_app.test_client()
    url = step_url(csrf_app)
    page = client.get(url)
    assert len(parse(page).select("form.step-form input[name=csrf_token]")) == 1
    refused = client.post(url, data={"property_owner": "private"})
    assert refused.status_code == 400
    wrong = client.post(url, data={"csrf_token": csrf_token(page) + "x", "property_owner": "private"})
    assert wrong.status_code == 400
    with csrf_app.app_context():
        assert "property_owner" not in store().get(url.split("/")[2]).answers
