#!/usr/bin/env python3
"""A Mapillary-shaped graph API on loopback, for the Mapillary tests.

Usage: mapillary_server.py IMAGES_FOLDER PORT_FILE LOG_FILE TOKEN [URL_SECONDS | first-expired]

The answers follow Mapillary's API v4 as documented and as mapillary-js reads it
(src/api/provider/GraphQueryCreator.ts, GraphConverter): `GET /{image_id}?fields=...` gives one
image entity; `GET /images?bbox=west,south,east,north&limit=N&fields=...` gives {"data": [...]}
(a box over 0.01 square degrees answers 400, as clients report the API does);
`GET /image_ids?sequence_id=S` gives {"data": [{"id": ...}, ...]} in capture order. Every graph
request needs `Authorization: OAuth TOKEN`, else 401 with the graph API's OAuthException.
Thumbnails: `thumb_2048_url` and `thumb_original_url` are signed addresses on this server,
`/thumbs/ID-2048.jpg?oe=EXPIRY&oh=SIG`, valid for URL_SECONDS (default 3600) from the entity's
reading; after that they answer 403, as Mapillary's CDN does ("first-expired": the addresses of
an image's first reading have already expired, those of later readings last an hour). The images
are the demo town's.

The images (Main Street of the demo town):
- sequence seq-main: 1001..1006, 360 degrees (spherical), eastward 12 m apart, 2024-06-21;
- sequence seq-cross: 2001..2003, 360 degrees (equirectangular), northward across Main Street
  at 1004 (2002 stands 3 m north of it), 2023-01-15;
- 3001: a perspective picture beside 1002, by a user whose name holds terminal escapes (OSC 52,
  a screen clear);
- sequence seq-far: 4001..4003, 360 degrees, 60 m north of Main Street, linked to nothing, 2025-03-01.
Coverage: `/maps/vtp/mly1_public/2/{z}/{x}/{y}?access_token=TOKEN` (the token in the address, as
the tiles are documented to take it; 401 without) gives mapillary-14.mvt for the tile holding
Main Street (made by scripts/reference/make_mapillary_tile.py: seq-main, seq-cross, the
perspective seq-flat, and seq-far, 360 degree images 60 m north that nothing links to), and an
empty tile elsewhere.
Faults: 9500 answers 500; 9429 answers 429 with Retry-After: 1 to its first request, then as
1001 does with its own id; 9999's entity is not JSON; 9300's entity stalls: its headers come,
then nothing for a minute. A perspective image gives `camera_parameters` (focal 0.8 of its
larger side, 4:3), as the graph API does.
Each request is logged to LOG_FILE as one line: seconds since the epoch, the path and query,
and "auth" or "-" for whether the right Authorization header came. Writes the port it listens
on to PORT_FILE (atomically), then serves until killed.
"""
import hashlib
import os
import sys
import threading
import time
import urllib.parse

from loopback import Replies, serve

IMAGES, PORT_FILE, LOG_FILE, TOKEN = sys.argv[1:5]
FIRST_EXPIRED = len(sys.argv) > 5 and sys.argv[5] == "first-expired"
URL_SECONDS = 3600.0 if len(sys.argv) <= 5 or FIRST_EXPIRED else float(sys.argv[5])
readings = {}
LNG0, STEP, LAT = 7.444509676513945, 0.000158064697217, 46.9412
METRE = 1 / 111320

IMAGES_BY_ID = {}
for i in range(6):
    IMAGES_BY_ID[str(1001 + i)] = dict(seq="seq-main", lng=LNG0 + i * STEP, lat=LAT, angle=90, camera="spherical",
                                       at=1718964000000 + i * 1000, user="lindenfeld", file="main-%d.jpg" % i)
for i in range(3):
    IMAGES_BY_ID[str(2001 + i)] = dict(seq="seq-cross", lng=LNG0 + 3 * STEP, lat=LAT + (i - 1) * 12 * METRE + 3 * METRE,
                                       angle=0, camera="equirectangular", at=1673773200000 + i * 1000, user="winter walker",
                                       file="main-3-winter.jpg")
for i in range(3):
    IMAGES_BY_ID[str(4001 + i)] = dict(seq="seq-far", lng=LNG0 + i * STEP, lat=LAT + 60 * METRE, angle=90, camera="spherical",
                                       at=1740816000000 + i * 1000, user="far walker", file="main-%d.jpg" % i)
IMAGES_BY_ID["3001"] = dict(seq="seq-flat", lng=LNG0 + STEP, lat=LAT - 2 * METRE, angle=0, camera="perspective",
                            at=1651406400000, user="flat\x1b]52;c;aGk=\x07camera\x1b[2J", file="square-east.jpg")
for fault in ("9500", "9429", "9999", "9300"):
    IMAGES_BY_ID[fault] = dict(IMAGES_BY_ID["1001"], seq="seq-fault", lat=45.0)
lock = threading.Lock()
asked = set()


