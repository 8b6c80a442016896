"""An interview's flow: its state and which step comes next (`flow`), the road through its steps
with the sections the organizer sees (`road`), and the plan to the day from today to after the
event (`timeline`). Built on the engine; no Flask, no storage."""
