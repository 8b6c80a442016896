"""`wizard new ID`: a rule-file skeleton with every required key, commented.

Every value the author must supply is a `TODO: ...` text saying what to write; `wizard check`
reports each one left (file, line, key), so the skeleton passes once they are all filled in.
"""
from __future__ import annotations

SKELETON = '''\
# {id}: a rule file written with `wizard new {id}`.
# Fill in every TODO (`wizard check {id}.yaml` lists those left, each with its line and key),
# and delete the examples you do not need. docs/authoring.md explains every key.
#
# Readings: where the ordinance is silent or unclear, write here which reading you chose and why
# (choose the one that protects the organizer), and say it to the organizer in `warnings`.
format: 1
id: {id}
name: "TODO: the municipality's full name, e.g. Town of Brownville"
time_zone: "TODO: the office's IANA time zone, e.g. America/New_York"   # its days and deadlines count in it
ordinance: "TODO: the ordinance as it is cited, e.g. Local Law No. 1 of 2001"
license_word: permit            # or `license`: the word the ordinance uses
holder_word: applicant          # or `licensee`, `permittee`: who holds it, in the text's word
issuer: "TODO: who issues the permit, in the ordinance's words"
file_with: "TODO: to whom the application goes, in the ordinance's words"
# packet_title: Application for a recreation event permit   # optional: the packet's title

# Optional: questions only this ordinance needs (the format of interviews/questions.yaml), and
# shared questions in this jurisdiction's words. Uncomment and adapt:
# questions:
#   sole_financial_benefit:
#     kind: yes_no
#     label: Is the event held for the sole financial benefit of that group?
#     error: Select yes if the event is held for the group's sole financial benefit
# question_wording:
#   local_exempt_organizer:
#     label: Is the event run by one of these groups in the town?
#     options: {{volunteer_fire_company: A volunteer fire company in the town}}

# The interview, one step (one page) at a time. The event's dates and crowd are always asked
# (the last day to file and the packet's cover need them); add the questions your rules read.
# Shared question keys are listed in docs/vocabulary.md; a question of this file's own goes
# under `questions:` (see docs/authoring.md, "Questions of your own").
interview:
  - step: crowd
    title: How many people will come?
    questions: [max_attendance]
    why: "TODO: why the ordinance asks, in one plain sentence"
    citation: "TODO: the section, e.g. § 3(a)"
  - step: dates
    title: When is the event?
    questions: [starts_at, ends_at]
    why: "TODO: why the ordinance asks, in one plain sentence"
    citation: "TODO: the section"

# Does the event need a permit? Exemptions first, then triggers, then `otherwise`.
scope:
  triggers:
    - id: crowd
      if: {{value: max_attendance, gte: 500}}   # the ordinance's own threshold and comparison
      text: "TODO: the trigger in plain words, e.g. 500 or more people are expected"
      citation: "TODO: the section"
  otherwise:
    outcome: not_required       # or `uncertain` when the text does not settle it
    text: "TODO: why no permit is needed otherwise"
    citation: "TODO: the section"

# Money. Delete `application` if the ordinance sets no fee (or keep it with `amount: null`).
fees:
  application:
    amount: 0                   # the fee in dollars; see docs/authoring.md for tiers and multipliers
    # name: License fee         # optional: what the ordinance calls it
    # times: [{{blocks_of: 12, of: duration_hours}}, {{value: location_count}}]   # per 12 hours, per location
    # due: filing               # when it is paid: filing, approval, before_event, after_event
    text: "TODO: the fee in the ordinance's terms"
    citation: "TODO: the section"
  # others:                     # further fees, e.g. "the same again upon approval"
  #   - {{name: Approval fee, amount: 0, due: approval, text: the fee in words, citation: the section}}

# The last day to file: days before the event (null when the ordinance sets none).
filing:
  lead_days: null
  citation: "TODO: the section on filing, or the ordinance's name if it says nothing"

# How long the issuer has to decide (null when the ordinance sets no period).
decision:
  within_days: null
  citation: "TODO: the section on the decision, or the ordinance's name if it says nothing"

# What the organizer must do or send; `due`: with_application, before_license, before_event, during_event, after_event.
checklist:
  - id: application
    text: "TODO: the first thing to send or do, as an instruction"
    due: with_application
    citation: "TODO: the section"
'''


def skeleton(jurisdiction_id: str) -> str:
    return SKELETON.format(id=jurisdiction_id)
