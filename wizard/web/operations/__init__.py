"""What a load balancer and a monitoring system read: health, readiness and metrics (`watching`)."""
from . import watching


def init_app(app) -> None:
    watching.init_app(app)
