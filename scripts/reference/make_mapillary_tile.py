#!/usr/bin/env python3
"""Makes the Mapillary fixture's coverage tile, Tests/EndToEndTests/Support/mapillary-14.mvt.

Usage: make_mapillary_tile.py OUTPUT   (python with mapbox-vector-tile from PyPI; run once,
commit what it writes: the tests serve and read it, they do not make it)

The tile Mapillary's tiles answer at /maps/vtp/mly1_public/2/14/8530/5766 for the fixture's
images (mapillary_server.py), in the layers its documentation and its Python SDK name for zoom
14: `sequence`, lines with `id`, `image_id`, `captured_at`, `creator_id`, `organization_id` and
`is_pano`; `image`, points with `id`, `sequence_id`, `captured_at`, `compass_angle`, `is_pano`.
The sequences are seq-main along Main Street, seq-cross across it (both 360 degrees), seq-flat
(perspective pictures, is_pano false) and seq-far, 360 degree images 60 m north that no image
links to, so a walk never reads them: only the coverage shows them.
"""
import sys

import mapbox_vector_tile
from tile_pixels import line, point

OUTPUT = sys.argv[1]
Z, X, Y = 14, 8530, 5766
LNG0, STEP, LAT = 7.444509676513945, 0.000158064697217, 46.9412
METRE = 1 / 111320
SEQUENCES = {
    "seq-main": (True, 1718964000000, [(LNG0 + i * STEP, LAT) for i in range(6)]),
    "seq-cross": (True, 1673773200000, [(LNG0 + 3 * STEP, LAT + (i - 1) * 12 * METRE + 3 * METRE) for i in range(3)]),
    "seq-flat": (False, 1651406400000, [(LNG0 + STEP, LAT - 2 * METRE), (LNG0 + 2 * STEP, LAT - 2 * METRE)]),
    "seq-far": (True, 1740816000000, [(LNG0 + i * STEP, LAT + 60 * METRE) for i in range(3)]),
}


layers = [
    {"name": "sequence", "features": [
        {"geometry": line(points, (Z, X, Y)), "properties": {
            "id": seq, "image_id": 1, "captured_at": at, "creator_id": 100, "organization_id": 0, "is_pano": pano}}
        for seq, (pano, at, points) in SEQUENCES.items()]},
    {"name": "image", "features": [
        {"geometry": point(p, (Z, X, Y)), "properties": {
            "id": 9000 + 10 * k + i, "sequence_id": seq, "captured_at": at, "compass_angle": 90, "is_pano": pano}}
        for k, (seq, (pano, at, points)) in enumerate(SEQUENCES.items()) for i, p in enumerate(points)]},
]
with open(OUTPUT, "wb") as f:
    f.write(mapbox_vector_tile.encode(layers, default_options={"y_coord_down": True, "extents": 4096}))
