"""The HTTP plumbing every page passes through, whoever it serves: one template per page with its
htmx block (`pages`), security headers and limits, signed cookies, error pages, static assets,
deployment behind a proxy, serving under waitress, logs, the instance folder and the background
sweeper."""
