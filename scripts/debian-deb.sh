# debian-deb.sh: sourced by scripts/size-report.sh and scripts/insn-count.sh.
# fetch_deb PKG DEBARCH prints the path of PKG's .deb for another
# architecture, downloaded once into $CACHE from $MIRROR (deb.debian.org).
#
# Candidate .deb paths come from apt's amd64 index (`apt-cache show`, newest
# first); the same file name with the other architecture is tried in the
# pool (pool/updates/... is the security archive). The first that exists is
# used, so the version can differ between architectures when an update has
# not been built for all of them yet. Needs curl.
fetch_deb() { # PKG DEBARCH -> path of the .deb on stdout
    local pkg=$1 arch=$2 f url out
    mkdir -p "$CACHE"
    for f in $(apt-cache show "$pkg:amd64" 2>/dev/null | awk '/^Filename:/ { print $2 }'); do
        f=${f%_amd64.deb}_$arch.deb
        out="$CACHE/$(basename "$f")"
        if [[ -s $out ]]; then echo "$out"; return 0; fi
        if [[ $f == pool/updates/* ]]; then url="$MIRROR/debian-security/$f"; else url="$MIRROR/debian/$f"; fi
        if curl -fsS --max-time 120 -o "$out.part" "$url" 2>/dev/null; then
            mv "$out.part" "$out"; echo "$out"; return 0
        fi
        rm -f "$out.part"
    done
    return 1
}
