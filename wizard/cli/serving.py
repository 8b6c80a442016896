"""The server's commands: `wizard serve`, and what the server also does by itself, by hand
(`wizard purge`, `wizard kiosk-link`)."""
from __future__ import annotations

import ipaddress
import logging

import click

from ..errors import RuleFileError, StoreUnavailable
from ..office.keeping import DEFAULT_KEEP_DAYS, purge_applications
from ..office.outbox import parse_host_port
from ..office.records import OfficeRecords
from ..packet import printing
from ..rules.rulebook import rule_sources
from ..store import shown
from ..store.interviews import ENROLMENT_MINUTES, InterviewStore
from ..store.retention import DEFAULT_DAYS, MAX_DAYS, moment_ago, purge as run_purge
from ..web import jobs
from ..web.app import create_app
from ..web.edge.deployment import DeploymentError
from ..web.edge.logs import JsonLines
from ..web.edge.serving import bound_addresses, make_server, settle_after_start
from .options import DAYS, IDLE_SECONDS, CommandError, database_option, finite, rules_options


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=5000, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on (0: any free port; the one bound is printed).")
@database_option()
@click.option("--threads", default=8, show_default=True, type=int, help="Worker threads.")
@click.option("--kiosk", is_flag=True,
              help="A server for kiosks only: every browser is a shared screen (interviews open only in "
                   "the session that started them; an idle timer and a Finish button clear the screen). "
                   "Without it, only screens enrolled with `wizard kiosk-link` are kiosks.")
@click.option("--idle-seconds", default=300, show_default=True, type=IDLE_SECONDS,
              help="With --kiosk: clear the screen after this many seconds without use.")
@click.option("--retention-days", default=DEFAULT_DAYS, show_default=True, type=DAYS, callback=finite,
              help="Delete interviews not changed for this many days (checked every 10 minutes).")
@click.option("--new-per-hour", default=60, show_default=True, type=click.IntRange(min=0),
              help="At most this many new interviews per client address per hour (0: no limit).")
@click.option("--public-url", default=None,
              help="The address organizers reach the site at, like https://permits.example.org: "
                   "the clerks' page shows full links with it, and a kiosk can hand an interview "
                   "to a phone. https also marks the cookie Secure.")
@click.option("--trusted-proxies", default=0, show_default=True, type=click.IntRange(min=0),
              help="How many reverse proxies are in front: believe their X-Forwarded-For, -Proto "
                   "and -Prefix headers (werkzeug's ProxyFix).")
@click.option("--trusted-proxy", default=None, metavar="ADDRESS|NETWORK",
              help="The proxy's address or network (10.0.0.5, 10.0.0.0/24; several separated by commas): only "
                   "its X-Forwarded-* headers are believed. Required with --trusted-proxies unless --host is "
                   "a loopback address (then only this machine's proxy is believed).")
@click.option("--metrics-from", default=None, metavar="ADDRESS|NETWORK",
              help="Who may read GET /metrics (Prometheus's text format), several separated by commas; "
                   "without it /metrics is a 404 for everyone.")
@click.option("--log-format", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="json: one JSON object per line (time, level, logger, message), redacted as the text lines are.")
@click.option("--access-log", is_flag=True,
              help="Log one line per request to stderr: method, path with interview ids hashed, no query "
                   "string, status and time.")
@click.option("--smtp", default=None, metavar="HOST:PORT",
              help="Send the office's mail through this SMTP server (STARTTLS when it offers it). "
                   "Without it, mail is off and the office pages say so.")
@click.option("--smtp-user", default=None, help="Sign in to the SMTP server as this user; the password is "
                                                 "read from the WIZARD_SMTP_PASSWORD environment variable.")
@click.option("--mail-from", default=None, metavar="ADDRESS", help="The From address of the office's mail.")
@click.option("--keep-applications-days", default=DEFAULT_KEEP_DAYS, show_default=True,
              type=DAYS, callback=finite,
              help="Keep a sent application this many days after the clerk closes it, then delete it.")
