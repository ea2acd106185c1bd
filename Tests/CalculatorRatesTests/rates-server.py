#!/usr/bin/env python3
"""A local HTTP server for the rates tests: serves the files of a folder on 127.0.0.1.

    rates-server.py FOLDER      # prints the port it listens on, then serves until killed

Each request's path is added to FOLDER/.requests, one a line, before it is answered.
Besides the files (a missing one is a 404), three paths misbehave on purpose:
/hang accepts the request and never answers; /endless answers 200 and sends bytes for ever,
without a length; /redirect-file redirects to a file:// address.
"""

import http.server
import os
import sys
import threading
import time


class Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *arguments, **keywords):
        super().__init__(*arguments, directory=sys.argv[1], **keywords)

    def do_GET(self):
        with open(os.path.join(sys.argv[1], ".requests"), "a") as requests:
            requests.write(self.path + "\n")
        if self.path == "/hang":
            time.sleep(3600)
        elif self.path == "/endless":
            self.send_response(200)
            self.send_header("Content-Type", "text/xml")
            self.end_headers()
            chunk = b"<!-- " + b"x" * 4000 + b" -->\n"
            while True:
                self.wfile.write(chunk)
        elif self.path == "/redirect-file":
            self.send_response(302)
            self.send_header("Location", "file:///etc/hostname")
            self.end_headers()
        else:
            super().do_GET()

    def log_message(self, *arguments):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
threading.Event().wait()
