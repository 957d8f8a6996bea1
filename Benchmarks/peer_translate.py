#!/usr/bin/env python3
"""The Python peer: what a person would write instead of `bridge-cli translate --jsonl`.

Usage: peer_translate.py [--json-library json|orjson] FROM TO < in.jsonl > out.jsonl
       peer_translate.py [--json-library json|orjson] send onesignal braze < log.jsonl > out.jsonl
       peer_translate.py [--json-library json|orjson] send fcm airship < log.jsonl > out.jsonl
       peer_translate.py [--json-library json|orjson] identity < in.jsonl > out.jsonl   (the loads/dumps floor)

--json-library picks the JSON library, the mapping is the same: `json` (the standard library, the default:
json.loads and json.dumps(sort_keys=True)) or `orjson` (orjson.loads and orjson.dumps(option=OPT_SORT_KEYS),
a Rust library from PyPI that run.sh installs into a virtual environment). Both write compact UTF-8
without escaping non-ASCII. One payload per input line, one per output line, written as canonical JSON
(sorted keys, no spaces, UTF-8, `/` not escaped): for the corpus of generate_corpus.py its output is
byte-for-byte what bridge-cli prints, which run.sh checks. It does the same key mapping as the
adapters (docs/WIRE-FORMATS.md §3, §7.7, §7.8) for the shapes in the corpus, without losses or diagnostics. It is
given every benefit: the category hash is memoised per button set (bridge-cli computes it each time).

Directions: zixflow buzzkit | buzzkit appdna | appdna pushnotifai | pushnotifai zixflow | onesignal braze |
braze onesignal | airship customerio | fcm braze. The real vendors' directions (docs/vendors/<id>.md) derive no
category; like the others they are written for the corpus' shapes only (generate_corpus.py).
"""

import json
import sys
import time

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


# Braze's default categories and their actions' titles (docs/vendors/braze.md, Buttons).
BRAZE_DEFAULT_CATEGORIES = {
    "ab_cat_accept_decline": (("ab_pb_accept", "Accept"), ("ab_pb_decline", "Decline")),
    "ab_cat_yes_no": (("ab_pb_yes", "Yes"), ("ab_pb_no", "No")),
    "ab_cat_confirm_cancel": (("ab_pb_confirm", "Confirm"), ("ab_pb_cancel", "Cancel")),
    "ab_cat_more": (("ab_pb_more", "More"),),
}


def braze_to_onesignal(p):
    """Braze to OneSignal's custom format (docs/vendors/braze.md, docs/vendors/onesignal.md): custom data in
    custom.a, the link in custom.u, the image in att; a default category's buttons with its titles, and an
    `ab_cat_…` category never carried. Braze has no message id, so custom.i stays absent."""
    aps = dict(p["aps"])
    custom = {}
    out = {"custom": custom}
    data = {k: v for k, v in p.items() if k not in BRAZE_KEYS}
    if data:
        custom["a"] = data
    if "ab_uri" in p:
        custom["u"] = p["ab_uri"]
    att = p["ab"].get("att")
    if att:
        out["att"] = {"id": att["url"]}
        aps["mutable-content"] = 1
    category = aps.get("category", "")
    if category.startswith("ab_cat_"):
        del aps["category"]
        buttons = BRAZE_DEFAULT_CATEGORIES.get(category)
        if buttons:
            out["buttons"] = [{"i": i, "n": n} for i, n in buttons]
            aps["mutable-content"] = 1
    out["aps"] = aps
    return out


# What Airship reads itself at the root (docs/vendors/airship.md), for the corpus' shapes: never custom data.
AIRSHIP_KEYS = {"aps", "_", "com.urbanairship.metadata", "^d", "com.urbanairship.media_attachment",
                "com.urbanairship.interactive_actions", "^+t"}


