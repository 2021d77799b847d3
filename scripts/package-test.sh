#!/bin/sh
# The Debian package's proof (issue 36), run by `make package-test`:
#   - builds the package twice (an older version to upgrade from, and this one)
#     from the static release binary (scripts/build-deb.sh);
#   - lintian: no error and no warning that debian/susi.lintian-overrides does
#     not explain;
#   - every NEEDED library of the binary is provided by a package in Depends,
#     no Swift runtime library is needed, and every library susi dlopens is
#     in Recommends or Suggests;
#   - systemd-analyze verify on the units;
#   - installs the older version, writes user data (in a temporary HOME) and
#     service data (in its state folder), upgrades, checks both survived and
#     that an edited conffile was kept;
#   - susi --version, susi chat hello, man susi, bash completion of
#     `susi sk<Tab>` through the installed file, the bundled skills found from
#     the installed binary; with each optional library hidden, susi still starts
#     and the command that needs it names what is missing (no crash);
#   - dpkg -r, then --purge: nothing of susi left (file lists before/after).
#
# Installs into this machine when run as root (or with sudo) and susi is not
# installed already; else (or with PACKAGE_TEST_ROOT=temp) into a temporary
# root with dpkg --root. Every command runs with SUSI_LOOPBACK_ONLY=1 and a
# temporary HOME: nothing is sent beyond loopback.
#
#   sh scripts/package-test.sh [BINARY]     (default .build/release/susi)
set -eu

cd "$(dirname "$0")/.."
binary=${1:-.build/release/susi}
export SUSI_LOOPBACK_ONLY=1 LC_ALL=C.UTF-8
unset SUSI_BUNDLED_SKILLS SUSI_HOME XDG_DATA_HOME XDG_CONFIG_HOME XDG_STATE_HOME XDG_CACHE_HOME

failures=0
pass() { echo "ok   $*"; }
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
check() { # check DESCRIPTION COMMAND...
    description=$1; shift
    if "$@"; then pass "$description"; else fail "$description"; fi
}

tmp=$(mktemp -d /tmp/susi-package-test.XXXXXX)
cleanup_root=""
cleanup() {
    if [ -n "$cleanup_root" ]; then
        # A failed run must not leave susi installed on the machine.
        $cleanup_root dpkg --purge susi >/dev/null 2>&1 || true
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

# --- Build ---------------------------------------------------------------
upstream=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/SusiCore/Version.swift)
previous_version="$upstream~prev-1"
previous=$(DEB_VERSION="$previous_version" sh scripts/build-deb.sh "$binary" "$tmp/previous" 2>"$tmp/build-prev.log" | tail -1)
package=$(sh scripts/build-deb.sh "$binary" "$tmp/current" 2>"$tmp/build.log" | tail -1)
version=$(dpkg-deb -f "$package" Version)
echo "built $(basename "$package") (and $(basename "$previous") to upgrade from)"
grep -v '^dpkg-shlibdeps: warning: package could avoid' "$tmp/build.log" >&2 || true

# --- lintian -------------------------------------------------------------
if command -v lintian >/dev/null 2>&1; then
    # --fail-on warning: a warning not explained in the overrides fails.
    # (The status is taken without --show-overrides, which makes lintian
    # 2.116 count overridden tags as failures; the listing shows them.)
    if lintian --fail-on error,warning "$package" >"$tmp/lintian-status.txt" 2>&1; then
        pass "lintian: no errors, no unexplained warnings"
    else
        fail "lintian:"; cat "$tmp/lintian-status.txt"
    fi
    lintian --display-info --show-overrides "$package" >"$tmp/lintian.txt" 2>&1 || true
    echo "     lintian summary: $(grep -c '^E:' "$tmp/lintian.txt" || true) errors," \
         "$(grep -c '^W:' "$tmp/lintian.txt" || true) warnings," \
         "$(grep -c '^I:' "$tmp/lintian.txt" || true) info," \
         "$(grep -c '^O:' "$tmp/lintian.txt" || true) overridden"
    grep -E '^(E|W|I):' "$tmp/lintian.txt" | sed 's/^/     /' || true
    grep '^O:' "$tmp/lintian.txt" | cut -d' ' -f1-3 | sort | uniq -c | sed 's/^ */     overridden (see debian\/susi.lintian-overrides): /' || true
