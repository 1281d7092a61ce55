# A throwaway Python environment with the reference implementation (py360convert, from PyPI),
# Pillow and any further packages named, made in the folder given; sets REFERENCE_PYTHON to its
# interpreter.
make_reference_python() {
    local folder="$1"
    shift
    if ! command -v python3 >/dev/null 2>&1; then
        echo "sidewalk: python3 is needed for the reference comparison" >&2
        exit 1
    fi
    python3 -m venv "$folder" || { echo "sidewalk: could not make a venv (apt-get install python3-venv)" >&2; exit 1; }
    "$folder/bin/pip" install --quiet --disable-pip-version-check py360convert pillow "$@" >&2
    REFERENCE_PYTHON="$folder/bin/python"
}
