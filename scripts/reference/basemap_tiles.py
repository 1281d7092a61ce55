"""Shared by the scripts that make street-map fixtures (make_demo_basemap.py,
make_places_basemap.py): features placed in Web Mercator tiles, encoded by mapbox-vector-tile
and packed into a PMTiles archive by pmtiles (both from PyPI; Sidewalk never runs them)."""
import math

import mapbox_vector_tile
from pmtiles.tile import Compression, TileType, zxy_to_tileid
from pmtiles.writer import Writer


def tile_pixel(lng, lat, z, x, y):
    """(column, row) of a place in tile (z, x, y) of extent 4096, rows down; may lie outside."""
    n = 2 ** z
    fx = (lng + 180) / 360 * n - x
    lat_r = math.radians(lat)
    fy = (1 - math.log(math.tan(lat_r) + 1 / math.cos(lat_r)) / math.pi) / 2 * n - y
    return (round(fx * 4096), round(fy * 4096))


def reaches(pixels):
    """True when a feature's box meets the tile and its 256-unit buffer."""
    xs, ys = [p[0] for p in pixels], [p[1] for p in pixels]
    return max(xs) >= -256 and min(xs) <= 4352 and max(ys) >= -256 and min(ys) <= 4352


def tile_of(lng, lat, z):
    """The (x, y) of the tile of zoom z holding a place."""
    n = 2 ** z
    lat_r = math.radians(lat)
    return (int((lng + 180) / 360 * n), int((1 - math.log(math.tan(lat_r) + 1 / math.cos(lat_r)) / math.pi) / 2 * n))


def encode(features, z, x, y, wkt):
    """Tile (z, x, y) of `features` (layer -> [(points, properties)]), each feature that reaches
    into it written as `wkt(pixels, layer)` gives it."""
    layers = []
    for name, items in features.items():
        placed = [([tile_pixel(lng, lat, z, x, y) for lng, lat in points], props) for points, props in items]
        layers.append({"name": name, "features": [
            {"geometry": wkt(pixels, name), "properties": props} for pixels, props in placed if reaches(pixels)]})
    return mapbox_vector_tile.encode(layers, default_options={"y_coord_down": True, "extents": 4096})


def write_archive(output, features, zooms, box, centre, centre_zoom, name, attribution, wkt):
    """Writes every tile of `zooms` over `box` ((west, south), (east, north)) as a PMTiles archive;
    returns how many tiles it holds."""
    (west, south), (east, north) = box
    entries = []
    for z in zooms:
        (x0, y1), (x1, y0) = tile_of(west, south, z), tile_of(east, north, z)
        for x in range(x0, x1 + 1):
            for y in range(y0, y1 + 1):
                entries.append((zxy_to_tileid(z, x, y), encode(features, z, x, y, wkt)))
    with open(output, "wb") as f:
        writer = Writer(f)
        for tile_id, data in sorted(entries):
            writer.write_tile(tile_id, data)
        writer.finalize(
            {
                "tile_compression": Compression.NONE, "tile_type": TileType.MVT,
                "min_lon_e7": int(west * 1e7), "min_lat_e7": int(south * 1e7),
                "max_lon_e7": int(east * 1e7), "max_lat_e7": int(north * 1e7),
                "center_zoom": centre_zoom, "center_lon_e7": int(centre[0] * 1e7), "center_lat_e7": int(centre[1] * 1e7),
            },
            {"name": name, "attribution": attribution, "vector_layers": [{"id": layer, "fields": {}} for layer in features]},
        )
    return len(entries)
