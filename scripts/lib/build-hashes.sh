# Makes two builds of one commit give the same bytes (sourced by scripts/package).
# The Swift compiler leaves in .swift_modhash a hash of each object's LLVM IR, which it reads
# back only to skip compiling an unchanged file; it differs from one clean build to the next
# (measured: the only bytes that did, with the build ID made from them), and nothing reads it
# at run time. So it is zeroed, and the build ID, the linker's SHA-1 of the whole, is made again
# as the SHA-1 of the binary with its build ID zeroed.
normalise_build_hashes() { # BINARY WORK-FOLDER
    local binary=$1 work=$2 hex
    objcopy --dump-section .swift_modhash="$work/modhash" "$binary"
    head -c "$(stat -c %s "$work/modhash")" /dev/zero > "$work/modhash"
    objcopy --update-section .swift_modhash="$work/modhash" "$binary"
    objcopy --dump-section .note.gnu.build-id="$work/build-id" "$binary"
    # The note's 16-byte header (sizes, type, "GNU"), then its 20 bytes of SHA-1.
    { head -c 16 "$work/build-id"; head -c 20 /dev/zero; } > "$work/build-id.zero"
    objcopy --update-section .note.gnu.build-id="$work/build-id.zero" "$binary"
    hex=$(sha1sum "$binary" | cut -c1-40)
    { head -c 16 "$work/build-id"; printf "$(sed 's/../\\x&/g' <<<"$hex")"; } > "$work/build-id.new"
    objcopy --update-section .note.gnu.build-id="$work/build-id.new" "$binary"
    rm "$work/modhash" "$work/build-id" "$work/build-id.zero" "$work/build-id.new"
}
