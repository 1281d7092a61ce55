#!/usr/bin/env python3
"""A Panoramax-shaped API on loopback, for the Panoramax tests.

Usage: panoramax_server.py IMAGES_FOLDER PORT_FILE LOG_FILE ORIGINAL

The answers follow the API as documented (docs.panoramax.fr, "Compatibility with STAC API";
GeoVisio's API tests for the shape of an item and its links): `GET /api/search` with
`place_position=lon,lat`, `place_distance=min-max`, `place_fov_tolerance` (GeoVisio's
`searchItems`: default 30, 2..180, a flat picture only when the place lies within half of it
either side of its heading) and `limit`, giving a GeoJSON FeatureCollection nearest first; `GET /api/pictures/{id}` giving one STAC item with
`view:azimuth`, `pers:interior_orientation`, `license`, `geovisio:producer`, the `hd`, `sd` and
`thumb` assets, the `tiles` asset template with its `tiles:tile_matrix_sets`, and `next`, `prev`
and `related` links carrying `id` and `geometry` (and `datetime` for `related`); the images under
`/api/pictures/{id}/sd.jpg` (2048 pixels wide) and `hd.jpg` (every 360 degree picture's original
is the 4096-pixel image in the file ORIGINAL); `GET /api/search?bbox=W,S,E,N&limit=N`; a sequence's items in
order, `GET /api/collections/{id}/items?limit=N`, in pages of at most 4 linked by `next`
(`startAfterRank`, as GeoVisio's API tests show); `GET /api/configuration`; coverage tiles,
`GET /api/map/{z}/{x}/{y}.mvt` (the tile holding Main Street is coverage-15.mvt, with a sequence
seq-g 56 m north that no picture links to; every other tile is empty); a sequence's collection,
`GET /api/collections/{id}`, whose `title` is empty but for seq-g's.

The pictures (images from the demo town in IMAGES_FOLDER):
- sequence A, six 360 degree pictures A0..A5 eastward along Main Street, 2024-06-21;
- sequence B, two 360 degree pictures B3, B4 beside A3 and A4, taken 2023-01-15 (winter),
  `related` to them and they to it;
- FLAT, a flat picture (67 degrees) beside A1, `related` from A1;
- BROKEN, beside A0, whose item lacks its geometry, and FAILING, beside A0, whose item answers
  500; both are `related` from LONE, a 360 degree picture of its own 90 m north of Main Street.
Faults: A5's `sd` image answers 404; A3's item answers 429 with Retry-After: 1 to its first
request; a search near 0,0 answers 500.

Hostile answers, each in an area of its own far from Main Street (45 N, 5 E):
- ECHO: an area search lists each of its three pictures three times;
- NAMES: pictures `x.y` and `x_y` (whose ids a careless file name makes one), `corrupt`, whose
  `sd` image is not a JPEG, and `truncated`, whose `sd` image is a JPEG cut after 2000 bytes;
- LOOP: sequence `seq-loop`, whose page's `next` link leads back to itself;
- TREE: picture `tree` (45.02 N, 5 E) and below it a tree without end: each picture `tree-I-J-...`
  lists TREE_FANOUT `related` pictures `tree-I-J-...-K`, 20 m away at K * 360 / TREE_FANOUT degrees,
  all of one date (as a busy square of many sequences does);
- BIG: BIG_COUNT pictures (150, or the environment's PANORAMAX_BIG_COUNT, at most 500) whose `sd`
  images are the demo JPEG padded to 1 MB after its end. Writes the port to PORT_FILE (atomically), and one line
per request (seconds since the epoch, path, User-Agent) to LOG_FILE.
"""
import http.server
import json
import math
import os
import sys
import threading
import time
import urllib.parse

IMAGES, PORT_FILE, LOG_FILE, ORIGINAL = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]


def uuid(n):
    return "00000000-0000-4000-8000-%012d" % n


A = [uuid(i) for i in range(6)]
B3, B4, FLAT, BROKEN, FAILING, LONE = uuid(13), uuid(14), uuid(21), uuid(31), uuid(41), uuid(51)
LNG0, STEP, LAT = 7.444509676513945, 0.000158064697217, 46.9412