def airship_to_customerio(p):
    """Airship to Customer.io (docs/vendors/airship.md, docs/vendors/customerio.md): the link and image in
    CIO.push, custom data at the root; the media attachment's `content` replaces the alert's text; a built-in
    `ua_…` category is not carried; buttons, actions and the send id have no place (no CIO-Delivery-ID)."""
    aps = dict(p["aps"])
    if aps.get("category", "").startswith("ua_"):
        del aps["category"]
    out = {k: v for k, v in p.items() if k not in AIRSHIP_KEYS}
    push = {}
    if "^d" in p:
        push["link"] = p["^d"]
    media = p.get("com.urbanairship.media_attachment")
    if media:
        push["image"] = media["url"][0]
        aps["mutable-content"] = 1
        content = media.get("content")
        if content:
            alert = dict(aps["alert"])
            alert.update(content)
            aps["alert"] = alert
    if push:
        out["CIO"] = {"push": push}
    out["aps"] = aps
    return out


def fcm_to_braze(p):
    """FCM to Braze (docs/vendors/fcm.md, docs/vendors/braze.md): custom data at the root without FCM's own
    keys, the link in ab_uri, the image in ab.att (with its file type), else the marker {"c": null}."""
    aps = dict(p["aps"])
    out = {k: v for k, v in p.items()
           if k != "aps" and k != "fcm_options" and not k.startswith("gcm.") and not k.startswith("google.")}
    if "gcm.app_link" in p:
        out["ab_uri"] = p["gcm.app_link"]
    image = (p.get("fcm_options") or {}).get("image")
    if image:
        att = {"url": image}
        kind = file_extension(image)
        if kind:
            att["type"] = kind
        out["ab"] = {"att": att}
        aps["mutable-content"] = 1
    else:
        out["ab"] = {"c": None}
    out["aps"] = aps
    return out


def send_onesignal_to_braze(r):
    """A OneSignal `POST /notifications` body to Braze's `/messages/send` (or `/messages/schedule/create`), as
    `bridge-cli send translate --from onesignal --to braze --jsonl` writes it (docs/SEND.md), for the shapes of
    generate_send_log.py only: English text, external-id aliases, the apple_push fields the log sets. What Braze's
    request cannot say (segments, filters, subscription ids, `ttl`, a badge increment, other languages, the
    subtitle) is left out, as bridge-cli leaves it out (it reports the losses; the peer does not)."""
    push = {}
    title = r.get("headings", {}).get("en")
    body = r["contents"]["en"]
    push["alert"] = {"body": body, "title": title} if title is not None else body
    if "ios_interruption_level" in r:  # OneSignal spells it time_sensitive, Apple and Braze time-sensitive
        push["interruption_level"] = r["ios_interruption_level"].replace("_", "-")
    for key, name in (("ios_sound", "sound"), ("thread_id", "notification_group_thread_id"), ("collapse_id", "collapse_id"),
                      ("ios_category", "category"), ("data", "extra")):
        if key in r:
            push[name] = r[key]
    if r.get("ios_badgeType") == "SetTo":
        push["badge"] = r["ios_badgeCount"]
    if "buttons" in r:
        push["buttons"] = [{"action": "OPEN_APP", "action_id": b["id"]} for b in r["buttons"]]
    if "url" in r:
        push["custom_uri"] = r["url"]
        push["use_webview"] = False
    if "ios_attachments" in r:
        image = next(iter(r["ios_attachments"].values()))
        push["asset_url"] = image
        kind = file_extension(image)
        if kind:
            push["asset_file_type"] = kind
    request = {"messages": {"apple_push": push}}
    if "include_aliases" in r:
        request["external_user_ids"] = r["include_aliases"]["external_id"]
    if "idempotency_key" in r:
        request["send_id"] = r["idempotency_key"]
    path = "/messages/send"
    if "send_after" in r:  # "2030-05-12 09:00:00 GMT+0000", always UTC in the log
        day, clock = r["send_after"].split(" ")[:2]
        request["schedule"] = {"time": "%sT%sZ" % (day, clock)}
        path = "/messages/schedule/create"
    return {"requests": [{"body": request, "headers": {}, "method": "POST", "path": path}]}


