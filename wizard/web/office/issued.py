"""Documents as issued and sums as filed at the web edge (docs/decisions/0025-documents-as-issued-sums-as-filed.md):
any document the office issued, downloaded by its id as the bytes that were issued (a superseded one too), and
the clerk's choice when the place's rule file reads a filed application differently now. The rules are in
wizard/office/issued.py and filed.py (no Flask)."""
from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, request, url_for
from flask_login import login_required

from ...office.filed import RulesChoiceError, decide_rules, rules_changed
from ...office.issued import KINDS
from ..edge.state import filed_version, office_records, rulebook
from .inbox import clerk_application, download, who

bp = Blueprint("issued", __name__)


@bp.get("/office/a/<reference>/issued/<int:document_id>.pdf")
@login_required
def issued_document(reference: str, document_id: int):
    clerk_application(reference)
    found = office_records().issued.document(reference, document_id)
    body = office_records().issued.body(reference, document_id) if found else None
    if found is None or body is None:
        abort(404)
    office_records().applications.add_history(reference, who(), f"Downloaded {KINDS.get(found['kind'], 'a document').lower()}",
                                              found["number"])
    return download(body, "application/pdf", f"{found['number']}.pdf")


@bp.post("/office/a/<reference>/rules")
@login_required
def rules_choice(reference: str):
    """Apply the current rule file's reading to the version filed, or keep the one it was filed under."""
    row = clerk_application(reference)
    j, answers, filed = filed_version(row)
    records = office_records()
    change = rules_changed(records, reference, row["version"], j, answers, filed, rulebook().layers_for(j))
    try:
        done = decide_rules(records, reference, row["version"], change, request.form.get("choice", ""),
                            request.form.get("digest", ""), who())
    except RulesChoiceError as error:
        flash(str(error), "danger")
    else:
        flash(f"{done}: recorded in the history.", "success")
    return redirect(url_for("office.application", reference=reference) + "#rules-changed", code=303)