else
    fail "lintian is not installed (make deps installs it)"
fi

# --- Libraries -----------------------------------------------------------
mkdir "$tmp/x"
dpkg-deb -x "$package" "$tmp/x"
depends=$(dpkg-deb -f "$package" Depends)
optional="$(dpkg-deb -f "$package" Recommends), $(dpkg-deb -f "$package" Suggests)"
names() { echo "$1" | tr ',|' '\n\n' | sed 's/(.*)//; s/ //g' | grep -v '^$'; }
needed=$(objdump -p "$tmp/x/usr/bin/susi" | awk '$1 == "NEEDED" { print $2 }')
echo "     NEEDED: $(echo $needed)"
echo "     Depends: $depends"
for library in $needed; do
    case $library in
        libswift*|libFoundation*|libdispatch*|libBlocksRuntime*|lib_*)
            fail "the binary needs the Swift runtime library $library"; continue ;;
    esac
    path=$(ldconfig -p | awk -v l="$library" '$1 == l && /x86-64|x86_64|AArch64|aarch64/ { print $NF; exit }')
    [ -n "$path" ] || path=$(ldconfig -p | awk -v l="$library" '$1 == l { print $NF; exit }')
    owner=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null | head -1 | cut -d: -f1) || owner=""
    [ -n "$owner" ] || owner=$(dpkg -S "$path" 2>/dev/null | head -1 | cut -d: -f1) || owner=""
    if [ -n "$owner" ] && names "$depends" | grep -qx "$owner"; then
        pass "NEEDED $library is provided by $owner, in Depends"
    else
        fail "NEEDED $library (${path:-not found}, package ${owner:-none}) is not provided by a package in Depends"
    fi
