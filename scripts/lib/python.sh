# The Python tools the scripts use, each in a venv of its own under .build,
# at the exact versions pinned in scripts/lib/python/NAME.txt (a full
# `pip freeze`, so a new release of a tool or of anything it pulls in cannot
# change a run). The venv is made again when its pins change.
#
#   source scripts/lib/python.sh
#   venv=$(python_tools fuzz)      # .build/fuzz-venv, with fuzz.txt installed
#
# To move a tool to a newer version: install it in a scratch venv, and write
# that venv's `pip freeze` over its file.
python_tools() {
    local name=$1
    local pins="scripts/lib/python/$name.txt"
    local venv=".build/$name-venv"
    local stamp="$venv/.herald-pins"
    [[ -f $pins ]] || { echo "python_tools: no pins at $pins" >&2; return 1; }
    # The pins and the Python they were installed for (a new python3 gets a new venv).
    local wanted
    wanted="$(python3 --version 2>&1)"$'\n'"$(cat "$pins")"
    if [[ ! -f $stamp || "$(cat "$stamp")" != "$wanted" ]]; then
        echo "installing the pinned Python tools of $pins into $venv" >&2
        rm -rf "$venv"
        # Checked step by step: in $(...) bash does not stop at a failure (set -e is off there).
        if ! python3 -m venv "$venv" >&2 ||
            ! "$venv/bin/pip" install --quiet --disable-pip-version-check --requirement "$pins" >&2; then
            echo "python_tools: could not install $pins" >&2
            rm -rf "$venv"
            return 1
        fi
        printf '%s' "$wanted" >"$stamp"
    fi
    echo "$venv"
}
