# Turns CHANGELOG.md (Keep a Changelog) into a Debian changelog (Debian Policy 4.4), one entry a
# release, its lines wrapped to 80 columns; [Unreleased] is left out.
#   awk -v maintainer='Name <address>' -f scripts/lib/debian-changelog.awk CHANGELOG.md
function flush(    words, count, i, line, lead) {
    if (text == "") return
    count = split(text, words, " ")
    line = ""; lead = bullet ? "  * " : "  "
    for (i = 1; i <= count; i++) {
        if (line != "" && length(lead line " " words[i]) > 79) {
            print lead line; line = ""; lead = bullet ? "    " : "  "
        }
        line = line == "" ? words[i] : line " " words[i]
    }
    if (line != "") print lead line
    text = ""
}
function close_entry() {
    flush()
    if (version == "") return
    command = "date -u -R -d " day
    command | getline stamp
    close(command)
    print ""
    print " -- " maintainer "  " stamp
    version = ""
}
/^## \[/ {
    close_entry()
    if ($0 ~ /^## \[Unreleased\]/) next
    version = substr($2, 2, length($2) - 2); day = $4
    if (printed) print ""
    print "sidewalk (" version ") unstable; urgency=medium"
    printed = 1; started = 0
    next
}
version == "" { next }
/^### / { flush(); print ""; print "  " substr($0, 5) ":"; next }
/^- / { flush(); bullet = 1; text = substr($0, 3); next }
/^$/ { flush(); next }
{
    sub(/^ +/, "")
    if (text == "") { bullet = 0; if (!started) print ""; started = 1 }
    text = text == "" ? $0 : text " " $0
}
END { close_entry() }
