"""Clerks' links: a builder on /clerks, a printable handout, and answers a link carries.

A clerk chooses the municipality and, if wanted, fills in a few answers with the interview's own
widgets (wizard/kinds/, templates/fields/); the page gives the link (signed, and a short code
for it: web/clerks/links.py), a copy button, a QR code and a one-page handout. Once a clerk account
exists the builder needs a sign-in. Links are relative unless PUBLIC_URL is set or the clerk gives this
site's address: never built from the request's Host header, which the client chooses. The
organizer who opens a signed link sees "Your clerk filled in: ..." with each answer editable.
"""
from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode, urlsplit

from flask import Blueprint, redirect, request, url_for
from flask_login import current_user

from ...errors import AnswersError
from ...kinds import show_answer
from ..organizer import choose
from ..edge.signing import SIGNATURE, sign
from .links import shown_code, store_short_link
from ..organizer.forms import answer_form, form_answers, linkable_keys
from ..edge.deployment import DeploymentError, configured_public_url, public_url
from ..edge.state import office_card
from ..edge.pages import render_page
from ..edge.qr import qr_svg_uri
from ..office.signin import login_manager
from ..edge.state import office_records, rulebook, today

bp = Blueprint("clerks", __name__, url_prefix="/clerks")

# What a clerk usually knows from the first phone call or counter visit.
BUILDER_KEYS = ("event_name", "starts_at", "ends_at", "max_attendance", "site_address", "property_owner",
                "setting")
SITE_FIELD = "site"


def query_value(value: Any) -> str:
    """An answer as a link writes it (what each kind's `parse_query` reads back)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(value)
    return str(value)


# A host name as DNS writes it (letters, digits, hyphens, dots), an IPv4 address or a bracketed IPv6
# one, and an optional port: no spaces, no right-to-left override, nothing a printed handout could
# make look like another address.
PLAIN_HOST = re.compile(r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*"
                        r"|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")
SITE_FORMAT = "Enter this site's full web address, starting with https:// or http://"
NOT_THIS_SITE = ("That is not the address of this site. Copy it from your browser's address bar, or ask "
                 "whoever runs the site to set its public address (PUBLIC_URL).")


def site_base(value: str | None) -> str | None:
    """The site's address a clerk typed, read as PUBLIC_URL is ('https://permits.example.org/' ->
    'https://permits.example.org'); None for anything else."""
    try:
        base = public_url(value)
    except DeploymentError:
        return None
    return base if base and PLAIN_HOST.fullmatch(urlsplit(base).netloc) else None


def own_site(value: str | None, public: str | None) -> tuple[str | None, str | None]:
    """The address to put in front of links, and a message when the clerk's `site` cannot be it.

    A `site` value is only ever this site's own address: the configured PUBLIC_URL, or (without
    one) the address this page was opened at, so a crafted link cannot print an official-looking
    handout whose link and QR code lead elsewhere. The request's Host is only compared, never used."""
    if public or not value:  # the configured address wins: the page does not even ask
        return public, None
    base = site_base(value)
    if base is None:
        return None, SITE_FORMAT
    if urlsplit(base).netloc.lower() != (request.host or "").lower():
        return None, NOT_THIS_SITE
    return base, None


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
    form = answer_form(keys, questions, formdata=args if args else None, today=today(j))
    public = configured_public_url()
    base, site_error = own_site(args.get(SITE_FIELD), public)
    search = (choose.search(book, url_for("clerks.builder"), j.id if j else None)
              if choose.needs_search(book) else None)
    out = {"form": form, "keys": keys, "questions": questions, "search": search,
           "groups": [] if search else choose.by_state(book),
           "chosen": j, "public_url": public, "site": args.get(SITE_FIELD, ""), "link": None,
           "site_error": site_error}
    if j is None or not form.validate() or site_error:
        return out
    try:
        answers = form_answers(form, questions, book)
    except AnswersError:  # a cross-answer rule the fields alone cannot see
        form.form_errors.append("Some answers do not fit together. Check them and try again.")
        return out
    path = url_for("interview.start_for", jurisdiction_id=j.id)
    pairs = [(key, query_value(value)) for key, value in answers.items()]
    target = f"{path}?{urlencode(pairs + [(SIGNATURE, sign(j.id, pairs))])}"
    link = f"{base or ''}{target}"
    qr = qr_svg_uri(link) if base else None
    code = store_short_link(target)
    out.update(link=link, absolute=base is not None, qr=qr, qr_too_long=base is not None and qr is None,
               code=code and shown_code(code),
               short_link=code and f"{base or ''}{url_for('codes.follow', code=shown_code(code))}",
               answers=filled_in(answers, questions), office=office_card(j.id),
               handout=f"{url_for('clerks.handout')}?{urlencode(list(args.items(multi=True)))}")
    return out


@bp.before_request
def clerks_only():
    """Once the office has clerk accounts, only a signed-in clerk makes links in the office's name."""
    if not current_user.is_authenticated and office_records().clerks.clerks():
        return login_manager.unauthorized()
    return None


@bp.get("")
def builder():
    context = _link(request.args)
    if context["search"] and choose.wants_results():
        return choose.render_results("clerks.html", **context)
    return render_page("clerks.html", **context)


@bp.get("/handout")
def handout():
    context = _link(request.args)
    if context["link"] is None:
        return redirect(url_for(".builder", **request.args), code=303)
    return render_page("handout.html", **context)