done
# The libraries the C shims dlopen, read from their sources.
dlopened=$(grep -ho 'dlopen("[^"]*"' Sources/C*/*.c | sed 's/dlopen("//; s/"//' | sort -u)
for library in $dlopened; do
    owner=$(dpkg -S "*/$library" 2>/dev/null | head -1 | cut -d: -f1) || owner=""
    if [ -n "$owner" ] && names "$optional" | grep -qx "$owner"; then
        pass "dlopen'd $library is provided by $owner, in Recommends or Suggests"
    else
        fail "dlopen'd $library (package ${owner:-unknown here}) is not in Recommends or Suggests"
    fi
done
check "PocketSphinx's en-us model package is suggested" sh -c "echo '$optional' | grep -q pocketsphinx-en-us"

# --- Units ---------------------------------------------------------------
if command -v systemd-analyze >/dev/null 2>&1; then
    # verify resolves ExecStart= against the file system: point it at the
    # extracted package (the root's units refer to /usr/bin/susi).
    mkdir -p "$tmp/units"
    sed "s|/usr/bin/susi|$tmp/x/usr/bin/susi|; s|EnvironmentFile=/etc/default/susi-serve|EnvironmentFile=$tmp/x/etc/default/susi-serve|" \
        "$tmp/x/lib/systemd/system/susi-serve.service" > "$tmp/units/susi-serve.service"
    sed "s|/usr/bin/susi|$tmp/x/usr/bin/susi|" \
        "$tmp/x/usr/lib/systemd/user/susi-listen.service" > "$tmp/units/susi-listen.service"
    # Any line of output (an unknown key, a bad value) fails, not only the
    # exit status, which stays 0 for ignored lines. Man pages are checked
    # after the install, with the installed units.
    mkdir -m 0700 "$tmp/run"
    verify_unit() { # verify_unit [--user] FILE
        XDG_RUNTIME_DIR="$tmp/run" systemd-analyze "$@" > "$tmp/verify.txt" 2>&1 && [ ! -s "$tmp/verify.txt" ] \
            || { sed 's/^/     /' "$tmp/verify.txt"; return 1; }
    }
    check "systemd-analyze verify susi-serve.service" verify_unit --man=no verify "$tmp/units/susi-serve.service"
    check "systemd-analyze --user verify susi-listen.service" verify_unit --user --man=no verify "$tmp/units/susi-listen.service"
    unit_options=$(sed -n 's/^ExecStart=[^ ]* //p' "$tmp/x/lib/systemd/system/susi-serve.service")
    check "the serve unit's ExecStart uses only options 'susi serve --help' names" sh -c '
        for option in $(echo "$1" | grep -o -- "--[a-z-]*"); do
            "$2" serve --help | grep -q -- "$option" || { echo "     unknown: $option"; exit 1; }
        done' - "$unit_options" "$tmp/x/usr/bin/susi"
    check "the units are shipped disabled (no .wants links)" sh -c "! find '$tmp/x' -name '*.wants' | grep -q ."
else
    fail "systemd-analyze is missing"
fi

# --- Install -------------------------------------------------------------
mode=${PACKAGE_TEST_ROOT:-auto}
run=""
if [ "$mode" = auto ]; then
    mode=temp
    if [ "$(id -u)" -eq 0 ]; then mode=machine
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then mode=machine; run=sudo
    fi
    if [ "$mode" = machine ] && dpkg-query -W -f='${Status}' susi 2>/dev/null | grep -q 'ok installed'; then
        echo "     susi is already installed on this machine: testing in a temporary root instead"
        mode=temp; run=""
    fi
fi
if [ "$mode" = machine ]; then
    root=""
    dpkg_cmd="$run dpkg --force-confold"
    cleanup_root="$run"
    echo "installing into this machine (dpkg -i, removed at the end)"
else
    root="$tmp/root"
    mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" "$root/tmp"
    : > "$root/var/lib/dpkg/status"
    : > "$root/var/lib/dpkg/available"
    # The maintainer scripts run outside the root and honour DPKG_ROOT;
    # the dependencies are this machine's.
    dpkg_cmd="dpkg --root=$root --force-depends --force-script-chrootless --force-not-root --force-confold --log=/dev/null"
    echo "installing into a temporary root ($root)"
fi

# What of susi is on the system before: the same list must come back after purge.
susi_files() {
    find "$root/usr" "$root/etc" "$root/lib" "$root/var/lib" -xdev 2>/dev/null \
        | sed "s|^$root||" | grep -i 'susi' | LC_ALL=C sort || true
}
susi_files > "$tmp/files-before.txt"
dpkg_state() { dpkg-query ${root:+--admindir=$root/var/lib/dpkg} -W -f='${Status} ${Version}' susi 2>/dev/null || true; }

check "install $previous_version" sh -c "$dpkg_cmd -i '$previous' >'$tmp/dpkg.log' 2>&1 || { cat '$tmp/dpkg.log'; exit 1; }"
susi="$root/usr/bin/susi"
home="$tmp/home"
mkdir -p "$home"
user_env="HOME=$home"
# The user's data, in their home (XDG defaults), and the service's, in its
# state folder (what the unit's SUSI_HOME=%S/susi points at).
state="$root/var/lib/private/susi"
mkdir -p "$state"
env $user_env "$susi" chat 'hello' > /dev/null 2>&1 || true
env $user_env "$susi" config set language en > /dev/null 2>&1 || true
env SUSI_HOME="$state" HOME="$state" "$susi" chat 'what time is it' > /dev/null 2>&1 || true
sed -i 's/^SUSI_SERVE_PORT=.*/SUSI_SERVE_PORT=4100/' "$root/etc/default/susi-serve"

check "upgrade $previous_version -> $version" sh -c "$dpkg_cmd -i '$package' >'$tmp/dpkg.log' 2>&1 || { cat '$tmp/dpkg.log'; exit 1; }"
check "dpkg reports $version installed" sh -c "[ \"\$(dpkg-query ${root:+--admindir=$root/var/lib/dpkg} -W -f='\${Version}' susi)\" = '$version' ]"
check "the user's chat history survived the upgrade" sh -c "env $user_env '$susi' chat history | grep -q 'hello'"
check "the user's config survived the upgrade" sh -c "env $user_env '$susi' config get language | grep -qx 'en'"
check "the service's data survived the upgrade" sh -c "env SUSI_HOME='$state' HOME='$state' '$susi' chat history | grep -q 'what time is it'"
check "the edited /etc/default/susi-serve was kept" grep -qx 'SUSI_SERVE_PORT=4100' "$root/etc/default/susi-serve"

# --- The installed package works --------------------------------------------
susi_files > "$tmp/files-installed.txt"
check "the file list sees the installed package ($(wc -l < "$tmp/files-installed.txt") paths)" \
    grep -qx "/usr/bin/susi" "$tmp/files-installed.txt"
if [ -z "$root" ] && command -v systemd-analyze >/dev/null 2>&1; then
    check "systemd-analyze verify the installed units (ExecStart, man pages)" sh -c "
        XDG_RUNTIME_DIR='$tmp/run' systemd-analyze verify /lib/systemd/system/susi-serve.service > '$tmp/verify.txt' 2>&1 \
        && XDG_RUNTIME_DIR='$tmp/run' systemd-analyze --user verify /usr/lib/systemd/user/susi-listen.service >> '$tmp/verify.txt' 2>&1 \
        && [ ! -s '$tmp/verify.txt' ] || { sed 's/^/     /' '$tmp/verify.txt'; exit 1; }"
fi
check "susi --version says $upstream" sh -c "env $user_env '$susi' --version | grep -q '$upstream'"
out=$(env $user_env SUSI_HOME="$tmp/chat-home" "$susi" chat hello 2>&1) && status=0 || status=$?
check "susi chat hello answers (exit $status: $out)" sh -c "[ $status -eq 0 ] && [ -n '$(echo "$out" | tr -d "'")' ]"
# No bundle beside /usr/bin/susi: the skills can only come from
# ../share/susi/models, the package's /usr/share/susi/models.
check "the installed binary finds its bundled skills in /usr/share/susi/models" sh -c \
    "[ ! -e '$root/usr/bin/susi_SusiSkills.resources' ] \
     && env $user_env SUSI_HOME='$tmp/skills-home' '$susi' skills list 2>&1 | grep -q '^calculator'"
