# Installs the Debian/Ubuntu packages named as arguments when they are missing.
# apt-get needs root: as another user it runs through sudo, and says so first.
ensure_system_packages() {
    if ! command -v swift >/dev/null 2>&1; then
        echo "sidewalk: the Swift toolchain (swift) is not on PATH; install Swift 6 from swift.org first" >&2
        exit 1
    fi
    if ! command -v dpkg >/dev/null 2>&1; then
        echo "sidewalk: not a Debian/Ubuntu system; install the development files of ncursesw, libjpeg-turbo, libpng, expat, libcurl, SQLite and FreeType yourself" >&2
        return 0
    fi
    local missing=() package
    for package in "$@"; do
        dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        echo "sidewalk: installing ${missing[*]} with apt-get, which needs root: running it through sudo" >&2
        sudo=(sudo)
    else
        echo "sidewalk: installing ${missing[*]} with apt-get" >&2
    fi
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

# What building Sidewalk needs.
SIDEWALK_BUILD_PACKAGES=(libncurses-dev libjpeg-dev libpng-dev zlib1g-dev libexpat1-dev libcurl4-openssl-dev libsqlite3-dev libfreetype-dev)
# The Swift flags every build uses: warnings are errors, and a target may import only what it
# declares as a dependency (the layering of docs/architecture.md).
SIDEWALK_SWIFT_FLAGS=(-Xswiftc -warnings-as-errors --explicit-target-dependency-import-check error)
