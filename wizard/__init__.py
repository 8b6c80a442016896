"""Mass Gathering Permit Wizard."""
