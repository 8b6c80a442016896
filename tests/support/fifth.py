"""The fifth, made-up jurisdiction of tests/fixtures/fifth-jurisdiction.yaml and its festival answers."""
from __future__ import annotations

NO_FLAGS = {k: False for k in ("admission_fee", "sells_goods", "prizes", "for_profit_sponsor",
                               "for_profit_premises", "taxable_sales", "flea_market", "for_gain")}


FESTIVAL = {
    "jurisdiction": "maple-hollow", "property_owner": "private",
    **NO_FLAGS, "admission_fee": True, "sells_goods": True,
    "organizer_type": "association", "max_attendance": 1200,
    "starts_at": "2027-07-09T18:00", "ends_at": "2027-07-11T02:00",  # 32 hours over 3 calendar days
    "overnight_stay": True, "female_share": 0.6, "food_service": True,
}
