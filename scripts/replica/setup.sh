#!/usr/bin/env bash
# Makes (or reuses) a hot standby of the local PostgreSQL 15 primary, streaming from it, for the
# search replica (DATABASE_READ_URL). Prints the standby's base URL on stdout; progress goes to
# stderr. Run as root (or as a user that may run pg_createcluster and `runuser -u postgres`).
#
#   REPLICA_PORT    the standby's port (default 5433; 5434 if 5433 is taken by something else)
#   PRIMARY_HOST    the primary to stream from (default 127.0.0.1)
#   PRIMARY_PORT    (default 5432)
#   REPLICA_CLUSTER the Debian cluster name of the standby (default uds_replica)
#
# The primary is never restarted and its data never changed: at most one pg_hba.conf line allowing
# local replication connections is added and the configuration reloaded.
set -euo pipefail
# Everything the tools below print (pg_ctlcluster's "Removed stale pid file.", say) goes to stderr;
# only the final URL goes to the caller, through fd 3, which the server must not inherit: a
# command substitution waits until every holder of its pipe has closed it.
exec 3>&1 1>&2

VERSION=15
CLUSTER="${REPLICA_CLUSTER:-uds_replica}"
PRIMARY_HOST="${PRIMARY_HOST:-127.0.0.1}"
PRIMARY_PORT="${PRIMARY_PORT:-5432}"
CONF_DIR="/etc/postgresql/$VERSION/$CLUSTER"
DATA_DIR="/var/lib/postgresql/$VERSION/$CLUSTER"
HBA_LINE="host replication postgres 127.0.0.1/32 trust"

log() { printf 'replica: %s\n' "$*" >&2; }
fail() { printf 'replica: FAILED: %s\n' "$*" >&2; exit 1; }
as_postgres() { runuser -u postgres -- "$@"; }
primary_sql() { as_postgres psql -X -At -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -d postgres -c "$1"; }
standby_sql() { as_postgres psql -X -At -h 127.0.0.1 -p "$PORT" -d postgres -c "$1"; }
cluster_exists() { pg_lsclusters -h | awk -v v="$VERSION" -v c="$CLUSTER" '$1 == v && $2 == c { found = 1 } END { exit !found }'; }
cluster_status() { pg_lsclusters -h | awk -v v="$VERSION" -v c="$CLUSTER" '$1 == v && $2 == c { print $4 }'; }
port_taken() { ss -Hltn "sport = :$1" | grep -q .; }

# True once the standby answers, is in recovery and its WAL receiver is streaming.
streaming() {
  [ "$(standby_sql 'SELECT pg_is_in_recovery()' 2>/dev/null)" = "t" ] &&
    [ "$(standby_sql "SELECT count(*) FROM pg_stat_wal_receiver WHERE status = 'streaming'" 2>/dev/null)" = "1" ]
}

wait_streaming() {
  for _ in $(seq 1 60); do
    if streaming; then return 0; fi
    sleep 1
  done
  return 1
}

command -v pg_createcluster >/dev/null || fail "pg_createcluster not found (postgresql-common)"
primary_sql 'SELECT 1' >/dev/null || fail "the primary at $PRIMARY_HOST:$PRIMARY_PORT does not answer"

# 1. The primary must already allow streaming: wal_level and max_wal_senders need a restart to
#    change, which this script never does.
wal_level="$(primary_sql 'SHOW wal_level')"
senders="$(primary_sql 'SHOW max_wal_senders')"
[ "$wal_level" = "replica" ] || [ "$wal_level" = "logical" ] || fail "the primary has wal_level=$wal_level; set replica and restart it"
[ "$senders" -gt 0 ] || fail "the primary has max_wal_senders=0; raise it and restart it"

