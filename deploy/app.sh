#!/usr/bin/env bash
# Runs a command as the creatordesk user in the current release, with the install's settings
# (docs/hosting.md). Run as root:
#   /srv/creatordesk/current/deploy/app.sh npm run account -- create --email you@agency.example
#   /srv/creatordesk/current/deploy/app.sh npm run backup
# APP_DIR runs it in another folder (upgrade.sh builds a new release with it).
set -euo pipefail
BASE=${CREATORDESK_BASE:-/srv/creatordesk}
ENV_FILE=${CREATORDESK_ENV:-/etc/creatordesk/creatordesk.env}
set -a
# shellcheck source=/dev/null
. "$ENV_FILE"
set +a
cd "${APP_DIR:-$BASE/current}"
exec runuser -u creatordesk -- env HOME="$BASE" "$@"
