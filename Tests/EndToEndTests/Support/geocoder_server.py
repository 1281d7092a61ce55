#!/usr/bin/env python3
"""A geocoder on loopback for the tests, answering as Nominatim's and Photon's documentation say.

Usage: geocoder_server.py PORT_FILE LOG_FILE

- `GET /search?q=...&format=jsonv2` answers as Nominatim's search API does with format=jsonv2:
  an array of places, each with `lat` and `lon` as strings, `name`, `display_name`, `category`
  and `type` (nominatim.org/release-docs/latest/api/Search/, "Output format").
- `GET /api?q=...` answers as Photon does: a GeoJSON FeatureCollection whose features are Points
  with `properties.name`, `street`, `city`, `country`, `osm_key` and `osm_value`.
- Places: "Town Hall, Lindenfeld" and "Harbour Crane", 30 m east of the demo town's main-10 and
  20 m north of main-0 (on their latitude and longitude, so their bearings are 90 and 0).
  "nowhere" has no answer; "landmarks" answers both places.
- `GET /reverse?lat=...&lon=...&format=jsonv2` answers as Nominatim's reverse API does
  (nominatim.org/release-docs/latest/api/Reverse/): within 300 m of the demo town's centre, an
  object with `name` and `address` (`road` "Main Street", `village` "Lindenfeld"); elsewhere
  `{"error": "Unable to geocode"}`; between 44.9° and 45.1° N (where the Panoramax fixture's other
  sequences are) it stalls, headers then nothing for 30 s. Photon's `GET /reverse?lat=...&lon=...` gives the same
  street as a FeatureCollection (`properties.street`, `city`).
- Faults, by the text searched: "fault 429" (Too Many Requests), "fault 503", "fault nameless"
  (places with no name), "fault malformed"
  (a cut-off JSON body), "fault stall" (the headers, then nothing for 30 s), "fault trickle" (the
  headers, then a byte a second for 100 s).
- Every request is logged as a line "TIME PATH USER-AGENT" to LOG_FILE, as it arrives.
"""
import http.server
import json
import math
import os
import sys
import threading
import time
import urllib.parse

PORT_FILE, LOG_FILE = sys.argv[1], sys.argv[2]
LAT, LNG_MAIN_10, LNG_MAIN_0 = 46.94119999728086, 7.446090323486061, 7.444509676513945
PLACES = {
    "town hall, lindenfeld": dict(name="Town Hall", category="amenity", type="townhall", lat=LAT,
                                  lng=LNG_MAIN_10 + 30 / (111320 * math.cos(math.radians(LAT))),
                                  address="Town Hall, Main Street, Lindenfeld"),
    "harbour crane": dict(name="Harbour Crane", category="man_made", type="crane", lat=LAT + 20 / 111320, lng=LNG_MAIN_0,
                          address="Harbour Crane, Lindenfeld"),
}
# Found by its exact name only (not in "landmarks"): a spot 0.8 m north and 0.3 m east of the
# Panoramax fixture's flat picture FLAT, which looks north at it; A1, a 360 degree picture, is
# 1.4 m away (panoramax_server.py).
ONLY_BY_NAME = {
    "flat view": dict(name="Flat View", category="tourism", type="viewpoint", lat=46.94118 + 0.8 / 111195,
                      lng=7.444667741211162 + 0.3 / 76003, address="Flat View, Lindenfeld"),
}
LOCK = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        with LOCK, open(LOG_FILE, "a") as log:
            log.write(f"{time.time():.3f} {self.path} {self.headers.get('User-Agent', '')}\n")
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        text = query.get("q", [""])[0].strip().lower()
        if text == "fault 429":
            return self.reply(429, b'{"error": "Too Many Requests"}')
        if text == "fault 503":
            return self.reply(503, b"Service Unavailable")
        if text == "fault nameless":
            # Places with no name at all, as a careless server may answer.
            if url.path == "/api":
                feature = dict(type="Feature", geometry=dict(type="Point", coordinates=[7.444, 46.941]), properties=dict(name=" "))
                return self.reply(200, json.dumps(dict(type="FeatureCollection", features=[feature])).encode())
            return self.reply(200, json.dumps([dict(lat="46.941", lon="7.444", name="", display_name=""),
                                               dict(lat="46.941", lon="7.444")]).encode())
        if text == "fault malformed":
            return self.reply(200, b'[{"lat": "46.9", "lon"')
        if text == "fault trickle":
            # A byte a second, never quite stalled: only a limit on the whole request ends it.
            self.send_response(200)
            self.send_header("Content-Length", "100")
            self.end_headers()
            for _ in range(100):
                self.wfile.write(b" ")
                self.wfile.flush()
                time.sleep(1)
            return
        if text == "fault stall":
            self.send_response(200)
            self.send_header("Content-Length", "100")
            self.end_headers()
            time.sleep(30)
            return
        if url.path == "/reverse":
            return self.reverse(query, photon="format" not in query)
        # "landmarks" names both places, in this order, as a search of a kind of place finds several.
        named = PLACES | ONLY_BY_NAME
        places = list(PLACES.values()) if text == "landmarks" else [named[text]] if text in named else []
        if url.path == "/search":
            found = [dict(lat=str(place["lat"]), lon=str(place["lng"]), name=place["name"], display_name=place["address"],
                          category=place["category"], type=place["type"], place_id=1 + index)
                     for index, place in enumerate(places)]
            return self.reply(200, json.dumps(found).encode())
        if url.path == "/api":
            features = [dict(type="Feature", geometry=dict(type="Point", coordinates=[place["lng"], place["lat"]]),
                             properties=dict(name=place["name"], city="Lindenfeld", country="Switzerland",
                                             osm_key=place["category"], osm_value=place["type"])) for place in places]
            return self.reply(200, json.dumps(dict(type="FeatureCollection", features=features)).encode())
        return self.reply(404, b"not found")

    def reverse(self, query, photon):
        try:
            lat, lon = float(query["lat"][0]), float(query["lon"][0])
        except (KeyError, ValueError):
            return self.reply(400, b'{"error": "bad request"}')
        if 44.9 < lat < 45.1:
            # Where the Panoramax fixture's other sequences are (45°N 5°E): a reverse lookup stalls.
            self.send_response(200)
            self.send_header("Content-Length", "100")
            self.end_headers()
            time.sleep(30)
            return
        metres = math.hypot((lat - LAT) * 111320, (lon - 7.4453) * 111320 * math.cos(math.radians(LAT)))
        if photon:
            features = [dict(type="Feature", geometry=dict(type="Point", coordinates=[lon, lat]),
                             properties=dict(street="Main Street", city="Lindenfeld", country="Switzerland",
                                             osm_key="highway", osm_value="residential"))] if metres <= 300 else []
            return self.reply(200, json.dumps(dict(type="FeatureCollection", features=features)).encode())
        if metres > 300:
            return self.reply(200, b'{"error": "Unable to geocode"}')
        answer = dict(place_id=7, lat=str(lat), lon=str(lon), category="highway", type="residential", name="Main Street",
                      display_name="Main Street, Lindenfeld, Switzerland",
                      address=dict(road="Main Street", village="Lindenfeld", country="Switzerland", country_code="ch"))
        return self.reply(200, json.dumps(answer).encode())

    def reply(self, code, body):
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
with open(PORT_FILE + ".tmp", "w") as port_file:
    port_file.write(str(server.server_address[1]))
os.rename(PORT_FILE + ".tmp", PORT_FILE)
server.serve_forever()
