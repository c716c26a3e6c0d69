#!/usr/bin/env bash
# The rolling restart on the machines (ADR 041, ADR 062), run on the balancer's host:
#   deploy/systemd/rolling-restart.sh portal1=10.0.1.11:1 portal2=10.0.1.12:1 portal3=10.0.1.13:1
# Each argument is haproxy's server name = the app host : the instance number of its portal@N unit. For each, in
# turn: `maint` in every backend of haproxy (no new request), wait until it has none in flight or queued, stop and
# start portal@N over ssh, wait until its /readyz answers 200, `ready` again, and wait until haproxy counts it UP.
# Never while another instance is not UP. Needs socat and ssh; METRICS_PORT of instance N is 9463+N, as in
# portal@N.env.example.
set -euo pipefail
SOCKET=${HAPROXY_SOCKET:-/run/haproxy/admin.sock}
BACKENDS=(reads pages writes fallback)

api() { echo "$1" | socat stdio "unix-connect:$SOCKET"; }
# `show stat` is CSV: pxname,svname,qcur,qmax,scur,…,status (18th field).
status() { api "show stat" | awk -F, -v s="$1" '$1=="reads" && $2==s {print $18}'; }
busy() { api "show stat" | awk -F, -v s="$1" '$2==s {n+=$3+$5} END {print n+0}'; }
wait_for() {
  local what=$1 seconds=$2
  shift 2
  for ((i = 0; i < seconds * 5; i++)); do
    if "$@"; then return 0; fi
    sleep 0.2
  done
  echo "rolling restart stopped: $what" >&2
  exit 1
}
others_up() {
  local me=$1 entry
  for entry in "${ALL[@]}"; do
    [[ ${entry%%=*} == "$me" ]] && continue
    [[ $(status "${entry%%=*}") == UP ]] || return 1
  done
}
idle() { [[ $(busy "$1") == 0 ]]; }
ready() { curl -fsS -o /dev/null "http://$1:$2/readyz"; }
up() { [[ $(status "$1") == UP ]]; }

ALL=("$@")
[[ ${#ALL[@]} -gt 0 ]] || { sed -n '2,9p' "$0"; exit 2; }
for entry in "${ALL[@]}"; do
  server=${entry%%=*}
  target=${entry#*=}
  host=${target%%:*}
  instance=${target##*:}
  ops=$((9463 + instance))
  wait_for "the other instances were not all UP within 60 s; $server left running" 60 others_up "$server"
  echo "$server: draining"
  for backend in "${BACKENDS[@]}"; do api "set server $backend/$server state maint" >/dev/null; done
  wait_for "$server still had requests after 30 s" 30 idle "$server"
  ssh "$host" systemctl restart "portal@$instance"
  wait_for "$server not ready within 60 s" 60 ready "$host" "$ops"
  for backend in "${BACKENDS[@]}"; do api "set server $backend/$server state ready" >/dev/null; done
  wait_for "haproxy did not count $server UP within 30 s" 30 up "$server"
  echo "$server: replaced"
done
