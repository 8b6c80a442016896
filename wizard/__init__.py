"""Mass Gathering Permit Wizard: from an organizer's answers to the permit application its ordinance asks for.

The engine (answers, conditions, assessment, interview flow, packet) imports no Flask; the web
app lives in `wizard.web` and is built by `wizard.web.app.create_app`.
"""
