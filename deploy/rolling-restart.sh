#!/usr/bin/env bash
# Restarts the server processes one at a time (docs/hosting.md). Each stop drains first
# (readiness 503 for SHUTDOWN_DRAIN_MS, Caddy takes it out of rotation, running calls finish), the
# new process runs any new migration (once, under a lock) before it listens, and the next process
# stops only after this one answers /ops/ready and Caddy has put it back. Run as root:
#   /srv/creatordesk/current/deploy/rolling-restart.sh
set -euo pipefail
ENV_FILE=${CREATORDESK_ENV:-/etc/creatordesk/creatordesk.env}
set -a
# shellcheck source=/dev/null
. "$ENV_FILE"
set +a

for port in ${CREATORDESK_PORTS:?set CREATORDESK_PORTS in $ENV_FILE}; do
  systemctl restart "creatordesk@$port"
  ready=""
  for _ in $(seq 1 180); do
    if curl -fsS -o /dev/null -H "Authorization: Bearer $OPS_TOKEN" "http://127.0.0.1:$port/ops/ready"; then
      ready=1
      break
    fi
    sleep 1
  done
  if [ -z "$ready" ]; then
    echo "creatordesk@$port is not ready after 180 s: stopping here (the other processes keep serving)." >&2
    echo "See: journalctl -u creatordesk@$port" >&2
    exit 1
  fi
  # Caddy checks every second; give it two checks before the next process stops.
  sleep 2
  echo "creatordesk@$port: restarted and back in rotation"
done
