#!/usr/bin/env python3
"""Prints what each simulated push did, one short line per `bridge-cli simulate` effect.

Usage: effects.py DIR

DIR holds, per push in the order simulated, NN.label (a title line, then the steps), NN.effects (the
effect lines simulate printed) and NN.notes (the diagnostics worth showing from its stderr). Exits 1 on
a line that is not JSON.
"""
import json
import os
import sys


def show(line, source):
    try:
        effect = json.loads(line)
    except ValueError:
        sys.exit("%s: an effect line is not JSON: %s" % (source, line.strip()[:120]))
    kind = effect.get("type")
    if kind == "receipt":
        props = effect.get("properties") or {}
        button = props.get("actionId") or props.get("Button ID") \
            or (props.get("dataFields") or {}).get("actionIdentifier")
        print("    receipt  %-11s %-16s %-13s%s" % (effect.get("vendor"), effect.get("event"), effect.get("kind"),
                                                   ("  button " + button) if button and button != "default" else ""))
    elif kind == "route":
        print("    route    %s via %s" % (effect.get("url"), effect.get("via")))
    elif kind == "action":
        print("    action   %s handled=%s" % (effect.get("name"), effect.get("handled")))
    elif kind == "diagnostic":
        print("    note     %s: %s" % (effect.get("code"), effect.get("message")))
    else:
        print("    %-8s %s" % (kind, line.strip()[:100]))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: effects.py DIR")
    directory = sys.argv[1]
    pushes = sorted(entry[: -len(".label")] for entry in os.listdir(directory) if entry.endswith(".label"))
    for push in pushes:
        with open(os.path.join(directory, push + ".label"), encoding="utf-8") as handle:
            title, _, steps = handle.read().rstrip("\n").partition("\n")
        print("  " + title)
        print("    steps    " + steps)
        for suffix in (".effects", ".notes"):
            path = os.path.join(directory, push + suffix)
            if os.path.exists(path):
                with open(path, encoding="utf-8") as handle:
                    for line in handle:
                        if line.strip():
                            show(line, path)


if __name__ == "__main__":
    main()
