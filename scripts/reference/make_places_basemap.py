#!/usr/bin/env python3
"""Makes the street map of the loopback Panoramax's Main Street, with places and house numbers:
Tests/EndToEndTests/Support/places.pmtiles.

Usage: make_places_basemap.py OUTPUT   (python with mapbox-vector-tile and pmtiles from PyPI, as
scripts/make-demo-basemap installs them; run once, commit what it writes: the tests serve and
read it, they do not make it)

OpenMapTiles' schema (openmaptiles.org/schema), as OpenFreeMap serves it: `transportation` and
`transportation_name` (Rue Mercière along the pictures of sequence A, Rue de la Gare across it),
`building`, `poi` points with `name`, `class`, `subclass` and `rank`, and `housenumber` points
with `housenumber`. Zooms 14 and 15, each tile holding what reaches into it or its 256-unit
buffer, encoded by mapbox-vector-tile and packed by pmtiles (never run by Sidewalk).

Where things stand, from picture A0 (46.9412 N, 7.444509676513945 E; panoramax_server.py):
- Boulangerie Dupont (bakery, rank 25) 20 m away at bearing 30;
- Café des Arts (cafe, rank 20) 35 m at 120; Pharmacie Centrale (pharmacy, rank 30) 50 m at 200;
  the bus stop Mercière (bus_stop, rank 40) 10 m at 270; Musée des Tissus (museum, rank 1) 140 m
  at 80; a shop whose name and subclass carry escape sequences, 60 m at 330;
- Fromagerie Lointaine (cheese, rank 30) 400 m east, where there are no pictures;
- house number 12 4 m south of A0, 13 8 m north of it, and 14, 16, 18, 20, 22 4 m south of A1..A5.
"""
import math
import sys

from basemap_tiles import write_archive

OUTPUT = sys.argv[1]
LNG0, STEP, LAT = 7.444509676513945, 0.000158064697217, 46.9412
M_LAT = 111_320.0
M_LNG = 111_320.0 * math.cos(math.radians(LAT))


def at(metres, bearing, lng=LNG0, lat=LAT):
    """The place `metres` from (lng, lat) at `bearing` degrees, as (lng, lat)."""
    b = math.radians(bearing)
    return (lng + metres * math.sin(b) / M_LNG, lat + metres * math.cos(b) / M_LAT)


def east(metres):
    return at(metres, 90)


HOSTILE = "Evil\x1b]0;pwned\x07 Shop\x1b[2J"
POIS = [
    ("Boulangerie Dupont", "bakery", "bakery", 25, at(20, 30)),
    ("Café des Arts", "cafe", "cafe", 20, at(35, 120)),
    ("Pharmacie Centrale", "pharmacy", "pharmacy", 30, at(50, 200)),
    ("Mercière", "bus", "bus_stop", 40, at(10, 270)),
    ("Musée des Tissus", "museum", "museum", 1, at(140, 80)),
    (HOSTILE, "shop", "gift\x1b[31m", 50, at(60, 330)),
    ("Fromagerie Lointaine", "cheese", "cheese", 30, at(400, 90)),
]
NUMBERS = [("12", at(4, 180)), ("13", at(8, 0))] + [
    (str(12 + 2 * i), at(4, 180, LNG0 + i * STEP)) for i in range(1, 6)]

features = {
    "transportation": [([east(-150), east(600)], {"class": "minor"}), ([at(150, 0, *east(30)), at(150, 180, *east(30))], {"class": "minor"})],
    "transportation_name": [
        ([east(-150), east(600)], {"class": "minor", "name": "Rue Mercière"}),
        ([at(150, 0, *east(30)), at(150, 180, *east(30))], {"class": "minor", "name": "Rue de la Gare"}),
    ],
    "building": [
        ([at(d, 0, *east(e)) for d, e in [(8, x), (8, x + 10), (16, x + 10), (16, x), (8, x)]], {})
        for x in range(-40, 120, 14)
    ],
    "poi": [([place], {"name": name, "class": cls, "subclass": sub, "rank": rank}) for name, cls, sub, rank, place in POIS],
    "housenumber": [([place], {"housenumber": number}) for number, place in NUMBERS],
}
AREAS = {"building"}


def wkt(pixels, layer):
    coords = ", ".join(f"{px} {py}" for px, py in pixels)
    if len(pixels) == 1:
        return f"POINT({coords})"
    return f"POLYGON(({coords}))" if layer in AREAS else f"LINESTRING({coords})"


n = write_archive(
    OUTPUT, features, (14, 15), (at(600, 225), at(800, 45)), (LNG0, LAT), 15, "Rue Mercière", "Sidewalk test map (CC0)", wkt)
print(f"{OUTPUT}: {n} tiles, zooms 14-15")