if [ -z "$root" ] && command -v man >/dev/null 2>&1 && man -w susi >/dev/null 2>&1; then
    check "man susi" sh -c "MANPAGER=cat MANWIDTH=80 man susi 2>/dev/null | grep -q 'susi'"
else
    check "man -l the installed page" sh -c "MANPAGER=cat MANWIDTH=80 man -l '$root/usr/share/man/man1/susi.1.gz' 2>/dev/null | grep -q 'susi' \
        || zcat '$root/usr/share/man/man1/susi.1.gz' | mandoc -Tascii | grep -q 'susi'"
fi
completion=$(env $user_env PATH="$root/usr/bin:$PATH" bash -c "
    . '$root/usr/share/bash-completion/completions/susi'
    COMP_WORDS=(susi sk); COMP_CWORD=1; COMP_LINE='susi sk'; COMP_POINT=7
    _susi susi sk susi; printf '%s\n' \"\${COMPREPLY[@]}\"" 2>&1) || true
check "bash completes 'susi sk<Tab>' to skills (got: $(echo $completion))" sh -c "echo '$completion' | grep -qx 'skills'"
check "zsh and fish completions are where the shells look" test -f "$root/usr/share/zsh/vendor-completions/_susi" -a -f "$root/usr/share/fish/vendor_completions.d/susi.fish"

