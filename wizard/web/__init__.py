"""HTTP edge: blueprints that turn engine results and typed errors into pages and JSON.

`app.create_app` builds the app; `state` reaches its rule book and store; `access` decides who
may open an interview; one module per group of pages.
"""
