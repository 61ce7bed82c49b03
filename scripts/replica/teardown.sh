#!/usr/bin/env bash
# Stops and removes the standby made by setup.sh. The primary is untouched (the pg_hba line that
# allows local replication connections stays; it is harmless without a standby).
set -euo pipefail
CLUSTER="${REPLICA_CLUSTER:-uds_replica}"
if pg_lsclusters -h | awk -v c="$CLUSTER" '$1 == 15 && $2 == c { found = 1 } END { exit !found }'; then
  pg_dropcluster --stop 15 "$CLUSTER"
  echo "replica: removed the standby 15/$CLUSTER" >&2
else
  echo "replica: no standby 15/$CLUSTER" >&2
fi
