#!/usr/bin/env python3
"""Writes an MBTiles 1.3 database (github.com/mapbox/mbtiles-spec, 1.3/spec.md) from a folder
of vector tiles laid out Z/X/Y.pbf (rows from the north, as tile servers serve them), with
Python's own sqlite3: the `metadata` table (name, format, minzoom, maxzoom, attribution, json)
and the `tiles` table keyed by zoom_level, tile_column and tile_row, the row in the TMS scheme
(counted from the south) and tile_data gzip-compressed, as the specification requires.

Usage: make_mbtiles.py TILES_FOLDER OUTPUT.mbtiles [FORMAT]
"""
import gzip
import json
import os
import sqlite3
import sys

folder, output = sys.argv[1], sys.argv[2]
tile_format = sys.argv[3] if len(sys.argv) > 3 else "pbf"
tiles = []
for z in os.listdir(folder):
    for x in os.listdir(os.path.join(folder, z)):
        for name in os.listdir(os.path.join(folder, z, x)):
            y = int(name.split(".")[0])
            with open(os.path.join(folder, z, x, name), "rb") as tile:
                tiles.append((int(z), int(x), (1 << int(z)) - 1 - y, gzip.compress(tile.read())))
zooms = [t[0] for t in tiles]
database = sqlite3.connect(output)
database.execute("CREATE TABLE metadata (name text, value text)")
database.execute("CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob)")
database.execute("CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row)")
metadata = {
    "name": "Lindenfeld", "format": tile_format, "minzoom": str(min(zooms)), "maxzoom": str(max(zooms)),
    "attribution": "<a href=\"https://example.org\">Sidewalk demo town (CC0)</a>",
    "json": json.dumps({"vector_layers": []}),
}
database.executemany("INSERT INTO metadata VALUES (?, ?)", metadata.items())
database.executemany("INSERT INTO tiles VALUES (?, ?, ?, ?)", tiles)
database.commit()
database.close()
