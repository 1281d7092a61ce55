#!/usr/bin/env python3
"""Makes the demo town's basemap, Assets/demo/basemap.pmtiles, from its own manifest.

Usage: make_demo_basemap.py MANIFEST OUTPUT

A street map in the OpenMapTiles schema (layers transportation, transportation_name, water,
waterway, building, park), encoded by mapbox-vector-tile and packed by pmtiles (both from PyPI,
run here, never by Sidewalk): the streets the panoramas' ways name, drawn on through the town and
beyond where there is imagery; a few streets with none (Mill Lane, Church Street, Brook Path); the
Linden Brook and its pond; buildings along the streets; the town park. Each tile of zooms 14 to
18 over the town holds the features that reach into it (or its 256-unit buffer), as real tiles do.
"""
import json
import math
import sys

from basemap_tiles import write_archive

MANIFEST, OUTPUT = sys.argv[1], sys.argv[2]
manifest = json.load(open(MANIFEST))
panoramas = {p["id"]: p for p in manifest["panoramas"]}
# The town's middle: on Main Street (its southernmost street), halfway along the panoramas.
LAT0 = min(p["lat"] for p in panoramas.values())
LNG0 = sum(p["lng"] for p in panoramas.values()) / len(panoramas)
M_LAT = 111_320.0
M_LNG = 111_320.0 * math.cos(math.radians(LAT0))


def at(east, north):
    """The place `east` and `north` metres from the middle of Main Street, as (lng, lat)."""
    return (LNG0 + east / M_LNG, LAT0 + north / M_LAT)


def metres(lng, lat):
    return ((lng - LNG0) * M_LNG, (lat - LAT0) * M_LAT)


# The streets the ways name, panorama to panorama, each segment once; the rooms' ways are left out.
streets = {}
for p in panoramas.values():
    if p.get("source") == "indoor":
        continue
    for link in p.get("links", []):
        target = panoramas.get(link["target"])
        name = link.get("description")
        if not target or not name or target.get("source") == "indoor" or name == "Town Museum":
            continue
        segment = tuple(sorted([(p["lng"], p["lat"]), (target["lng"], target["lat"])]))
        streets.setdefault(name, set()).add(segment)


def extended(segments, metres_on):
    """A street's segments, with its two ends carried on `metres_on` metres the way they point."""
    points = [pt for seg in segments for pt in seg]
    ends = [pt for pt in points if points.count(pt) == 1]
    out = list(segments)
    for end in ends:
        seg = next(s for s in segments if end in s)
        other = seg[0] if seg[1] == end else seg[1]
        (ex, en), (ox, on) = metres(*end), metres(*other)
        length = math.hypot(ex - ox, en - on) or 1
        out.append((end, at(ex + (ex - ox) / length * metres_on, en + (en - on) / length * metres_on)))
    return out


roads = [(name, extended(sorted(segs), 60)) for name, segs in sorted(streets.items())]
roads += [
    ("Mill Lane", [(at(-170, 150), at(40, 150))]),
    ("Church Street", [(at(-110, 0), at(-110, 75)), (at(-110, 75), at(-110, 150))]),
]
paths = [("Brook Path", [(at(-170, -45), at(170, -45))])]
brook = [at(-190, -58), at(-60, -55), at(40, -62), at(190, -57)]
pond = [at(60, -75), at(120, -75), at(125, -105), at(55, -105), at(60, -75)]
park = [at(-180, 90), at(-125, 90), at(-125, 135), at(-180, 135), at(-180, 90)]


def box(east, north, width=10, depth=8):
    corners = [(east, north), (east + width, north), (east + width, north + depth), (east, north + depth), (east, north)]
    return [at(e, n) for e, n in corners]


# Buildings along Main Street's two sides, Church Street's west side and Mill Lane's south side,
# clear of the crossing streets (Church Street at -110 m, Station Road and Harbour Lane's ends).
buildings = [box(e, 10) for e in range(-170, 150, 22) if not -122 < e < -100 and not -10 < e < 12]
buildings += [box(e, -20) for e in range(-170, 150, 22) if not -122 < e < -100]
buildings += [box(-130, n, 8, 10) for n in range(30, 140, 18)]
buildings += [box(e, 132, 12, 9) for e in range(-95, 40, 26)]

features = {
    "transportation": [(line, {"class": "minor"}) for _, segs in roads for line in segs]
    + [(line, {"class": "path"}) for _, segs in paths for line in segs],
    "transportation_name": [(line, {"class": "minor", "name": name}) for name, segs in roads + paths for line in segs],
    "waterway": [(brook, {"class": "stream", "name": "Linden Brook"})],
    "water": [(pond, {"class": "pond", "name": "Mill Pond"})],
    "building": [(b, {}) for b in buildings],
    "park": [(park, {"class": "park", "name": "Town Park"})],
}


def wkt(pixels, area):
    coords = ", ".join(f"{px} {py}" for px, py in pixels)
    return f"POLYGON(({coords}))" if area else f"LINESTRING({coords})"


n = write_archive(
    OUTPUT, features, range(14, 19), (at(-240, -150), at(240, 220)), (LNG0, LAT0), 17, "Lindenfeld",
    "Sidewalk demo town (CC0)", lambda pixels, layer: wkt(pixels, layer in ("water", "building", "park")))
print(f"{OUTPUT}: {n} tiles, zooms 14-18")
