#!/bin/sh
# Builds susi_VERSION_ARCH.deb from a built binary with Debian's own tools
# (dpkg-shlibdeps, dpkg-gencontrol, dpkg-deb), from the files in debian/.
#
#   sh scripts/build-deb.sh [BINARY [OUTPUT_DIR]]
#
# BINARY defaults to the static release build (.build/release/susi, made by
# `make release`), OUTPUT_DIR to the current folder. The version is the
# source's (Sources/SusiCore/Version.swift) with debian/changelog's Debian
# revision: 0.1.0 and "0.1.0-1" make susi_0.1.0-1_amd64.deb. DEB_VERSION
# overrides the whole version (the package test builds an older one to
# upgrade from). Prints the path of the package on the last line.
set -eu

cd "$(dirname "$0")/.."
binary=${1:-.build/release/susi}
output=${2:-.}
[ -x "$binary" ] || { echo "error: no binary at $binary (run 'make release')" >&2; exit 66; }

upstream=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/SusiCore/Version.swift)
[ -n "$upstream" ] || { echo "error: no version in Sources/SusiCore/Version.swift" >&2; exit 65; }
changelog_version=$(dpkg-parsechangelog -l debian/changelog -S Version)
if [ "${changelog_version%-*}" != "$upstream" ]; then
    echo "error: debian/changelog is at $changelog_version but the source says $upstream;" >&2
    echo "       add a changelog entry (dch -v $upstream-1) before packaging." >&2
    exit 65
fi
version=${DEB_VERSION:-$changelog_version}

# debian/copyright says the source has no licence yet; once a LICENSE file
# exists it must say which one instead.
if [ -f LICENSE ] && grep -q 'not-yet-declared' debian/copyright; then
    echo "error: LICENSE exists but debian/copyright still says not-yet-declared; name the licence there." >&2
    exit 65
fi

arch=$(dpkg --print-architecture)
work=.build/deb
stage=$work/susi
rm -rf "$work"
mkdir -p "$stage/DEBIAN"

# The binary, stripped (its Swift runtime is linked in statically).
install -D -m 0755 "$binary" "$stage/usr/bin/susi"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/susi"

# The bundled skills, where the binary looks for them: ../share/susi/models
# relative to /usr/bin/susi (Sources/SusiSkills/BundledSkills.swift).
mkdir -p "$stage/usr/share/susi"
cp -R Sources/SusiSkills/models "$stage/usr/share/susi/models"

# Man pages, compressed as policy asks.
mkdir -p "$stage/usr/share/man/man1"
for page in man/*.1; do
    gzip -9n < "$page" > "$stage/usr/share/man/man1/$(basename "$page").gz"
done

# Completions, each where its shell looks without configuration.
install -D -m 0644 completions/susi.bash "$stage/usr/share/bash-completion/completions/susi"
install -D -m 0644 completions/_susi "$stage/usr/share/zsh/vendor-completions/_susi"
install -D -m 0644 completions/susi.fish "$stage/usr/share/fish/vendor_completions.d/susi.fish"

# Documentation: copyright and the Debian changelog.
install -D -m 0644 debian/copyright "$stage/usr/share/doc/susi/copyright"
gzip -9n < debian/changelog > "$stage/usr/share/doc/susi/changelog.Debian.gz"

# Units, shipped disabled (no [Install] link is made). The system unit goes
# where Debian 12's debhelper puts units; user units in /usr/lib/systemd/user.
install -D -m 0644 debian/susi-serve.service "$stage/lib/systemd/system/susi-serve.service"
install -D -m 0644 debian/susi-serve.default "$stage/etc/default/susi-serve"
# User units: hands-free listening and the reminder watcher (issue 34).
for unit in susi-listen.service susi-remind-watch.service; do
    install -D -m 0644 "debian/$unit" "$stage/usr/lib/systemd/user/$unit"
done

install -D -m 0644 debian/susi.lintian-overrides "$stage/usr/share/lintian/overrides/susi"

# Files are root's, readable by all, writable by none other.
chmod -R u+rwX,go+rX,go-w "$stage/usr" "$stage/etc" "$stage/lib"
find "$stage/usr" "$stage/etc" "$stage/lib" -type f ! -path '*/usr/bin/*' -exec chmod 0644 {} +

# Maintainer scripts and conffiles.
for script in postinst prerm postrm; do
    install -m 0755 "debian/$script" "$stage/DEBIAN/$script"
done
echo /etc/default/susi-serve > "$stage/DEBIAN/conffiles"
chmod 0644 "$stage/DEBIAN/conffiles"

# A package must need only Debian's libraries: the release build links
# the Swift runtime statically (--static-swift-stdlib).
swift_needed=$(objdump -p "$stage/usr/bin/susi" | awk '$1 == "NEEDED" { print $2 }' \
    | grep -E '^lib(swift|Foundation|dispatch|BlocksRuntime|_)' || true)
if [ -n "$swift_needed" ]; then
    echo "error: $binary needs the Swift runtime ($(echo $swift_needed)); build it with 'make release'." >&2
    exit 65
fi

# Depends from the binary's real NEEDED libraries; the dlopen'd ones are
# in debian/control's Recommends and Suggests.
dpkg-shlibdeps -T"$work/substvars" -e"$stage/usr/bin/susi"
dpkg-gencontrol -psusi -P"$stage" -T"$work/substvars" -f"$work/files" -v"$version"

(cd "$stage" && find usr etc lib -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum > DEBIAN/md5sums)
chmod 0644 "$stage/DEBIAN/md5sums"

mkdir -p "$output"
package="$output/susi_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$package" >/dev/null
echo "$package"
