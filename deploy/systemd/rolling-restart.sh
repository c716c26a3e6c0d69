#!/usr/bin/env bash
# The rolling restart on the machines (ADR 230, ADR 231), run on a balancer's host as root:
#   deploy/systemd/rolling-restart.sh portal1=10.0.1.11:1 portal2=10.0.1.12:1 portal3=10.0.1.13:1
# Each argument is haproxy's server name = the app host : the instance number of its portal@N unit. For each, in
# turn, on every balancer: `maint` in every backend (no new request), wait until it has none in flight or queued,
# restart portal@N over ssh, wait until its /readyz answers 200, `ready` again, and wait until every balancer
# counts it UP. Never while another instance is not UP. If it stops for any reason (a timeout, Ctrl-C), the
# instance it had taken out is set `ready` again on every balancer: haproxy's checks decide whether it takes
# requests, and nothing is left in MAINT by the script.
# BALANCERS: the balancers, `local` for this host's haproxy, any other entry a host reached over ssh (default
# `local`; with two balancers behind a floating address: BALANCERS="local 10.0.0.12"). The runtime API is spoken
# with perl (Debian's perl-base, on every Debian system); ssh and curl are the other tools. METRICS_PORT of
# instance N is OPS_PORT_BASE+N, 9463+N by default, as in portal@N.env.example.
set -euo pipefail
SOCKET=${HAPROXY_SOCKET:-/run/haproxy/admin.sock}
OPS_PORT_BASE=${OPS_PORT_BASE:-9463}
read -r -a BALANCER_LIST <<<"${BALANCERS:-local}"
BACKENDS=(reads pages writes fallback)

# One command on haproxy's runtime API of one balancer; prints the answer.
API_CLIENT='use IO::Socket::UNIX; my $s = IO::Socket::UNIX->new(Peer => $ARGV[0]) or die "haproxy runtime API $ARGV[0]: $!\n"; print $s "$ARGV[1]\n"; print while <$s>;'
api_on() {
  local balancer=$1 command=$2
  if [[ $balancer == local ]]; then
    perl -e "$API_CLIENT" "$SOCKET" "$command"
  else
    ssh "$balancer" perl -e "$(printf '%q' "$API_CLIENT")" "$(printf '%q' "$SOCKET")" "$(printf '%q' "$command")"
  fi
}
api_all() {
  local balancer
  for balancer in "${BALANCER_LIST[@]}"; do api_on "$balancer" "$1" >/dev/null; done
}
set_state() {
  local backend
  for backend in "${BACKENDS[@]}"; do api_all "set server $backend/$1 state $2"; done
}
# `show stat` is CSV: pxname,svname,qcur,qmax,scur,…,status (18th field). UP on every balancer.
up() {
  local balancer
  for balancer in "${BALANCER_LIST[@]}"; do
    [[ $(api_on "$balancer" "show stat" | awk -F, -v s="$1" '$1=="reads" && $2==s {print $18}') == UP ]] || return 1
  done
}
# No request in flight (scur) or queued (qcur) for it in any backend of any balancer.
idle() {
  local balancer
  for balancer in "${BALANCER_LIST[@]}"; do
    [[ $(api_on "$balancer" "show stat" | awk -F, -v s="$1" '$2==s {n+=$3+$5} END {print n+0}') == 0 ]] || return 1
  done
}
ready() { curl -fsS -o /dev/null --max-time 2 "http://$1:$2/readyz"; }
others_up() {
  local me=$1 entry
  for entry in "${ALL[@]}"; do
    [[ ${entry%%=*} == "$me" ]] && continue
    up "${entry%%=*}" || return 1
  done
}
wait_for() {
  local what=$1 seconds=$2
  shift 2
  local deadline=$((SECONDS + seconds))
  until "$@"; do
    if ((SECONDS >= deadline)); then
      echo "rolling restart stopped: $what" >&2
      exit 1
    fi
    sleep 0.2
  done
}

# The server taken out, while it is out: set ready again on any exit.
TAKEN_OUT=
restore() {
  local status=$?
  if [[ -n $TAKEN_OUT ]]; then
    echo "$TAKEN_OUT: set ready again on every balancer (haproxy's checks decide if it serves)" >&2
    set_state "$TAKEN_OUT" ready || echo "$TAKEN_OUT: could not be set ready; do it by hand (docs/operations.md)" >&2
  fi
  exit "$status"
}
trap restore EXIT
trap 'exit 130' INT TERM

ALL=("$@")
[[ ${#ALL[@]} -gt 0 ]] || {
  sed -n '2,15p' "$0"
  exit 2
}
for entry in "${ALL[@]}"; do
  [[ $entry =~ ^[A-Za-z0-9_-]+=[^:]+:[0-9]+$ ]] || {
    echo "not server=host:N: $entry" >&2
    exit 2
  }
done
for entry in "${ALL[@]}"; do
  server=${entry%%=*}
  target=${entry#*=}
  host=${target%%:*}
  instance=${target##*:}
  ops=$((OPS_PORT_BASE + instance))
  wait_for "the other instances were not all UP within 60 s; $server left running" 60 others_up "$server"
  echo "$server: taking out"
  TAKEN_OUT=$server
  set_state "$server" maint
  wait_for "$server still had requests after 30 s" 30 idle "$server"
  ssh "$host" systemctl restart "portal@$instance"
  wait_for "$server not ready within 60 s" 60 ready "$host" "$ops"
  set_state "$server" ready
  TAKEN_OUT=
  wait_for "haproxy did not count $server UP within 30 s" 30 up "$server"
  echo "$server: replaced"
done
