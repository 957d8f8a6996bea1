#!/usr/bin/env python3
"""Writes the benchmark corpus: JSON Lines payloads in the shapes of the vendors' wire formats (docs/WIRE-FORMATS.md §3).

Usage: generate_corpus.py OUT_DIR [TOTAL]

The seed class: TOTAL (default 100000) payloads, a quarter per vendor, each about 1.1 KB of compact JSON:
  OUT_DIR/zixflow.jsonl      Zixflow, Custom and Native mode alternating (docs/WIRE-FORMATS.md §3.1)
  OUT_DIR/buzzkit.jsonl      BuzzKit (docs/WIRE-FORMATS.md §3.2)
  OUT_DIR/appdna.jsonl       AppDNA (docs/WIRE-FORMATS.md §3.3)
  OUT_DIR/pushnotifai.jsonl  PushNotifAI (docs/WIRE-FORMATS.md §3.4)
  OUT_DIR/all.jsonl          the four interleaved (zixflow, buzzkit, appdna, pushnotifai, ...)
  OUT_DIR/onesignal.jsonl    OneSignal (issue 16, a real vendor): custom and os_data formats, about 1.1 KB;
                             not in all.jsonl
  OUT_DIR/onesignal-all.jsonl  TOTAL OneSignal payloads (the first TOTAL / 4 are onesignal.jsonl): the
                             100,000-payload stream of OneSignal -> Braze
  OUT_DIR/braze.jsonl        Braze (a real vendor): a shop's pushes, about 1.1 KB (see braze())
  OUT_DIR/airship.jsonl      Airship: a gym's pushes, about 1.1 KB (see airship())
  OUT_DIR/fcm.jsonl          FCM as iOS receives it: a language app's pushes, about 1.1 KB (see fcm())

Further classes, TOTAL / 10 payloads per vendor each (see CLASSES):
  OUT_DIR/intl/<vendor>.jsonl          the same shapes with text in emoji, CJK and Cyrillic; every other
                                       line written with `\\u` escapes (as many senders write JSON)
  OUT_DIR/large/<vendor>.jsonl         the same shapes with more custom data: 3-4 KB a payload
                                       (intl and large also have the real vendors' files)
  OUT_DIR/zixflow-wide/zixflow.jsonl   Zixflow Custom only: `action_buttons` an escaped JSON string with
                                       two buttons, a 160-bit hex delivery token, about twenty top-level keys

Deterministic: a fixed-seed splitmix64 generator and fixed word lists, no clock, no hash
randomisation, so the same TOTAL always gives the same bytes (run.sh prints their SHA-256).
Standard library only.
"""

import json
import os
import sys

MASK = (1 << 64) - 1


class SplitMix64:
    """A tiny deterministic PRNG (the same numbers on every Python version)."""

    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n

    def pick(self, items):
        return items[self.below(len(items))]

    def digits(self, n):
        return "%0*d" % (n, self.below(10 ** n))

    def token(self, alphabet, n):
        """n characters of an alphabet whose size is a power of two, several per 64-bit draw."""
        bits = len(alphabet).bit_length() - 1
        per_draw = 64 // bits
        mask = len(alphabet) - 1
        out = []
        while len(out) < n:
            value = self.next()
            for _ in range(min(per_draw, n - len(out))):
                out.append(alphabet[value & mask])
                value >>= bits
        return "".join(out)


B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
HEX = "0123456789abcdef"
ULID = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

SALE_TITLES = ["Flash Sale! 70% OFF 🔥", "Weekend deals are live", "Your cart misses you",
               "Back in stock: the one you wanted", "Last chance — ends tonight", "New arrivals for you ✨"]
SALE_BODIES = ["Limited time only — grab your deal now!", "Prices drop on 1,200 items until midnight.",
               "Free shipping on every order over $25 this weekend.", "We saved your size. Checkout takes 30 seconds.",
               "Members get early access: tap to shop before everyone else."]
ZX_BUTTONS = [("Shop Now", True), ("Remind Me", False), ("View Deal", True), ("Save for later", False),
              ("Open cart", True), ("Not now", False)]
