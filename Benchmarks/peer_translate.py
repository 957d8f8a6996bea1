#!/usr/bin/env python3
"""The Python peer: what a person would write instead of `bridge-cli translate --jsonl`.

Usage: peer_translate.py FROM TO < in.jsonl > out.jsonl
       peer_translate.py identity < in.jsonl > out.jsonl     (the json.loads/json.dumps floor)

Standard library only. One payload per input line, one per output line, written as canonical JSON
(sorted keys, no spaces, UTF-8, `/` not escaped): for the corpus of generate_corpus.py its output is
byte-for-byte what bridge-cli prints, which run.sh checks. It does the same key mapping as the
adapters (docs/WIRE-FORMATS.md §3, §7.7, §7.8) for the shapes in the corpus, without losses or diagnostics. It is
given every benefit: the category hash is memoised per button set (bridge-cli computes it each time).

Directions: zixflow buzzkit | buzzkit appdna | appdna pushnotifai | pushnotifai zixflow | onesignal braze
(OneSignal -> Braze: docs/vendors/onesignal.md and docs/vendors/braze.md; no category is derived.)
"""

import json
import sys

MASK = (1 << 64) - 1
_category_cache = {}


def fnv1a64hex(text):
    cached = _category_cache.get(text)
    if cached is None:
        h = 0xCBF29CE484222325
        for byte in text.encode("utf-8"):
            h = ((h ^ byte) * 0x100000001B3) & MASK
        cached = _category_cache[text] = "%016x" % h
    return cached


def flag(value):
    return "1" if value else "0"


def copy_aps(aps_in, owned):
    """aps as sent, without the source vendor's own category (docs/WIRE-FORMATS.md §7.7)."""
    aps = dict(aps_in)
    if owned(aps.get("category", "")):
        del aps["category"]
    return aps


ZIXFLOW_KEYS = {"aps", "Zixflow-Delivery-ID", "Zixflow-Delivery-Token", "image_url", "deeplink_url",
                "click_action", "action_buttons", "large_icon_url", "sticky"}


def zixflow_to_buzzkit(p):
    aps_in = p.get("aps") or {}
    custom = aps_in.get("mutable-content") == 1 and ("title" in p or "body" in p)
    aps = copy_aps(aps_in, lambda c: c == "ZX_2BTN")
    skip = ZIXFLOW_KEYS
    if custom:
        skip = ZIXFLOW_KEYS | {"title", "body", "badge"}
        alert = dict(aps.get("alert") or {})
        if "title" in p:
            alert["title"] = p["title"]
        if "body" in p:
            alert["body"] = p["body"]
        aps["alert"] = alert
        if "badge" in p:
            aps["badge"] = int(p["badge"])
    message = {"messageId": p["Zixflow-Delivery-ID"]}
    link = p.get("deeplink_url")
    if link:
        message["deepLink"] = link
    action = p.get("click_action")
    if action:
        message["action"] = {"name": action}
    buttons = json.loads(p["action_buttons"])[:2] if "action_buttons" in p else []
    if buttons:
        actions = [{"id": "ACTION_%d" % i, "title": b.get("name", ""), "foreground": True}
                   for i, b in enumerate(buttons)]
        message["actions"] = actions
        if "category" not in aps:
            aps["category"] = "buzzkit." + fnv1a64hex("\x1e".join(
                "%s\x1f%s\x1f0\x1f1\x1f0\x1f" % (b["id"], b["title"]) for b in actions))
    image = p.get("image_url")
    if image is not None:
        message["image"] = image
    if image is not None or buttons:
        aps["mutable-content"] = 1
    data = {k: v for k, v in p.items() if k not in skip}
    if data:
        message["data"] = data
    return {"aps": aps, "buzzkit": message}


def appdna_foreground(kind, sent):
    if kind == "dismiss":
        return False
    if kind == "text_reply":
        return bool(sent)
    return True if sent is None else sent


def buzzkit_to_appdna(p):
    aps = copy_aps(p["aps"], lambda c: c.startswith("buzzkit."))
    bz = p["buzzkit"]
    link = bz.get("deepLink")
    vendor = {"push_id": bz["messageId"]}
    action = bz.get("action")
    if link:
        vendor["action"] = {"type": "deep_link", "value": link}
    elif action and action.get("name") == "show_screen" and (action.get("data") or {}).get("screen"):
        vendor["action"] = {"type": "show_screen", "value": action["data"]["screen"]}
    actions = []
    for b in (bz.get("actions") or [])[:4]:
        foreground = b.get("foreground", False)
        destructive = b.get("destructive", False)
        m = {"id": b["id"], "title": b["title"]}
        if b.get("input", False):
            m["type"] = "text_reply"
            if "placeholder" in b:
                m["value"] = b["placeholder"]
            m["foreground"] = foreground
        elif link and foreground and not destructive:
            # The message's link is copied into a link-less foreground button (docs/WIRE-FORMATS.md §7.8).
            m["type"] = "deep_link"
            m["value"] = link
            m["foreground"] = foreground
        elif destructive:
            m["type"] = "dismiss"
        else:
            m["foreground"] = foreground
        actions.append(m)
    if actions:
        vendor["actions"] = actions
        rows = ("\x1f".join((a["id"], a["title"], a.get("type", ""), a.get("value", ""),
                             flag(appdna_foreground(a.get("type"), a.get("foreground")))))
                for a in actions)
        aps["category"] = "appdna_" + fnv1a64hex("\x1e".join(rows))
    image = bz.get("image")
    if image:
        vendor["image_url"] = image
    if image or actions:
        aps["mutable-content"] = 1
    data = bz.get("data")
    if data:
        vendor["data"] = data
    return {"aps": aps, "appdna": vendor}