@rules_options()
def serve(host, port, db_path, threads, rule_paths, kiosk, idle_seconds, retention_days, new_per_hour,
          public_url, trusted_proxies, trusted_proxy, metrics_from, log_format, access_log, smtp, smtp_user, mail_from, keep_applications_days,
          added_paths) -> None:
    """Run the wizard under the waitress WSGI server.

    It refuses to start, listing every problem, if a rule file or offices.yaml fails its checks.
    `--port 0` takes any free port and prints the one bound. `--kiosk` turns on shared-screen mode
    (docs/kiosk.md). `--public-url` and `--trusted-proxies` set PUBLIC_URL and TRUSTED_PROXIES
    (docs/deploying.md). `--smtp`, `--smtp-user`, `--mail-from` and `--keep-applications-days` are
    the office's mail and records (docs/office.md). `--idle-seconds` is 1 to 86,400 and
    `--retention-days` above 0 and at most 36,500 (nan and inf are refused with a message).
    `--rules` (repeatable) uses other rule files or folders instead of the built-in ones;
    `--add-rules` (repeatable) loads them besides the built-in ones (or besides `--rules`)."""
    if trusted_proxies and not trusted_proxy and not on_loopback(host):
        raise CommandError(f"--trusted-proxies believes X-Forwarded-For from any peer of {host}: name the proxy "
                           "with --trusted-proxy ADDRESS|NETWORK, or listen on 127.0.0.1", exit_code=2,
                           prefix="refusing to start: ")
    try:
        smtp_host, smtp_port = parse_host_port(smtp) if smtp else (None, None)
    except ValueError as error:
        raise CommandError(str(error), exit_code=2, prefix="refusing to start: ") from error
    # psycopg's pool logs each failed attempt to connect (a paragraph each) while the app opens the
    # database: at the start the operator gets one line saying the database cannot be reached instead.
    pool_log = logging.getLogger("psycopg.pool")
    quiet_level = pool_log.level
    pool_log.setLevel(logging.CRITICAL)
    try:
        app = create_app({"DATABASE": str(db_path), "RULE_PATHS": rule_sources(rule_paths, added_paths),
                          "KIOSK": kiosk, "KIOSK_IDLE_SECONDS": idle_seconds,
                          "RETENTION_DAYS": retention_days, "NEW_INTERVIEWS_PER_HOUR": new_per_hour,
                          "TRUSTED_PROXIES": trusted_proxies, "TRUSTED_PROXY": trusted_proxy,
                          "METRICS_FROM": metrics_from, "SMTP_HOST": smtp_host, "SMTP_PORT": smtp_port,
                          "SMTP_USER": smtp_user, "MAIL_FROM": mail_from,
                          "KEEP_APPLICATIONS_DAYS": keep_applications_days,
                          **({"PUBLIC_URL": public_url} if public_url else {})})
    except (RuleFileError, DeploymentError) as error:
        raise CommandError(str(error), exit_code=1, prefix="refusing to start: ") from error
    except StoreUnavailable as error:  # one line for the operator, not a traceback: the database is down
        raise CommandError(f"{error} ({shown(db_path)})", exit_code=1, prefix="refusing to start: ") from error
    finally:
        pool_log.setLevel(quiet_level)
    server = make_server(app, host, port, threads, trusted_proxies, access_log)
    mode = f", kiosk mode, idle {idle_seconds}s" if kiosk else ""
    mode += f", mail through {smtp}" if smtp else ", mail off"
    bound_host, bound_port = bound_addresses(server)[0]
    click.echo(f"Permit wizard on http://{bound_host}:{bound_port}/ (database {shown(db_path)}{mode})")
    logging.basicConfig()  # as waitress.serve does: failures are logged (redacted, see web/edge/logs.py)
    if log_format == "json":
        for handler in logging.getLogger().handlers:
            handler.setFormatter(JsonLines())
    for name in ("wizard.security", "wizard.access"):  # every security event (web/edge/logs.py), every request
        logging.getLogger(name).setLevel(logging.INFO)
    settle_after_start()
    printing.start_warm()  # the print workers start with the server: the first packet waits for no import
    jobs.start(app)  # the outbox drains after a restart whether or not anyone visits
    server.run()


def on_loopback(host: str) -> bool:
    """Every address `--host` names (waitress takes several, separated by spaces) is a loopback one."""
    names = host.split()
    try:
        return bool(names) and all(name == "localhost" or ipaddress.ip_address(name.strip("[]")).is_loopback
                                   for name in names)
    except ValueError:
        return False


@click.command()
@database_option(dir_okay=False, exists=True)
@click.option("--older-than", "days", default=DEFAULT_DAYS, show_default=True,
              type=click.FloatRange(min=0, max=MAX_DAYS), callback=finite,
              help="Delete interviews not changed for this many days.")
@click.option("--keep-applications-days", "keep_days", default=DEFAULT_KEEP_DAYS, show_default=True,
              type=click.FloatRange(min=0, max=MAX_DAYS), callback=finite,
              help="Delete sent applications closed more than this many days ago.")
@click.option("--dry-run", is_flag=True, help="Only say how many would be deleted.")
def purge(db_path, days, keep_days, dry_run) -> None:
    """Delete saved interviews not changed for DAYS days, and sent applications closed more than
    --keep-applications-days ago, for good (the server does both by itself too). Sent applications
    that are still open are never deleted.

    The deleted applications are named by their references. DAYS is a number from 0 to 36,500 (nan
    and inf are refused). A purge is logged as a security event."""
    store = InterviewStore(db_path)
    store.migrate()
    done = run_purge(store, days, dry_run)
    if not dry_run:  # the same security event the server's sweeper logs (web/edge/logs.py)
        logging.getLogger("wizard.security").info("purge by hand interviews=%d days=%g", done.count, days)
    click.echo(str(done))
    click.echo(str(purge_applications(OfficeRecords(store), keep_days, dry_run)))


@click.command("kiosk-link")
@database_option(dir_okay=False)
@click.option("--public-url", default="", help="The server's address, to print the link in full.")
def kiosk_link(db_path, public_url) -> None:
    """Print a one-time link that makes the browser which opens it a kiosk screen (works once, for an hour).

    The screen becomes an enrolled kiosk of the server that uses this database: see
    docs/kiosk.md, "Setting up a kiosk screen"."""
    store = InterviewStore(db_path)
    store.migrate()
    token = store.new_enrolment(moment_ago(-ENROLMENT_MINUTES * 60))
    click.echo(f"{public_url.rstrip('/')}/kiosk/enrol/{token}")
    click.echo(f"Open it on the kiosk screen's browser within {ENROLMENT_MINUTES} minutes; it works once.", err=True)