PICTURES = {}
for i, pid in enumerate(A):
    PICTURES[pid] = dict(seq="seq-a", rank=i, lng=LNG0 + i * STEP, lat=LAT, azimuth=90, fov=360,
                         when="2024-06-21T10:00:%02dZ" % i, image="main-%d.jpg" % i, producer="Lindenfeld survey")
for rank, (pid, i) in enumerate([(B3, 3), (B4, 4)]):
    PICTURES[pid] = dict(seq="seq-b", rank=rank, lng=LNG0 + i * STEP, lat=LAT + 0.00001, azimuth=90, fov=360,
                         when="2023-01-15T09:00:%02dZ" % rank, image="main-%d-winter.jpg" % i, producer="Winter walker")
PICTURES[FLAT] = dict(seq="seq-c", rank=0, lng=LNG0 + STEP, lat=LAT - 0.00002, azimuth=0, fov=67,
                      when="2022-05-01T12:00:00Z", image="square-east.jpg", producer="Flat camera")
PICTURES[BROKEN] = dict(seq="seq-d", rank=0, lng=LNG0, lat=LAT + 0.00002, azimuth=0, fov=360,
                        when="2022-05-01T12:00:00Z", image="main-0.jpg", producer="Broken")
PICTURES[FAILING] = dict(seq="seq-e", rank=0, lng=LNG0, lat=LAT - 0.00002, azimuth=0, fov=360,
                         when="2022-05-01T12:00:00Z", image="main-0.jpg", producer="Failing")
PICTURES[LONE] = dict(seq="seq-f", rank=0, lng=LNG0, lat=LAT + 0.0008, azimuth=0, fov=360,
                      when="2022-05-01T12:00:00Z", image="main-0.jpg", producer="Lone walker")
# Sequence G: three pictures 56 m north of Main Street that no picture links to; only the coverage
# tile (coverage-15.mvt) shows them, and a search there finds them.
G = [uuid(61 + i) for i in range(3)]
TITLES = {"seq-g": "  Lindenfeld north\tby bike "}
for i, pid in enumerate(G):
    PICTURES[pid] = dict(seq="seq-g", rank=i, lng=LNG0 + 0.0002 + i * STEP, lat=LAT + 0.0005, azimuth=90, fov=360,
                         when="2025-03-01T09:00:%02dZ" % i, image="main-1.jpg", producer="Garden walker")
ECHO = ["echo-%d" % i for i in range(3)]
NAMES = ["x.y", "x_y", "corrupt", "truncated"]
LOOP = ["loop-%d" % i for i in range(2)]
BIG_COUNT = int(os.environ.get("PANORAMAX_BIG_COUNT", "150"))
BIG = ["big-%03d" % i for i in range(min(BIG_COUNT, 500))]
for seq, ids, lat, lng in (("seq-echo", ECHO, 45.0, 5.0), ("seq-names", NAMES, 45.0, 5.01), ("seq-loop", LOOP, 45.0, 5.02),
                           ("seq-big", BIG, 45.01, 5.0)):
    for i, pid in enumerate(ids):
        PICTURES[pid] = dict(seq=seq, rank=i, lng=lng + i * 0.00001, lat=lat, azimuth=0, fov=360,
                             when="2025-03-01T08:00:%02dZ" % (i % 60), image="main-%d.jpg" % (i % 6), producer="Hostile")
RELATED = {A[3]: [B3], A[4]: [B4], B3: [A[3]], B4: [A[4]], A[1]: [FLAT], LONE: [BROKEN, FAILING]}

TREE_FANOUT = 60
TREE_ROOT = dict(seq="seq-tree", rank=0, lng=5.0, lat=45.02, azimuth=0, fov=360, when="2025-04-01T08:00:00Z",
                 image="main-0.jpg", producer="Tree")