def appdna_to_pushnotifai(p):
    aps = dict(p["aps"])
    aps["category"] = "pushnotifai"
    ad = p["appdna"]
    out = {k: v for k, v in (ad.get("data") or {}).items() if k not in ("aps", "pna_message_id", "deep_link")}
    out["aps"] = aps
    out["pna_message_id"] = ad["push_id"]
    action = ad.get("action") or {}
    if action.get("type") in ("deep_link", "open_url") and action.get("value"):
        out["deep_link"] = action["value"]
    return out


def pushnotifai_to_zixflow(p):
    aps_in = p.get("aps") or {}
    aps = copy_aps(aps_in, lambda c: c == "pushnotifai")
    reserved = ZIXFLOW_KEYS | ({"title", "body"} if aps_in.get("mutable-content") == 1 else set())
    out = {k: v for k, v in p.items() if k not in ("aps", "pna_message_id", "deep_link") and k not in reserved}
    out["aps"] = aps
    out["Zixflow-Delivery-ID"] = p["pna_message_id"]
    if "deep_link" in p:
        out["deeplink_url"] = p["deep_link"]
    return out


BRAZE_KEYS = ("aps", "ab", "ab_uri", "ab_use_webview")


def file_extension(url):
    """Braze's ab.att.type for another vendor's image: the lowercase extension (1 to 5 ASCII letters or digits)
    of the URL's last path segment, before any query or fragment; else None."""
    for index, char in enumerate(url):
        if char in "?#":
            url = url[:index]
            break
    slash = url.rfind("/")
    dot = url.rfind(".", slash) if slash >= 0 else -1
    if dot < 0:
        return None
    kind = url[dot + 1:].lower()
    return kind if 1 <= len(kind) <= 5 and all(c.isascii() and c.isalnum() for c in kind) else None


def onesignal_to_braze(p):
    """OneSignal (custom or os_data format) to Braze (docs/vendors/onesignal.md, docs/vendors/braze.md)."""
    aps = dict(p.get("aps") or {})
    if aps.get("category", "").startswith("__onesignal__dynamic__"):
        del aps["category"]
    if isinstance(aps.get("alert"), str):
        aps["alert"] = {"body": aps["alert"]}
    os_data = p.get("os_data")
    if isinstance(os_data, dict):
        fields, buttons, att = os_data, os_data.get("buttons"), os_data.get("att")
        data = {k: v for k, v in p.items() if k not in ("aps", "os_data")}
    else:
        fields = p["custom"]
        buttons, att, data = p.get("buttons"), p.get("att"), fields.get("a") or {}
    out = {k: v for k, v in data.items() if k not in BRAZE_KEYS}
    ab = {}
    link = fields.get("u")
    if link is not None:
        out["ab_uri"] = link
    if att:
        image = next(iter(att.values()))
        ab["att"] = {"url": image}
        kind = file_extension(image)
        if kind:
            ab["att"]["type"] = kind
        aps["mutable-content"] = 1
    if buttons and "category" in aps:  # without a category iOS shows no Braze buttons: they are lost
        ab["ab_cat"] = {b.get("i", b["n"]): {"a_t": "ab_uri", "a_uri": link} if link else {"a_t": "ab_open"}
                        for b in buttons}
    out["ab"] = ab or {"c": None}
    out["aps"] = aps
    return out


DIRECTIONS = {
    ("zixflow", "buzzkit"): zixflow_to_buzzkit,
    ("buzzkit", "appdna"): buzzkit_to_appdna,
    ("appdna", "pushnotifai"): appdna_to_pushnotifai,
    ("pushnotifai", "zixflow"): pushnotifai_to_zixflow,
    ("onesignal", "braze"): onesignal_to_braze,
}


def main():
    loads = json.loads
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode
    out = sys.stdout
    if sys.argv[1:] == ["identity"]:
        plain = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
        for line in sys.stdin.buffer:
            out.write(plain(loads(line)) + "\n")
        return
    translate = DIRECTIONS[tuple(sys.argv[1:3])]
    for line in sys.stdin.buffer:
        out.write(dumps(translate(loads(line))) + "\n")


if __name__ == "__main__":
    main()
