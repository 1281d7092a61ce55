"""Shared by the loopback test servers: answers with a status, headers and a body, and serving
on a free port that is written to a file once the server listens."""
import http.server
import json
import os


class Replies(http.server.BaseHTTPRequestHandler):
    """HTTP/1.1 with Content-Length on every answer; nothing logged to standard error."""

    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body, headers=None):
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def json(self, status, value):
        self.reply(status, json.dumps(value).encode(), {"Content-Type": "application/json"})


def serve(handler, port_file):
    """Listens on 127.0.0.1 on a free port, writes the port to port_file (atomically), serves until killed."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    with open(port_file + ".tmp", "w") as out:
        out.write(str(server.server_address[1]))
    os.rename(port_file + ".tmp", port_file)
    server.serve_forever()
