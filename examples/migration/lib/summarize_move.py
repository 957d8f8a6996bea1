#!/usr/bin/env python3
"""Summarises what `bridge-cli translate --report` says each template of one move loses, and the total.

Usage: summarize_move.py SOURCE TARGET DIR

DIR holds, for each template NAME: NAME.report (the stderr of `translate --report`: loss and diagnostic
JSON lines), NAME.claim (what `bridge-cli detect` said of the translated payload, "-" for no vendor) and
NAME.validate (`bridge-cli validate`'s line for it). Every loss is printed with a kind (read from its
bridge-form path), what it was and the target adapter's reason, then the move's total per kind. Exits 1
on a line that is not JSON or a loss without a path or reason, so a change in the report format fails
the walkthrough instead of hiding losses.
"""
import json
import os
import re
import sys

WIDTH = 40


def kind_of(path):
    """Groups a loss by the bridge-form path it names (docs/WIRE-FORMATS.md §7.8)."""
    if path == "$.messageId":
        return "message id"
    if path.startswith("$.tracking"):
        return "tracking"
    if re.match(r"^\$\.buttons\[\d+\]", path):
        return "button"
    if path.startswith("$.action"):
        return "named action"
    if path.startswith("$.ignored"):
        return "vendor-only key"
    if path.startswith("$.data"):
        return "custom data"
    if path.startswith("$.category"):
        return "category"
    return "other"


def short(value, limit=60):
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def what(kind, path, value):
    """A few words naming the lost thing, from the loss's own value."""
    if kind == "button" and isinstance(value, dict):
        title = value.get("title", "?")
        does = []
        if value.get("deepLink"):
            does.append("opens " + short(value["deepLink"], 40))
        if isinstance(value.get("action"), dict):
            does.append("runs " + str(value["action"].get("name")))
        if value.get("input"):
            does.append("text input")
        if value.get("destructive"):
            does.append("destructive")
        return '"%s"%s' % (title, (" (" + ", ".join(does) + ")") if does else "")
    if kind == "named action" and isinstance(value, dict):
        return "%s %s" % (value.get("name"), short(value.get("data", {}), 30))
    if kind == "vendor-only key":
        inner = re.match(r'^\$\.ignored\["(.*)"\]$', path)
        key = inner.group(1).replace('\\"', '"') if inner else path
        return "%s = %s" % (key, short(value, 30))
    if kind == "tracking":
        if isinstance(value, dict):
            return "%s {%s}" % (path[len("$.tracking"):].lstrip(".") or "all", ", ".join(sorted(value)))
        return "%s = %s" % (path[len("$.tracking"):].lstrip("."), short(value, 30))
    return short(value)


def summarize(directory, name, tally):
    """Prints one template's losses; adds its counts to tally."""
    losses = []
    with open(os.path.join(directory, name + ".report"), encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
            except ValueError:
                sys.exit("%s: line %d of the loss report is not JSON: %s" % (name, number, line.strip()[:120]))
            if entry.get("type") != "loss":
                continue
            if not isinstance(entry.get("path"), str) or not isinstance(entry.get("reason"), str):
                sys.exit("%s: a loss line without a path or a reason: %s" % (name, line.strip()[:120]))
            losses.append(entry)
    with open(os.path.join(directory, name + ".claim"), encoding="utf-8") as handle:
        claimed = handle.read().strip() or "-"
    with open(os.path.join(directory, name + ".validate"), encoding="utf-8") as handle:
        verdict = json.loads(handle.readline() or "{}")
    problems = verdict.get("problems") or []

    counts = {}
    for loss in losses:
        kind = kind_of(loss["path"])
        counts[kind] = counts.get(kind, 0) + 1
        tally["kinds"][kind] = tally["kinds"].get(kind, 0) + 1
    tally["templates"] += 1
    tally["losses"] += len(losses)
    print("  %-24s %2d loss%s%s" % (name, len(losses), "" if len(losses) == 1 else "es",
                                      (": " + describe(counts)) if counts else ""))
    for loss in losses:
        kind = kind_of(loss["path"])
        print("      %-16s %-*s %s" % (kind, WIDTH, short(what(kind, loss["path"], loss.get("value")), WIDTH),
                                        "— " + loss["reason"]))
        print("      %-16s %s" % ("", "at " + loss["path"]))
    claim = "claimed by %s" % claimed if claimed != "-" else "claimed by NO vendor as written"
    check = "valid" if not problems else "; ".join("%s (%s)" % (p.get("code"), p.get("path")) for p in problems)
    print("      %-16s %s; validate: %s" % ("result", claim, check))
    if claimed == "-":
        tally["unclaimed"].append(name)
    if problems:
        tally["invalid"].append(name)


def describe(counts):
    return ", ".join("%d %s" % (n, k) for k, n in sorted(counts.items(), key=lambda item: (-item[1], item[0])))


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: summarize_move.py SOURCE TARGET DIR")
    source, target, directory = sys.argv[1:]
    names = sorted(entry[: -len(".report")] for entry in os.listdir(directory) if entry.endswith(".report"))
    if not names:
        sys.exit("no loss report in %s" % directory)
    tally = {"templates": 0, "losses": 0, "kinds": {}, "unclaimed": [], "invalid": []}
    for name in names:
        summarize(directory, name, tally)
    detail = describe(tally["kinds"])
    print("  TOTAL %s → %s: %d templates translated, %d losses%s" % (
        source, target, tally["templates"], tally["losses"], (" (" + detail + ")") if detail else ""))
    if tally["unclaimed"]:
        print("        not claimed by %s as written (see docs/MIGRATION.md, \"Not claimed as written\"): %s"
              % (target, ", ".join(tally["unclaimed"])))
    if tally["invalid"]:
        print("        %s's validate finds problems (see docs/MIGRATION.md): %s" % (target, ", ".join(tally["invalid"])))


if __name__ == "__main__":
    main()