def signature(image_id, size, expiry):
    return hashlib.sha256(("%s/%s/%d" % (image_id, size, expiry)).encode()).hexdigest()[:16]


class Handler(Replies):
    def do_GET(self):
        authorised = self.headers.get("Authorization") == "OAuth " + TOKEN
        with lock, open(LOG_FILE, "a") as log:
            log.write("%f %s %s\n" % (time.time(), self.path, "auth" if authorised else "-"))
        bare, _, query = self.path.partition("?")
        params = urllib.parse.parse_qs(query)
        if bare.startswith("/thumbs/"):
            return self.thumbnail(bare[len("/thumbs/"):], params)
        if bare.startswith("/maps/vtp/mly1_public/2/"):
            if params.get("access_token", [""])[0] != TOKEN:
                return self.json(401, {"error": {"message": "Invalid OAuth access token", "type": "OAuthException", "code": 190}})
            body = b""
            if bare.endswith("/14/8530/5766"):
                with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "mapillary-14.mvt"), "rb") as tile:
                    body = tile.read()
            return self.reply(200, body, {"Content-Type": "application/x-protobuf"})
        if not authorised:
            return self.json(401, {"error": {"message": "Invalid OAuth access token - Cannot parse access token",
                                             "type": "OAuthException", "code": 190, "fbtrace_id": "A1b2C3"}})
        if bare == "/images":
            west, south, east, north = (float(v) for v in params["bbox"][0].split(","))
            if (east - west) * (north - south) > 0.01:
                return self.json(400, {"error": {"message": "Bbox too large", "type": "GraphMethodException", "code": 100}})
            found = [self.entity(i) for i, p in sorted(IMAGES_BY_ID.items())
                     if west <= p["lng"] <= east and south <= p["lat"] <= north and p["seq"] != "seq-fault"]
            return self.json(200, {"data": found[:int(params.get("limit", ["2000"])[0])]})
        if bare == "/image_ids":
            sequence = params.get("sequence_id", [""])[0]
            ids = sorted(i for i, p in IMAGES_BY_ID.items() if p["seq"] == sequence)
            return self.json(200, {"data": [{"id": i} for i in ids]})
        image_id = bare.lstrip("/")
        if image_id not in IMAGES_BY_ID:
            return self.json(404, {"error": {"message": "Unsupported get request", "type": "GraphMethodException", "code": 100}})
        if image_id == "9500":
            return self.json(500, {"error": {"message": "An unknown error occurred", "code": 1}})
        if image_id == "9429":
            with lock:
                first = image_id not in asked
                asked.add(image_id)
            if first:
                return self.reply(429, b"", {"Retry-After": "1"})
        if image_id == "9300":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "100")
            self.end_headers()
            self.wfile.flush()
            time.sleep(60)
            return None
        if image_id == "9999":
            return self.reply(200, b'{"id": "9999", "geometry": ', {"Content-Type": "application/json"})
        return self.json(200, self.entity(image_id))

    def entity(self, image_id):
        p = IMAGES_BY_ID[image_id]
        with lock:
            readings[image_id] = readings.get(image_id, 0) + 1
            expired = FIRST_EXPIRED and readings[image_id] == 1
        expiry = int(time.time() - 10 if expired else time.time() + URL_SECONDS)
        base = "http://127.0.0.1:%d/thumbs/%s" % (self.server.server_address[1], image_id)
        return {
            "id": image_id, "geometry": {"type": "Point", "coordinates": [p["lng"] + 0.000001, p["lat"]]},
            "computed_geometry": {"type": "Point", "coordinates": [p["lng"], p["lat"]]},
            "compass_angle": p["angle"] + 2, "computed_compass_angle": p["angle"], "camera_type": p["camera"],
            "captured_at": p["at"], "creator": {"id": "100", "username": p["user"]}, "sequence": p["seq"],
            "width": 2048, "height": 1536 if p["camera"] == "perspective" else 1024,
            "thumb_2048_url": "%s-2048.jpg?oe=%d&oh=%s" % (base, expiry, signature(image_id, 2048, expiry)),
            "thumb_original_url": "%s-original.jpg?oe=%d&oh=%s" % (base, expiry, signature(image_id, "original", expiry)),
        } | ({"camera_parameters": [0.8, 0.0, 0.0]} if p["camera"] == "perspective" else {})

    def thumbnail(self, name, params):
        image_id, _, size = name.rpartition("-")
        size = size.split(".")[0]
        expiry = int(params.get("oe", ["0"])[0])
        if image_id not in IMAGES_BY_ID or params.get("oh", [""])[0] != signature(image_id, size, expiry):
            return self.reply(403, b"Bad signature")
        if time.time() > expiry:
            return self.reply(403, b"URL signature expired")
        with open(os.path.join(IMAGES, IMAGES_BY_ID[image_id]["file"]), "rb") as image:
            return self.reply(200, image.read(), {"Content-Type": "image/jpeg"})


serve(Handler, PORT_FILE)
