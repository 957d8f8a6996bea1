#!/usr/bin/env python3
"""Shows which request reached which vendor path, and checks each receipt arrived once at its own vendor's.

Usage: receipts_by_vendor.py COLLECTOR_LOG FLUSH_OUTPUT VENDORS_JSONL FLUSH_HELP VENDOR_ID...

COLLECTOR_LOG   the JSON lines Tests/DeliveryScripts/collector.py wrote, one per request
FLUSH_OUTPUT    what `bridge-cli flush` printed: one {"type":"delivered","id",…,"vendor","event"} per receipt
VENDORS_JSONL   `bridge-cli vendors` (id → display name)
FLUSH_HELP      `bridge-cli flush --help` (each vendor's method and path, by display name)
VENDOR_ID…      vendors whose receipts must have arrived

The flush line and the request are joined on the receipt id, which flush sends as Idempotency-Key.
Exits 1 when a receipt reached the collector zero or several times, at a path that is not its
vendor's, when the collector saw a request no flushed receipt explains, or when a listed vendor sent nothing.
"""
import json
import re
import sys


def read_jsonl(path):
    rows = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                rows.append(json.loads(line))
    return rows


def vendor_routes(vendors_file, help_file):
    """{vendor id: [(method, path regex, path template)]} from `vendors` and `flush --help`."""
    names = {row["name"]: row["id"] for row in read_jsonl(vendors_file)}
    routes = {}
    pattern = re.compile(r"^\s{2}(\S.*?)\s{2,}(GET|POST|PUT|PATCH|DELETE)\s+(/\S*)\s*$")
    with open(help_file, encoding="utf-8") as handle:
        for line in handle:
            match = pattern.match(line.rstrip("\n"))
            if not match or match.group(1) not in names:
                continue
            name, method, template = match.groups()
            regex = "^" + re.sub(r"\\\{[^}]*\\\}", "[^/]+", re.escape(template)) + r"(\?.*)?$"
            routes.setdefault(names[name], []).append((method, re.compile(regex), template))
    return routes


def main():
    if len(sys.argv) < 6:
        sys.exit("usage: receipts_by_vendor.py COLLECTOR_LOG FLUSH_OUTPUT VENDORS_JSONL FLUSH_HELP VENDOR_ID...")
    log_file, flush_file, vendors_file, help_file = sys.argv[1:5]
    expected_vendors = sys.argv[5:]
    requests = [row for row in read_jsonl(log_file) if row.get("action") != "incomplete"]
    flushed = [row for row in read_jsonl(flush_file) if row.get("type") == "delivered"]
    routes = vendor_routes(vendors_file, help_file)
    problems = []
    warnings = []

    by_key = {}
    for request in requests:
        by_key.setdefault(request.get("idempotencyKey"), []).append(request)

    print("  %-11s %-16s %-6s %s" % ("vendor", "event", "method", "path"))
    for receipt in flushed:
        vendor, event = receipt["vendor"], receipt["event"]
        arrived = by_key.get(receipt["id"], [])
        for request in arrived:
            own = [template for method, regex, template in routes.get(vendor, [])
                   if method == request["method"] and regex.match(request["path"])]
            mark = "ok, %s's path %s" % (vendor, own[0]) if own else "NOT %s's path" % vendor
            if not own:
                # The same path but for a trailing slash: the vendor's own path, with a warning (see below).
                slashed = [template for method, regex, template in routes.get(vendor, [])
                           if method == request["method"] and regex.match(request["path"].split("?")[0] + "/")]
                if slashed:
                    own = slashed
                    mark = "%s's path %s, WITHOUT its trailing slash" % (vendor, slashed[0])
                    warnings.append("%s %s was sent to %s, but the adapter describes %s: the trailing slash was "
                                    "dropped on the way (a vendor that redirects the bare path would not count "
                                    "it)" % (vendor, event, request["path"], slashed[0]))
            print("  %-11s %-16s %-6s %s   [%s]" % (vendor, event, request["method"], request["path"], mark))
            if not own:
                problems.append("%s %s went to %s %s, not one of %s's paths" % (vendor, event, request["method"],
                                                                                request["path"], vendor))
        if len(arrived) != 1:
            problems.append("%s %s (id %s) reached the collector %d times, not once" % (vendor, event, receipt["id"],
                                                                                        len(arrived)))
    known = {receipt["id"] for receipt in flushed}
    for request in requests:
        if request.get("idempotencyKey") not in known:
            problems.append("the collector saw %s %s that no flushed receipt explains" % (request["method"],
                                                                                          request["path"]))
    counts = {}
    for receipt in flushed:
        counts[receipt["vendor"]] = counts.get(receipt["vendor"], 0) + 1
    for vendor in expected_vendors:
        if not counts.get(vendor):
            problems.append("no receipt of %s reached the collector" % vendor)
    print("  per vendor: " + ", ".join("%s %d" % (vendor, counts[vendor]) for vendor in sorted(counts))
          + "; %d requests for %d receipts" % (len(requests), len(flushed)))
    for warning in warnings:
        print("  WARNING: " + warning)
    if problems:
        for problem in problems:
            print("  PROBLEM: " + problem)
        sys.exit(1)
    print("  every receipt reached its own vendor's path exactly once")


if __name__ == "__main__":
    main()
