#!/usr/bin/env python3
"""Times what the headless explorer says, spoken by espeak-ng at its default rate.

Usage: speech-time.py SIDEWALK [--verbosity LEVEL]
The walk: the start, five steps east along Main Street (w), r (everything, with the nearest
markers), r again (the rest of them) and ? five times (the help, a part at a time). Each line said is spoken by `espeak-ng --stdout` into a WAV (16-bit mono; its data
length over the byte rate is the time). Prints each line's seconds and characters, then the
first arrival, the walk's arrivals (median and longest), r, r again and the help's parts.
"""
import statistics
import struct
import subprocess
import sys

sidewalk, options = sys.argv[1], sys.argv[2:]
keys = "w w w w w r r ? ? ? ? ?"
run = subprocess.run([sidewalk, "Assets/demo", "--geocoder", "off", "--headless", "--keys", keys] + options,
                     capture_output=True, text=True, check=True)
lines = [line for line in run.stdout.split("\n") if line]


def seconds(text):
    wav = subprocess.run(["espeak-ng", "--stdout", text], capture_output=True, check=True).stdout
    channels, rate = struct.unpack("<HI", wav[22:28])
    bits = struct.unpack("<H", wav[34:36])[0]
    data = wav.find(b"data")
    length = len(wav) - (data + 8)
    return length / (rate * channels * bits / 8)


timed = [(seconds(line), line) for line in lines]
for time, line in timed:
    print("%6.1f s %4d chars  %s" % (time, len(line), line[:90] + ("…" if len(line) > 90 else "")))
first, walk, repeat, again, help_lines = timed[0], timed[1:6], timed[6], timed[7], timed[8:]
print()
print("first arrival: %.1f s" % first[0])
print("walking arrivals (5): median %.1f s, longest %.1f s" % (statistics.median(t for t, _ in walk), max(t for t, _ in walk)))
print("r: %.1f s; r again: %.1f s" % (repeat[0], again[0]))
print("help: %d parts, longest %.1f s, %.1f s in all" % (len(help_lines), max(t for t, _ in help_lines), sum(t for t, _ in help_lines)))
