# Sourced by the benchmark scripts: the mock APNs and FCM in their own
# process (`herald-bench mocks`), with the environment that points Herald at
# them exported. Needs `work` (a scratch folder) and a `pids` array the
# caller's cleanup kills.
#   start_mocks HERALD_BENCH_BINARY
start_mocks() {
    "$1" mocks --env-file "$work/mocks.env" >/dev/null 2>"$work/mocks.log" &
    pids+=($!)
    for _ in $(seq 100); do [[ -s "$work/mocks.env" ]] && break; sleep 0.1; done
    set -a
    source "$work/mocks.env"
    set +a
}
