#!/usr/bin/env bash
# Starts PostgreSQL and the real storefront (set up by setup.sh) and prints the storefront's URL.
# REAL_STOREFRONT_CARD_NETWORK_URL is where its card payment asks for authorizations.
set -euo pipefail
source "$(dirname "$0")/env.sh"
[ -d "$SHOP_DIR/.evershop/build" ] || { echo "real storefront not set up: run tools/real-storefront/setup.sh" >&2; exit 1; }
start_postgres
url="http://127.0.0.1:$REAL_STOREFRONT_PORT"
if ! curl -sf -o /dev/null "$url/"; then
  cd "$SHOP_DIR"
  env $(db_env) PORT="$REAL_STOREFRONT_PORT" \
    NODE_CONFIG="{\"shop\":{\"homeUrl\":\"$url\"},\"paykitCard\":{\"cardNetworkUrl\":\"$REAL_STOREFRONT_CARD_NETWORK_URL\"}}" \
    setsid nohup npx evershop start >"$SHOP_DIR/storefront.log" 2>&1 &
  echo $! >"$SHOP_DIR/storefront.pid"
  for _ in $(seq 1 120); do curl -sf -o /dev/null "$url/" && break; sleep 1; done
  curl -sf -o /dev/null "$url/" || { echo "the storefront did not start: see $SHOP_DIR/storefront.log" >&2; exit 1; }
fi
[ "${1:-}" = --no-banner ] || echo "real storefront: $url (product: $url/classic-cotton-t-shirt-white-sm)"
