# Shared settings of the real-storefront scripts (sourced, not run).
REAL_STOREFRONT_HOME="${REAL_STOREFRONT_HOME:-$HOME/.cache/paykit-real-storefront}"
REAL_STOREFRONT_PORT="${REAL_STOREFRONT_PORT:-3900}"
REAL_STOREFRONT_CARD_NETWORK_URL="${REAL_STOREFRONT_CARD_NETWORK_URL:-http://127.0.0.1:3000/sandbox/card-network/authorizations}"
EVERSHOP_VERSION=2.2.1
PG_CLUSTER_VERSION="${PG_CLUSTER_VERSION:-15}"
DB_NAME=paykit_evershop
DB_USER=paykit_storefront
DB_PASSWORD=paykit_storefront
ADMIN_EMAIL=admin@storefront.test
ADMIN_PASSWORD=storefront-admin-1
SHOP_DIR="$REAL_STOREFRONT_HOME/evershop"
SOURCE_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export NODE_ENV=production
db_env() {
  echo "DB_HOST=127.0.0.1 DB_PORT=5432 DB_NAME=$DB_NAME DB_USER=$DB_USER DB_PASSWORD=$DB_PASSWORD DB_SSLMODE=disable"
}
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
as_postgres() { as_root su postgres -c "$*"; }
start_postgres() {
  as_root pg_ctlcluster "$PG_CLUSTER_VERSION" main start 2>/dev/null || true
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 && return 0; sleep 1; done
  echo "PostgreSQL did not start" >&2
  return 1
}
