#!/usr/bin/env bash
# Runs inside a clean Debian root (made by scripts/check-package, as root there): installs the
# .deb with apt, checks it as a user who is not root, removes it and checks nothing is left
# under /usr; then installs the tarball under /opt the way README's "Install" says and runs the
# same checks on it.
#   package-checks.sh DEB TARBALL README VERSION
# Prints one "ok:" line a check, and "FAIL: ..." and status 1 at the first that does not hold.
set -euo pipefail
deb=$1 tarball=$2 readme=$3 version=$4
export DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8

fail() { echo "FAIL: $*" >&2; exit 1; }
ok() { echo "ok: $*"; }
trap 'fail "line $LINENO: $BASH_COMMAND ended with status $?"' ERR

useradd --create-home --shell /bin/bash walker
# No process of the user's may outlive the checks: the root is unmounted after them.
trap 'runuser -u walker -- tmux kill-server 2>/dev/null || true' EXIT
# A command as the user "walker" in a login's environment: no SIDEWALK_ASSETS, no Swift.
as_walker() {
    (cd /home/walker && runuser -u walker -- env -i HOME=/home/walker USER=walker LOGNAME=walker SHELL=/bin/bash \
        PATH=/usr/local/bin:/usr/bin:/bin TERM=xterm-256color LANG=C.UTF-8 "$@")
}

# The commands of README's "## Install" section that start with sudo, run here as root.
readme_install_commands() {
    awk '/^## /{inside = ($0 == "## Install")} inside && /^```/{block = !block; next} inside && block && /^sudo /' "$readme" \
        | sed -e 's/^sudo //' -e 's/[[:space:]]*#.*$//'
}

check_version() { # PROGRAM
    local line
    line=$(as_walker "$1" --version)
    [[ $line =~ ^sidewalk\ $version\ \([0-9a-f]{12}\ [0-9]{4}-[0-9]{2}-[0-9]{2}\)$ ]] || fail "--version said '$line'"
    ok "$1 --version: $line"
}

check_snapshot() { # PROGRAM
    as_walker "$1" snapshot --size 60x20 --output demo.ans || fail "snapshot of the demo failed"
    local bytes
    bytes=$(stat -c %s /home/walker/demo.ans)
    grep -q $'\e\\[38;2;' /home/walker/demo.ans || fail "the snapshot has no 24-bit colours"
    [ "$bytes" -gt 5000 ] || fail "the snapshot is only $bytes bytes"
    rm /home/walker/demo.ans
    ok "$1 snapshot of the bundled demo: $bytes bytes of half-block art, no SIDEWALK_ASSETS"
}

check_explorer() { # PROGRAM
    local status=/home/walker/explorer-status state tries=0
    rm -f "$status"
    # The shell tmux runs the command in writes its exit status once it ends and stays, so the
    # pane's modes are the ones the program left (a dead pane's are tmux's own).
    as_walker tmux new-session -d -s demo -x 100 -y 30 "$1; echo \$? > $status; exec sleep 600"
    until as_walker tmux capture-pane -p -t demo | grep -q 'Main Street'; do
        tries=$((tries + 1))
        [ $tries -lt 100 ] || fail "the explorer did not draw the demo town: $(as_walker tmux capture-pane -p -t demo | tail -3)"
        sleep 0.1
    done
    as_walker tmux capture-pane -p -t demo | grep -q '▀' || fail "the explorer drew no half blocks"
    as_walker tmux send-keys -t demo q
    # The modes are read until tmux has taken in the program's last bytes, for at most 5 s.
    tries=0
    until [ -s "$status" ] && state=$(as_walker tmux display-message -p -t demo '#{alternate_on} #{cursor_flag}') \
        && [ "$state" = "0 1" ]; do
        tries=$((tries + 1))
        [ $tries -lt 50 ] || fail "after q: status '$(cat "$status" 2>/dev/null)'; alternate screen, cursor '${state:-}', not '0 1'"
        sleep 0.1
    done
    as_walker tmux kill-server
    [ "$(cat "$status")" = 0 ] || fail "the explorer ended with status $(cat "$status")"
    ok "$1 in tmux drew the demo town; q ended it with status 0, the main screen back and the cursor shown"
}

