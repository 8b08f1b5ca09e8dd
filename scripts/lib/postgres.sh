# Helpers to run a private PostgreSQL cluster for tests and benchmarks.
# Source this file; call start_postgres, then use $PG_URL; stop_postgres.

install_debian_packages() {
    if [[ $(id -u) -ne 0 ]]; then
        echo "need root to install $*: run 'sudo apt-get install -y $*'" >&2
        return 1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# The newest installed server's bin directory (Debian keeps them out of PATH).
pg_bin() {
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    if [[ -n "$dir" ]]; then echo "$dir"; else dirname "$(command -v initdb 2>/dev/null || echo /nonexistent/initdb)"; fi
}

# Runs a command as the cluster's owner: initdb and postgres refuse root.
as_pg_owner() {
    if [[ $(id -u) -eq 0 ]]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

start_postgres() {
    local bin
    bin=$(pg_bin)
    PG_DIR=$(mktemp -d /tmp/herald-pg.XXXXXX)
    PG_PORT=${PG_PORT:-$(free_port)}
    if [[ $(id -u) -eq 0 ]]; then chown postgres "$PG_DIR"; fi
    as_pg_owner "$bin/initdb" -D "$PG_DIR/data" -U herald --auth=trust --no-sync -E UTF8 >"$PG_DIR/initdb.log" 2>&1 || {
        cat "$PG_DIR/initdb.log" >&2
        echo "PostgreSQL: initdb failed" >&2
        return 1
    }
    # Durability off for tests (a test cluster lives for one run); on with
    # PG_DURABLE=1, so benchmarks measure what production would see.
    # Tests run in parallel, each store with its own pool (up to 20) and a
    # watching connection: 300 was seen running out in a full run, and 1000
    # in one with issue 39's tests (about 430 in all, many on PostgreSQL).
    local options="-h 127.0.0.1 -p $PG_PORT -k $PG_DIR -c max_connections=2000"
    if [[ "${PG_DURABLE:-0}" != 1 ]]; then
        options+=" -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    fi
    # PG_OPTIONS adds server settings (a benchmark loads pg_stat_statements).
    options+=" ${PG_OPTIONS:-}"
    as_pg_owner "$bin/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 -o "$options" start >/dev/null || {
        cat "$PG_DIR/server.log" >&2
        echo "PostgreSQL: the server did not start" >&2
        return 1
    }
    PG_URL="postgres://herald@127.0.0.1:$PG_PORT/postgres?sslmode=disable"
    export PG_DIR PG_PORT PG_URL
}

stop_postgres() {
    if [[ -n "${PG_DIR:-}" && -d "$PG_DIR/data" ]]; then
        as_pg_owner "$(pg_bin)/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
        rm -rf "$PG_DIR"
    fi
}
