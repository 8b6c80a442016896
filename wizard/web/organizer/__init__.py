"""The organizer's pages: choosing a place, the interview one step at a time, check your answers, the
result with what it costs, the packet and calendar downloads, sending the application and the
status page, email links and reminders, and the JSON API."""
