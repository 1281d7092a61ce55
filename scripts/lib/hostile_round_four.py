#!/usr/bin/env python3
"""Writes the hostile inputs of issue 57 (hardening, round four) into the folder argv[1], for
scripts/measure-hostile-memory: recordings that pile up pictures, move the cursor, trickle a
string sequence or hold one enormous event; MBTiles databases that never end or make huge
values, and one whose every tile holds as many lines as a map's tile may; a one-line script of
two million keys. Standard library only (zlib, sqlite3, gzip)."""
import base64
import gzip
import json
import math
import os
import random
import sqlite3
import struct
import sys
import zlib

work = sys.argv[1]
LAT, LNG = 46.9412, 7.4445  # the demo town


def cast(name, events, width=80, height=24, cell=None):
    header = {"version": 2, "width": width, "height": height}
    if cell:
        header["x_sidewalk_cell_pixels"] = cell
    with open(os.path.join(work, name), "w") as f:
        f.write(json.dumps(header) + "\n")
        for event in events:
            f.write(json.dumps(event) + "\n")


def png_zeros(width, height):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    compressor = zlib.compressobj(9)
    row = b"\0" * (1 + 3 * width)
    data = b"".join(compressor.compress(row) for _ in range(height)) + compressor.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


# 7: pictures piling up in one event.
sixel = '\x1bP0;0;0q"1;1;4096;4096#1;2;100;0;0!4096~\x1b\\'
cast("sixels.cast", [[0.1, "o", sixel * 40]])
cast("sixels-transparent.cast", [[0.1, "o", sixel.replace("P0;0;0q", "P0;1;0q") * 40]])
big = base64.b64encode(png_zeros(4096, 4096)).decode()
cast("kitty.cast", [[0.1, "o", "".join(f"\x1b_Ga=T,f=100,i={i},q=2;{big}\x1b\\" for i in range(1, 41))]])
small = base64.b64encode(png_zeros(4, 4)).decode()
iterm = "".join(f"\x1b[{i % 100 + 1};{i % 300 + 1}H\x1b]1337;File=inline=1;width=400;height=200;doNotMoveCursor=1:{small}\x07"
                for i in range(100))
cast("iterm.cast", [[0.1, "o", iterm]], width=400, height=200)
cast("iterm-cells.cast", [[0.1, "o", iterm[: len(iterm) // 5]]], width=400, height=200, cell=[200, 200])

# 8 and 9: a GIF of noise, a long pause, and one enormous event.
generator = random.Random(57)
frames = []
for step in range(28):
    cells = "".join(f"\x1b[48;2;{generator.randrange(256)};{generator.randrange(256)};{generator.randrange(256)}m"
                    f"\x1b[38;2;{generator.randrange(256)};{generator.randrange(256)};{generator.randrange(256)}m\u2580"
                    for _ in range(200 * 60))
    frames.append([step * 0.1, "o", "\x1b[H" + cells])
cast("noise.cast", frames, width=200, height=60)
cast("endless.cast", [[0.1, "o", "a"], [1e7, "o", "b"]])
cast("text.cast", [[0.1, "o", "x" * (60 << 20)]])

# 10: work inside one event.
cast("moves-80k.cast", [[0.1, "o", "".join(f"\x1b[{i % 24 + 1};{i % 80 + 1}H" for i in range(80_000))]])
cast("moves-1m.cast", [[0.1, "o", "".join(f"\x1b[{i % 24 + 1};{i % 80 + 1}H" for i in range(1_000_000))]])
cast("saves.cast", [[0.1, "o", "\x1b7" * 200_000]])
cast("dcs.cast", [[0.1, "o", "\x1bPq"]] + [[0.1 + i * 1e-6, "o", "#"] for i in range(300_000)])
cast("dcs-esc.cast", [[0.1, "o", "\x1bPq"]] + [[0.1 + i * 1e-6, "o", "#\x1b"] for i in range(300_000)])
cast("chunks.cast", [[0.1, "o", "".join("\x1b_Gm=1;AAAA\x1b\\" for _ in range(200_000)) + "\x1b_Gm=0;AAAA\x1b\\"]])

# 12: MBTiles that never end, or make a 900 MB value.
endless = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT"
tiles_table = "CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob)"
metadata_table = "CREATE TABLE metadata (name text, value text)"
zooms = "INSERT INTO metadata VALUES ('minzoom', '14'), ('maxzoom', '18'), ('format', 'pbf')"


def database(name, statements, rows=()):
    path = os.path.join(work, name)
    connection = sqlite3.connect(path)
    for statement in statements:
        connection.execute(statement)
    connection.executemany("INSERT INTO tiles VALUES (?, ?, ?, ?)", rows)
    connection.commit()
    connection.close()


database("endless.mbtiles", [tiles_table, f"CREATE VIEW metadata AS {endless} 'a' AS name, 'b' AS value FROM n WHERE x < 0"])
database("randomblob.mbtiles", [tiles_table, "CREATE VIEW metadata AS SELECT 'attribution' AS name, randomblob(900000000) AS value"])


# 11: every tile around the demo town as full as a map's tile may be: 40,000 lines of 5 points.
def varint(value):
    out = bytearray()
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def field(number, body):
    return varint(number << 3 | 2) + varint(len(body)) + body


commands = []
for _ in range(40_000):
    commands += [9, 2, 2, 4 << 3 | 2, 2, 0, 0, 2, 1, 0, 0, 1]
feature = varint(3 << 3) + varint(2) + field(4, b"".join(varint(c) for c in commands))
layer = varint(15 << 3) + varint(2) + field(1, b"transportation") + field(2, feature) + varint(5 << 3) + varint(4096)
tile = gzip.compress(field(3, layer), mtime=0)
rows = []
for z in range(14, 19):
    n = 1 << z
    x = int((LNG + 180) / 360 * n)
    y = int((1 - math.asinh(math.tan(math.radians(LAT))) / math.pi) / 2 * n)
    rows += [(z, x + dx, n - 1 - (y + dy), tile) for dx in range(-3, 4) for dy in range(-3, 4)]
database("full-tiles.mbtiles", [metadata_table, zooms, tiles_table], rows)

# 18: a one-line script of two million keys.
os.makedirs(os.path.join(work, "script"), exist_ok=True)
with open(os.path.join(work, "script", "keys.txt"), "w") as f:
    f.write(" ".join(["Right"] * 2_000_000) + "\n")