# 2. A replication connection from 127.0.0.1: add one pg_hba line if none admits it, and reload.
can_replicate() { as_postgres psql -X -At "host=$PRIMARY_HOST port=$PRIMARY_PORT user=postgres replication=true" -c 'IDENTIFY_SYSTEM' >/dev/null 2>&1; }
if ! can_replicate; then
  hba="$(primary_sql 'SHOW hba_file')"
  if ! grep -qxF "$HBA_LINE" "$hba"; then
    log "allowing local replication connections in $hba"
    # First, since the first matching line decides (a stock file has a password line for them).
    tmp="$(mktemp)"
    { printf '%s\n' "$HBA_LINE"; cat "$hba"; } >"$tmp"
    cat "$tmp" >"$hba"
    rm -f "$tmp"
  fi
  primary_sql 'SELECT pg_reload_conf()' >/dev/null
  for _ in $(seq 1 10); do can_replicate && break; sleep 0.5; done
  can_replicate || fail "the primary still refuses replication connections from 127.0.0.1 (see $hba)"
fi

# 3. Reuse a standby that is already streaming; restart one that is down; otherwise build it.
if cluster_exists; then
  PORT="$(pg_lsclusters -h | awk -v v="$VERSION" -v c="$CLUSTER" '$1 == v && $2 == c { print $3 }')"
  [ -f "$DATA_DIR/standby.signal" ] || fail "cluster $VERSION/$CLUSTER exists but is not a standby; remove it (pg_dropcluster --stop $VERSION $CLUSTER)"
  if [ "$(cluster_status)" != "online,recovery" ]; then
    log "starting the existing standby $VERSION/$CLUSTER on port $PORT"
    pg_ctlcluster --skip-systemctl-redirect "$VERSION" "$CLUSTER" start 3>&- || true
  fi
  if wait_streaming; then
    log "reusing the standby $VERSION/$CLUSTER on port $PORT"
    echo "postgres://postgres@127.0.0.1:$PORT" >&3
    exit 0
  fi
  log "the standby $VERSION/$CLUSTER does not stream; rebuilding it"
  pg_dropcluster --stop "$VERSION" "$CLUSTER"
fi

PORT="${REPLICA_PORT:-5433}"
if port_taken "$PORT"; then
  [ -z "${REPLICA_PORT:-}" ] || fail "port $PORT is taken"
  PORT=5434
  port_taken "$PORT" && fail "ports 5433 and 5434 are both taken; set REPLICA_PORT"
fi

log "creating the standby $VERSION/$CLUSTER on port $PORT"
pg_createcluster "$VERSION" "$CLUSTER" --port "$PORT" >/dev/null
# A hot standby needs these at least as high as on its primary, or it refuses to start.
for setting in max_connections max_worker_processes max_wal_senders max_prepared_transactions max_locks_per_transaction; do
  pg_conftool "$VERSION" "$CLUSTER" set "$setting" "$(primary_sql "SHOW $setting")"
done
pg_conftool "$VERSION" "$CLUSTER" set hot_standby on
# The same client access rules as the primary (Debian keeps pg_hba.conf outside the data directory).
cp "$(primary_sql 'SHOW hba_file')" "$CONF_DIR/pg_hba.conf"
chown postgres:postgres "$CONF_DIR/pg_hba.conf"

# Replace the fresh cluster's files with a base backup of the primary; -R writes standby.signal and
# primary_conninfo, -X stream copies the WAL made during the backup.
find "$DATA_DIR" -mindepth 1 -delete
log "copying the primary with pg_basebackup"
as_postgres pg_basebackup -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U postgres -D "$DATA_DIR" -R -X stream -c fast \
  || fail "pg_basebackup failed"
pg_ctlcluster --skip-systemctl-redirect "$VERSION" "$CLUSTER" start 3>&- || fail "the standby did not start (see /var/log/postgresql/postgresql-$VERSION-$CLUSTER.log)"
wait_streaming || fail "the standby on port $PORT is not streaming after 60 s (see /var/log/postgresql/postgresql-$VERSION-$CLUSTER.log)"
log "the standby $VERSION/$CLUSTER on port $PORT is in recovery and streaming from $PRIMARY_HOST:$PRIMARY_PORT"
echo "postgres://postgres@127.0.0.1:$PORT" >&3
