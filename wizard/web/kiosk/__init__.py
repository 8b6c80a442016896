"""The kiosk: one screen at village hall used by strangers in turn (`screens`), who may open a saved
interview there (`access`), and handing an interview to the organizer's own phone (`handoff`)."""
