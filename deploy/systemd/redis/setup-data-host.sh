#!/bin/sh
# Sets up a data host (docs/operations.md, «On machines with systemd»): Debian's redis-server and redis-sentinel
# with this folder's files, as root, once. The lab's machines run it too (lab/tests/integration/machines.test.ts).
#
#   deploy/systemd/redis/setup-data-host.sh <this host's private address> <the primary's private address>
#
# On the primary both addresses are the same; on a replica the second adds `replicaof`. The passwords are files in
# $PASSWORDS (default /root/portal-redis-passwords, mode 0700): admin, portal, replication, sentinel, one password
# each (letters, digits, - and _ only; e.g. `openssl rand -hex 24`), the same on every data host.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
address=${1:?usage: setup-data-host.sh <private address> <primary address>}
primary=${2:?usage: setup-data-host.sh <private address> <primary address>}
passwords=${PASSWORDS:-/root/portal-redis-passwords}

for binary in redis-server redis-sentinel; do
  command -v "$binary" >/dev/null || { echo "$binary is missing: apt-get install redis-server redis-sentinel" >&2; exit 1; }
done
for name in admin portal replication sentinel; do
  value=$(cat "$passwords/$name") || exit 1
  case $value in
    '' | *[!A-Za-z0-9_-]*) echo "$passwords/$name: one password of letters, digits, - and _ only" >&2; exit 1 ;;
  esac
  eval "password_$name=\$value"
done

# Every CHANGE-ME-<user> replaced by that user's password, and the example's addresses by this group's.
fill() {
  sed -e "s/CHANGE-ME-admin/$password_admin/g" -e "s/CHANGE-ME-portal/$password_portal/g" \
    -e "s/CHANGE-ME-replication/$password_replication/g" -e "s/CHANGE-ME-sentinel/$password_sentinel/g" \
    -e "s/^bind 10\.0\.2\.11 /bind $address /" -e "s/^sentinel monitor portal 10\.0\.2\.11 /sentinel monitor portal $primary /" \
    "$here/$1"
}
# A file readable by redis only, written whole.
put() {
  install -m 0640 -o redis -g redis /dev/null "$1.new"
  cat >"$1.new"
  mv "$1.new" "$1"
}

fill portal-redis.conf | put /etc/redis/portal-redis.conf
if [ "$address" != "$primary" ]; then echo "replicaof $primary 6379" >>/etc/redis/portal-redis.conf; fi
grep -qx 'include /etc/redis/portal-redis.conf' /etc/redis/redis.conf ||
  echo 'include /etc/redis/portal-redis.conf' >>/etc/redis/redis.conf
fill users.acl.example | put /etc/redis/users.acl
echo "masterauth $password_replication" | put /etc/redis/masterauth.conf
fill sentinel.conf | put /etc/redis/sentinel.conf
for unit in redis-server redis-sentinel; do
  install -d "/etc/systemd/system/$unit.service.d"
  install -m 0644 "$here/$unit.service.d/portal.conf" "/etc/systemd/system/$unit.service.d/portal.conf"
done
systemctl daemon-reload
systemctl enable --quiet redis-server redis-sentinel
systemctl restart redis-server redis-sentinel
