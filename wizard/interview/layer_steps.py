"""The questions of the state and county layers covering a town, asked as steps of the town's own
interview (docs/decisions/0039-layer-questions-in-the-town-interview.md).

A layer's question ("Will beer be sold?", "How many food stands?") becomes one step of the loaded
interview, after the town's own steps, so the pages, the sections, Check your answers, corrections,
saved answers and the kiosk treat it as any other step. Its `ask_if` is the step's condition, read
as the engine reads it (`other_permits.layer_questions_to_ask`): the step is asked unless the
condition is false, so an answer the town's interview never asks (Whitesboro does not ask about
hazardous activities) does not hide a State permit. A layer step is asked even where the town's
verdict ends the interview early: a State permit is due whatever the town decides (wizard/interview/flow.py).

A question the town's interview already asks is read from the town's answer, never asked again:
a layer's own keys may not be shared questions (the layer checks), and a key a town file declares
itself, or an earlier covering layer asks, is left to that one.
"""
from __future__ import annotations

from ..engine.conditions import names_in
from ..language import LANGUAGES, gettext as _, speaking
from ..rules.layers import Layer
from ..rules.rulebook import Jurisdiction

LAYER_STEP = "layer"  # a step's key naming the layer that asks it


def join_layers(j: Jurisdiction, layers: list[Layer]) -> Jurisdiction:
    """The town's jurisdiction with its covering layers' questions as further steps of its interview."""
    known = {key for step in j.data["interview"] for key in step["questions"]} | set(j.question_changes)
    steps, questions = [], {}
    for layer in layers:
        for key, question in (layer.data.get("questions") or {}).items():
            if key in known:
                continue
            known.add(key)
            questions[key] = {k: v for k, v in question.items() if k != "ask_if"}
            steps.append(layer_step(layer, key, question, j.data.get("short_name") or j.data["name"]))
    if steps:
        j.question_changes = {**j.question_changes, **questions}
        j.layer_steps = steps
    return j


def layer_step(layer: Layer, key: str, question: dict, place: object) -> dict:
    """One layer question as a step: titled by its short label; why we ask it says whose question it
    is, and the sections of the permits it decides are its citation. Texts in each language, as a
    rule file writes them (`place`: the town's short name as its file writes it)."""
    deciding = [permit for permit in layer.data["permits"] if key in permit_names(permit)]
    why, citation = {}, {}
    for lang in LANGUAGES:
        with speaking(lang):
            why[lang] = _("This question is for %(state)s, not for %(place)s. Your answer tells us if you need a "
                          "permit from %(state)s. You may need one even if %(place)s does not ask for its own.",
                          state=_text(layer.data["name"], lang), place=_text(place, lang))
        citation[lang] = "; ".join(dict.fromkeys(_text(permit["citation"], lang) for permit in deciding))
    return {"step": f"{layer.id}-{key.replace('_', '-')}", "title": question["form_label"], "questions": [key],
            "why": why, "citation": citation, "if": question["ask_if"], LAYER_STEP: layer.id}


def permit_names(permit: dict) -> set[str]:
    """The answers a permit reads: its triggers, its count and the dates its lead times count from."""
    found: set[str] = set()
    for condition in [permit.get("if"), permit.get("may_be_needed_if")] + [r.get("if") for r in permit.get("unless") or []]:
        found |= names_in(condition)
    if permit.get("count"):
        found.add(permit["count"]["of"])
    found |= {lead["counted_from"] for lead in permit["lead_times"] if lead.get("counted_from")}
    return found


def _text(value: object, lang: str) -> str:
    return value.get(lang) or value["en"] if isinstance(value, dict) else str(value)
