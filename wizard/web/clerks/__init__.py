"""Clerks' links: the builder on /clerks and its printable handout (`builder`), and the signed links
with the short codes that stand for them (`links`)."""
