"""Typed errors raised by the engine and turned into messages at the edges (CLI, HTTP)."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import islice
from typing import Iterable


class WizardError(Exception):
    """Base for every error the engine raises on purpose."""


class AnswersError(WizardError):
    """An answer is malformed; names the key so the user can fix it."""

    def __init__(self, key: str, message: str):
        self.key = key
        self.message = message
        super().__init__(f"{key}: {message}")


class UnknownJurisdiction(AnswersError):
    NAMED = 10  # ids the message lists; a national host has twenty thousand

    def __init__(self, value: object, known: Iterable[str]):
        named = list(islice(known, self.NAMED + 1))
        listed = ", ".join(named[:self.NAMED]) + (", ... (GET /api/jurisdictions lists them all)"
                                                  if len(named) > self.NAMED else "")
        super().__init__("jurisdiction", f"unknown jurisdiction {value!r}; expected one of: {listed}")


class RulesNotLoaded(WizardError):
    """A kept application or interview names a place whose rule file this site no longer loads (a town
    dropped from a statewide host, a file renamed). What is stored stays readable; nothing that needs
    the place's rules can be done, and the edge says so (a read-only page or a refusal), never a 500."""

    def __init__(self, jurisdiction_id: str):
        self.jurisdiction_id = jurisdiction_id
        super().__init__(f"the rules of {jurisdiction_id!r} are no longer loaded")


class InterviewTooLarge(WizardError):
    """An interview's answers would take more room than one interview may (storage.MAX_ANSWERS_BYTES)."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a rule or interview file, located for the author."""

    file: str
    line: int | None
    key: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.key}: {self.message}"


class RuleFileError(WizardError):
    """The rule files fail validation; carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__(
            f"{len(problems)} problem(s) in the rule files:\n"
            + "\n".join(str(p) for p in problems)
        )


class PrintingFailed(WizardError):
    """A PDF (the permit) could not be printed by a print worker (wizard/packet/printing.py) in time; what
    was decided or saved before it stands, and the edge says the PDF is missing."""


class DocumentNotReady(PrintingFailed):
    """An office document (a permit, a letter, a receipt) is still being printed by a print worker
    (wizard/packet/documents.py) when the request stops waiting: it goes on being printed, and a
    download gets a page that asks again by itself. A PrintingFailed too: a clerk's action that
    attaches the document goes on without it, as when it cannot be printed."""


class StoreUnavailable(WizardError):
    """The database cannot be reached just now (a PostgreSQL server down or every connection busy);
    nothing was saved. The edge answers 503 and keeps the typed answers in the form."""


class PacketNotReady(WizardError):
    """A packet is still being made by a print worker (wizard/packet/cache.py) when the request stops
    waiting for it; it goes on being made, and the edge answers a page that asks again by itself."""
