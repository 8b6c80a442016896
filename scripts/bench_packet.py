"""How long the PDF packet takes: a 5,000-person, three-day festival in each jurisdiction.

    .venv/bin/python scripts/bench_packet.py [--runs 15] [--cjk]

Prints the median, fastest and slowest of N runs per jurisdiction, in milliseconds, after one
warm-up run (imports and font files are read once per process). `--cjk` adds a name in
Chinese characters, which loads the CJK fallback font. The target is under 300 ms.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wizard.answers import clean_answers  # noqa: E402
from wizard.loader import load_rulebook  # noqa: E402
from wizard.packet import packet_pdf  # noqa: E402

TARGET_MS = 300

FESTIVAL = {
    "event_name": "Riverbend Music Festival",
    "event_purpose": "A three-day outdoor music festival with food vendors, camping and a beer tent.",
    "starts_at": "2027-07-09T12:00", "ends_at": "2027-07-11T23:00",
    "closes_overnight": False, "after_dark": True, "overnight_stay": True,
    "max_attendance": 5000, "total_attendance": 12000, "tickets": 5000, "vehicles": 1500,
    "property_owner": "private", "setting": "outdoors", "permanent_venue": False,
    "government_fair_on_fairgrounds": False, "licensed_under_other_ordinance": False,
    "organizer_type": "corporation", "nonprofit": False, "local_exempt_organizer": "none",
    "conducted_by_municipality": False, "resides_locally": False, "applicant_is_owner": False,
    "has_use_contract": False, "owes_city_debt": False, "admission_fee": True, "sells_goods": True,
    "prizes": False, "for_profit_sponsor": True, "for_profit_premises": False, "taxable_sales": True,
    "flea_market": False, "hazardous": [], "speech_event": False, "licensed_auction": False,
    "separately_permitted": False, "street_closure": False, "temporary_structures": True,
    "temporary_utilities": True, "age_restricted_sales": True, "multiple_parcels": False,
    "food_service": True, "amplified_sound": True, "outdoor_lighting": True, "security_personnel": True,
    "public_water": False, "liquid_waste_hauled": True,
    "applicant_name": "Jane Q. Organizer", "applicant_age": 42, "applicant_address": "12 Elm Street, Springfield",
    "applicant_phone": "555-0100", "applicant_email": "jane@example.org",
    "organization_name": "Riverbend Events Inc.", "site_address": "400 County Road 9",
    "property_owner_name": "Pat Farmer", "property_owner_address": "1 Farm Lane",
}


def bench(answers: dict, book, runs: int) -> tuple[list[float], int]:
    data = packet_pdf(answers, book)  # warm-up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        data = packet_pdf(answers, book)
        times.append((time.perf_counter() - start) * 1000)
    return times, len(data)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--cjk", action="store_true", help="an applicant named 李小龍 (loads the CJK font)")
    args = parser.parse_args()
    book = load_rulebook()
    print(f"{'jurisdiction':<18}{'median':>9}{'min':>9}{'max':>9}{'KiB':>7}  ({args.runs} runs, ms)")
    slow = False
    for jurisdiction in sorted(book.jurisdictions):
        raw = dict(FESTIVAL, jurisdiction=jurisdiction)
        if args.cjk:
            raw["applicant_name"] = "Zoë Łukasiewicz-Núñez 李小龍"
        answers = clean_answers(raw, book.questions, book.jurisdictions)
        times, size = bench(answers, book, args.runs)
        median = statistics.median(times)
        slow |= median > TARGET_MS
        print(f"{jurisdiction:<18}{median:>9.0f}{min(times):>9.0f}{max(times):>9.0f}{size / 1024:>7.0f}")
    print(f"target: median under {TARGET_MS} ms: {'MISSED' if slow else 'met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
