# A real Gammu SMS daemon (Debian's gammu-smsd) for the tests, with no modem:
# Gammu's "dummy" phone driver keeps the phone in a directory, and the FILES
# backend spools texts as files (outbox/ inbox/ sent/ error/), which is what
# the server writes and reads. Facts behind the settings: gammu-notes.md.
#
# Source this file, then:
#   start_gammu DIR                  # DIR/{outbox,inbox,sent,error,phone}
#   gammu_receive DIR NUMBER TEXT    # the phone receives a text; SMSD files it in DIR/inbox
#   gammu_inbox_sender FILE; gammu_inbox_text FILE   # read an inbox file
#   stop_gammu DIR
# Each text the phone sent is recorded in DIR/transmitted/<outbox file name>:
# the number on the first line, then the whole text (all parts, no newline added).
# Needs: apt-get install -y gammu-smsd gammu

# Writes DIR's configuration files (all paths absolute: SMSD runs them from
# wherever, and the FILES backend wants a trailing slash on its paths).
_gammu_write_config() {
    local dir=$1
    # LoopSleep is whole seconds (1 is the least that does not busy-loop), so
    # CommTimeout = 0 and ReceiveFrequency = 0 make each one-second loop scan
    # the outbox and the phone. The status refresh and the battery, signal,
    # network and PIN checks only cost time with a phone that has none.
    # TransmitFormat = auto: Gammu 1.42's default is "7bit" (whatever its man
    # page says), which turns characters outside the GSM alphabet into "?";
    # auto sends 7-bit when it can and UCS-2 otherwise.
    # InboxFormat = detail: one Gammu SMS-backup file per message (all its
    # parts), text in UTF-16 hex whatever SMSD's locale; "unicode" pads or
    # cuts non-ASCII texts and "standard" is in SMSD's locale (see the notes).
    cat >"$dir/smsdrc" <<CONF
[gammu]
model = dummy
connection = none
device = $dir/phone

[smsd]
Service = files
InboxPath = $dir/inbox/
OutboxPath = $dir/outbox/
SentSMSPath = $dir/sent/
ErrorSMSPath = $dir/error/
InboxFormat = ${GAMMU_INBOX_FORMAT:-detail}
TransmitFormat = ${GAMMU_TRANSMIT_FORMAT:-auto}
LogFile = $dir/smsd.log
DebugLevel = ${GAMMU_DEBUG_LEVEL:-1}
LoopSleep = 1
CommTimeout = 0
ReceiveFrequency = 0
StatusFrequency = 0
CheckSecurity = 0
CheckBattery = 0
CheckSignal = 0
CheckNetwork = 0
RunOnSent = "$dir/on-sent"
CONF
    # RunOnSent gets the outbox file name and the message in its environment
    # (gammu-smsd-run(7)); the dummy driver itself keeps no copy of what it
    # sent. SMS_n_TEXT is each part's text, so their concatenation is the
    # whole text; written to a temporary name, then renamed.
    cat >"$dir/on-sent" <<'HOOK'
#!/bin/sh
out="$(dirname "$0")/transmitted/$1"
{
    printf '%s\n' "$SMS_1_NUMBER"
    i=1
    while [ "$i" -le "${SMS_MESSAGES:-0}" ]; do
        eval "part=\${SMS_${i}_TEXT}"
        printf '%s' "$part"
        i=$((i + 1))
    done
} >"$out.tmp" && mv "$out.tmp" "$out"
HOOK
    chmod +x "$dir/on-sent"
    # The gammu command line works on a second dummy phone, DIR/stage, whose
    # saved messages gammu_receive then moves into the live phone's inbox.
    printf '[gammu]\nmodel = dummy\nconnection = none\ndevice = %s/stage\n' "$dir" >"$dir/stage.gammurc"
}