# --- Optional libraries hidden ------------------------------------------------
# Each dlopen'd library is covered with an empty file in a private mount
# namespace, so dlopen fails as when its package is not installed.
if [ -z "$root$run" ] && [ "$(id -u)" -eq 0 ] && unshare -m true 2>/dev/null; then
    hide=""
    for library in $dlopened; do
        path=$(ldconfig -p | awk -v l="$library" '$1 == l { print $NF; exit }')
        [ -n "$path" ] && hide="$hide mount --bind /dev/null $(readlink -f "$path");"
    done
    hidden() { # hidden NAME EXPECTED_TEXT COMMAND...: starts, says what is missing, no crash
        name=$1; expected=$2; shift 2
        out=$(unshare -m sh -c "$hide exec \"\$@\"" - env $user_env SUSI_HOME="$tmp/hidden-home" "$@" 2>&1 </dev/null) && status=0 || status=$?
        if [ "$status" -lt 128 ] && echo "$out" | grep -qi -- "$expected"; then
            pass "without the optional libraries, $name exits $status and says: $(echo "$out" | grep -i -- "$expected" | head -1)"
        else
            fail "without the optional libraries, $name (exit $status) should say '$expected': $out"
        fi
    }
    hidden "susi --version" "$upstream" "$susi" --version
    hidden "susi chat hello (offline, embedded)" "hello\|help" "$susi" chat hello
    hidden "susi serve" "libmicrohttpd" "$susi" serve --port 0
    hidden "susi --server http://127.0.0.1:9 chat hi" "libcurl" "$susi" --server http://127.0.0.1:9 chat hi
    hidden "susi voice list" "espeak" "$susi" voice list
    printf 'RIFF\044\000\000\000WAVEfmt \020\000\000\000\001\000\001\000\200\076\000\000\000\175\000\000\002\000\020\000data\000\000\000\000' > "$tmp/empty.wav"
    hidden "susi listen --once --file" "pocketsphinx" "$susi" listen --once --file "$tmp/empty.wav"
    # PocketSphinx's model alone missing (the library present).
    if [ -d /usr/share/pocketsphinx/model/en-us ]; then
        mkdir -p "$tmp/no-model"
        hide="mount --bind $tmp/no-model /usr/share/pocketsphinx/model/en-us;"
        hidden "susi listen without pocketsphinx-en-us" "pocketsphinx-en-us" "$susi" listen --once --file "$tmp/empty.wav"
    fi
else
    echo "     skipped: hiding the optional libraries needs root, unshare and an install into this machine"
fi

# --- Remove and purge ----------------------------------------------------------
check "dpkg -r susi" sh -c "$dpkg_cmd -r susi >'$tmp/dpkg.log' 2>&1 || { cat '$tmp/dpkg.log'; exit 1; }"
check "after dpkg -r only the conffile and the service's data remain" sh -c "
    [ ! -e '$root/usr/bin/susi' ] && [ ! -e '$root/usr/share/susi' ] && [ -f '$root/etc/default/susi-serve' ] && [ -d '$state' ]"
check "dpkg --purge susi" sh -c "$dpkg_cmd --purge susi >'$tmp/dpkg.log' 2>&1 || { cat '$tmp/dpkg.log'; exit 1; }"
cleanup_root=""
susi_files > "$tmp/files-after.txt"
if [ -n "$root" ]; then
    # A fresh root: nothing of susi was there before, and dpkg's own records go too.
    check "after purge nothing of susi is left in the root" sh -c "! grep -q . '$tmp/files-after.txt' || { cat '$tmp/files-after.txt'; exit 1; }"
else
    if diff "$tmp/files-before.txt" "$tmp/files-after.txt" > "$tmp/files.diff"; then
        pass "after purge the files of susi on the machine are what they were before ($(wc -l < "$tmp/files-before.txt") before and after)"
    else
        fail "after purge, files differ from before:"; cat "$tmp/files.diff"
    fi
fi
check "dpkg no longer knows susi" sh -c "! dpkg-query ${root:+--admindir=$root/var/lib/dpkg} -W -f='\${Status}' susi 2>/dev/null | grep -q 'installed\|config-files'"
check "the user's data in their home is untouched by purge" test -f "$home/.local/share/susi/susi.db"

echo
if [ "$failures" -eq 0 ]; then
    echo "package test passed: $(basename "$package")"
else
    echo "package test: $failures check(s) failed"
    exit 1
fi
