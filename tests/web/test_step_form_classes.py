"""A step's form class is built once and kept, but never across days: a date
field's bounds depend on today, so the same step a day later must refuse the day that just passed."""
from __future__ import annotations

from datetime import date

from werkzeug.datastructures import MultiDict

from wizard.web.organizer.forms import form_for


def when_step(book):
    return next(s for s in book.jurisdictions["baroda-mi"].steps if "starts_at" in s["questions"])


def posted(day: str) -> MultiDict:
    return MultiDict({"starts_at": day, "starts_at_time": "10am", "ends_at": day, "ends_at_time": "10pm"})


def test_the_same_step_a_day_later_refuses_the_day_that_passed(app, book):
    step, questions = when_step(book), book.questions_for("baroda-mi")
    with app.test_request_context():
        before = form_for(step, questions, {}, formdata=posted("2027-07-10"), today=date(2027, 7, 10))
        assert before.validate(), before.errors
        after = form_for(step, questions, {}, formdata=posted("2027-07-10"), today=date(2027, 7, 11))
        assert not after.validate()
        assert "That day has passed" in after.starts_at.errors[0]


def test_a_kept_class_gives_each_form_its_own_answers(app, book):
    step, questions = when_step(book), book.questions_for("baroda-mi")
    with app.test_request_context():
        first = form_for(step, questions, {}, formdata=posted("2027-07-10"), today=date(2027, 7, 1))
        second = form_for(step, questions, {}, formdata=posted("2027-07-12"), today=date(2027, 7, 1))
        assert type(first) is type(second)  # built once
        assert first.validate() and second.validate()
        assert (first.starts_at.data.day, second.starts_at.data.day) == (10, 12)