class Pictures(dict):
    """The pictures above, and the tree's, made when asked for (never listed by a search)."""

    def __contains__(self, pid):
        return dict.__contains__(self, pid) or self.tree_path(pid) is not None

    def __missing__(self, pid):
        path = self.tree_path(pid)
        if path is None:
            raise KeyError(pid)
        p = dict(TREE_ROOT, seq="seq-" + pid)
        for k in path:
            bearing = math.radians(k * 360 / TREE_FANOUT)
            p["lat"] += 20 * math.cos(bearing) / 111320
            p["lng"] += 20 * math.sin(bearing) / (111320 * math.cos(math.radians(p["lat"])))
        return p

    @staticmethod
    def tree_path(pid):
        parts = pid.split("-")
        if parts[0] != "tree" or not all(k.isdigit() and int(k) < TREE_FANOUT for k in parts[1:]) or len(parts) > 12:
            return None
        return [int(k) for k in parts[1:]]


PICTURES = Pictures(PICTURES)


def related(pid):
    if Pictures.tree_path(pid) is not None:
        return ["%s-%d" % (pid, k) for k in range(TREE_FANOUT)]
    return RELATED.get(pid, [])


lock = threading.Lock()
asked = {}


def distance(lat1, lng1, lat2, lng2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lng2 - lng1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371008.8 * math.asin(math.sqrt(a))


def bearing(lat1, lng1, lat2, lng2):
    """The initial great-circle bearing from the first point to the second, degrees 0..360."""
    p1, p2, dl = math.radians(lat1), math.radians(lat2), math.radians(lng2 - lng1)
    y = math.sin(dl) * math.cos(p2)
    x = math.cos(p1) * math.sin(p2) - math.sin(p1) * math.cos(p2) * math.cos(dl)
    return math.degrees(math.atan2(y, x)) % 360


def shows(p, lat, lng, tolerance):
    """GeoVisio's place_fov_tolerance: a 360 degree picture always shows the place; a flat one
    when the place lies within half the tolerance either side of its heading."""
    if p["fov"] == 360:
        return True
    off = abs((bearing(p["lat"], p["lng"], lat, lng) - p["azimuth"] + 180) % 360 - 180)
    return off <= tolerance / 2


def point(p):
    return {"type": "Point", "coordinates": [p["lng"], p["lat"]]}


def item(base, pid):
    p = PICTURES[pid]
    api = base + "/api"
    links = [
        {"rel": "root", "href": api + "/", "type": "application/json"},
        {"rel": "parent", "href": "%s/collections/%s" % (api, p["seq"]), "type": "application/json"},
        {"rel": "self", "href": "%s/collections/%s/items/%s" % (api, p["seq"], pid), "type": "application/geo+json"},
        {"rel": "collection", "href": "%s/collections/%s" % (api, p["seq"]), "type": "application/json"},
        {"rel": "license", "title": "License for this object (CC-BY-SA-4.0)",
         "href": "https://spdx.org/licenses/CC-BY-SA-4.0.html"},
    ]
    sequence = sorted((q for q in PICTURES if PICTURES[q]["seq"] == p["seq"]), key=lambda q: PICTURES[q]["rank"]) or [pid]
    rank = sequence.index(pid)
    for rel, other in (("prev", rank - 1), ("next", rank + 1)):
        if 0 <= other < len(sequence):
            q = sequence[other]
            links.append({"rel": rel, "id": q, "geometry": point(PICTURES[q]), "type": "application/geo+json",
                          "href": "%s/collections/%s/items/%s" % (api, p["seq"], q)})
    for q in related(pid):
        links.append({"rel": "related", "id": q, "geometry": point(PICTURES[q]), "type": "application/geo+json",
                      "href": "%s/collections/%s/items/%s" % (api, PICTURES[q]["seq"], q), "datetime": PICTURES[q]["when"]})
    pictures = "%s/pictures/%s" % (api, pid)
    width = 4096 if p["fov"] == 360 else 4288
    feature = {
        "type": "Feature",
        "stac_version": "1.0.0",
        "stac_extensions": ["https://stac-extensions.github.io/view/v1.0.0/schema.json",
                            "https://stac-extensions.github.io/perspective-imagery/v1.0.0/schema.json",
                            "https://stac-extensions.github.io/tiled-assets/v1.0.0/schema.json"],
        "id": pid,
        "geometry": point(p),
        "bbox": [p["lng"], p["lat"], p["lng"], p["lat"]],
        "collection": p["seq"],
        "providers": [{"name": p["producer"], "roles": ["producer"]}],
        "properties": {
            "datetime": p["when"],
            "view:azimuth": p["azimuth"],
            "pers:interior_orientation": {"camera_manufacturer": "Test", "camera_model": "Fixture",
                                          "field_of_view": p["fov"],
                                          "sensor_array_dimensions": [width, width // 2 if p["fov"] == 360 else 3216]},
            "license": "CC-BY-SA-4.0",
            "geovisio:producer": p["producer"],
            "geovisio:status": "ready",
            "geovisio:rank_in_collection": p["rank"] + 1,
            "exif": {"Exif.Image.Make": "Test"},
        },
        "assets": {
            "hd": {"href": pictures + "/hd.jpg", "roles": ["data"], "type": "image/jpeg"},
            "sd": {"href": pictures + "/sd.jpg", "roles": ["visual"], "type": "image/jpeg"},
            "thumb": {"href": pictures + "/thumb.jpg", "roles": ["thumbnail"], "type": "image/jpeg"},
        },
        "links": links,
    }
    if p["fov"] == 360:
        feature["asset_templates"] = {"tiles": {"href": pictures + "/tiled/{TileCol}_{TileRow}.jpg", "roles": ["data"],
                                                "type": "image/jpeg"}}
        feature["properties"]["tiles:tile_matrix_sets"] = {"geovisio": {
            "type": "TileMatrixSetType", "title": "GeoVisio tile matrix for picture " + pid, "identifier": "geovisio-" + pid,
            "tileMatrix": [{"type": "TileMatrixType", "identifier": "0", "scaleDenominator": 1, "topLeftCorner": [0, 0],
                            "tileWidth": width // 8, "tileHeight": width // 8, "matrixWidth": 8, "matrixHeight": 4}]}}
    if pid == BROKEN:
        del feature["geometry"]
    return feature


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        with lock:
            with open(LOG_FILE, "a") as log:
                log.write("%.3f %s %s\n" % (time.time(), self.path, self.headers.get("User-Agent", "")))
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        base = "http://%s" % self.headers.get("Host")
        parts = url.path.strip("/").split("/")
        if url.path == "/api/configuration":
            return self.json({"auth": {"enabled": False}, "license": {"id": "CC-BY-SA-4.0"}})
        if url.path == "/api/search":
            return self.search(base, query)
        if len(parts) == 5 and parts[:2] == ["api", "map"] and parts[4].endswith(".mvt"):
            # Coverage: the one tile holding the pictures along Main Street (coverage-15.mvt, made by
            # scripts/reference/make_coverage_fixture.py); any other tile is empty, as over open country.
            if parts[2:4] == ["15", "17061"] and parts[4] == "11533.mvt":
                with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "coverage-15.mvt"), "rb") as tile:
                    return self.reply(200, tile.read(), "application/vnd.mapbox-vector-tile")
            return self.reply(200, b"", "application/vnd.mapbox-vector-tile")
        if len(parts) == 3 and parts[:2] == ["api", "collections"]:
            # A STAC collection as GeoVisio gives one; only seq-g carries a title people gave it.
            sequences = {p["seq"] for p in PICTURES.values()}
            if parts[2] not in sequences:
                return self.reply(404, b'{"message": "Collection doesn\'t exist"}', "application/json")
            return self.json({"type": "Collection", "stac_version": "1.0.0", "id": parts[2], "title": TITLES.get(parts[2], ""),
                              "description": "A sequence", "license": "CC-BY-SA-4.0", "links": []})
        if len(parts) == 4 and parts[:2] == ["api", "collections"] and parts[3] == "items":
            return self.sequence(base, parts[2], query)
        if len(parts) == 3 and parts[:2] == ["api", "pictures"] and parts[2] in PICTURES:
            pid = parts[2]
            if pid == FAILING:
                return self.reply(500, b"server error", "text/plain")
            if pid == A[3]:
                with lock:
                    asked[pid] = asked.get(pid, 0) + 1
                    first = asked[pid] == 1
                if first:
                    return self.reply(429, b"too many requests", "text/plain", {"Retry-After": "1"})
            return self.json(item(base, pid))
        if len(parts) == 4 and parts[:2] == ["api", "pictures"] and parts[2] in PICTURES and parts[3] in ("sd.jpg", "hd.jpg"):
            if parts[2] == A[5]:
                return self.reply(404, b"not found", "text/plain")
            if parts[2] == "corrupt":
                return self.reply(200, b"\xff\xd8" + b"not a JPEG " * 100, "image/jpeg")
            if parts[2] == "truncated":
                with open(os.path.join(IMAGES, "main-0.jpg"), "rb") as image:
                    return self.reply(200, image.read()[:2000], "image/jpeg")
            if parts[2] in BIG:
                with open(os.path.join(IMAGES, PICTURES[parts[2]]["image"]), "rb") as image:
                    body = image.read()
                return self.reply(200, body + b"\0" * (1024 * 1024 - len(body)), "image/jpeg")
            original = parts[3] == "hd.jpg" and PICTURES[parts[2]]["fov"] == 360
            with open(ORIGINAL if original else os.path.join(IMAGES, PICTURES[parts[2]]["image"]), "rb") as image:
                return self.reply(200, image.read(), "image/jpeg")
        self.reply(404, b"not found", "text/plain")

    def sequence(self, base, seq, query):
        # Pages of at most 4, whatever is asked, so that clients must follow `next`.
        limit = min(4, int(query.get("limit", ["10"])[0]))
        after = int(query.get("startAfterRank", ["-1"])[0])
        ranked = sorted((p["rank"], pid) for pid, p in PICTURES.items() if p["seq"] == seq)
        if not ranked:
            return self.reply(404, b'{"message": "no such collection"}', "application/json")
        page = [pid for rank, pid in ranked if rank > after][:limit]
        links = []
        if seq == "seq-loop":
            links.append({"rel": "next", "type": "application/geo+json",
                          "href": "%s/api/collections/%s/items?limit=%d" % (base, seq, limit)})
        elif page and page[-1] != ranked[-1][1]:
            links.append({"rel": "next", "type": "application/geo+json",
                          "href": "%s/api/collections/%s/items?limit=%d&startAfterRank=%d" % (base, seq, limit, PICTURES[page[-1]]["rank"])})
        self.json({"type": "FeatureCollection", "features": [item(base, pid) for pid in page], "links": links})

    def search(self, base, query):
        if "bbox" in query:
            west, south, east, north = (float(v) for v in query["bbox"][0].split(","))
            limit = int(query.get("limit", ["10"])[0])
            inside = [pid for pid, p in PICTURES.items() if west <= p["lng"] <= east and south <= p["lat"] <= north]
            inside = [pid for pid in inside for _ in range(3 if pid in ECHO else 1)]
            return self.json({"type": "FeatureCollection", "features": [item(base, pid) for pid in inside][:limit], "links": []})
        try:
            lng, lat = (float(v) for v in query["place_position"][0].split(","))
            low, high = (float(v) for v in query.get("place_distance", ["3-15"])[0].split("-"))
            limit = int(query.get("limit", ["10"])[0])
            tolerance = int(query.get("place_fov_tolerance", ["30"])[0])
        except (KeyError, ValueError):
            return self.reply(400, b'{"message": "bad search"}', "application/json")
        if not 2 <= tolerance <= 180:
            return self.reply(400, b'{"message": "place_fov_tolerance must be between 2 and 180"}', "application/json")
        if abs(lat) < 1 and abs(lng) < 1:
            return self.reply(500, b"server error", "text/plain")
        found = sorted((distance(lat, lng, p["lat"], p["lng"]), pid) for pid, p in PICTURES.items() if pid not in (BROKEN, FAILING))
        features = [item(base, pid) for d, pid in found if low <= d <= high and shows(PICTURES[pid], lat, lng, tolerance)][:limit]
        self.json({"type": "FeatureCollection", "features": features, "links": []})

    def json(self, value):
        self.reply(200, json.dumps(value).encode(), "application/geo+json")

    def reply(self, code, body, kind, headers=None):
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
with open(PORT_FILE + ".tmp", "w") as port_file:
    port_file.write(str(server.server_address[1]))
os.rename(PORT_FILE + ".tmp", PORT_FILE)
server.serve_forever()
