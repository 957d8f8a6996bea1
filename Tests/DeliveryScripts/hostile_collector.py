#!/usr/bin/env python3
"""A collector that answers badly on purpose, for PushBridge's hostile-collector tests.

A standard-library TCP server on 127.0.0.1 (an ephemeral port, written to --port-file once listening).
Each request names its case in its path, `/case/<name>/…` (the endpoint is
`http://127.0.0.1:<port>/case/<name>` and the vendor's path follows); the case's script says what goes
back, byte for byte. Every request is logged as one JSON line to --log before the answer (path, case,
credential headers, the credential header as sent whichever it was, whether the case's hostile answer was
used).

A case may be hostile only for requests whose path ends with its `only` suffix and only for its first
`times` such requests; every other request gets `200 {"ok":true}`. So a test can show that the receipts
behind a hostile answer still go.

Script steps:
  ("raw", bytes)            send bytes as they are ({KEY…} placeholders filled in, see below)
  ("reply", status, headers, body)  a well-formed answer with Content-Length
  ("drip", bytes, delay)    send one byte every `delay` seconds
  ("sleep", seconds)        wait (silence)
  ("reset",)                close with an RST (SO_LINGER 0)
  ("stream", head, bytes, chunked)  send head, then up to `bytes` of body in 64 KiB pieces (each one a chunk
                            when chunked, never a last chunk), stopping when the client stops reading; logs
                            {"case": "<name>/streamed", "streamed": <body bytes sent>}
After the last step the connection is closed.

Placeholders echo the request's credential (the value of Authorization without its scheme, or
X-API-Key, or Api-Key): {KEY}, {KEY_PERCENT} (every byte %XX), {KEY_JSON} (every character \\u00XX),
{KEY_SLASHED} (JSON with every `/` written `\\/`), {KEY_COMBINING} (followed by U+0301), {KEY_CUT} (all but
its last 3 characters, ending the body). And the credential header as sent (Authorization, X-API-Key or
Api-Key, whichever came; empty when none did): {AUTH} (its value), {AUTH_QUERY} (the value as a query
string writes it: `+` for a space, every other reserved byte %XX), {KEY_URLSAFE} and {KEY_UNPADDED} (the
credential, when it is standard base64, in the URL-safe alphabet without padding, and without its padding;
otherwise the base64 of `<credential>:` so written).

It stops by itself after --max-seconds (default 60), whatever happens; every wait is bounded.
"""
import argparse
import base64
import json
import os
import socket
import socketserver
import struct
import threading
import time
import urllib.parse

OK = ("reply", 200, [], b'{"ok":true}')


def chunked(*chunks):
    return b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for chunk in chunks) + b"0\r\n\r\n"


GIANT_HEADERS = b"HTTP/1.1 200 OK\r\n" + b"".join(b"X-Filler-%d: %s\r\n" % (i, b"y" * 1000) for i in range(200))
TRICKLE = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + b"".join(b"1\r\nx\r\n" for _ in range(20000))

