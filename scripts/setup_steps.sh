# The set-up steps scripts/serve.sh and scripts/test.sh share, sourced by both (and run alone by
# tests/project/test_install_steps.py). Written for a stock Debian machine: its python3 -m venv
# gives pip 23.2.1 on CPython 3.11, and another apt (unattended-upgrades, a second terminal) may hold
# the package locks when the script starts.

# How long to wait for another package manager to let go of apt's and dpkg's locks.
APT_LOCK_WAIT_SECONDS="${APT_LOCK_WAIT_SECONDS:-600}"

# apt-get, waiting for a lock another process holds instead of failing at once. apt-get install waits
# by itself with DPkg::Lock::Timeout, but apt-get update (apt 2.6) ignores it for the lists' lock and
# exits with "Could not get lock /var/lib/apt/lists/lock": that case is retried every 2 s.
apt_get_waiting() {
  local sudo="" waited=0 err
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  err="$(mktemp)"
  until DEBIAN_FRONTEND=noninteractive $sudo apt-get -o "DPkg::Lock::Timeout=$APT_LOCK_WAIT_SECONDS" "$@" 2>"$err"; do
    if ! grep -q "Could not get lock\|Unable to lock" "$err" || [ "$waited" -ge "$APT_LOCK_WAIT_SECONDS" ]; then
      cat "$err" >&2; rm -f "$err"; return 1
    fi
    [ "$waited" = 0 ] && echo "Waiting for another program to finish with apt (up to ${APT_LOCK_WAIT_SECONDS} s)..." >&2
    sleep 2; waited=$((waited + 2))
  done
  cat "$err" >&2; rm -f "$err"
}

# Installs the Debian packages named (a space-separated list; nothing when it is empty).
install_debian_packages() {
  [ -n "$1" ] || return 0
  apt_get_waiting update -qq
  # shellcheck disable=SC2086
  apt_get_waiting install -y -qq $1 >/dev/null
}

# The virtualenv at $1 (made with python3 -m venv when missing), with the pip requirements.lock pins.
# Pip before 23.3 refuses the lock in --require-hashes mode ("fonttools[woff]>=4.59.2 ... must have
# their versions pinned with ==", the extra pip-compile's --strip-extras leaves out), so pip itself is
# installed first, from the lock's own pin and hashes, never unchecked from the index.
make_python_env() {
  local venv="$1" pin
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  pin="$(locked_pip | sed -n 's/^pip==\([^ ]*\).*/\1/p')"
  if [ "$("$venv/bin/python" -m pip --version | cut -d' ' -f2)" != "$pin" ]; then
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --require-hashes --no-deps -r <(locked_pip)
  fi
}

# pip's entry in requirements.lock: its pin and the lines of hashes after it.
locked_pip() {
  awk '/^pip==/{p=1} p{print} p && !/\\$/{exit}' requirements.lock
}

# The exact versions of requirements.lock (every file checked against its sha256), then the app.
install_locked() {
  local venv="$1"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements.lock
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps -e .
}
