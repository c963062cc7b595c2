#!/usr/bin/env bash
# Installs the real storefront (EverShop from npm on PostgreSQL from apt) outside the repository,
# builds it with the typed-card payment extension, and seeds it through its own admin API.
# Idempotent: a second run reinstalls nothing that is already there.
set -euo pipefail
source "$(dirname "$0")/env.sh"

if ! command -v pg_ctlcluster >/dev/null; then
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
fi
PG_CLUSTER_VERSION="$(ls /usr/lib/postgresql | sort -n | tail -1)"
start_postgres
if [ -z "$(as_postgres "psql -tAc \"select 1 from pg_roles where rolname='$DB_USER'\"")" ]; then
  as_postgres "psql -qc \"create role $DB_USER login password '$DB_PASSWORD'\""
fi
if [ -z "$(as_postgres "psql -tAc \"select 1 from pg_database where datname='$DB_NAME'\"")" ]; then
  as_postgres "createdb -O $DB_USER $DB_NAME"
fi

mkdir -p "$SHOP_DIR"
cd "$SHOP_DIR"
cat >package.json <<JSON
{ "name": "paykit-real-storefront", "private": true, "type": "module",
  "dependencies": { "@evershop/evershop": "$EVERSHOP_VERSION", "concat-stream": "2.0.0" } }
JSON
# concat-stream: EverShop 2.2.1 imports it without declaring it.
nice -n 10 npm install --no-audit --no-fund --loglevel=error
rm -rf config extensions/paykit_card
mkdir -p extensions/paykit_card
cp -r "$SOURCE_DIR/evershop/config" config
cp -r "$SOURCE_DIR/evershop/extensions/paykit_card" extensions/paykit_card/dist
# EverShop reads its database and token secrets from .env; the secrets are made once, here.
secret() { grep -s "^$1=" .env | cut -d= -f2 || true; }
{
  echo "$(db_env)" | tr ' ' '\n'
  for name in JWT_ADMIN_SECRET JWT_ADMIN_REFRESH_SECRET JWT_CUSTOMER_SECRET JWT_CUSTOMER_REFRESH_SECRET; do
    echo "$name=$(secret $name | grep . || node -p "require('node:crypto').randomBytes(32).toString('hex')")"
  done
} >.env.next
mv .env.next .env

nice -n 10 npx evershop build

# The first start runs the migrations; the admin user and the catalogue come after it.
"$SOURCE_DIR/start.sh" --no-banner
env $(db_env) npx evershop user:create --name Admin --email "$ADMIN_EMAIL" --password "$ADMIN_PASSWORD" || true
node "$SOURCE_DIR/seed.mjs" "http://127.0.0.1:$REAL_STOREFRONT_PORT" "$ADMIN_EMAIL" "$ADMIN_PASSWORD"
"$SOURCE_DIR/stop.sh"
echo "real storefront set up in $SHOP_DIR; start it with tools/real-storefront/start.sh"