CASES = {
    # Held before: silence, drips, resets, giant answers, redirects.
    "ok": {"steps": [OK]},
    "silence": {"steps": [("sleep", 20)]},
    "drip-head": {"steps": [("drip", b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", 0.2)]},
    "drip-ok": {"steps": [("drip", b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", 0.01)]},
    "trickle-chunked": {"steps": [("raw", TRICKLE + b"0\r\n\r\n")]},
    "reset": {"steps": [("reset",)]},
    "close": {"steps": []},
    "giant-headers": {"steps": [("raw", GIANT_HEADERS + b"Content-Length: 0\r\n\r\n")]},
    "giant-body": {"steps": [("raw", b"HTTP/1.1 200 OK\r\nContent-Length: 2097152\r\n\r\n" + b"z" * 2097152)]},
    "giant-body-close": {"steps": [("raw", b"HTTP/1.1 500 Oops\r\n\r\n" + b"z" * 2097152)]},
    "redirect": {"steps": [("reply", 302, [("Location", "http://127.0.0.1:9/elsewhere?k={KEY}")], b"")]},
    # Answers that crashed the process.
    "content-length-negative": {"steps": [("raw", b"HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\nhello")]},
    "chunk-negative": {"steps": [("raw", b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-5\r\nhello\r\n0\r\n\r\n")]},
    "chunk-huge": {"steps": [("raw", b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7ffffffffffffff0\r\nhi")]},
    "retry-after-huge": {"steps": [("reply", 503, [("Retry-After", "9223372036854775807")], b"busy")]},
    "retry-after-year": {
        "steps": [("reply", 503, [("Retry-After", "Fri, 31 Dec 999999999999999999 23:59:59 GMT")], b"busy")]},
    # Valid answers counted as failures, and lax status lines.
    "continue-then-ok": {"steps": [("raw", b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")]},
    "status-plus": {"steps": [("raw", b"HTTP/1.1 +200 OK\r\nContent-Length: 0\r\n\r\n")]},
    "status-version": {"steps": [("raw", b"HTTP/1.9 0200 OK\r\nContent-Length: 0\r\n\r\n")]},
    "status-four-digits": {"steps": [("raw", b"HTTP/1.1 2000 OK\r\nContent-Length: 0\r\n\r\n")]},
    "status-negative": {"steps": [("raw", b"HTTP/1.1 -1 OK\r\nContent-Length: 0\r\n\r\n")]},
    "switching-protocols": {"steps": [("raw", b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\n\r\n")]},
    "length-and-chunked": {
        "steps": [("raw", b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")]},
    "length-twice": {"steps": [("raw", b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nabc")]},
    "no-content": {"steps": [("raw", b"HTTP/1.1 204 No Content\r\n\r\n")]},
    "http10-close": {"steps": [("raw", b"HTTP/1.0 200 OK\r\n\r\n{\"ok\":true}")]},
    # Echoes of the key, plain and disguised, in a permanent refusal (so the reason is printed and kept).
    "echo-plain": {"steps": [("reply", 403, [], b'{"error":"bad key {KEY}"}')]},
    "echo-percent": {"steps": [("reply", 403, [], b"key=%s" % b"{KEY_PERCENT}")]},
    "echo-json": {"steps": [("reply", 403, [], b'{"key":"{KEY_JSON}"}')]},
    "echo-slashed": {"steps": [("reply", 403, [], b'{"key":"{KEY_SLASHED}"}')]},
    "echo-combining": {"steps": [("reply", 403, [], b"{KEY_COMBINING} is not a key")]},
    "echo-cut": {"steps": [("reply", 403, [], b"x" * 150 + b" your key starts {KEY_CUT}")]},
    "echo-long": {"steps": [("reply", 403, [], b"y" * 180 + b" {KEY} " + b"z" * 300)]},
    # Every vendor's credential header echoed as sent, in a refusal and in a redirect's Location, and in the
    # other forms base64 takes (the review's F2: Customer.io's `Basic base64("key:")` leaked).
    "echo-credential-401": {"steps": [("reply", 401, [], b'{"error":"invalid credentials","received":"{AUTH}"}')]},
    "echo-credential-302": {"steps": [("reply", 302, [("Location", "http://login.example/?auth={AUTH_QUERY}")], b"")]},
    "echo-credential-forms": {
        "steps": [("reply", 401, [], b'{"urlsafe":"{KEY_URLSAFE}","unpadded":"{KEY_UNPADDED}"}')]},
    "echo-credential-forms-302": {
        "steps": [("reply", 302, [("Location", "http://login.example/?u={KEY_URLSAFE}&p={KEY_UNPADDED}")], b"")]},
    # Answers far above the 1 MiB cap (64 MiB sent at most): declared, chunked, read to the close.
    "huge-length-silent": {"steps": [("raw", b"HTTP/1.1 200 OK\r\nContent-Length: 1073741824\r\n\r\n"), ("sleep", 20)]},
    "huge-length": {"steps": [("stream", b"HTTP/1.1 200 OK\r\nContent-Length: 1073741824\r\n\r\n", 64 << 20, False)]},
    # 1 GiB streamed (for URLSessionBoundsTests and urlsession_figure.sh's measurement).
    "gib-length": {"steps": [("stream", b"HTTP/1.1 200 OK\r\nContent-Length: 1073741824\r\n\r\n", 1 << 30, False)]},
    "gib-chunked": {"steps": [("stream", b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", 1 << 30, True)]},
    "gib-close": {"steps": [("stream", b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n", 1 << 30, False)]},
}

# Crash cases again, hostile only to Zixflow's path, twice (the attempts a test flush makes): the receipts of
# the other vendors must still go.
for name in ["content-length-negative", "chunk-negative", "chunk-huge", "retry-after-huge", "retry-after-year",
             "status-plus", "continue-then-ok", "echo-combining"]:
    CASES["zixflow-" + name] = dict(CASES[name], only="/v1/track", times=2)


def credential_header(headers):
    """The credential header's value as sent: Authorization, X-API-Key or Api-Key; empty when none came."""
    return headers.get("authorization") or headers.get("x-api-key") or headers.get("api-key") or ""


def credential(headers):
    value = headers.get("authorization") or ""
    for scheme in ("Basic ", "Bearer "):
        if value.startswith(scheme):
            return value[len(scheme):]
    return headers.get("x-api-key") or headers.get("api-key") or value


def base64_forms(key):
    """(URL-safe unpadded, standard unpadded): of the bytes `key` encodes when it is standard base64, else of
    `key:` (HTTP Basic with an empty password)."""
    try:
        decoded = base64.b64decode(key, validate=True) if key else b""
    except ValueError:
        decoded = (key + ":").encode("utf-8", "surrogateescape")
    return (base64.urlsafe_b64encode(decoded).rstrip(b"="), base64.b64encode(decoded).rstrip(b"="))


def fill(data, key, sent=""):
    raw = key.encode("utf-8", "surrogateescape")
    urlsafe, unpadded = base64_forms(key)
    forms = {
        b"{AUTH_QUERY}": urllib.parse.quote_plus(sent).encode("ascii"),
        b"{AUTH}": sent.encode("utf-8", "surrogateescape"),
        b"{KEY_URLSAFE}": urlsafe,
        b"{KEY_UNPADDED}": unpadded,
        b"{KEY_PERCENT}": b"".join(b"%%%02X" % byte for byte in raw),
        b"{KEY_JSON}": "".join("\\u%04x" % ord(c) for c in key).encode("ascii"),
        b"{KEY_SLASHED}": raw.replace(b"/", b"\\/"),
        b"{KEY_COMBINING}": raw + "\u0301".encode("utf-8"),
        b"{KEY_CUT}": raw[:-3],
        b"{KEY}": raw,
    }
    for placeholder, value in forms.items():
        data = data.replace(placeholder, value)
    return data


class Handler(socketserver.BaseRequestHandler):
    def handle(self):
        connection = self.request
        connection.settimeout(10)
        data = b""
        try:
            while b"\r\n\r\n" not in data and len(data) < 1 << 20:
                piece = connection.recv(65536)
                if not piece:
                    return
                data += piece
        except OSError:
            return
        head, _, rest = data.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        method, path = (lines[0].split(" ") + ["", ""])[:2]
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length") or 0)
        try:
            while len(rest) < length:
                piece = connection.recv(65536)
                if not piece:
                    break
                rest += piece
        except OSError:
            pass
        parts = path.split("/")
        name = parts[2] if len(parts) > 2 and parts[1] == "case" else ""
        case = CASES.get(name, {"steps": [OK]})
        hostile = self.server.take(name, case, path.split("?")[0])
        self.server.log({
            "time": time.time(), "method": method, "path": path, "case": name, "hostile": hostile,
            "idempotencyKey": headers.get("idempotency-key"), "authorization": headers.get("authorization"),
            "apiKey": headers.get("x-api-key"), "credential": credential_header(headers) or None,
            "headerCount": len(lines) - 1, "bodyBytes": len(rest),
        })
        key = credential(headers)
        sent = credential_header(headers)
        try:
            for step in (case["steps"] if hostile else [OK]):
                if not self.run(connection, step, key, sent, name):
                    return
        except OSError:
            pass
        finally:
            try:
                connection.shutdown(socket.SHUT_WR)
            except OSError:
                pass

    def run(self, connection, step, key, sent, case):
        kind = step[0]
        if kind == "raw":
            connection.sendall(fill(step[1], key, sent))
        elif kind == "reply":
            _, status, headers, body = step
            body = fill(body, key, sent)
            text = "HTTP/1.1 %d Answer\r\nContent-Length: %d\r\nConnection: close\r\n" % (status, len(body))
            for name, value in headers:
                text += "%s: %s\r\n" % (name, fill(value.encode("utf-8"), key, sent).decode("utf-8", "replace"))
            connection.sendall(text.encode("utf-8") + b"\r\n" + body)
        elif kind == "stream":
            _, head, total, is_chunked = step
            piece = b"z" * (64 << 10)
            if is_chunked:
                piece = b"%x\r\n%s\r\n" % (len(piece), piece)
            streamed = 0
            try:
                connection.sendall(head)
                while streamed < total:
                    connection.sendall(piece)
                    streamed += 64 << 10
            finally:
                self.server.log({"time": time.time(), "case": case + "/streamed", "streamed": streamed})
        elif kind == "drip":
            for byte in fill(step[1], key):
                connection.sendall(bytes([byte]))
                time.sleep(step[2])
        elif kind == "sleep":
            time.sleep(min(step[1], 30))
        elif kind == "reset":
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            connection.close()
            return False
        return True


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, log_path):
        super().__init__(("127.0.0.1", 0), Handler)
        self.log_file = open(log_path, "a", encoding="utf-8")
        self.lock = threading.Lock()
        self.used = {}

    def take(self, name, case, path):
        """Whether this request gets the case's hostile answer (counting it)."""
        if "only" in case and not path.endswith(case["only"]):
            return False
        with self.lock:
            used = self.used.get(name, 0)
            if used >= case.get("times", 1 << 30):
                return False
            self.used[name] = used + 1
            return True

    def log(self, entry):
        with self.lock:
            self.log_file.write(json.dumps(entry, sort_keys=True) + "\n")
            self.log_file.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--log", required=True)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--max-seconds", type=float, default=60.0)
    parser.add_argument("--list", action="store_true", help="print the case names and exit")
    options = parser.parse_args()
    if options.list:
        print("\n".join(sorted(CASES)))
        return
    server = Server(options.log)
    temporary = options.port_file + ".tmp"
    with open(temporary, "w") as handle:
        handle.write("%d\n" % server.server_address[1])
    os.rename(temporary, options.port_file)
    timer = threading.Timer(options.max_seconds, server.shutdown)
    timer.daemon = True
    timer.start()
    server.serve_forever(poll_interval=0.1)
    os._exit(0)


if __name__ == "__main__":
    main()
