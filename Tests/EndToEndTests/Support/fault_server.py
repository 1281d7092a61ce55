#!/usr/bin/env python3
"""A static file server on loopback with faults on chosen paths, for the web-dataset tests.

Usage: fault_server.py FOLDER RULES_JSON PORT_FILE [LOG_FILE]
RULES_JSON maps a path suffix to a fault: "stall" (headers, then nothing), "reset" (half the
body, then a TCP reset), "404", "500", "truncate" (the first half of the file, as if whole),
"huge" (a 1 GB body, streamed), "file-redirect" (302 to file:///etc/passwd), "slow" (the body
after 3 s), "gzip-bomb" (256 KB of gzip, sent as Content-Encoding: gzip, that inflates to
250 MB of zeros), "huge-length" (Content-Length: 10^12, then nothing), "http09" (the file with
no status line or headers, as HTTP/0.9 answered), "giant-header" (a 1 MB header line),
"signed" (403 unless the query is `sig=abc`, as a signed object-store URL), "trickle" (the body
at 2 bytes a second), "retry-after" (429 with Retry-After: 30, every time), "no-range" (a Range
header ignored: the whole file, 200). Rules match the path without its query. A request whose
If-None-Match is the file's ETag gets 304. A single byte range (`Range: bytes=FIRST-LAST`, RFC
9110 section 14) gets 206 with Content-Range, one outside the file 416. Each request is logged
to LOG_FILE, when given, as "PATH RANGE" ("-" for none). Writes the port it listens on to
PORT_FILE (atomically), then serves until killed.
"""
import http.server
import json
import os
import re
import socket
import struct
import sys
import time
import zlib

FOLDER, RULES = sys.argv[1], json.loads(sys.argv[2])
LOG = sys.argv[4] if len(sys.argv) > 4 else None
BOMB = None


def gzip_bomb():
    """250 MB of zeros as gzip, made once."""
    global BOMB
    if BOMB is None:
        compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
        piece = b"\0" * (1 << 20)
        BOMB = b"".join(compressor.compress(piece) for _ in range(250)) + compressor.flush()
    return BOMB


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        if LOG:
            with open(LOG, "a") as log:
                log.write("%s %s\n" % (self.path, self.headers.get("Range", "-")))
        bare, _, query = self.path.partition("?")
        fault = next((f for suffix, f in RULES.items() if bare.endswith(suffix)), None)
        if fault == "signed" and query != "sig=abc":
            return self.reply(403, b"signature required")
        path = os.path.join(FOLDER, self.path.lstrip("/").split("?")[0])
        if fault == "404" or not os.path.isfile(path):
            return self.reply(404, b"not found")
        if fault == "500":
            return self.reply(500, b"server error")
        if fault == "retry-after":
            self.send_response(429)
            self.send_header("Retry-After", "30")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if fault == "file-redirect":
            self.send_response(302)
            self.send_header("Location", "file:///etc/passwd")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        body = open(path, "rb").read()
        if fault == "stall":
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.flush()
            time.sleep(3600)
        if fault == "huge-length":
            self.send_response(200)
            self.send_header("Content-Length", str(10**12))
            self.end_headers()
            self.close_connection = True
            return
        if fault == "http09":
            self.wfile.write(body)
            self.close_connection = True
            return
        if fault == "giant-header":
            self.send_response(200)
            self.send_header("X-Padding", "a" * (1 << 20))
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if fault == "gzip-bomb":
            bomb = gzip_bomb()
            self.send_response(200)
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(bomb)))
            self.end_headers()
            self.wfile.write(bomb)
            return
        if fault == "slow":
            time.sleep(3)
        if fault == "trickle":
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            try:
                for i in range(0, len(body), 2):
                    self.wfile.write(body[i:i + 2])
                    self.wfile.flush()
                    time.sleep(1)
            except OSError:
                pass
            return
        if fault == "huge":
            self.send_response(200)
            self.send_header("Content-Length", str(1 << 30))
            self.end_headers()
            chunk = b"\0" * (1 << 20)
            try:
                for _ in range(1024):
                    self.wfile.write(chunk)
            except OSError:
                pass
            self.close_connection = True
            return
        if fault == "truncate":
            body = body[: len(body) // 2]
        if fault == "reset":
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            return
        etag = '"%d-%d"' % (len(body), int(os.path.getmtime(path)))
        if self.headers.get("If-None-Match") == etag:
            # As nginx answers a validator that still matches: no body.
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return
        asked = re.fullmatch(r"bytes=(\d+)-(\d+)", self.headers.get("Range", "").strip())
        if asked and fault != "no-range":
            first, last = int(asked.group(1)), int(asked.group(2))
            if first >= len(body) or last < first:
                self.send_response(416)
                self.send_header("Content-Range", "bytes */%d" % len(body))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            part = body[first:last + 1]
            self.send_response(206)
            self.send_header("Content-Range", "bytes %d-%d/%d" % (first, first + len(part) - 1, len(body)))
            self.send_header("Content-Length", str(len(part)))
            self.send_header("Cache-Control", "max-age=60")
            self.send_header("ETag", etag)
            self.end_headers()
            self.wfile.write(part)
            return
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=60")
        self.send_header("ETag", etag)
        self.end_headers()
        self.wfile.write(body)

    def reply(self, code, body):
        self.send_response(code)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
with open(sys.argv[3] + ".tmp", "w") as port_file:
    port_file.write(str(server.server_address[1]))
os.rename(sys.argv[3] + ".tmp", sys.argv[3])
server.serve_forever()