LOCALES = ["en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "pt-BR", "ja-JP", "hi-IN"]
SEGMENTS = ["new_users", "lapsed_30d", "vip", "cart_abandoners", "browsers", "loyal_buyers"]
CHANNELS = ["push", "push_fcm", "push_apns"]

CLASS_TITLES = ["Leg day", "Morning flow", "HIIT 45", "Spin & core", "Mobility reset", "Boxing basics"]
CLASS_BODIES = ["Your 7am class is confirmed", "Class starts in 30 minutes — doors open now",
                "A spot opened up in your waitlisted class", "Coach Maya swapped in for today's session",
                "Don't forget your towel: the studio is at capacity"]
BZ_BUTTON_SETS = [
    [{"id": "confirm", "title": "Confirm", "foreground": True},
     {"id": "skip", "title": "Skip", "destructive": True},
     {"id": "note", "title": "Add note", "input": True, "placeholder": "Your note"}],
    [{"id": "checkin", "title": "Check in", "foreground": True},
     {"id": "cancel", "title": "Cancel booking", "destructive": True}],
    [{"id": "rate", "title": "Rate class", "foreground": True},
     {"id": "reply", "title": "Message coach", "input": True, "placeholder": "Say thanks"},
     {"id": "later", "title": "Later"}],
]
STUDIOS = ["Downtown", "Riverside", "Harbor Point", "Old Town", "Northgate"]
COACHES = ["Maya", "Jonas", "Priya", "Leo", "Aiko", "Sam"]

PLAN_TITLES = ["New plan", "Your week is ready", "Streak saver", "Recovery day", "Personal best!"]
PLAN_BODIES = ["Your week is ready", "12 workouts, 3 rest days and a deload at the end.",
               "Two sessions left to keep your 14-day streak alive.", "Light mobility today: 20 minutes, no gear.",
               "You beat last month's 5k time by 48 seconds."]
AD_BUTTON_SETS = [
    [{"id": "open", "title": "Open {{user.name | there}}", "type": "deep_link", "value": "fit://plan",
      "foreground": True},
     {"id": "later", "title": "Dismiss", "type": "dismiss"},
     {"id": "reply", "title": "Reply", "type": "text_reply", "value": "Type a reply"}],
    [{"id": "start", "title": "Start now", "type": "deep_link", "value": "fit://workout/today",
      "foreground": True},
     {"id": "snooze", "title": "Snooze", "type": "dismiss"}],
    [{"id": "plan", "title": "See plan", "type": "show_screen", "value": "plan"},
     {"id": "ask", "title": "Ask coach", "type": "text_reply", "value": "Your question"}],
]
PLANS = ["w12", "w13", "base-8", "5k-couch", "strength-3x"]

LESSON_TITLES = ["Lesson 7", "Time for Spanish!", "Daily review", "New words unlocked", "Keep your streak"]
LESSON_BODIES = ["Ready when you are", "5 minutes today keeps your 23-day streak going.",
                 "Review 12 words you almost forgot.", "Unit 4 is open: food and ordering at a café ☕",
                 "Your friends practised today. Join them?"]
COURSES = ["es-en", "fr-en", "de-en", "ja-en", "it-en"]
FLOWS = ["onboarding_d3", "streak_rescue", "weekly_digest", "reactivation_14d", "lesson_reminder"]


NEWS_TITLES = ["Breaking: markets rally", "Your morning briefing", "Match report: 3-2 thriller",
               "Storm warning for the coast", "New episode is out 🎧", "Editor's pick for you"]
NEWS_BODIES = ["Stocks closed at a record high after the rate decision.", "Five stories to read before 9am ☕",
               "A late winner sends the home side top of the table.", "Heavy rain and gusts up to 90 km/h expected tonight.",
               "Tap to listen: 42 minutes on the future of cities."]
OS_BUTTONS = [("read", "Read now"), ("save", "Save for later"), ("share", "Share"), ("listen", "Listen"),
              ("mute", "Mute topic"), ("more", "More like this")]
SECTIONS = ["business", "sport", "weather", "culture", "tech", "world"]
AUTHORS = ["A. Novak", "R. Okafor", "M. Chen", "L. García", "S. Iyer", "K. Berg"]
OS_CATEGORIES = ["NEWS_ALERT", "ARTICLE_ACTIONS", "PODCAST"]

PAD_WORDS = ["alpha", "bravo", "delta", "echo", "golf", "hotel", "india", "kilo", "lima", "oscar",
             "papa", "romeo", "sierra", "tango", "victor", "xray", "yankee", "zulu"]

# The intl class: the same picks from lists of the same lengths, in emoji, CJK and Cyrillic.
INTL_TEXTS = {
    "SALE_TITLES": ["Распродажа! −70% 🔥", "週末セール開催中", "购物车里的宝贝在等你 🛒", "Снова в наличии: то, что вы ждали",
                    "最后机会 — 今晚结束", "新品上架 ✨ Новинки"],
    "SALE_BODIES": ["Только сегодня — успейте забрать скидку! 🎁", "1 200 товаров дешевле до полуночи。",
                    "满 ¥150 全场包邮，仅限本周末 🚚", "Мы сохранили ваш размер. Оформление за 30 секунд.",
                    "会员抢先购：比别人更早下单 👑"],
    "ZX_BUTTONS": [("Купить 🛍", True), ("稍后提醒", False), ("Смотреть", True), ("保存", False),
                   ("カートを開く", True), ("Не сейчас", False)],
    "CLASS_TITLES": ["День ног 🦵", "朝のフロー", "HIIT 45 🔥", "Сайкл и пресс", "恢复训练", "Бокс: основы 🥊"],
    "CLASS_BODIES": ["Ваше занятие в 7:00 подтверждено ✅", "课程 30 分钟后开始 — 现在可以入场",
                     "В листе ожидания освободилось место", "今日のセッションはマヤコーチが担当します",
                     "Не забудьте полотенце: зал заполнен 🧺"],
    "PLAN_TITLES": ["Новый план 📋", "这周的计划好了", "Спасаем серию 🔥", "休息日", "Личный рекорд! 🏅"],
    "PLAN_BODIES": ["Неделя готова", "12 次训练、3 个休息日，最后一周减量。",
                    "Ещё две тренировки — и серия из 14 дней сохранится 💪", "今日は軽いモビリティ：20分、器具なし。",
                    "Вы улучшили время на 5 км на 48 секунд 🎉"],
    "LESSON_TITLES": ["Урок 7", "スペイン語の時間！", "每日复习 📚", "Новые слова открыты", "保持连续学习 🔥"],
    "LESSON_BODIES": ["Когда будете готовы 🙂", "今天 5 分钟，连续 23 天不断。", "Повторите 12 слов, которые почти забыли.",
                      "第4单元已开放：在咖啡馆点餐 ☕", "Друзья сегодня занимались. Присоединитесь? 👋"],
    "NEWS_TITLES": ["Срочно: рынки растут 📈", "朝のブリーフィング", "比赛报道：3-2 逆转", "Штормовое предупреждение 🌊",
                    "新一期节目上线 🎧", "Выбор редакции"],
    "NEWS_BODIES": ["Индексы закрылись на рекордной высоте после решения по ставке.", "9時前に読みたい5本の記事 ☕",
                    "补时绝杀，主队重返积分榜榜首 ⚽", "Ночью ожидаются ливни и порывы ветра до 90 км/ч.",
                    "点击收听：42 分钟聊聊城市的未来。"],
    "OS_BUTTONS": [("read", "Читать"), ("save", "稍后阅读"), ("share", "Поделиться 📤"), ("listen", "聴く"),
                   ("mute", "Скрыть тему"), ("more", "更多类似内容")],
    "PAD_WORDS": ["альфа", "браво", "дельта", "эхо", "гольф", "отель", "индия", "кило", "東京", "大阪",
                  "北京", "上海", "😀", "🚀", "🎉", "книга", "音楽", "город"],
}
PLAIN_TEXTS = {}  # filled in below: the seed class' lists, swapped back after an intl class


def pad_text(rng, n):
    """Words about n characters long: campaign notes, tracking blobs (lower-case ASCII in the seed class)."""
    words = PAD_WORDS
    out = []
    length = 0
    while length < n:
        word = rng.pick(words)
        out.append(word)
        length += len(word) + 1
    return " ".join(out)


def zixflow(rng, i, wide=False):
    """A Zixflow payload; `wide` (the zixflow-wide class): always Custom mode with two buttons and a 160-bit
    hex delivery token."""
    custom = wide or i % 2 == 0
    delivery_id = rng.digits(18)
    title = rng.pick(SALE_TITLES)
    body = rng.pick(SALE_BODIES)
    nbuttons = 2 if wide or i % 3 != 0 else 1
    first = rng.below(len(ZX_BUTTONS) // 2) * 2
    buttons = []
    for k in range(nbuttons):
        name, has_link = ZX_BUTTONS[first + k]
        link = "https://yourapp.com/sale/%s" % rng.digits(4) if has_link else ""
        buttons.append({"name": name, "deeplink": link})
    alert = {"title": title, "body": body}
    aps = {"alert": alert, "sound": rng.pick(["notification_tone.caf", "default", "chime.caf"]),
           "category": "ZX_2BTN"}
    payload = {"aps": aps}
    payload["Zixflow-Delivery-ID"] = delivery_id
    if wide:
        payload["Zixflow-Delivery-Token"] = rng.token(HEX, 40)
    else:
        payload["Zixflow-Delivery-Token"] = rng.token(B64URL, 22) + ":APA91b" + rng.token(B64URL, 134)
    if custom:
        aps["mutable-content"] = 1
        payload["title"] = title
        payload["body"] = body
        payload["image_url"] = "https://cdn.yourapp.com/banners/%s.png" % rng.token(HEX, 12)
        payload["large_icon_url"] = "https://cdn.yourapp.com/icons/%s.png" % rng.token(HEX, 8)
        payload["badge"] = str(rng.below(20))
    else:
        aps["badge"] = rng.below(20)
        aps["thread-id"] = delivery_id
    payload["deeplink_url"] = "https://yourapp.com/sale?campaign=%s" % rng.digits(6)
    if i % 5 == 0:
        payload["click_action"] = "OPEN_SALE"
    payload["action_buttons"] = json.dumps(buttons, separators=(",", ":"), ensure_ascii=False)
    payload["notif_id"] = delivery_id
    payload["template_id"] = rng.digits(6)
    payload["workspace_id"] = rng.token(HEX, 24)
    payload["campaign_name"] = "%s %s" % (rng.pick(["Spring", "Summer", "Autumn", "Winter"]), pad_text(rng, 40))
    payload["utm_source"] = "zixflow"
    payload["utm_campaign"] = "cmp_" + rng.digits(8)
    payload["locale"] = rng.pick(LOCALES)
    payload["segment"] = rng.pick(SEGMENTS)
    payload["channel"] = rng.pick(CHANNELS)
    payload["journey_id"] = rng.token(HEX, 32)
    payload["notes"] = pad_text(rng, 20 if custom else 110)
    return payload


def buzzkit(rng, i):
    buttons = BZ_BUTTON_SETS[rng.below(len(BZ_BUTTON_SETS))]
    message = {"messageId": "msg_01" + rng.token(ULID, 24)}
    if i % 7 != 3:
        message["deepLink"] = "gym://class/%s" % rng.digits(5)
    if i % 2 == 0:
        message["action"] = {"name": "show_offer", "data": {"offerId": rng.pick(["summer", "winter", "bring_a_friend"]),
                                                             "percent": 10 + rng.below(40)}}
    message["actions"] = buttons
    if i % 4 != 1:
        message["image"] = "https://cdn.example.com/classes/%s.jpg" % rng.token(HEX, 16)
    message["data"] = {
        "bookingId": rng.below(1_000_000),
        "studio": rng.pick(STUDIOS),
        "coach": rng.pick(COACHES),
        "startsAt": "2025-%02d-%02dT%02d:00:00Z" % (1 + rng.below(12), 1 + rng.below(28), 6 + rng.below(14)),
        "room": "Studio %d" % (1 + rng.below(6)),
        "waitlist": rng.below(2) == 1,
        "memberTier": rng.pick(["basic", "plus", "unlimited"]),
        "trace": rng.token(HEX, 32),
        "description": pad_text(rng, 390),
    }
    aps = {"alert": {"title": rng.pick(CLASS_TITLES), "body": rng.pick(CLASS_BODIES)},
           "mutable-content": 1, "category": buzzkit_category(buttons)}
    if i % 3 == 0:
        aps["sound"] = "bell.caf"
    if i % 5 == 0:
        aps["badge"] = 1 + rng.below(9)
    return {"aps": aps, "buzzkit": message}


def appdna(rng, i):
    buttons = AD_BUTTON_SETS[rng.below(len(AD_BUTTON_SETS))]
    vendor = {"push_id": "push-%s" % rng.digits(9)}
    if i % 2 == 0:
        vendor["action"] = {"type": "show_screen", "value": rng.pick(["plan", "progress", "settings"])}
    else:
        vendor["action"] = {"type": "deep_link", "value": "fit://plan/%s" % rng.digits(4)}
    vendor["actions"] = buttons
    if i % 3 != 2:
        vendor["image_url"] = "https://cdn.example.com/plans/%s.png" % rng.token(HEX, 16)
    vendor["data"] = {
        "plan": rng.pick(PLANS),
        "week": str(1 + rng.below(12)),
        "coach": rng.pick(COACHES),
        "experiment": "exp_%s" % rng.token(HEX, 8),
        "variant": rng.pick(["a", "b", "control"]),
        "trace": rng.token(HEX, 32),
        "summary": pad_text(rng, 450),
    }
    aps = {"alert": {"title": rng.pick(PLAN_TITLES), "body": rng.pick(PLAN_BODIES)},
           "sound": rng.pick(["chime.wav", "default"]), "mutable-content": 1,
           "category": appdna_category(buttons)}
    if i % 4 == 0:
        aps["thread-id"] = "plan-" + vendor["data"]["plan"]
    return {"aps": aps, "appdna": vendor}


def pushnotifai(rng, i):
    payload = {"aps": {"alert": {"title": rng.pick(LESSON_TITLES), "body": rng.pick(LESSON_BODIES)},
                       "category": "pushnotifai"}}
    if i % 3 == 0:
        payload["aps"]["sound"] = "ding.caf"
    payload["pna_message_id"] = "ntf_%s" % rng.digits(10)
    lesson = str(1 + rng.below(40))
    if i % 6 != 5:
        payload["deep_link"] = "lingo://lesson/%s" % lesson
    payload.update({
        "screen": rng.pick(["lesson", "review", "streak", "shop"]),
        "lesson_id": lesson,
        "course": rng.pick(COURSES),
        "unit": str(1 + rng.below(10)),
        "streak_days": str(rng.below(400)),
        "flow_id": rng.pick(FLOWS),
        "step_id": "step_%s" % rng.digits(3),
        "variant": rng.pick(["A", "B"]),
        "locale": rng.pick(LOCALES),
        "user_segment": rng.pick(SEGMENTS),
        "sent_at": "2025-%02d-%02dT%02d:%02d:00Z" % (1 + rng.below(12), 1 + rng.below(28), rng.below(24),
                                                     rng.below(60)),
        "trace_id": rng.token(HEX, 32),
        "campaign_note": pad_text(rng, 360),
        "tip": pad_text(rng, 260),
    })
    return payload


def uuid4(rng):
    t = rng.token(HEX, 32)
    return "%s-%s-4%s-a%s-%s" % (t[:8], t[8:12], t[13:16], t[17:20], t[20:])


def onesignal(rng, i):
    """A OneSignal payload as its backend sends it (docs/vendors/onesignal.md): three in four in the custom
    format ({aps, custom: {i, u, ti, tn, a}, att, buttons}), one in four in the os_data format (OneSignal's
    fields in os_data, custom data at the top level). Buttons on every other payload, an image on two in
    three, a launch URL on four in five, an app category (OneSignal's ios_category) on one in six; a plain
    string alert on one in ten; template id and name on one in three; badge_inc on some os_data ones."""
    os_data = i % 4 == 3
    container = {"i": uuid4(rng)}
    if i % 5 != 4:
        article = rng.digits(7)
        container["u"] = ("https://news.example.com/%s/%s" % (rng.pick(SECTIONS), article) if i % 3 != 1
                          else "newsapp://article/%s" % article)
    if i % 3 == 0:
        container["ti"] = uuid4(rng)
        container["tn"] = "%s %s" % (rng.pick(["Daily", "Breaking", "Weekly"]), pad_text(rng, 14))
    title, body = rng.pick(NEWS_TITLES), rng.pick(NEWS_BODIES)
    aps = {"alert": body if i % 10 == 7 else {"title": title, "body": body}}
    if i % 2 == 1:
        aps["sound"] = rng.pick(["default", "news_chime.caf"])
    if i % 7 == 2:
        aps["badge"] = 1 + rng.below(30)
    if i % 4 == 0:
        aps["thread-id"] = "section-" + rng.pick(SECTIONS)
    buttons = []
    if i % 2 == 0:
        first = rng.below(len(OS_BUTTONS) - 2)
        buttons = [{"i": bid, "n": name} for bid, name in OS_BUTTONS[first:first + 1 + rng.below(3)]]
        if i % 6 == 0:
            aps["category"] = rng.pick(OS_CATEGORIES)
    att = {"id": "https://img.example.com/%s/%s.jpg" % (rng.pick(SECTIONS), rng.token(HEX, 20))} if i % 3 != 2 else None
    if att or buttons:
        aps["mutable-content"] = 1
    data = {
        "article_id": rng.digits(7),
        "section": rng.pick(SECTIONS),
        "author": rng.pick(AUTHORS),
        "published_at": "2025-%02d-%02dT%02d:%02d:00Z" % (1 + rng.below(12), 1 + rng.below(28), rng.below(24),
                                                          rng.below(60)),
        "paywall": rng.below(3) == 0,
        "read_minutes": 2 + rng.below(15),
        "experiment": {"id": "exp_" + rng.token(HEX, 8), "variant": rng.pick(["a", "b", "control"])},
        "tags": [rng.pick(SECTIONS), rng.pick(LOCALES), rng.pick(SEGMENTS)],
        "trace": rng.token(HEX, 32),
        "summary": pad_text(rng, 470),
    }
    payload = {"aps": aps}
    if os_data:
        if buttons:
            container["buttons"] = buttons
        if att:
            container["att"] = att
        if i % 8 == 7:
            container["badge_inc"] = 1
        payload["os_data"] = container
        payload.update(data)
    else:
        container["a"] = data
        payload["custom"] = container
        if att:
            payload["att"] = att
        if buttons:
            payload["buttons"] = buttons
    return payload


SHOP_ITEMS = ["sneakers", "rain-jacket", "headphones", "espresso-maker", "backpack", "desk-lamp"]
BRAZE_DEFAULT = [("ab_cat_yes_no", ["ab_pb_yes", "ab_pb_no"]), ("ab_cat_accept_decline", ["ab_pb_accept", "ab_pb_decline"]),
                 ("ab_cat_more", ["ab_pb_more"])]


def braze(rng, i):
    """A Braze payload as its backend sends it (docs/vendors/braze.md): a shop's pushes with the campaign key
    `ab.c` on every one, an image (`ab.att` with its type) on two in three, a link (`ab_uri`) on three in four,
    half of the web links opened in Braze's web view (`ab_use_webview`); buttons on every other push, through one
    of Braze's default categories (`ab_cat_yes_no`, …) or the app's own (`SHOP_ACTIONS`), each described in
    `ab.ab_cat`; custom data at the top level."""
    aps = {"alert": {"title": rng.pick(SALE_TITLES), "body": rng.pick(SALE_BODIES)}}
    if i % 3 == 0:
        aps["sound"] = rng.pick(["default", "cash.caf"])
    if i % 5 == 1:
        aps["badge"] = 1 + rng.below(9)
    ab = {"c": rng.token(B64URL, 40) + "=="}
    payload = {"aps": aps, "ab": ab}
    item = rng.pick(SHOP_ITEMS)
    link = None
    if i % 4 != 3:
        link = ("https://shop.example.com/%s/%s" % (item, rng.digits(6)) if i % 2 == 0
                else "shopapp://product/%s" % rng.digits(6))
        payload["ab_uri"] = link
        if i % 4 == 0:
            payload["ab_use_webview"] = True
    if i % 3 != 2:
        kind = rng.pick(["jpg", "png", "gif"])
        ab["att"] = {"url": "https://cdn.shop.example.com/push/%s.%s" % (rng.token(HEX, 20), kind), "type": kind}
        aps["mutable-content"] = 1
    if i % 2 == 0:
        if i % 6 == 4:
            aps["category"] = "SHOP_ACTIONS"
            ab["ab_cat"] = {"buy": {"a_t": "ab_uri", "a_uri": "shopapp://cart/add/%s" % rng.digits(6)},
                            "wishlist": {"a_t": "ab_open"}}
        else:
            category, actions = BRAZE_DEFAULT[rng.below(len(BRAZE_DEFAULT))]
            aps["category"] = category
            ab["ab_cat"] = {actions[0]: ({"a_t": "ab_uri", "a_uri": link} if link else {"a_t": "ab_open"})}
    payload.update({
        "item": item,
        "sku": "SKU-" + rng.token(ULID, 10),
        "price_cents": 999 + rng.below(20000),
        "currency": rng.pick(["USD", "EUR", "GBP", "JPY"]),
        "locale": rng.pick(LOCALES),
        "segment": rng.pick(SEGMENTS),
        "canvas_step": "step_%s" % rng.digits(3),
        "coupon": {"code": rng.token(ULID, 8), "percent": 5 + rng.below(50)},
        "trace": rng.token(HEX, 32),
        "notes": pad_text(rng, 430),
    })
    return payload


AIRSHIP_BUTTONS = [("ua_shop_now", {"shop_now": {"^d": "gym://shop"}}),
                   ("ua_yes_no_foreground", {"yes": {"^+t": ["booked"]}, "no": {"^-t": ["booked"]}}),
                   ("ua_remind_me_later", {"remind": {"^+t": ["remind_later"]}}),
                   ("CLASS_REMINDER", {"checkin": {"^d": "gym://checkin"}, "cancel": {"^+t": ["cancelled"]}})]


def airship(rng, i):
    """An Airship payload as its backend sends it (docs/vendors/airship.md): a gym's pushes with the send id
    `_` and `com.urbanairship.metadata` on every one, a deep link (`^d`) on four in five, a media attachment
    (`url` an array, with `content` on some) on two in three, a tag action (`^+t`) on one in seven; buttons on
    every other push through a built-in category (`ua_shop_now`, …) or the app's own (`CLASS_REMINDER`), their
    actions in `com.urbanairship.interactive_actions`; custom data at the top level."""
    aps = {"alert": {"title": rng.pick(CLASS_TITLES), "body": rng.pick(CLASS_BODIES)}}
    if i % 3 == 1:
        aps["sound"] = "default"
    if i % 6 == 5:
        aps["badge"] = rng.below(5)
    payload = {"aps": aps, "_": uuid4(rng), "com.urbanairship.metadata": rng.token(B64URL, 96)}
    if i % 5 != 4:
        payload["^d"] = "gym://class/%s" % rng.digits(5)
    if i % 3 != 2:
        attachment = {"url": ["https://media.gym.example.com/%s.jpg" % rng.token(HEX, 16)]}
        if i % 3 == 1:
            attachment["content"] = {"title": rng.pick(CLASS_TITLES), "body": rng.pick(CLASS_BODIES)}
        payload["com.urbanairship.media_attachment"] = attachment
        aps["mutable-content"] = 1
    if i % 7 == 3:
        payload["^+t"] = ["class_%s" % rng.digits(3)]
    if i % 2 == 0:
        category, actions = AIRSHIP_BUTTONS[rng.below(len(AIRSHIP_BUTTONS))]
        aps["category"] = category
        payload["com.urbanairship.interactive_actions"] = actions
    payload.update({
        "class_id": rng.digits(6),
        "studio": rng.pick(STUDIOS),
        "coach": rng.pick(COACHES),
        "starts_at": "2025-%02d-%02dT%02d:00:00Z" % (1 + rng.below(12), 1 + rng.below(28), 6 + rng.below(14)),
        "spots_left": rng.below(20),
        "member_tier": rng.pick(["basic", "plus", "unlimited"]),
        "experiment": {"id": "exp_" + rng.token(HEX, 8), "variant": rng.pick(["a", "b", "control"])},
        "trace": rng.token(HEX, 32),
        "description": pad_text(rng, 420),
    })
    return payload


def fcm(rng, i):
    """An FCM message as iOS receives it (docs/vendors/fcm.md): a language app's pushes with `gcm.message_id`,
    the sender id, the Firebase installation id and `google.c.a.e` on every one, campaign analytics
    (`google.c.a.c_id`, `c_l`, `ts`, `udt`) and `gcm.n.e` on the console's (every other one), an image
    (`fcm_options.image`) on two in three, a link (`gcm.app_link`) on three in four, the app's category on one in
    five; custom data at the top level."""
    aps = {"alert": {"title": rng.pick(LESSON_TITLES), "body": rng.pick(LESSON_BODIES)}}
    if i % 2 == 0:
        aps["sound"] = "default"
    if i % 5 == 2:
        aps["category"] = "LESSON_ACTIONS"
    payload = {"aps": aps, "gcm.message_id": "17%s" % rng.digits(14), "google.c.a.e": "1",
               "google.c.sender.id": rng.digits(12), "google.c.fid": rng.token(B64URL, 22)}
    if i % 2 == 0:
        payload["gcm.n.e"] = "1"
        payload["google.c.a.c_id"] = rng.digits(19)
        payload["google.c.a.c_l"] = "%s %s" % (rng.pick(FLOWS), pad_text(rng, 12))
        payload["google.c.a.ts"] = "17%s" % rng.digits(8)
        payload["google.c.a.udt"] = "0"
    if i % 3 != 2:
        payload["fcm_options"] = {"image": "https://img.lingo.example.com/%s.png" % rng.token(HEX, 18)}
        aps["mutable-content"] = 1
    lesson = str(1 + rng.below(40))
    if i % 4 != 3:
        payload["gcm.app_link"] = "lingo://lesson/%s" % lesson
    payload.update({
        "lesson_id": lesson,
        "course": rng.pick(COURSES),
        "unit": str(1 + rng.below(10)),
        "streak_days": str(rng.below(400)),
        "flow_id": rng.pick(FLOWS),
        "locale": rng.pick(LOCALES),
        "user_segment": rng.pick(SEGMENTS),
        "trace_id": rng.token(HEX, 32),
        "campaign_note": pad_text(rng, 300),
        "tip": pad_text(rng, 220),
    })
    return payload


def fnv1a64hex(text):
    h = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        h = ((h ^ byte) * 0x100000001B3) & MASK
    return "%016x" % h


def buzzkit_category(buttons):
    rows = ["\x1f".join([b["id"], b["title"], "1" if b.get("destructive") else "0",
                         "1" if b.get("foreground") else "0", "1" if b.get("input") else "0",
                         b.get("placeholder", "")]) for b in buttons]
    return "buzzkit." + fnv1a64hex("\x1e".join(rows))


def appdna_category(buttons):
    rows = []
    for b in buttons:
        t = b.get("type")
        if t == "dismiss":
            fg = False
        elif t == "text_reply":
            fg = b.get("foreground", False)
        else:
            fg = b.get("foreground", True)
        rows.append("\x1f".join([b["id"], b.get("title", ""), t or "", b.get("value", ""), "1" if fg else "0"]))
    return "appdna_" + fnv1a64hex("\x1e".join(rows))


def enlarge(name, payload, rng, size=3500):
    """Adds custom data (where each vendor keeps it) until the payload's compact text is about `size` bytes:
    strings for Zixflow and PushNotifAI (whose custom data are strings), strings and objects for the others
    (OneSignal: in custom.a, or at the top level in the os_data format)."""
    if name == "buzzkit":
        data = payload["buzzkit"]["data"]
    elif name == "appdna":
        data = payload["appdna"]["data"]
    elif name == "onesignal":
        data = payload["custom"]["a"] if "custom" in payload else payload  # the os_data format: the top level
    else:
        data = payload
    index = 0
    while len(json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode("utf-8")) < size - 200:
        key = "extra_%s_%d" % (rng.pick(["note", "ref", "attr", "meta"]), index)
        if index % 3 == 0 and name in ("buzzkit", "appdna", "onesignal"):
            data[key] = {"id": rng.token(HEX, 16), "rank": rng.below(1000),
                         "tags": [rng.pick(SEGMENTS), rng.pick(LOCALES)]}
        else:
            data[key] = pad_text(rng, 120 + rng.below(120))
        index += 1
    return payload


def use_texts(texts):
    """Makes the makers pick from `texts` (a dict of list names to lists)."""
    globals().update(texts)


MAKERS = [("zixflow", zixflow, 0x5A1F), ("buzzkit", buzzkit, 0xB022), ("appdna", appdna, 0xA9D4),
          ("pushnotifai", pushnotifai, 0x9A1)]
# Real vendors (issue 16): not part of all.jsonl, whose bytes stay those of the four seed vendors. Each has its
# own file per class, and OUT_DIR/<name>-all.jsonl, TOTAL payloads of it alone (its first TOTAL / 4 lines are
# OUT_DIR/<name>.jsonl): the 100,000-payload stream of that direction.
REAL_MAKERS = [("onesignal", onesignal, 0x05161), ("braze", braze, 0xB7A2E), ("airship", airship, 0xA125),
               ("fcm", fcm, 0xFC3)]
STREAMS = {"onesignal"}  # the real vendors with a TOTAL-payload stream of their own

CLASS_VENDORS = ["zixflow", "buzzkit", "appdna", "pushnotifai", "onesignal", "braze", "airship", "fcm"]
# name: (vendors, per-vendor payload count as a fraction of TOTAL / 4, make(name, make, rng, i), escaped(i))
CLASSES = {
    "intl": (CLASS_VENDORS, 0.4,
             lambda name, make, rng, i: make(rng, i), lambda i: i % 2 == 1),
    "large": (CLASS_VENDORS, 0.4,
              lambda name, make, rng, i: enlarge(name, make(rng, i), rng), lambda i: False),
    "zixflow-wide": (["zixflow"], 0.4, lambda name, make, rng, i: zixflow(rng, i, wide=True), lambda i: False),
}


def write_lines(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(rows)


def main():
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        sys.exit("usage: generate_corpus.py OUT_DIR [TOTAL]")
    out_dir = sys.argv[1]
    total = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    per_vendor = total // 4
    os.makedirs(out_dir, exist_ok=True)
    if not PLAIN_TEXTS:
        PLAIN_TEXTS.update({name: globals()[name] for name in INTL_TEXTS})
    use_texts(PLAIN_TEXTS)
    lines = {}
    for name, make, seed in MAKERS:
        rng = SplitMix64(seed)
        rows = [json.dumps(make(rng, i), separators=(",", ":"), ensure_ascii=False) + "\n" for i in range(per_vendor)]
        lines[name] = rows
        write_lines(os.path.join(out_dir, name + ".jsonl"), rows)
    with open(os.path.join(out_dir, "all.jsonl"), "w", encoding="utf-8") as f:
        for i in range(per_vendor):
            for name, _, _ in MAKERS:
                f.write(lines[name][i])
    for name, make, seed in REAL_MAKERS:
        rng = SplitMix64(seed)
        count = total if name in STREAMS else per_vendor
        rows = [json.dumps(make(rng, i), separators=(",", ":"), ensure_ascii=False) + "\n" for i in range(count)]
        write_lines(os.path.join(out_dir, name + ".jsonl"), rows[:per_vendor])
        if name in STREAMS:
            write_lines(os.path.join(out_dir, name + "-all.jsonl"), rows)
    for class_name, (vendors, fraction, build, escaped) in CLASSES.items():
        os.makedirs(os.path.join(out_dir, class_name), exist_ok=True)
        use_texts(INTL_TEXTS if class_name == "intl" else PLAIN_TEXTS)
        count = int(per_vendor * fraction)
        for name, make, seed in MAKERS + REAL_MAKERS:
            if name not in vendors:
                continue
            rng = SplitMix64(seed ^ hash_name(class_name))
            rows = [json.dumps(build(name, make, rng, i), separators=(",", ":"), ensure_ascii=escaped(i)) + "\n"
                    for i in range(count)]
            write_lines(os.path.join(out_dir, class_name, name + ".jsonl"), rows)
    use_texts(PLAIN_TEXTS)


def hash_name(text):
    """A stable number for a class name (Python's own hash() is randomised per process)."""
    return int(fnv1a64hex(text), 16)


if __name__ == "__main__":
    main()
