"""WTForms forms built from question definitions: one interview step's (`form_for`), and a form of
any answer questions, each optional (`answer_form`: the clerks' builder and a clerk's prefilled link)."""
from __future__ import annotations

from datetime import date
from typing import Any

from flask_wtf import FlaskForm

from ... import language
from ...engine.answers import clean_answers
from ...engine.cross_answers import broken
from ...interview.flow import step_questions
from ...kinds import KINDS
from ...remembered import Remembered
from ...rules.rulebook import RuleBook
from ...rules.steps import RuleStep
from ..edge.filters import named_error
from .fields import make_field


class AnswerForm(FlaskForm):
    """A form of answer questions. Validating it also checks the rules between answers declared in
    the questions (`must_be:`, wizard/engine/cross_answers.py) between the answers on the form. A saved answer
    on another step that no longer fits is dropped when the step is saved (`record_step`), not shown."""

    question_keys: list = []
    _questions: dict = {}  # every question the answers may name (underscored: never a field's name)

    def validate(self, extra_validators=None) -> bool:
        valid = FlaskForm.validate(self, extra_validators)
        if valid:
            values, _cleared = form_to_answers(self, self._questions)
            for key, message in broken(values, self._questions):
                self[key].errors.append(message)
                valid = False
                break
        if not valid and len(self.question_keys) > 1:
            self.name_errors()
        return valid

    def name_errors(self) -> None:
        """Each error says which question it is about, under the field as in the summary (filters.named_error)."""
        for key in self.question_keys:
            field, question = self[key], self._questions.get(key)
            field.errors = [named_error(message, question) for message in field.errors]
            rows = getattr(field, "row_errors", None)  # a people list's rows: the summary links the first
            if rows:
                field.row_errors = {n: named_error(message, question) for n, message in rows.items()}


# Step form classes already built: (the step, the question dicts it was built from, the class), by
# the ids of the step and those dicts, by `today` (a date field's bounds depend on it) and by the
# language (its messages). Holding the objects keeps their ids from being reused while the entry
# lives. Building a class costs more than a whole rendered field (0.09 ms a request).
FORM_CLASSES = 4096
_form_classes = Remembered(FORM_CLASSES, "step form classes")
DRAWN_ONLY = {"csrf": False}


def form_for(step: RuleStep, questions: dict, answers: dict, formdata=None, today: date | None = None,
             posted: bool = True) -> FlaskForm:
    """The step's form; with `today`, dates before it are refused (see WhenField). A form only drawn
    (`posted=False`: a GET) has no CSRF field: the page writes the session's token itself, and the
    post is checked by CSRFProtect before any view (the field cost a third of building the form)."""
    used = tuple(questions[key] for key in step["questions"])
    key = (id(step), *map(id, used), today, language.current())  # a field's words are in the page's language
    found = _form_classes.get_or_make(key, lambda: (step, used, step_form_class(step, questions, today)))
    form = found[2](formdata=formdata, data=stored_to_form(step, questions, answers),
                    **({} if posted else {"meta": DRAWN_ONLY}))
    # Per form, not per class: a jurisdiction's own questions make a new mapping on each request.
    form._questions = questions
    return form


def step_form_class(step: RuleStep, questions: dict, today: date | None = None) -> type:
    """The WTForms class of one step: a field per question of the step."""
    on_step = step_questions(step, questions)
    fields = {key: make_field(key, on_step[key], today) for key in step["questions"]}
    return type("StepForm", (AnswerForm,), {**fields, "question_keys": list(fields)})


def stored_to_form(step: RuleStep, questions: dict, answers: dict) -> dict:
    data: dict[str, Any] = {}
    for key in step["questions"]:
        question = questions[key]
        value = KINDS[question["kind"]].to_form(key, question, answers)
        if value is not None:
            data[key] = value
    return data


def form_to_answers(form: FlaskForm, questions: dict) -> tuple[dict, list[str]]:
    """New answer values from a valid form, and keys to clear (optional fields left empty)."""
    values: dict[str, Any] = {}
    cleared: list[str] = []
    for key in form.question_keys:
        question = questions[key]
        found = KINDS[question["kind"]].from_form(key, question, form[key].data)
        if found is None:
            cleared.append(key)
        else:
            values.update(found)
    return values, cleared


def answer_form(keys, questions: dict, answers: dict | None = None, formdata=None,
                today: date | None = None) -> FlaskForm:
    """A form of the given questions, each optional, drawn with the interview's widgets; with
    `today`, dates meet the date policy as the interview's do."""
    fields = {key: make_field(key, {**questions[key], "optional": True}, today) for key in keys}
    form_class = type("ClerkAnswerForm", (AnswerForm,), {**fields, "question_keys": list(keys), "_questions": questions})
    data = {}
    for key in keys:
        question = questions[key]
        value = KINDS[question["kind"]].to_form(key, question, answers or {})
        if value is not None:
            data[key] = value
    return form_class(formdata=formdata, data=data, meta={"csrf": False})


def form_answers(form: FlaskForm, questions: dict, book: RuleBook) -> dict:
    """The answers a valid form gives, cleaned as every answer is."""
    values: dict[str, Any] = {}
    for key in form.question_keys:
        question = questions[key]
        found = KINDS[question["kind"]].from_form(key, question, form[key].data)
        values.update(found or {})
    return clean_answers(values, questions, book.jurisdictions)


def linkable_keys(questions: dict, keys) -> list[str]:
    """Question keys a link may carry: answer keys of the interview's questions, not the municipality."""
    return [k for k in keys if k != "jurisdiction" and k in questions
            and KINDS[questions[k]["kind"]].answer_key]