# The pid in DIR/gammu.pid, if that process is alive.
_gammu_pid() {
    local pid
    pid=$(cat "$1/gammu.pid" 2>/dev/null) || return 1
    [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

start_gammu() {
    local dir=${1:?usage: start_gammu DIR}
    local i
    if ! command -v gammu-smsd >/dev/null || ! command -v gammu >/dev/null; then
        echo "start_gammu: needs gammu-smsd and gammu: apt-get install -y gammu-smsd gammu" >&2
        return 1
    fi
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if _gammu_pid "$dir" >/dev/null; then
        echo "start_gammu: already running in $dir" >&2
        return 1
    fi
    mkdir -p "$dir"/{outbox,inbox,sent,error,phone,stage,transmitted}
    rm -f "$dir/gammu.pid"
    _gammu_write_config "$dir"
    # -d: SMSD daemonizes and writes its own pid file (-p), so it is no job of
    # the calling shell. Its log goes to smsd.log (LogFile), stray output to
    # smsd.out. A UTF-8 locale, whatever the caller's: SMSD reads a non-UTF-16
    # outbox file, writes "standard" inbox files and RunOnSent's environment
    # in its locale's charset, and under C cuts or "?"s all but ASCII.
    LC_ALL=C.UTF-8 gammu-smsd -c "$dir/smsdrc" -p "$dir/gammu.pid" -d >>"$dir/smsd.out" 2>&1 || {
        cat "$dir/smsd.out" "$dir/smsd.log" >&2 2>/dev/null
        echo "start_gammu: gammu-smsd did not start" >&2
        return 1
    }
    # Ready once SMSD has talked to the phone: it then puts the phone's IMEI
    # (the dummy's is 999999999999999) in its shared-memory status, which
    # gammu-smsd-monitor reads.
    for ((i = 0; i < 100; i++)); do
        if _gammu_pid "$dir" >/dev/null &&
            gammu-smsd-monitor -c "$dir/smsdrc" -n 1 -d 0 2>/dev/null | grep -q '^IMEI: *[0-9]'; then
            return 0
        fi
        sleep 0.1
    done
    cat "$dir/smsd.log" >&2 2>/dev/null
    echo "start_gammu: gammu-smsd did not come up in 10 s (log above)" >&2
    stop_gammu "$dir"
    return 1
}

stop_gammu() {
    local dir=${1:?usage: stop_gammu DIR}
    local pid i
    pid=$(_gammu_pid "$dir") || {
        rm -f "$dir/gammu.pid"
        return 0
    }
    # SIGTERM lets SMSD finish its loop and free its shared memory (about 1.5 s).
    kill "$pid" 2>/dev/null || true
    for ((i = 0; i < 100; i++)); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
        echo "stop_gammu: gammu-smsd $pid ignored SIGTERM for 10 s; killing it" >&2
        kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -f "$dir/gammu.pid"
}

# True if TEXT is all in the GSM 7-bit alphabet (basic and extension tables),
# which is how a phone would have sent it; otherwise it came as UCS-2.
_gammu_is_gsm7() {
    local LC_ALL=C.UTF-8
    local re=$'^[]@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\[~|€\f-]*$'
    [[ $1 =~ $re ]]
}

# The phone "receives" TEXT from NUMBER: the dummy driver's inbox is
# phone/sms/1/<n>, one Gammu SMS-backup file per message part. gammu savesms
# writes those (splitting long texts into parts with UDH) into DIR/stage;
# each is then hard-linked into a free slot of the live phone (atomic, never
# overwrites), so SMSD never reads a half-written file. One call at a time
# per DIR (they share DIR/stage).
gammu_receive() {
    local dir=${1:?usage: gammu_receive DIR NUMBER TEXT} number=${2:?usage: gammu_receive DIR NUMBER TEXT} text=${3-}
    local coding=() part n len
    dir=$(cd "$dir" && pwd)
    rm -rf "$dir/stage/sms"
    _gammu_is_gsm7 "$text" || coding=(-unicode)
    # -len: without it savesms cuts the text at 160; a byte count is at least
    # the character count.
    len=$(LC_ALL=C; echo "${#text}")
    ((len > 0)) || len=1
    gammu -c "$dir/stage.gammurc" savesms TEXT -folder 1 -sender "$number" -len "$len" "${coding[@]}" \
        -textutf8 "$text" >"$dir/stage/savesms.out" 2>&1 || {
        cat "$dir/stage/savesms.out" >&2
        echo "gammu_receive: gammu savesms failed" >&2
        return 1
    }
    for ((part = 1; ; part++)); do
        [[ -e "$dir/stage/sms/1/$part" ]] || break
        # A received message is an SMS-DELIVER; savesms writes SMS-SUBMIT.
        sed -i 's/^PDU = Submit$/PDU = Deliver/' "$dir/stage/sms/1/$part"
        for ((n = 1; n < 1000; n++)); do
            ln "$dir/stage/sms/1/$part" "$dir/phone/sms/1/$n" 2>/dev/null && break
        done
        ((n < 1000)) || {
            echo "gammu_receive: no free slot in $dir/phone/sms/1" >&2
            return 1
        }
        rm -f "$dir/stage/sms/1/$part"
    done
}

# Hex UTF-16BE (as in SMS-backup files) to UTF-8.
_gammu_unhex_utf16() {
    local hex=$1 bytes="" i
    for ((i = 0; i < ${#hex}; i += 2)); do bytes+="\\x${hex:i:2}"; done
    # shellcheck disable=SC2059 # the format is the \xNN escapes
    printf "$bytes" | iconv -f UTF-16BE -t UTF-8
}

# The text of an inbox file in the "detail" format: the TextNN lines of every
# [SMSBackupNNN] section (one section per part, in order), hex UTF-16BE.
gammu_inbox_text() {
    _gammu_unhex_utf16 "$(sed -n 's/^Text[0-9]* = //p' "$1" | tr -d '\r\n')"
}

# The sender of an inbox file in the "detail" format (the first NumberUnicode).
gammu_inbox_sender() {
    _gammu_unhex_utf16 "$(sed -n 's/^NumberUnicode = //p' "$1" | head -n 1 | tr -d '\r\n')"
}

# bash scripts/lib/gammu.sh: sends and receives one text for real, then stops.
_gammu_self_test() {
    set -euo pipefail
    local dir name text file i pid
    dir=$(mktemp -d /tmp/herald-gammu.XXXXXX)
    # shellcheck disable=SC2064 # expand dir now
    trap "stop_gammu '$dir'" EXIT
    start_gammu "$dir"
    echo "started: pid $(cat "$dir/gammu.pid"), spool $dir"
    name="OUTA$(date +%Y%m%d_%H%M%S)_00_+46700000001_selftest.txt"
    printf '%s' "Herald test Ä €" >"$dir/outbox/.$name.tmp"
    mv "$dir/outbox/.$name.tmp" "$dir/outbox/$name"
    echo "wrote outbox/$name"
    for ((i = 0; i < 50; i++)); do [[ -e "$dir/transmitted/$name" ]] && break; sleep 0.1; done
    text=$(cat "$dir/transmitted/$name")
    [[ "$text" == $'+46700000001\nHerald test Ä €' && -e "$dir/sent/$name" && ! -e "$dir/outbox/$name" ]] || {
        echo "self-test: the outbox file was not sent as written (see $dir)" >&2
        return 1
    }
    echo "sent after $((i * 100)) ms: sent/$name; the phone sent to $(head -n 1 "$dir/transmitted/$name"): $(tail -n +2 "$dir/transmitted/$name")"
    gammu_receive "$dir" +46700000002 "ACK 123456"
    for ((i = 0; i < 50; i++)); do
        # SMSD writes the file in place: complete once its last key is there.
        file=$(compgen -G "$dir/inbox/IN*_+46700000002_00.txt" || true)
        [[ -n "$file" ]] && grep -q '^MessageReference = ' "$file" && break
        sleep 0.1
    done
    [[ -n "$file" && "$(gammu_inbox_sender "$file")" == "+46700000002" && "$(gammu_inbox_text "$file")" == "ACK 123456" ]] || {
        echo "self-test: no inbox file with the received text (see $dir)" >&2
        return 1
    }
    echo "received after $((i * 100)) ms: inbox/${file##*/} from $(gammu_inbox_sender "$file"): $(gammu_inbox_text "$file")"
    pid=$(cat "$dir/gammu.pid")
    stop_gammu "$dir"
    trap - EXIT
    if kill -0 "$pid" 2>/dev/null; then
        echo "self-test: gammu-smsd $pid still running" >&2
        return 1
    fi
    echo "stopped: pid $pid is gone"
    rm -rf "$dir"
    echo "self-test passed"
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    _gammu_self_test
fi