check_manual() { # PROGRAM MAN-COMMAND...
    local program=$1 options page missing=()
    shift
    page=$(as_walker env MANPAGER=cat MANWIDTH=200 "$@" | sed -e 's/‐/-/g' -e 's/−/-/g')
    options=$(as_walker "$program" --help | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u)
    for option in $options; do
        grep -qF -- "$option" <<<"$page" || missing+=("$option")
    done
    [ ${#missing[@]} -eq 0 ] || fail "the manual page ($*) lacks ${missing[*]}"
    ok "$* lists all $(wc -w <<<"$options") options of --help"
}

# COMPREPLY for the words given, as bash fills it when Tab is pressed after them.
completions() { # SETUP-COMMAND WORD...
    local setup=$1
    shift
    as_walker bash -c '
        source /usr/share/bash-completion/bash_completion
        '"$setup"'
        function=$(complete -p sidewalk | sed -n "s/.*-F \([^ ]*\) .*/\1/p")
        COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
        "$function" sidewalk "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf "%s\n" "${COMPREPLY[@]}"' completions "$@"
}

check_completion() { # SETUP-COMMAND
    local symbols colours
    symbols=$(completions "$1" sidewalk --sym)
    [ "$symbols" = "--symbols" ] || fail "bash completed 'sidewalk --sym' to '$symbols'"
    colours=$(completions "$1" sidewalk --color "" | sort | tr '\n' ' ')
    [ "$colours" = "16 256 auto none truecolor " ] || fail "bash offered '$colours' after 'sidewalk --color '"
    ok "bash ($1) completes --sym to --symbols and offers the four colour modes and auto after --color: $colours"
}

# The .deb, through apt, which fetches its dependencies.
apt-get install -y -qq "$deb" >/dev/null
[ "$(command -v sidewalk)" = /usr/bin/sidewalk ] || fail "sidewalk is not /usr/bin/sidewalk"
ok "apt-get installed $(basename "$deb") and its dependencies"
check_version sidewalk
check_snapshot sidewalk
check_explorer sidewalk
check_manual sidewalk man sidewalk
check_completion "__load_completion sidewalk"
apt-get remove -y -qq sidewalk >/dev/null
left=$(find /usr -path '*sidewalk*' | head -5)
[ -z "$left" ] || fail "apt-get remove sidewalk left $left"
ok "apt-get remove sidewalk left nothing under /usr"
apt-get autoremove -y -qq >/dev/null

# The tarball, as README's Install section says: its runtime libraries, then unpacked under /opt.
cd "$(dirname "$tarball")"
commands=$(readme_install_commands | grep -v '\.deb')
[ "$(wc -l <<<"$commands")" -ge 2 ] || fail "README's Install section has no tarball commands: '$commands'"
# The user answers yes to apt's question.
echo 'APT::Get::Assume-Yes "true";' > /etc/apt/apt.conf.d/90answer-yes
while read -r command; do
    echo "README: $command"
    bash -c "$command" </dev/null >/dev/null 2>&1 || fail "README's '$command' failed"
done <<<"$commands"
prefix=/opt/sidewalk-$version-linux-$(dpkg --print-architecture)
[ -x "$prefix/bin/sidewalk" ] || fail "README's commands did not unpack $prefix/bin/sidewalk"
check_version "$prefix/bin/sidewalk"
check_snapshot "$prefix/bin/sidewalk"
check_explorer "$prefix/bin/sidewalk"
check_manual "$prefix/bin/sidewalk" man -l "$prefix/share/man/man1/sidewalk.1.gz"
check_completion "source $prefix/share/bash-completion/completions/sidewalk"
echo "all package checks passed"
