"""The office's served story on the PostgreSQL backend: the tests of tests/test_office.py that
use the `app` fixture, run again with DATABASE a postgresql:// URL (a fresh schema per test in
scripts/test.sh's cluster). An organizer sends an application, a clerk signs in and sees it."""
from __future__ import annotations

import pytest

from wizard.web.app import create_app

from .office_support import clerk, finished, send
from .postgres_support import fresh_schema
from .test_office import (  # noqa: F401 - collected here again, on PostgreSQL
    test_a_bad_upload_is_explained_and_earlier_uploads_are_kept, test_a_clerk_of_dekalb_reaches_no_baroda_application,
    test_a_clerk_signs_in_sees_the_inbox_and_signs_out, test_a_finished_interview_offers_to_send_it_to_the_office,
    test_a_new_password_ends_old_sessions_and_a_link_works_once, test_a_place_gets_its_own_letters,
    test_a_session_expires, test_all_uploads_together_may_be_at_most_25_mb,
    test_an_interview_that_needs_no_permit_offers_no_send, test_failed_sign_ins_slow_down,
    test_sending_again_makes_a_new_version_not_a_new_reference, test_sending_gives_a_reference_and_a_status_page,
    test_signed_out_requests_get_the_sign_in_page, test_the_answers_file_carries_the_reference_and_goes_back_in,
    test_the_application_page_status_message_checklist_and_history, test_the_declaration_must_be_confirmed,
    test_the_inbox_flags_deadlines_filters_and_sorts, test_the_organizers_link_reaches_only_its_own_application,
    test_the_type_comes_from_the_bytes_and_the_name_is_made_safe)


@pytest.fixture
def app(book):
    with fresh_schema() as url:
        app = create_app({"TESTING": True, "RULEBOOK": book, "DATABASE": url, "SECRET_KEY": "test-secret",
                          "WTF_CSRF_ENABLED": False})
        yield app
        app.extensions["interview_store"].close()


def test_the_app_really_stores_in_postgresql(app, client):
    """The story above is not quietly on SQLite: the sent application is a row in PostgreSQL."""
    clerk(app)
    reference = send(client, finished(app))
    backend = app.extensions["interview_store"].backend
    assert backend.dialect.name == "postgresql"
    assert backend.one("SELECT reference FROM applications")["reference"] == reference
