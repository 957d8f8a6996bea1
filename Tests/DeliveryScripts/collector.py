#!/usr/bin/env python3
"""A receipt collector for PushBridge's delivery tests: a standard-library HTTP server on 127.0.0.1.

It listens on a free port (port 0), prints "PORT <n>" on stdout, and answers every request as its
schedule says, logging each request as one JSON line (method, path, Idempotency-Key, Authorization,
body, what it did) to --log before answering. It stops when its stdin closes or after --max-seconds.

Answers:
  ok            200 {"ok":true}
  500           500 (a server error: retryable)
  429:N         429 with Retry-After: N
  drop          take the request (the event counts as stored), then close the connection without
                answering: the answer is lost, as when a connection dies after the server committed
  stall:S       read the request, wait S seconds, then close without answering
  status:CODE   CODE with a JSON error body (e.g. status:422, a permanent refusal)
A request whose body does not arrive in full (the client gave up) is logged as "incomplete" and
not answered.

Schedule, first match wins:
  --path-status PREFIX=CODE   every request whose path starts with PREFIX gets status:CODE
  --script A,B,C              the first requests get A, B, C in order
  --fail-rate F, --drop-rate F, --seed N   then at random: 500 with probability F, drop with F
  otherwise ok. --delay S waits S seconds before every answer. --echo puts the request's headers and
  body into every error answer (to check that clients redact what they show of it).
"""
import argparse
import json
import random
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--log", required=True, help="JSON Lines file that records every request")
    parser.add_argument("--script", default="", help="comma-separated answers for the first requests")
    parser.add_argument("--fail-rate", type=float, default=0.0)
    parser.add_argument("--drop-rate", type=float, default=0.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--delay", type=float, default=0.0)
    parser.add_argument("--path-status", action="append", default=[])
    parser.add_argument("--echo", action="store_true")
    parser.add_argument("--max-seconds", type=float, default=120.0)
    return parser.parse_args()


class Schedule:
    def __init__(self, options):
        self.script = [item.strip() for item in options.script.split(",") if item.strip()]
        self.fail_rate = options.fail_rate
        self.drop_rate = options.drop_rate
        self.random = random.Random(options.seed)
        self.path_status = []
        for rule in options.path_status:
            prefix, _, code = rule.partition("=")
            self.path_status.append((prefix, int(code)))
        self.count = 0
        self.lock = threading.Lock()

    def next(self, path):
        with self.lock:
            self.count += 1
            for prefix, code in self.path_status:
                if path.startswith(prefix):
                    return self.count, "status:%d" % code
            if self.script:
                return self.count, self.script.pop(0)
            roll = self.random.random()
            if roll < self.fail_rate:
                return self.count, "500"
            if roll < self.fail_rate + self.drop_rate:
                return self.count, "drop"
            return self.count, "ok"


class Log:
    def __init__(self, path):
        self.file = open(path, "a", encoding="utf-8")
        self.lock = threading.Lock()

    def write(self, entry):
        line = json.dumps(entry, sort_keys=True, ensure_ascii=False)
        with self.lock:
            self.file.write(line + "\n")
            self.file.flush()


def make_handler(schedule, log, delay, echo):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        # Without this, HTTP/1.1 keep-alive stalls about 40 ms per request (Nagle + delayed ACK).
        disable_nagle_algorithm = True

        def log_message(self, format, *args):
            pass

        def answer(self):
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length > 0 else b""
            if len(raw) < length:
                # The client went away before its body arrived: nothing to process, nobody to answer.
                log.write({"time": time.time(), "method": self.command, "path": self.path,
                           "idempotencyKey": self.headers.get("Idempotency-Key"), "action": "incomplete",
                           "received": len(raw), "contentLength": length})
                self.close_connection = True
                return
            try:
                body = json.loads(raw.decode("utf-8")) if raw else None
            except ValueError:
                body = raw.decode("utf-8", "replace")
            number, action = schedule.next(self.path)
            log.write({
                "n": number,
                "time": time.time(),
                "method": self.command,
                "path": self.path,
                "idempotencyKey": self.headers.get("Idempotency-Key"),
                "authorization": self.headers.get("Authorization"),
                "apiKey": self.headers.get("X-API-Key"),
                "contentType": self.headers.get("Content-Type"),
                "contentLength": self.headers.get("Content-Length"),
                "transferEncoding": self.headers.get("Transfer-Encoding"),
                "expect": self.headers.get("Expect"),
                "connection": self.headers.get("Connection"),
                "body": body,
                "action": action,
            })
            if delay > 0:
                time.sleep(delay)
            if action == "drop" or action.startswith("stall"):
                if action.startswith("stall:"):
                    time.sleep(min(float(action.split(":", 1)[1]), 30.0))
                self.close_connection = True
                try:
                    self.connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                return
            if action == "ok":
                self.reply(200, {"ok": True})
            elif action == "500":
                self.reply(500, self.error_body("internal", raw))
            elif action.startswith("429"):
                seconds = action.split(":", 1)[1] if ":" in action else "1"
                self.reply(429, self.error_body("slow down", raw), {"Retry-After": seconds})
            elif action.startswith("status:"):
                code = int(action.split(":", 1)[1])
                self.reply(code, self.error_body("refused", raw))
            else:
                self.reply(200, {"ok": True})

        def error_body(self, message, raw):
            payload = {"error": message}
            if echo:
                payload["headers"] = dict(self.headers.items())
                payload["body"] = raw.decode("utf-8", "replace")
            return payload

        def reply(self, status, payload, extra=None):
            data = json.dumps(payload).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in (extra or {}).items():
                self.send_header(name, value)
            self.end_headers()
            try:
                self.wfile.write(data)
            except OSError:
                # The client gave up waiting (its timeout): the event is stored, the answer is lost.
                self.close_connection = True

        do_POST = answer
        do_PUT = answer
        do_GET = answer

    return Handler


def main():
    options = parse_arguments()
    handler = make_handler(Schedule(options), Log(options.log), options.delay, options.echo)
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    sys.stdout.write("PORT %d\n" % server.server_address[1])
    sys.stdout.flush()

    def stop_when_stdin_closes():
        try:
            while sys.stdin.read(4096):
                pass
        except (OSError, ValueError):
            pass
        server.shutdown()

    threading.Thread(target=stop_when_stdin_closes, daemon=True).start()
    timer = threading.Timer(options.max_seconds, server.shutdown)
    timer.daemon = True
    timer.start()
    server.serve_forever(poll_interval=0.1)


if __name__ == "__main__":
    main()
