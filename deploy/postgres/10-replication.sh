#!/usr/bin/env bash
# Run once by the official postgres image when it creates the primary's database
# (/docker-entrypoint-initdb.d): a role that may stream the WAL, a physical replication slot for
# the replica (the primary keeps the WAL the replica has not received yet), and the pg_hba.conf
# line that lets the role connect for replication (read when the server restarts after init).
set -euo pipefail

: "${REPLICATION_PASSWORD:?set REPLICATION_PASSWORD}"

psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v password="$REPLICATION_PASSWORD" <<'SQL'
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD :'password';
SELECT pg_create_physical_replication_slot('portal_replica');
SQL

echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