def send_fcm_to_airship(r):
    """An FCM HTTP v1 `messages:send` body to Airship's `POST /api/push`, as `bridge-cli send translate --from fcm
    --to airship --jsonl` writes it (docs/SEND.md), for the shapes of generate_send_log.py only: the notification's
    text with the `aps.alert` subtitle, the `aps` fields the log sets, `data` and the APNs payload's custom keys
    (strings) as `extra`, the `apns-*` headers and the `fcm_options` image. What Airship's request cannot say (a
    token, topic or condition audience, the push type, `android`) is left out, as bridge-cli leaves it out (it
    reports the losses; the peer does not)."""
    message = r["message"]
    apns = message.get("apns", {})
    payload = apns.get("payload", {})
    aps = payload.get("aps", {})
    headers = apns.get("headers", {})
    ios = {}
    alert = {}
    notification = message.get("notification")
    if notification is not None:
        alert.update(notification)
    if "alert" in aps:
        alert.update(aps["alert"])
    if alert:
        ios["alert"] = alert["body"] if list(alert) == ["body"] else alert
    for key, name in (("badge", "badge"), ("sound", "sound"), ("category", "category"), ("thread-id", "thread_id")):
        if key in aps:
            ios[name] = aps[key]
    if aps.get("content-available") == 1:
        ios["content_available"] = True
    extra = dict(message.get("data", {}))
    for key, value in payload.items():
        if key != "aps":
            extra[key] = value
    if extra:
        ios["extra"] = extra
    if "apns-priority" in headers:
        ios["priority"] = 10 if int(headers["apns-priority"]) >= 8 else 5
    if "apns-expiration" in headers:  # an epoch, never 0 in the log: a wall-clock time without a zone
        ios["expiry"] = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(int(headers["apns-expiration"])))
    if "apns-collapse-id" in headers:
        ios["collapse_id"] = headers["apns-collapse-id"]
    if "fcm_options" in apns:
        ios["media_attachment"] = {"url": apns["fcm_options"]["image"]}
    body = {"device_types": ["ios"], "notification": {"ios": ios}}
    return {"requests": [{"body": body, "headers": {}, "method": "POST", "path": "/api/push"}]}


DIRECTIONS = {
    ("zixflow", "buzzkit"): zixflow_to_buzzkit,
    ("buzzkit", "appdna"): buzzkit_to_appdna,
    ("appdna", "pushnotifai"): appdna_to_pushnotifai,
    ("pushnotifai", "zixflow"): pushnotifai_to_zixflow,
    ("onesignal", "braze"): onesignal_to_braze,
    ("braze", "onesignal"): braze_to_onesignal,
    ("airship", "customerio"): airship_to_customerio,
    ("fcm", "braze"): fcm_to_braze,
    ("send", "onesignal", "braze"): send_onesignal_to_braze,
    ("send", "fcm", "airship"): send_fcm_to_airship,
}


def codec(library):
    """(loads, dumps, plain dumps) of a JSON library; dumps writes sorted keys, compact, UTF-8, as bytes."""
    if library == "orjson":
        import orjson  # noqa: PLC0415 (installed into the benchmark's virtual environment by run.sh)

        def dumps(value, sort=orjson.OPT_SORT_KEYS, encode=orjson.dumps):
            return encode(value, option=sort)

        return orjson.loads, dumps, orjson.dumps
    sorted_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode
    plain_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    return (json.loads, lambda value: sorted_encode(value).encode("utf-8"),
            lambda value: plain_encode(value).encode("utf-8"))


def main():
    args = sys.argv[1:]
    library = "json"
    if args[:1] == ["--json-library"]:
        library, args = args[1], args[2:]
    elif args and args[0].startswith("--json-library="):
        library, args = args[0].split("=", 1)[1], args[1:]
    loads, dumps, plain = codec(library)
    write = sys.stdout.buffer.write
    if args == ["identity"]:
        for line in sys.stdin.buffer:
            write(plain(loads(line)) + b"\n")
        return
    translate = DIRECTIONS[tuple(args[:3] if args[:1] == ["send"] else args[:2])]
    for line in sys.stdin.buffer:
        write(dumps(translate(loads(line))) + b"\n")


if __name__ == "__main__":
    main()
