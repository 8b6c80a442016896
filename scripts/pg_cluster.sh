#!/usr/bin/env bash
# A throwaway PostgreSQL cluster (docs/decisions/0008-one-sql-for-both-backends.md), for scripts/test.sh and scripts/bench_cluster.py:
#   scripts/pg_cluster.sh start DIR   initdb in DIR, start it on a unix socket there (fsync off), create
#                                     the database wizard_test, print its postgresql:// URL
#   scripts/pg_cluster.sh durable DIR the same with fsync on and synchronous_commit on, as a host runs
#                                     it: each commit waits for the disk (scripts/bench_pg_post.py)
#   scripts/pg_cluster.sh stop DIR    stop it at once and remove DIR
#   scripts/pg_cluster.sh bin         print the folder of initdb and pg_ctl (after start has installed them)
# Installs Debian's postgresql when initdb or pg_ctl is missing. As root, the cluster runs as the
# unprivileged user wizardpg (PostgreSQL refuses to run as root).
set -euo pipefail
action="$1"; PG_DIR="${2:-}"
pg_bin() { for dir in /usr/lib/postgresql/*/bin; do [ -x "$dir/$1" ] && { echo "$dir/$1"; return; }; done; command -v "$1"; }
as_pg() { "$@"; }
if [ "$(id -u)" = 0 ]; then
  as_pg() { su -s /bin/sh wizardpg -c "$(printf '%q ' "$@")"; }
fi
if [ "$action" = bin ]; then
  dirname "$(pg_bin pg_ctl)"
  exit 0
fi
fsync=off
if [ "$action" = durable ]; then fsync=on; action=start; fi
if [ "$action" = stop ]; then
  as_pg "$(pg_bin pg_ctl)" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
  exit 0
fi
if [ -z "$(pg_bin initdb)" ] || [ -z "$(pg_bin pg_ctl)" ]; then
  . "$(dirname "$0")/setup_steps.sh"
  install_debian_packages postgresql >&2
fi
INITDB="$(pg_bin initdb)"; PG_CTL="$(pg_bin pg_ctl)"
mkdir -p "$PG_DIR"
if [ "$(id -u)" = 0 ]; then
  id wizardpg >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin wizardpg
  chown wizardpg "$PG_DIR"
fi
as_pg "$INITDB" -D "$PG_DIR/data" -U wizard --auth=trust --no-sync -E UTF8 >/dev/null
as_pg "$PG_CTL" -D "$PG_DIR/data" -l "$PG_DIR/log" -w start \
  -o "-c listen_addresses='' -c unix_socket_directories=$PG_DIR -c fsync=$fsync -c synchronous_commit=on -c max_connections=200" >/dev/null
as_pg "$(pg_bin createdb)" -h "$PG_DIR" -U wizard wizard_test
echo "postgresql://wizard@/wizard_test?host=$PG_DIR"
