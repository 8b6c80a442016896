"""The packet's pages for the other permits an event needs (the State's, the county's: layer files,
docs/decisions/0033-layers-beside-the-town.md), one page each after the town's own pages, which stay
as they are (docs/decisions/0040-other-permits-in-the-packet-and-the-office.md).

Each page says what to ask for, from whom, by when (each lead time with where we have it from: the
law's text or a secondary copy, and whom to confirm it with), how many, the fee and its payee as the
text gives them, why it applies (the answers it reads and the section), the notes, and what we could
not read with whom to ask. The state's own forms are not reproduced. Every word goes through the
engine catalog, so the same pages are built in the office's English and in the organizer's language
(summary.py). No Flask.
"""
from __future__ import annotations

from datetime import date
from typing import Any, Iterator

from ..engine.facts import FACTS
from ..language import gettext as _
from ..readable import long_date, money, number
from .formatting import answer_text, field_label
from .model import Line, OtherPermitPage, PermitRow


def other_permit_pages(permits: list[dict], layers: list, answers: dict, questions: dict) -> list[OtherPermitPage]:
    """A page for each permit of `other_permits` (wizard/engine/other_permits.py), in its order;
    `layers`: the covering layers, for the answers each permit's trigger reads."""
    triggers = {(layer.id, p["id"]): p.get("if") for layer in layers for p in layer.permits}
    return [_page(p, triggers.get((p["layer"], p["id"])), answers, questions) for p in permits]


def _page(p: dict, trigger: Any, answers: dict, questions: dict) -> OtherPermitPage:
    maybe = p["status"] == "may_be_needed"
    rows = [PermitRow(_("What to ask for"), _asked_for(p, maybe, questions)),
            PermitRow(_("From whom"), [Line(p["issuer"])]),
            PermitRow(_("By when"), _by_when(p["lead_times"]))]
    if p.get("count") is not None or p.get("held_by"):
        rows.append(PermitRow(_("How many"), _how_many(p)))
    rows += [PermitRow(_("Fee"), _fee(p["fee"], p.get("count"))),
             PermitRow(_("Why it applies"), [Line(r["text"], r["citation"]) for r in p["reasons"]]
                       + _answers_read(trigger, answers, questions))]
    if p["notes"]:
        rows.append(PermitRow(_("Also"), [Line(n["text"], n["citation"]) for n in p["notes"]]))
    if p["gaps"]:
        rows.append(PermitRow(_("What we could not read"),
                              [line for g in p["gaps"] for line in (Line(g["text"]), Line(g["ask"], strong=True))]))
    return OtherPermitPage(name=p["name"], state=p["layer_name"],
                           status=_("May be needed") if maybe else _("Needed"), may_be_needed=maybe, rows=rows)


def _asked_for(p: dict, maybe: bool, questions: dict) -> list[Line]:
    lines = [Line(p["name"], p["citation"])]
    if maybe:
        lines.append(Line(_("It may be needed: the text we hold stops short of saying whether your event needs it, "
                            "or it depends on an answer not given yet. Ask the office that issues it."), strong=True))
    if p.get("missing"):
        asked = "; ".join(field_label(key, questions) for key in p["missing"])
        lines.append(Line(_("It depends on answers not given yet: %(answers)s.", answers=asked)))
    return lines


def _by_when(leads: list[dict]) -> list[Line]:
    if not leads:
        return [Line(_("The text we hold gives no lead time."))]
    lines = []
    for lead in leads:
        day = lead.get("deadline")
        lines.append(Line(lead["text"], lead["citation"],
                          _("By %(day)s:", day=long_date(date.fromisoformat(day))) if day else ""))
        if lead["source"] == "secondary":
            lines.append(Line(_("We have this only from a secondary copy of the text, not the official one: "
                                "confirm it with %(whom)s.", whom=lead.get("confirm_with") or _("the office that issues it"))))
        else:
            lines.append(Line(_("From the text of the law itself.")))
    return lines


def _how_many(p: dict) -> list[Line]:
    lines = []
    if p.get("count") is not None:
        lines.append(Line(p["count_text"] or "", p.get("count_citation") or "", f"{number(p['count'])}:"))
    if p.get("held_by"):
        lines.append(Line(p["held_by"], lead=_("Held by:")))
    return lines


def _fee(fee: dict, count: int | None) -> list[Line]:
    if fee["amount"] is None:
        said = _("Paid to %(payee)s.", payee=fee["payee"])
    elif fee["each"] and count is not None:
        said = _("%(each)s each, %(total)s in all, paid to %(payee)s.", each=money(fee["amount"]),
                 total=money(fee["total"]), payee=fee["payee"])
    else:
        said = _("%(amount)s, paid to %(payee)s.", amount=money(fee["amount"]), payee=fee["payee"])
    return [Line(said), Line(fee["text"], fee["citation"], _("As the text gives it:"))]


def _answers_read(trigger: Any, answers: dict, questions: dict) -> list[Line]:
    """The organizer's answers the permit's trigger reads (a figure worked out from answers, such as
    the event's hours, by the answers it is worked out from)."""
    keys = dict.fromkeys(key for name in _names(trigger) for key in (FACTS[name].inputs if name in FACTS else (name,)))
    shown = [f"{field_label(key, questions)}: {answer_text(key, answers[key], questions)}"
             for key in keys if answers.get(key) is not None]
    return [Line("; ".join(shown), lead=_("Your answers:"))] if shown else []


def _names(condition: Any) -> Iterator[str]:
    if isinstance(condition, dict):
        if isinstance(condition.get("value"), str):
            yield condition["value"]
        for value in condition.values():
            yield from _names(value)
    elif isinstance(condition, list):
        for item in condition:
            yield from _names(item)
