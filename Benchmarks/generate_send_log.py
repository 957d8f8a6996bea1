#!/usr/bin/env python3
"""Writes send logs for the `bridge-cli send translate --jsonl` benchmark: one request body per line.

Usage: generate_send_log.py OUT_DIR [COUNT]

  OUT_DIR/onesignal.jsonl   COUNT OneSignal `POST /notifications` bodies
  OUT_DIR/fcm.jsonl         COUNT FCM HTTP v1 `messages:send` bodies ({"message": {...}})

Modelled on the vendors' documented examples (the shapes of docs/SEND.md): news, shop and lesson
notifications varied line by line in
  - text class: plain ASCII/Latin (about 60 %), intl (emoji, CJK, Cyrillic; every other intl line written with
    `\\u` escapes; about 25 %), large (a 1-2 KB custom-data blob; about 15 %);
  - audience: OneSignal aliases, segments, filters or subscription ids; FCM token, topic or condition;
  - buttons (0-3), custom data, image, link, badge, sound, thread, collapse id, TTL, priority, schedule,
    localized alerts, background (data-only) pushes.
Every line is a valid request of its vendor, so `send translate` exits 0.

Deterministic: the fixed-seed generator and word lists of generate_corpus.py, so the same COUNT always gives
the same bytes. Standard library only.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import generate_corpus as corpus  # noqa: E402

LANGUAGES = ["de", "fr", "es", "ja", "pt", "ru", "zh-Hans"]
SOUNDS = ["default", "chime.caf", "ping.aiff"]
TOPICS = ["news", "sport", "deals", "weather", "lessons", "orders"]
FILTER_FIELDS = [("tag", "level", ">", "10"), ("tag", "plan", "=", "premium"), ("last_session", None, ">", "24"),
                 ("amount_spent", None, ">", "0"), ("country", None, "=", "DE")]
IMAGES = ["https://cdn.example.com/img/%s.jpg", "https://img.example.net/push/%s.png",
          "https://media.example.org/hero/%s.gif"]
LINKS = ["https://example.com/a/%s", "news://article/%s", "shop://product/%s", "lessons://unit/%s"]


def text_class(i):
    """'plain', 'intl' or 'large' for line i: 12 of every 20 plain, 5 intl, 3 large."""
    slot = i % 20
    return "intl" if slot in (3, 7, 11, 15, 19) else "large" if slot in (5, 13, 17) else "plain"


def texts(rng, kind):
    """A (title, body, button labels) in the text class."""
    lists = corpus.INTL_TEXTS if kind == "intl" else corpus.PLAIN_TEXTS
    family = rng.below(3)
    titles, bodies = [("NEWS_TITLES", "NEWS_BODIES"), ("SALE_TITLES", "SALE_BODIES"),
                      ("LESSON_TITLES", "LESSON_BODIES")][family]
    return rng.pick(lists[titles]), rng.pick(lists[bodies]), [label for _, label in lists["OS_BUTTONS"]]


def custom_data(rng, kind):
    data = {"article_id": corpus.uuid4(rng), "section": rng.pick(corpus.SECTIONS), "rank": str(rng.below(100))}
    if rng.below(2):
        data["campaign"] = rng.pick(corpus.FLOWS)
    if kind == "large":
        data["tracking"] = corpus.pad_text(rng, 1000 + rng.below(1000))
    return data


def onesignal(rng, i):
    kind = text_class(i)
    title, body, labels = texts(rng, kind)
    request = {"app_id": corpus.uuid4(rng), "contents": {"en": body}}
    if rng.below(10) < 8:
        request["headings"] = {"en": title}
    if rng.below(10) == 0:
        request["subtitle"] = {"en": rng.pick(corpus.AUTHORS)}
    if rng.below(5) == 0:  # localized
        for language in [rng.pick(LANGUAGES) for _ in range(1 + rng.below(3))]:
            request["contents"][language] = body + " (" + language + ")"
            if "headings" in request:
                request["headings"][language] = title
    audience = rng.below(20)
    if audience < 8:
        request["include_aliases"] = {"external_id": ["user-%s" % rng.digits(7) for _ in range(1 + rng.below(3))]}
        request["target_channel"] = "push"
    elif audience < 14:
        request["included_segments"] = [rng.pick(corpus.SEGMENTS)]
        if rng.below(3) == 0:
            request["excluded_segments"] = [rng.pick(corpus.SEGMENTS)]
    elif audience < 17:
        filters = []
        for n in range(1 + rng.below(3)):
            field, key, relation, value = rng.pick(FILTER_FIELDS)
            if n:
                filters.append({"operator": "OR"} if rng.below(2) else {"operator": "AND"})
            entry = {"field": field, "relation": relation, "value": value}
            if key:
                entry["key"] = key
            filters.append(entry)
        request["filters"] = filters
    else:
        request["include_subscription_ids"] = [corpus.uuid4(rng) for _ in range(1 + rng.below(2))]
    buttons = rng.below(4) if rng.below(3) == 0 else 0
    if buttons:
        request["buttons"] = [{"id": "b%d" % n, "text": rng.pick(labels)} for n in range(buttons)]
        request["ios_category"] = rng.pick(corpus.OS_CATEGORIES)
    if rng.below(10) < 7:
        request["data"] = custom_data(rng, kind)
    if rng.below(10) < 3:
        request["url"] = rng.pick(LINKS) % rng.digits(6)
    if rng.below(4) == 0:
        request["ios_attachments"] = {"id1": rng.pick(IMAGES) % rng.digits(5)}
    if rng.below(10) < 3:
        request["ios_badgeType"] = rng.pick(["Increase", "SetTo"])
        request["ios_badgeCount"] = 1 + rng.below(5)
    if rng.below(2):
        request["ios_sound"] = rng.pick(SOUNDS)
    if rng.below(4) == 0:
        request["thread_id"] = rng.pick(corpus.SECTIONS)
    if rng.below(5) == 0:
        request["collapse_id"] = "c-" + rng.digits(8)
    if rng.below(3) == 0:
        request["ttl"] = rng.pick([3600, 86400, 259200])
    if rng.below(8) == 0:
        request["ios_interruption_level"] = rng.pick(["active", "time_sensitive", "passive"])
    if rng.below(10) == 0:
        request["send_after"] = "2030-0%d-1%d 09:00:00 GMT+0000" % (1 + rng.below(9), rng.below(10))
    if rng.below(3) == 0:
        request["idempotency_key"] = corpus.uuid4(rng)
    return request


def fcm(rng, i):
    kind = text_class(i)
    title, body, _ = texts(rng, kind)
    message = {}
    target = rng.below(10)
    if target < 6:
        message["token"] = rng.token(corpus.B64URL, 152)
    elif target < 9:
        message["topic"] = rng.pick(TOPICS)
    else:
        message["condition"] = "'%s' in topics && '%s' in topics" % (rng.pick(TOPICS), rng.pick(TOPICS))
    background = rng.below(10) == 0
    headers = {"apns-priority": "5" if background else rng.pick(["10", "10", "5"])}
    aps = {}
    if background:
        aps["content-available"] = 1
        headers["apns-push-type"] = "background"
    else:
        message["notification"] = {"title": title, "body": body}
        if rng.below(5) == 0:
            aps["alert"] = {"subtitle": rng.pick(corpus.AUTHORS)}
        if rng.below(3) == 0:
            aps["badge"] = rng.below(10)
        if rng.below(2):
            aps["sound"] = rng.pick(SOUNDS)
        if rng.below(4) == 0:
            aps["category"] = rng.pick(corpus.OS_CATEGORIES)
        if rng.below(4) == 0:
            aps["thread-id"] = rng.pick(corpus.SECTIONS)
    if rng.below(10) < 7:
        message["data"] = custom_data(rng, kind)
    if rng.below(5) == 0:
        headers["apns-collapse-id"] = "c-" + rng.digits(8)
    if rng.below(4) == 0:
        headers["apns-expiration"] = str(1_900_000_000 + rng.below(10_000_000))
    apns = {"headers": headers, "payload": {"aps": aps}}
    if rng.below(5) == 0:
        apns["payload"]["deep_link"] = rng.pick(LINKS) % rng.digits(6)
    if not background and rng.below(4) == 0:
        apns["fcm_options"] = {"image": rng.pick(IMAGES) % rng.digits(5)}
    message["apns"] = apns
    if rng.below(2):
        message["android"] = {"priority": "high", "notification": {"channel_id": rng.pick(corpus.SECTIONS)}}
    return {"message": message}


def write(path, make, seed, count):
    rng = corpus.SplitMix64(seed)
    with open(path, "w", encoding="utf-8") as f:
        for i in range(count):
            # Every other intl line is written with `\\u` escapes, as many senders write JSON.
            escaped = text_class(i) == "intl" and (i // 20) % 2 == 1
            f.write(json.dumps(make(rng, i), separators=(",", ":"), ensure_ascii=escaped) + "\n")


def main():
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        sys.exit("usage: generate_send_log.py OUT_DIR [COUNT]")
    out_dir = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 20_000
    os.makedirs(out_dir, exist_ok=True)
    if not corpus.PLAIN_TEXTS:
        corpus.PLAIN_TEXTS.update({name: getattr(corpus, name) for name in corpus.INTL_TEXTS})
    corpus.use_texts(corpus.PLAIN_TEXTS)  # pad_text reads the plain words
    write(os.path.join(out_dir, "onesignal.jsonl"), onesignal, 0x5E4D1, count)
    write(os.path.join(out_dir, "fcm.jsonl"), fcm, 0x5E4D2, count)


if __name__ == "__main__":
    main()
