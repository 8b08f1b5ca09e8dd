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

# HERALD_BIN and HERALD_BENCH_BIN, unless both are given: the release
# builds, built first if needed, with the Swift runtime linked in as the
# image and scripts/serve ship it (1.2-1.5x the ingest of a build that
# loads it as shared libraries, measured in pairs; docs/benchmarks.md).
#   release_binaries
release_binaries() {
    if [[ -z "${HERALD_BIN:-}" || -z "${HERALD_BENCH_BIN:-}" ]]; then
        swift build -c release --static-swift-stdlib --product herald >&2
        swift build -c release --static-swift-stdlib --product herald-bench >&2
        HERALD_BIN="$(swift build -c release --show-bin-path)/herald"
        HERALD_BENCH_BIN="$(swift build -c release --show-bin-path)/herald-bench"
    fi
}
