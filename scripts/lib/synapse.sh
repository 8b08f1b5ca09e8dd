# A real Matrix homeserver for the tests (issue 43): Synapse from PyPI
# (pinned in scripts/lib/python/synapse.txt), on SQLite, on a free local
# port, registration closed except through its shared secret. The tests
# register their own users with that secret (`Synapse` in
# HeraldTestSupport) and talk to it with the client-server API.
#
#   source scripts/lib/python.sh; source scripts/lib/synapse.sh
#   start_synapse    # exports HERALD_TEST_SYNAPSE_URL, HERALD_TEST_SYNAPSE_SECRET
#   stop_synapse
start_synapse() {
    local venv
    venv=$(python_tools synapse) || return 1
    SYNAPSE_DIR=$(mktemp -d /tmp/herald-synapse.XXXXXX)
    local port
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    "$venv/bin/python" -m synapse.app.homeserver --server-name localhost --config-path "$SYNAPSE_DIR/generated.yaml" \
        --data-directory "$SYNAPSE_DIR" --generate-config --report-stats=no >"$SYNAPSE_DIR/generate.log" 2>&1 || {
        cat "$SYNAPSE_DIR/generate.log" >&2
        return 1
    }
    local secret
    secret=$(python3 -c 'import secrets; print(secrets.token_hex(24))')
    # Later files override earlier ones: the listener, the database, the
    # shared secret, and rate limits a test's bursts would trip.
    cat >"$SYNAPSE_DIR/herald.yaml" <<YAML
listeners:
  - port: $port
    bind_addresses: ["127.0.0.1"]
    type: http
    tls: false
    x_forwarded: false
    resources:
      - names: [client]
        compress: false
database:
  name: sqlite3
  args:
    database: $SYNAPSE_DIR/homeserver.db
log_config: null
media_store_path: $SYNAPSE_DIR/media
registration_shared_secret: "$secret"
enable_registration: false
trusted_key_servers: []
suppress_key_server_warning: true
presence:
  enabled: false
rc_message: {per_second: 1000, burst_count: 1000}
rc_login:
  address: {per_second: 1000, burst_count: 1000}
  account: {per_second: 1000, burst_count: 1000}
  failed_attempts: {per_second: 1000, burst_count: 1000}
rc_registration: {per_second: 1000, burst_count: 1000}
rc_joins:
  local: {per_second: 1000, burst_count: 1000}
rc_invites:
  per_room: {per_second: 1000, burst_count: 1000}
  per_user: {per_second: 1000, burst_count: 1000}
  per_issuer: {per_second: 1000, burst_count: 1000}
YAML
    "$venv/bin/python" -m synapse.app.homeserver --config-path "$SYNAPSE_DIR/generated.yaml" --config-path "$SYNAPSE_DIR/herald.yaml" \
        >"$SYNAPSE_DIR/synapse.log" 2>&1 &
    SYNAPSE_PID=$!
    local waited=0
    until python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=2)' "http://127.0.0.1:$port/health" >/dev/null 2>&1; do
        # Up to two minutes: a first start on a slow machine compiles its Python.
        if ! kill -0 "$SYNAPSE_PID" 2>/dev/null || ((waited >= 240)); then
            echo "start_synapse: Synapse did not start; its log:" >&2
            tail -n 40 "$SYNAPSE_DIR/synapse.log" >&2
            return 1
        fi
        sleep 0.5
        waited=$((waited + 1))
    done
    export HERALD_TEST_SYNAPSE_URL="http://127.0.0.1:$port" HERALD_TEST_SYNAPSE_SECRET="$secret"
    echo "Synapse $("$venv/bin/python" -c 'import synapse; print(synapse.__version__)') at $HERALD_TEST_SYNAPSE_URL" >&2
}

stop_synapse() {
    if [[ -n "${SYNAPSE_PID:-}" ]]; then kill "$SYNAPSE_PID" 2>/dev/null || true; wait "$SYNAPSE_PID" 2>/dev/null || true; fi
    if [[ -n "${SYNAPSE_DIR:-}" ]]; then rm -rf "$SYNAPSE_DIR"; fi
    SYNAPSE_PID= SYNAPSE_DIR=
}
