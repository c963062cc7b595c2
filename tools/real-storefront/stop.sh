#!/usr/bin/env bash
# Stops the real storefront started by start.sh (PostgreSQL is left running: other tools may use it;
# REAL_STOREFRONT_STOP_POSTGRES=1 stops it too).
set -euo pipefail
source "$(dirname "$0")/env.sh"
pid_file="$SHOP_DIR/storefront.pid"
if [ -f "$pid_file" ]; then
  pid="$(cat "$pid_file")"
  kill -- "-$pid" 2>/dev/null || true
  rm -f "$pid_file"
fi
if [ "${REAL_STOREFRONT_STOP_POSTGRES:-0}" = 1 ]; then as_root pg_ctlcluster "$(ls /usr/lib/postgresql | sort -n | tail -1)" main stop; fi
echo "real storefront stopped"
