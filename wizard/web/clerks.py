"""Clerks' links: a builder on /clerks, a printable handout, and answers a link carries.

A clerk chooses the municipality and, if wanted, fills in a few answers with the interview's own
widgets (wizard/kinds/, templates/fields/); the page gives the link, a copy button, a QR code
and a one-page handout. Links are relative unless PUBLIC_URL is set or the clerk gives this
site's address: never built from the request's Host header, which the client chooses. The
organizer who opens a link sees "Your clerk filled in: ..." with each answer editable.
"""
from __future__ import annotations

from typing import Any
from urllib.parse import urlencode, urlsplit

from flask import Blueprint, current_app, redirect, request, url_for
from flask_wtf import FlaskForm

from ..answers import clean_answers
from ..errors import AnswersError
from ..kinds import KINDS, show_answer
from ..rulebook import RuleBook
from . import choose
from .fields import make_field
from .offices import office_card
from .pages import render_page
from .qr import qr_svg_uri
from .state import rulebook

bp = Blueprint("clerks", __name__, url_prefix="/clerks")

# What a clerk usually knows from the first phone call or counter visit.
BUILDER_KEYS = ("event_name", "starts_at", "ends_at", "max_attendance", "site_address", "property_owner",
                "setting")
SITE_FIELD = "site"


def answer_form(keys, questions: dict, answers: dict | None = None, formdata=None) -> FlaskForm:
    """A form of the given questions, each optional, drawn with the interview's widgets."""
    fields = {key: make_field(key, {**questions[key], "optional": True}) for key in keys}
    form_class = type("AnswerForm", (FlaskForm,), {**fields, "question_keys": list(keys)})
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


def query_value(value: Any) -> str:
    """An answer as a link writes it (what each kind's `parse_query` reads back)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(value)
    return str(value)


def site_base(value: str | None) -> str | None:
    """'https://permits.example.org/' -> 'https://permits.example.org'; None for anything else."""
    try:
        parts = urlsplit((value or "").strip())
        ok = (parts.scheme in ("http", "https") and parts.hostname and parts.path in ("", "/")
              and not parts.query and not parts.fragment and not parts.username and (parts.port or 1))
    except ValueError:
        return None
    return f"{parts.scheme}://{parts.netloc}" if ok else None


def filled_in(answers: dict, questions: dict) -> list[dict]:
    """The clerk's answers in words, for "Your clerk filled in: ..."."""
    return [{"key": key, "label": questions[key]["label"], "value": show_answer(key, answers, questions)}
            for key in answers if key in questions and key != "jurisdiction"]


def _link(args) -> dict:
    """Everything the builder and the handout show for the clerk's choices in `args`."""
    book = rulebook()
    j = book.get(args.get("jurisdiction", ""))
    questions = book.questions_for(j.id if j else None)
    keys = linkable_keys(questions, BUILDER_KEYS)
    form = answer_form(keys, questions, formdata=args if args else None)
    public = (current_app.config.get("PUBLIC_URL") or "").rstrip("/") or None
    base = public or site_base(args.get(SITE_FIELD))
    search = (choose.search(book, url_for("interview.clerks"), j.id if j else None)
              if choose.needs_search(book) else None)
    out = {"form": form, "keys": keys, "questions": questions, "search": search,
           "groups": [] if search else choose.by_state(book),
           "chosen": j, "public_url": public, "site": args.get(SITE_FIELD, ""), "link": None,
           "site_error": bool(args.get(SITE_FIELD)) and not public and base is None}
    if j is None or not form.validate():
        return out
    try:
        answers = form_answers(form, questions, book)
    except AnswersError:  # a cross-answer rule the fields alone cannot see
        form.form_errors.append("Some answers do not fit together. Check them and try again.")
        return out
    path = url_for("interview.start_for", jurisdiction_id=j.id)
    query = urlencode([(key, query_value(value)) for key, value in answers.items()])
    link = f"{base or ''}{path}{'?' + query if query else ''}"
    qr = qr_svg_uri(link) if base else None
    out.update(link=link, absolute=base is not None, qr=qr, qr_too_long=base is not None and qr is None,
               answers=filled_in(answers, questions), office=office_card(j.id),
               handout=f"{url_for('clerks.handout')}?{urlencode(list(args.items(multi=True)))}")
    return out


def builder_page():
    context = _link(request.args)
    if context["search"] and choose.wants_results():
        return choose.render_results("clerks.html", **context)
    return render_page("clerks.html", **context)


@bp.get("/handout")
def handout():
    context = _link(request.args)
    if context["link"] is None:
        return redirect(url_for("interview.clerks", **request.args), code=303)
    return render_page("handout.html", **context)
