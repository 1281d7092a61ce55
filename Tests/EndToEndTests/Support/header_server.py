#!/usr/bin/env python3
"""A loopback server that records what each request carried, for the tests of credentials.

Usage: header_server.py PORT_FILE LOG_FILE
Logs each request to LOG_FILE as one JSON line: {"path", "authorization"} (null when the header
is absent). Answers: /redirect?to=URL -> 302 to URL; /private -> 200 "welcome" when the
Authorization header is "OAuth good-token", else 401 with the graph API's OAuthException body;
/missing -> 404; anything else -> 200 "ok" (Cache-Control: max-age=60). Writes the port it
listens on to PORT_FILE (atomically), then serves until killed.
"""
import json
import sys
import urllib.parse

from loopback import Replies, serve

PORT_FILE, LOG = sys.argv[1], sys.argv[2]


class Handler(Replies):
    def do_GET(self):
        with open(LOG, "a") as log:
            log.write(json.dumps({"path": self.path, "authorization": self.headers.get("Authorization")}) + "\n")
        bare, _, query = self.path.partition("?")
        if bare == "/redirect":
            target = urllib.parse.parse_qs(query)["to"][0]
            return self.reply(302, b"", {"Location": target})
        if bare == "/private":
            if self.headers.get("Authorization") == "OAuth good-token":
                return self.reply(200, b"welcome")
            body = {"error": {"message": "Invalid OAuth access token - Cannot parse access token",
                              "type": "OAuthException", "code": 190, "fbtrace_id": "A1b2C3"}}
            return self.reply(401, json.dumps(body).encode())
        if bare == "/missing":
            return self.reply(404, b"not found")
        return self.reply(200, b"ok", {"Cache-Control": "max-age=60"})


serve(Handler, PORT_FILE)
