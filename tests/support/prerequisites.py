"""What the permit waits for before it issues (wizard/office/prerequisites.py), recorded for the tests whose
subject is something else (a revocation, an amendment, the permit's words): everything in hand before the
approval, as an office that had it all would, so the permit issues with the decision."""
from __future__ import annotations

from wizard.engine.assess import assess_jurisdiction
from wizard.office.money import coverages, ledger, owed_for
from wizard.office.prerequisites import SUMS, outstanding
from wizard.office.records import now_text
from wizard.web.edge.state import office_records, rulebook, today

CLERK = "clerk@example.org"


def everything_in_hand(app, reference: str, but: tuple[str, ...] = ()) -> list[str]:
    """Record each outstanding prerequisite of the application's current version, except those whose
    record is in `but` ("inspection"); the ids recorded."""
    with app.app_context():
        records = office_records()
        row = records.applications.application(reference)
        j = rulebook().require(row["jurisdiction"])
        day = today(j).isoformat()
        answers = records.applications.version_answers(reference, row["version"])
        assessment = assess_jurisdiction(j, answers)
        done = []
        for item in outstanding(records, row, j):
            if item.record in but:
                continue
            if item.record in SUMS:
                _pay(records, reference, j, assessment, SUMS[item.record], day)
            elif item.record == "insurance":
                _insure(records, row, j, assessment, day)
            elif item.record == "inspection":
                records.trail.add_inspection(dict(reference=reference, scheduled_on=day, inspector="Fire official",
                                                  recorded_by=CLERK))
                for i in records.trail.inspections(reference):
                    if not i["result"]:
                        records.trail.inspection_result(reference, i["id"], "passed", day, None, "", CLERK, now_text())
            elif item.record == "conditions":
                for c in records.trail.issuance_conditions(reference):
                    records.trail.meet_issuance_condition(reference, c["id"], now_text(), CLERK)
            else:
                records.trail.add_prerequisite_record(dict(reference=reference, prerequisite=item.id, how="in_hand",
                                                           note="", recorded_on=day, recorded_by=CLERK,
                                                           recorded_at=now_text()))
            done.append(item.id)
        return done


def _pay(records, reference: str, j, assessment: dict, key: str, day: str) -> None:
    lines = ledger(owed_for(records, reference, j, assessment), records.money.payments(reference))
    line = next(line for line in lines if line.owed.key == key)
    cents = line.outstanding if line.outstanding is not None else 100_000
    records.money.add_payment(dict(reference=reference, sum_key=key, amount_cents=cents, method="cash", detail="",
                                   received_on=day, taken_by=CLERK, recorded_at=now_text()))


def _insure(records, row, j, assessment: dict, day: str) -> None:
    starts = min(day, (row["starts_at"] or day)[:10])
    ends = max(day, (row["ends_at"] or day)[:10])
    for wanted in coverages(j, assessment):
        records.money.add_certificate(dict(reference=row["reference"], coverage=wanted.coverage, insurer="Prairie Mutual",
                                           limit_cents=round(wanted.minimum * 100), starts_on=starts, ends_on=ends,
                                           names_insured=1, recorded_by=CLERK, recorded_at=now_text()))
