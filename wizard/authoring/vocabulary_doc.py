"""docs/vocabulary.md, generated from interviews/questions.yaml so the docs cannot drift.

Regenerate with `wizard vocabulary --output docs/vocabulary.md`; a test fails when the committed
file differs from what this module renders.
"""
from __future__ import annotations

from .checks import check_files
from ..engine.facts import FACTS
from ..kinds import KINDS
from ..rules.questionbook import OWN, WORDING
from ..rules.rulebook import load_questions

KIND_MEANINGS = {kind.name: kind.meaning for kind in KINDS.values()}


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ").strip()


def _options(key: str, question: dict) -> str:
    if key == "jurisdiction":
        return "the `id` of every loaded rule file"
    options = question.get("options") or {}
    return "<br>".join(f"`{value}`: {_cell(label)}" for value, label in options.items())


def _status(question: dict) -> str:
    status = "contract" if question.get("contract") else "addition"
    notes = []
    if question.get("optional"):
        notes.append("optional")
    if question.get("part_of"):
        notes.append(f"asked within `{question['part_of']}`")
    return status + (f" ({', '.join(notes)})" if notes else "")


def render(questions: dict | None = None, jurisdictions: list | None = None) -> str:
    """The whole Markdown document; `jurisdictions` (checked ones) adds their own and reworded questions."""
    if questions is None:
        questions = load_questions()
    lines = [
        "# Answers vocabulary",
        "",
        "<!-- Generated from interviews/questions.yaml by `wizard vocabulary --output docs/vocabulary.md`.",
        "     Do not edit by hand: tests/authoring/test_format_docs.py fails when this file is out of date. -->",
        "",
        "Every answer key an interview can ask, shared by all jurisdictions. **contract** keys are the",
        "public names in the shared contract (stable: never renamed or dropped); **additions** are",
        "applicant and site details used to pre-fill the packet. Rule files name these keys in",
        "`questions`, in conditions (`value:`), in quantities and fees (`of:`) and in `fills`.",
        "See [authoring.md](authoring.md) for how rule files use them.",
        "",
        "## Kinds",
        "",
        "| kind | an answer is |",
        "| --- | --- |",
    ]
    lines += [f"| `{kind}` | {meaning} |" for kind, meaning in KIND_MEANINGS.items()]
    if jurisdictions is None:  # the built-in rule files
        jurisdictions = list(check_files()[0].jurisdictions.values())
    rewordings = _rewordings(jurisdictions)
    lines += [
        "",
        "## Keys",
        "",
        "A rule file's new words for a shared question are in that question's row, under the rule file's id.",
        "",
        "| key | kind | options | label | contract or addition |",
        "| --- | --- | --- | --- | --- |",
    ]
    for key, question in questions.items():
        label = "<br>".join([_cell(question.get("label", "")), *rewordings.get(key, [])])
        lines.append(f"| `{key}` | `{question['kind']}` | {_options(key, question)} | "
                     f"{label} | {_status(question)} |")
    lines += [
        "",
        "## Derived facts",
        "",
        "Computed from the answers; rule files may name them wherever they name an answer key.",
        "",
        "| fact | meaning |",
        "| --- | --- |",
    ]
    lines += [f"| `{name}` | {_cell(meaning)} |" for name, meaning in ((f.name, f.doc) for f in FACTS.values())]
    lines += jurisdiction_sections(jurisdictions)
    return "\n".join(lines) + "\n"


def _rewordings(jurisdictions: list) -> dict[str, list[str]]:
    """Each shared key's new words per rule file (`question_wording:`), for the key's own row: the
    page lists each name once, so a reader finds everything about a key in one place."""
    found: dict[str, list[str]] = {}
    for j in jurisdictions:
        for key, words in (j.question_wording or {}).items():
            parts = [f"{field}: {_cell(text if isinstance(text, str) else ', '.join(map(str, text)))}"
                     for field, text in words.items() if field != "options"]
            parts += [f"`{o}`: {_cell(text)}" for o, text in (words.get("options") or {}).items()]
            found.setdefault(key, []).append(f"*In `{j.id}`:* " + "; ".join(parts))
    return found


def jurisdiction_sections(jurisdictions: list) -> list[str]:
    """Each jurisdiction's own questions (`questions:`); its rewordings are in the shared keys' rows."""
    lines = [
        "",
        "## Questions of one jurisdiction",
        "",
        f"A rule file may declare questions of its own (`{OWN}:`), answered only in its interviews, and",
        f"change the words of shared ones (`{WORDING}:`, shown in the key's row above); the keys and options",
        "of shared questions stay the same. `wizard vocabulary --add-rules FOLDER` lists those of other rule files.",
    ]
    own_ones = [j for j in jurisdictions if j.own_questions]
    if not own_ones:
        return lines + ["", "None of the rule files listed here declares a question of its own."]
    for j in own_ones:
        lines += ["", f"### {_cell(j.name)} (`{j.id}`)", ""]
        lines += ["| own key | kind | options | label |", "| --- | --- | --- | --- |"]
        lines += [f"| `{k}` | `{q['kind']}` | {_options(k, q)} | {_cell(q.get('label', ''))} |"
                  for k, q in j.own_questions.items()]
    return lines
