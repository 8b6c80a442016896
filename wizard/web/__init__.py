"""The web app: pages and JSON that turn the engine's results and typed errors into what a browser shows.

`app.create_app` builds the app from the settings (`settings`) and the areas, each registering its
own pages and hooks: the shared plumbing (`edge`), the organizer's pages (`organizer`), the kiosk
(`kiosk`), the background threads (`jobs`), the office (`office`), the clerks' links (`clerks`)
and what monitoring reads (`operations`).
"""
