import PushBridge
import PushBridgeSend

/// Requests that use most of each vendor's fields, written for these tests from the fields each vendor's send
/// API documents (docs/SEND.md).
enum SendSamples {
    struct Sample: Sendable {
        let vendor: String
        let request: SendHTTPRequest
    }

    static func sample(_ vendor: String, _ text: String, path: String? = nil, headers: [String: String] = [:]) -> Sample {
        let adapter = SendVendors.adapter(id: vendor)!
        // The samples are literals in this file; a parse failure shows up as a failing law.
        let body = (try? JSONParser.parse(text)) ?? .null
        return Sample(vendor: vendor, request: SendHTTPRequest(path: path ?? adapter.primaryPath, headers: headers, body: body))
    }

    static let all: [Sample] = [
        sample("onesignal", """
            {"app_id": "app", "include_aliases": {"external_id": ["user-1", "user-2"]}, "target_channel": "push",
             "headings": {"en": "Sale", "es": "Oferta"}, "contents": {"en": "Half price", "es": "Mitad de precio"},
             "subtitle": {"en": "Today only"}, "url": "https://example.com/sale", "data": {"sku": "42", "nested": {"a": 1}},
             "ios_attachments": {"id1": "https://example.com/a.jpg"}, "buttons": [{"id": "buy", "text": "Buy"}],
             "ios_badgeType": "Increase", "ios_badgeCount": 1, "ios_sound": "chime.caf", "thread_id": "sales",
             "collapse_id": "sale-1", "ttl": 3600, "ios_interruption_level": "time_sensitive",
             "ios_relevance_score": 0.5, "idempotency_key": "3f1c", "send_after": "2027-01-15T09:00:00Z"}
            """),
        sample("onesignal", """
            {"app_id": "app", "included_segments": ["Active Users"], "contents": {"en": "Back soon"},
             "ios_badgeType": "SetTo", "ios_badgeCount": 3, "priority": 5, "delayed_option": "timezone",
             "send_after": "2027-01-15 09:00:00"}
            """),
        sample("onesignal", """
            {"app_id": "app", "include_ios_tokens": ["a1b2"], "content_available": true, "data": {"sync": "1"}}
            """),
        sample("braze", """
            {"external_user_ids": ["user-1"], "send_id": "send-7",
             "messages": {"apple_push": {"alert": {"title": "Hi", "body": "There"}, "badge": 2, "sound": "default",
               "extra": {"order": "17"}, "custom_uri": "https://example.com/o/17", "asset_url": "https://example.com/p.png",
               "asset_file_type": "png", "category": "ab_cat_yes_no",
               "buttons": [{"action_id": "ab_pb_yes", "action": "OPEN_APP"}, {"action_id": "ab_pb_no", "action": "CLOSE"}],
               "collapse_id": "c1", "expiry": "2027-02-01T00:00:00Z", "apns_priority": 10,
               "interruption_level": "passive", "relevance_score": 0.2, "notification_group_thread_id": "t1"}}}
            """),
        sample("braze", """
            {"segment_id": "seg-1", "schedule": {"time": "2027-03-01T10:00:00Z", "in_local_time": true},
             "messages": {"apple_push": {"alert": "Local", "custom_uri": "myapp://home", "use_webview": false}}}
            """, path: "/messages/schedule/create"),
        sample("apns", """
            {"aps": {"alert": {"title": "Game", "subtitle": "Score", "body": "2-1"}, "badge": 9, "sound": "goal.caf",
             "thread-id": "match-3", "category": "SCORE", "interruption-level": "active", "relevance-score": 1},
             "matchId": "3", "teams": ["a", "b"]}
            """, path: "/3/device/00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0",
            headers: ["apns-push-type": "alert", "apns-priority": "10", "apns-expiration": "1900000000",
                      "apns-collapse-id": "match-3", "apns-topic": "com.example.app"]),
        sample("apns", """
            {"aps": {"content-available": 1}, "refresh": "inbox"}
            """, headers: ["apns-push-type": "background", "apns-priority": "5", "apns-expiration": "0"]),
        sample("airship", """
            {"audience": {"or": [{"named_user": "user-1"}, {"named_user": "user-2"}]}, "device_types": ["ios"],
             "notification": {"alert": "fallback", "actions": {"open": {"type": "url", "content": "https://example.com/x"}},
               "ios": {"alert": {"title": "Deal", "body": "Ends soon"}, "subtitle": "Today", "badge": "+2", "sound": "a.caf",
                       "media_attachment": {"url": "https://example.com/m.jpg"}, "extra": {"id": "9"},
                       "interactive": {"type": "ua_yes_no_foreground", "button_actions": {"yes": {"open": {"type": "deep_link", "content": "app://yes"}}}},
                       "collapse_id": "deal", "thread_id": "deals", "priority": 10, "expiry": 3600,
                       "interruption_level": "passive", "relevance_score": 0.3}},
             "localizations": [{"language": "de", "notification": {"alert": "Angebot"}}]}
            """),
        sample("airship", """
            {"name": "later", "schedule": {"local_scheduled_time": "2027-05-01T08:30:00"},
             "push": {"audience": {"tag": "vip"}, "device_types": "all",
                      "notification": {"ios": {"alert": "Morning", "badge": 0, "actions": {"open": {"type": "deep_link", "content": "app://today"}}}}}}
            """, path: "/api/schedules"),
        sample("fcm", """
            {"message": {"topic": "scores", "notification": {"title": "Goal", "body": "2-1"},
             "data": {"match": "3"},
             "apns": {"headers": {"apns-priority": "10", "apns-collapse-id": "m3", "apns-expiration": "1900000000"},
                      "payload": {"aps": {"badge": 5, "sound": "goal.caf", "thread-id": "m3", "interruption-level": "active",
                                          "alert": {"subtitle": "Second half"}}, "lineup": {"home": ["a"]}},
                      "fcm_options": {"image": "https://example.com/goal.jpg"}}}}
            """),
        sample("fcm", """
            {"message": {"token": "fcm-token-1", "data": {"refresh": "1"},
             "apns": {"headers": {"apns-priority": "5", "apns-push-type": "background"},
                      "payload": {"aps": {"content-available": 1}}}}}
            """),
        sample("klaviyo", """
            {"data": {"type": "campaign", "attributes": {"name": "Deals",
                "audiences": {"included": ["Y6nRLr"], "excluded": ["UTd5ui"]},
                "send_strategy": {"method": "static", "datetime": "2027-01-15T09:00:00", "options": {"is_local": true}},
                "campaign-messages": {"data": [{"type": "campaign-message", "attributes": {"definition": {
                  "channel": "mobile_push", "notification_type": "standard",
                  "content": {"title": "Deal", "body": "Ends soon", "dynamic_image": "https://example.com/m.jpg",
                    "action_buttons": [{"label": "Shop", "action_type": "deep_link", "url": "app://deals", "position": 0},
                                       {"label": "Later", "action_type": "open_app", "position": 1},
                                       {"label": "Web", "action_type": "open_url", "url": "https://example.com", "position": 2}]},
                  "kv_pairs": {"deal": "9", "count": 2},
                  "options": {"on_open": {"type": "open_web_url", "web_url": "https://example.com/deals"},
                    "badge": {"display": true, "badge_options": {"badge_config": "set_count", "value": "4"}},
                    "play_sound": true}}}}]}}}}
            """),
    ]
}
