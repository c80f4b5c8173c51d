"""boardlog's viewer: FastAPI + Jinja2 + htmx, server-rendered."""
