# The rows of issue 57 (hardening, round four) for scripts/measure-hostile-memory, sourced by it
# with $sidewalk (the release build), $repo, $work (the current folder) and $socket set. Each
# row: what, the exit status, the peak resident memory, the wall time, and the budget it holds to
# (docs/reliability.md, docs/recording.md).
python3 "$repo/scripts/lib/hostile_round_four.py" "$work"

within() { # within WHAT BUDGET_MB COMMAND...: the status, peak and seconds beside the budget
    local what=$1 budget=$2 status=0 start=$EPOCHREALTIME
    shift 2
    /usr/bin/time -f "%M" -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || status=$?
    printf '%-58s status %-3s peak %4d MB %6.1f s  (budget %s MB)\n' "$what" "$status" \
        $(( $(tail -n 1 "$work/time") / 1024 )) "$(awk "BEGIN { print $EPOCHREALTIME - $start }")" "$budget"
}

echo "-- round four: pictures that pile up (7), GIFs and frames (8, 9), work in one event (10)"
within "render: 40 sixels declaring 4096x4096, one 2 KB event:" 800 "$sidewalk" render sixels.cast --output o.gif
within "render: the same, transparent:" 800 "$sidewalk" render sixels-transparent.cast --output o.gif
within "render: 40 kitty images of 4096x4096 (2.6 MB file):" 800 "$sidewalk" render kitty.cast --output o.gif
within "render: 100 iTerm2 pictures kept (doNotMoveCursor):" 800 "$sidewalk" render iterm.cast --output o.png
within "render: 20 of them in cells of 200x200 pixels, --size 1600x800:" 800 "$sidewalk" render iterm-cells.cast --output o.png --size 1600x800
within "render: GIF of a 17 MB recording of noise:" 800 "$sidewalk" render noise.cast --output o.gif
printf '%-58s %s\n' "  the GIF written:" "$(du -m o.gif | cut -f1) MB"
within "render: an event at 1e7 s as a GIF (refused):" 800 "$sidewalk" render endless.cast --output o.gif
within "render: an event at 1e7 s into frames/ (refused):" 800 "$sidewalk" render endless.cast --output frames/
within "render: one 60 MB text event, a PNG:" 800 "$sidewalk" render text.cast --output o.png
within "render: 80,000 cursor moves in one event:" 800 "$sidewalk" render moves-80k.cast --output o.png
within "render: 1,000,000 cursor moves in one event:" 800 "$sidewalk" render moves-1m.cast --output o.png
within "render: 200,000 ESC 7 in one event:" 800 "$sidewalk" render saves.cast --output o.png
within "render: an open DCS, then 300,000 one-byte events:" 800 "$sidewalk" render dcs.cast --output o.png
within "render: the same, each event ending in an ESC:" 800 "$sidewalk" render dcs-esc.cast --output o.png
within "render: 200,000 kitty chunks (m=1):" 800 "$sidewalk" render chunks.cast --output o.png

echo "-- round four: map tiles (11), MBTiles (12), scripts (18)"
within "snapshot --map, MBTiles whose metadata never ends:" 256 \
    "$sidewalk" snapshot "$repo/Assets/demo" --map --size 120x40 --output m.ans --basemap endless.mbtiles
within "snapshot --map, MBTiles of a 900 MB randomblob:" 256 \
    "$sidewalk" snapshot "$repo/Assets/demo" --map --size 120x40 --output m.ans --basemap randomblob.mbtiles
within "sidewalk test, a one-line script of 2,000,000 keys:" 256 "$sidewalk" test script/keys.txt --front headless
tmux -S "$socket" new-session -d -x 160 -y 48 "exec '$sidewalk' '$repo/Assets/demo' --basemap full-tiles.mbtiles --reduce-motion"
pid=$(tmux -S "$socket" display-message -p '#{pane_pid}')
for _ in $(seq 300); do tmux -S "$socket" capture-pane -p | grep -q "Heading" && break; sleep 0.1; done
tmux -S "$socket" send-keys M
sleep 2
for key in + + + + + + + + + + - - - - - - - - - -; do
    tmux -S "$socket" send-keys "$key"
    sleep 0.5
done
peak=$(awk '/^VmHWM/ { print $2 }' "/proc/$pid/status")
tmux -S "$socket" kill-server
printf '%-58s status %-3s peak %4d MB %8s  (budget %s MB)\n' "explorer map, 20 zooms over tiles of 40,000 lines each:" "-" \
    $((peak / 1024)) "" 320
