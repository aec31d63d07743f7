#!/usr/bin/env bash
# Installs or upgrades a team install to a git tag or commit without stopping the service
# (docs/hosting.md). Run as root:
#   /srv/creatordesk/repo/deploy/upgrade.sh v1.2.0
#
# 1. a new release folder from the git checkout in $BASE/repo (git archive), npm ci, PWA build,
#    and the browser extension's package (the /extension guide offers it for download)
# 2. a backup (database + files) with the release that is running, before anything changes
# 3. the running release's hashed assets are copied into the new one: open tabs still running the
#    old code lazy-load old chunks, and the service worker updates when the user agrees
# 4. $BASE/current switches to the new release; the processes serve its PWA at once (WEB_DIR
#    points through the symlink)
# 5. rolling restart onto the new server code (the first new process migrates, under a lock);
#    on a first install the units are enabled and started instead
# 6. the newest 3 releases are kept (roll back: point current at the previous one, restart)
set -euo pipefail
REF=${1:?usage: upgrade.sh <git tag or commit>}
BASE=${CREATORDESK_BASE:-/srv/creatordesk}
ENV_FILE=${CREATORDESK_ENV:-/etc/creatordesk/creatordesk.env}
set -a
# shellcheck source=/dev/null
. "$ENV_FILE"
set +a

git -C "$BASE/repo" fetch --tags --quiet origin || echo "(git fetch failed: using the commits already in $BASE/repo)"
SHA=$(git -C "$BASE/repo" rev-parse --short "$REF^{commit}")
REL="$BASE/releases/$(date -u +%Y%m%d%H%M%S)-$SHA"
echo "== release $REF ($SHA) → $REL"
mkdir -p "$REL"
git -C "$BASE/repo" archive "$SHA" | tar -x -C "$REL"
chown -R creatordesk:creatordesk "$REL"
APP_DIR="$REL" "$REL/deploy/app.sh" npm ci --no-audit --no-fund
APP_DIR="$REL" "$REL/deploy/app.sh" npm run build
APP_DIR="$REL" "$REL/deploy/app.sh" npm run --silent build:extension

FIRST=""
if [ -e "$BASE/current" ]; then
  echo "== backup before the upgrade"
  APP_DIR="$BASE/current" "$REL/deploy/app.sh" npm run --silent backup -- --keep 14
  cp -n "$BASE/current/dist/assets/"* "$REL/dist/assets/" 2>/dev/null || true
else
  FIRST=1
fi

ln -sfn "$REL" "$BASE/current.next"
mv -T "$BASE/current.next" "$BASE/current"
echo "== $BASE/current → $REL"

if [ -n "$FIRST" ]; then
  for port in ${CREATORDESK_PORTS:?set CREATORDESK_PORTS in $ENV_FILE}; do
    systemctl enable --now "creatordesk@$port"
  done
else
  "$REL/deploy/rolling-restart.sh"
fi

# Keep the newest 3 releases (the one just made is among them).
ls -1d "$BASE/releases"/* | sort | head -n -3 | xargs -r rm -rf
echo "== done: $REF is live"
