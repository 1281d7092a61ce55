"""Shared by the scripts that make coverage tiles: a place's pixel in a Web Mercator tile."""
import math


def pixel(lng, lat, tile, extent=4096):
    """(column, row) of a place in tile (z, x, y), rows down, as a vector tile stores them."""
    z, x, y = tile
    n = 2 ** z
    fx = (lng + 180) / 360 * n - x
    lat_r = math.radians(lat)
    fy = (1 - math.log(math.tan(lat_r) + 1 / math.cos(lat_r)) / math.pi) / 2 * n - y
    assert 0 <= fx < 1 and 0 <= fy < 1, "the fixture's pictures are in this tile"
    return round(fx * extent), round(fy * extent)


def line(points, tile):
    """A line through places, as well-known text in the tile's pixels."""
    return "LINESTRING(" + ", ".join("%d %d" % pixel(lng, lat, tile) for lng, lat in points) + ")"


def point(place, tile):
    """A place, as well-known text in the tile's pixels."""
    return "POINT(%d %d)" % pixel(*place, tile)
