"""Load checks the schema cannot express: every name exists, every id is unique."""
from __future__ import annotations

import difflib
from typing import Iterable
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ...engine.assess import FIGURE
from ...errors import Problem
from ...engine.facts import FACTS
from ...engine.formulas import money_names, quantity_names
from ...kinds import KINDS
from ...rules.rulebook import Jurisdiction, fee_specs
from .common import Reporter, name_paths, path_to, walk_conditions, warning_figures

ID_SECTIONS = (("interview", "step"), ("checklist", "id"), ("warnings", "id"), ("signatures", "id"), ("referrals", "id"))


def known_names(questions: dict) -> set[str]:
    return {k for k, q in questions.items() if getattr(KINDS.get(q.get("kind")), "answer_key", False)} | set(FACTS)


def did_you_mean(name: object, known: Iterable[str]) -> str:
    """What to write instead of an unknown name: the closest known ones, and where all are listed."""
    close = difflib.get_close_matches(str(name), sorted(known), n=2, cutoff=0.75)
    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    return hint + " (answer keys and facts are listed in docs/vocabulary.md; a question of this file's own goes under `questions:`)"


def _figure_problems(j: Jurisdiction, report: Reporter) -> None:
    """A warning's `{name}` must be one of its figures, and a figure must appear in its text."""
    for index, warning in enumerate(j.data.get("warnings") or []):
        figures = warning.get("figures") if isinstance(warning, dict) else None
        if not isinstance(figures, dict) or not isinstance(warning.get("text"), str):
            continue
        quoted = set(FIGURE.findall(warning["text"]))
        for name in sorted(quoted - set(figures)):
            report(("warnings", index, "text"), f"the text quotes {{{name}}}, which is not one of its figures")
        for name in sorted(set(figures) - quoted):
            report(("warnings", index, "figures", name), f"figure {name!r} is not quoted in the text as {{{name}}}")


def _dating_problems(j: Jurisdiction, report: Reporter) -> None:
    """`business: true` counts a `days_before` in business days: alone it says nothing. A warning's
    figures are shown only when they differ, so a single figure would never be shown."""
    lists = [((key,), j.data.get(key)) for key in ("checklist", "warnings", "after_filing", "revocation", "penalties")]
    lists.append((("scope", "still_applies"), (j.data.get("scope") or {}).get("still_applies")))
    for where, items in lists:
        for index, item in enumerate(items if isinstance(items, list) else []):
            if isinstance(item, dict) and item.get("business") and "days_before" not in item:
                report((*where, index, "business"), "`business: true` counts `days_before` in business days, "
                       "but this item has no `days_before`: add it (\"5 business days\" is `days_before: 5`) or remove `business`")
    for index, warning in enumerate(j.data.get("warnings") or []):
        figures = warning.get("figures") if isinstance(warning, dict) else None
        if isinstance(figures, dict) and len(figures) == 1:
            report(("warnings", index, "figures"), "a warning with one figure is never shown: figures are shown "
                   "only when two readings give different sums. Give the second reading's figure, or write the sum in the text")


def _time_zone_problems(j: Jurisdiction, report: Reporter) -> None:
    zone = j.data.get("time_zone")
    if not isinstance(zone, str) or zone.startswith("TODO:"):
        return  # the schema says it is required; a skeleton's placeholder is placeholder_problems' to name
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        report(("time_zone",), f"unknown time zone {zone!r}: write the IANA name of the office's zone, "
                               "like America/New_York or America/Chicago")


def name_problems(j: Jurisdiction, questions: dict) -> list[Problem]:
    report, known = Reporter(j), known_names(questions)
    for where, condition in walk_conditions(j.data):
        for name_where, name in name_paths(condition, where):
            if name not in known:
                report(name_where, f"condition names unknown answer or fact {name!r}{did_you_mean(name, known)}")
    for index, spec in enumerate(j.data.get("quantities", [])):
        for name in sorted(quantity_names(spec) - known):
            report(path_to(spec, name, ("quantities", index)), f"quantity reads unknown answer or fact {name!r}{did_you_mean(name, known)}")
    for where, _label, spec in fee_specs(j.data.get("fees") or {}):
        for name in sorted(money_names(spec) - known):
            report(path_to(spec, name, where), f"fee reads unknown answer or fact {name!r}{did_you_mean(name, known)}")
    for where, label, _fn, spec in warning_figures(j):
        for name in sorted(money_names(spec) - known):
            report(path_to(spec, name, where), f"{label} reads unknown answer or fact {name!r}{did_you_mean(name, known)}")
    _figure_problems(j, report)
    _dating_problems(j, report)
    _time_zone_problems(j, report)
    for index, step in enumerate(j.steps):
        for q_index, key in enumerate(step["questions"]):
            if key not in questions:
                report(("interview", index, "questions", q_index),
                       f"unknown question {key!r}{did_you_mean(key, questions)}")
        for r_index, key in enumerate(step.get("required", [])):
            if key not in step["questions"]:
                report(("interview", index, "required", r_index),
                       f"required question {key!r} is not asked on this step")
    for index, item in enumerate(j.data.get("application_form", [])):
        for f_index, key in enumerate(item.get("fills", [])):
            if key not in known:
                report(("application_form", index, "fills", f_index), f"unknown answer {key!r}{did_you_mean(key, known)}")
    for section, id_key in ID_SECTIONS:
        seen: dict[str, int] = {}
        for index, item in enumerate(j.data.get(section, [])):
            ident = item.get(id_key)
            if ident in seen:
                report((section, index, id_key), f"duplicate id {ident!r} (first at item {seen[ident]})")
            seen.setdefault(ident, index)
    return report.problems
