#!/usr/bin/env python3
"""Prints a template as its vendor's backend delivers it: FILE KEY=JSON_VALUE… sets each top-level key.

A template holds no per-delivery values; some vendors add theirs when they send (Customer.io's
CIO-Delivery-ID and CIO-Delivery-Token). The walkthrough adds them the same way before it simulates.
"""
import json
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: as_delivered.py FILE KEY=JSON_VALUE...")
    with open(sys.argv[1], encoding="utf-8") as handle:
        payload = json.load(handle)
    if not isinstance(payload, dict):
        sys.exit("%s: not a JSON object" % sys.argv[1])
    for assignment in sys.argv[2:]:
        key, sep, value = assignment.partition("=")
        if not sep or not key:
            sys.exit("not KEY=JSON_VALUE: %s" % assignment)
        payload[key] = json.loads(value)
    print(json.dumps(payload, ensure_ascii=False, separators=(",", ":")))


if __name__ == "__main__":
    main()
