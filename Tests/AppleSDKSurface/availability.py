#!/usr/bin/env python3
"""iOS availability for check.sh, which compiles on Linux, where Swift ignores `@available(iOS ...)`.

It maps iOS availability onto what the Linux compiler does enforce:

- Introduced versions above the deployment floor: every iOS version above the floor that the stand-in SDK
  introduces something in becomes a custom availability domain (`iOS_16_0`, defined by check.sh with
  `-define-dynamic-availability-domain`). A declaration introduced in iOS X gets `@available(iOS_V)` for
  every domain V <= X, and so does a declaration of the checked code marked `@available(iOS X, *)`; an
  `#available(iOS X, *)` condition gets `#available(iOS_V)` for every domain V <= X. The compiler then
  reports an unguarded use exactly as Xcode does for an iOS build at the floor ("is only available in
  iOS_16_0", which check.sh rewords).
- Extension-only restrictions: `@available(iOSApplicationExtension, unavailable)` becomes
  `@available(NotInAppExtensions)`, a custom domain that check.sh enables for app code and disables for
  extension code, so that there using such a declaration is an error except inside a declaration that is
  itself marked unavailable in extensions, as with Xcode's `-application-extension` ("is only available in
  NotInAppExtensions", which check.sh rewords).

Usage:
  availability.py domains FLOOR FILE...             print the domains (one per line) for the stand-in SDK
  availability.py rewrite FLOOR DOMAINS OUT FILE...
                                                    write FILE's rewritten copy to OUT/<basename>
FLOOR is the iOS deployment floor (e.g. 15 or 15.4); DOMAINS is a comma-separated list from `domains`.
Rewrites never add or remove lines, so the compiler's line numbers are those of the original files.
"""
import os
import re
import sys

EXTENSION_DOMAIN = "NotInAppExtensions"


def version(text):
    parts = [int(p) for p in text.split(".")]
    return tuple((parts + [0, 0])[:3])


def domain_name(v):
    return "iOS_%d_%d" % (v[0], v[1]) if v[2] == 0 else "iOS_%d_%d_%d" % v


def domain_version(name):
    return tuple((list(int(p) for p in name.split("_")[1:]) + [0, 0])[:3])


def code_spans(text):
    """Yield (start, end) of the text outside comments and string literals."""
    i, start, n = 0, 0, len(text)
    while i < n:
        if text.startswith("//", i):
            yield start, i
            i = text.find("\n", i)
            i = n if i < 0 else i
            start = i
        elif text.startswith("/*", i):
            yield start, i
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
            start = i
        elif text[i] == '"':
            yield start, i
            quote = '"""' if text.startswith('"""', i) else '"'
            i += len(quote)
            while i < n and not text.startswith(quote, i):
                i += 2 if text[i] == "\\" else 1
            i += len(quote)
            start = i
        else:
            i += 1
    yield start, n


def closing_paren(text, open_index):
    """Index of the `)` matching text[open_index] == '(', skipping string literals."""
    depth, i = 0, open_index
    while i < len(text):
        c = text[i]
        if c == '"':
            i += 1
            while i < len(text) and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    raise SystemExit("availability.py: unbalanced parentheses after offset %d" % open_index)


def ios_introduced(args):
    """The iOS version an availability argument list introduces, or None."""
    short = re.search(r"(?:^|,)\s*iOS\s+(\d+(?:\.\d+){0,2})\s*(?=,|$)", args)
    if short:
        return version(short.group(1))
    long = re.match(r"\s*iOS\s*,(.*)", args, re.S)
    if long:
        introduced = re.search(r"\bintroduced\s*:\s*(\d+(?:\.\d+){0,2})", long.group(1))
        if introduced:
            return version(introduced.group(1))
    return None


def attributes(text):
    """Yield (kind, start, open_paren, close_paren) of each `@available(` / `#available(` in code."""
    for span_start, span_end in list(code_spans(text)):
        for m in re.finditer(r"([@#])available\s*\(", text[span_start:span_end]):
            start = span_start + m.start()
            open_index = span_start + m.end() - 1
            yield m.group(1), start, open_index, closing_paren(text, open_index)


def domains(floor, paths):
    found = set()
    for path in paths:
        text = open(path, encoding="utf-8").read()
        if path.endswith(".h"):
            for m in re.finditer(r"introduced\s*=\s*(\d+(?:\.\d+){0,2})", text):
                if version(m.group(1)) > floor:
                    raise SystemExit(
                        "availability.py: %s declares something introduced in iOS %s, above the floor; C declarations "
                        "cannot carry the floor's domains: declare it in the module's Swift part" % (path, m.group(1)))
            continue
        for kind, _, open_index, close_index in attributes(text):
            introduced = ios_introduced(text[open_index + 1:close_index])
            if kind == "@" and introduced and introduced > floor:
                found.add(introduced)
    return [domain_name(v) for v in sorted(found)]


def rewrite(text, domain_list):
    edits = []  # (start, end, replacement)
    for kind, start, open_index, close_index in attributes(text):
        args = text[open_index + 1:close_index]
        if kind == "@" and re.match(r"\s*iOSApplicationExtension\s*,\s*unavailable\b", args):
            edits.append((start, close_index + 1, "@available(%s)" % EXTENSION_DOMAIN))
            continue
        introduced = ios_introduced(args)
        if not introduced:
            continue
        implied = [d for d in domain_list if domain_version(d) <= introduced]
        if not implied:
            continue
        if kind == "@":
            added = "".join(" @available(%s)" % d for d in implied)
        else:
            added = "".join(", #available(%s)" % d for d in implied)
        edits.append((close_index + 1, close_index + 1, added))
    for start, end, replacement in sorted(edits, reverse=True):
        text = text[:start] + replacement + text[end:]
    return text


def main(argv):
    if len(argv) >= 3 and argv[0] == "domains":
        print("\n".join(domains(version(argv[1]), argv[2:])))
        return 0
    if len(argv) >= 4 and argv[0] == "rewrite":
        floor, domain_list, out = version(argv[1]), [d for d in argv[2].split(",") if d], argv[3]
        os.makedirs(out, exist_ok=True)
        for path in argv[4:]:
            text = open(path, encoding="utf-8").read()
            with open(os.path.join(out, os.path.basename(path)), "w", encoding="utf-8") as f:
                f.write(rewrite(text, domain_list))
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
