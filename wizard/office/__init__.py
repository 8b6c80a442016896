"""The office side: clerk accounts, sent applications with their uploads and history, the mail
outbox, and how long applications are kept. No Flask here: the web edge is wizard/web/office/inbox.py
(the clerk's pages) and wizard/web/organizer/sending.py (the organizer's)."""
