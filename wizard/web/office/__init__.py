"""The office's pages at /office: signing in, the inbox and each application, review, referrals and
the decision, counts, local notes, the calendar feed and the office cards as the pages reach
them. The records themselves are wizard/office/ (no Flask)."""
