#!/usr/bin/env python3
"""Makes the Panoramax fixture's coverage tile, Tests/EndToEndTests/Support/coverage-15.mvt.

Usage: make_coverage_fixture.py OUTPUT   (python with mapbox-vector-tile from PyPI; run once,
commit what it writes: the tests serve it, they do not make it)

The tile a GeoVisio server answers at /api/map/15/17061/11533.mvt for the fixture's pictures
(panoramax_server.py): a `sequences` layer of lines (`id`, `type`) and a `pictures` layer of points
(`id`, `ts`, `heading`, `type`), as GeoVisio's map endpoint writes them. The sequences are seq-a
along Main Street (A0..A5), seq-b beside it, and seq-g, three pictures 56 m north that nothing
links to, so a walk never reads them: only the coverage shows them.
"""
import sys

import mapbox_vector_tile
from tile_pixels import line, point

OUTPUT = sys.argv[1]
Z, X, Y = 15, 17061, 11533
LNG0, STEP, LAT = 7.444509676513945, 0.000158064697217, 46.9412
SEQUENCES = {
    "seq-a": [(LNG0 + i * STEP, LAT) for i in range(6)],
    "seq-b": [(LNG0 + 3 * STEP, LAT + 0.00001), (LNG0 + 4 * STEP, LAT + 0.00001)],
    "seq-g": [(LNG0 + 0.0002 + i * STEP, LAT + 0.0005) for i in range(3)],
}


layers = [
    {"name": "sequences", "features": [
        {"geometry": line(points, (Z, X, Y)), "properties": {"id": seq, "type": "equirectangular"}} for seq, points in SEQUENCES.items()]},
    {"name": "pictures", "features": [
        {"geometry": point(p, (Z, X, Y)), "properties": {"id": "%s-%d" % (seq, i), "type": "equirectangular"}}
        for seq, points in SEQUENCES.items() for i, p in enumerate(points)]},
]
with open(OUTPUT, "wb") as f:
    f.write(mapbox_vector_tile.encode(layers, default_options={"y_coord_down": True, "extents": 4096}))
