# A pg_ctrl / pg_thread / pg_set library in the shape of the kernel's
# samples/pktgen/functions.sh (written for riptide's tests, not copied): each
# helper checks the proc file is writable, writes one command and fails unless
# the file then says "Result: OK:".

function err() {
    local exitcode=$1
    shift
    echo "ERROR: $@" >&2
    exit $exitcode
}

function proc_cmd() {
    local result
    local proc_file=$1
    shift
    local proc_ctrl=/proc/net/pktgen/$proc_file
    [[ -w $proc_ctrl ]] || err 3 "proc file:$proc_ctrl not writable, not root?!"
    echo "$@" > "$proc_ctrl"
    local status=$?
    result=$(grep "Result: OK:" $proc_ctrl)
    if [[ "$result" == "" ]]; then
        grep "Result:" $proc_ctrl >&2
    fi
    if (( $status != 0 )); then
        err 5 "Write error($status) occurred cmd: \"$@ > $proc_ctrl\""
    fi
}

function pg_ctrl()   { proc_cmd pgctrl "$@"; }
function pg_thread() { local t=$1; shift; proc_cmd kpktgend_${t} "$@"; }
function pg_set()    { local d=$1; shift; proc_cmd ${d} "$@"; }
