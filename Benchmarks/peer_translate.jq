# The jq peer: the same key mapping as `bridge-cli translate --jsonl`, for the corpus of generate_corpus.py.
#
# Usage: jq -n -c -S --arg dir FROM-TO --arg hash memo|none -f peer_translate.jq FILE
#   dir:  zixflow-buzzkit | buzzkit-appdna | appdna-pushnotifai | pushnotifai-zixflow | onesignal-braze |
#         braze-onesignal | airship-customerio | fcm-braze (the real vendors' directions derive no category)
#   hash: memo  derives the BuzzKit/AppDNA category (64-bit FNV-1a, in jq arithmetic on 8-bit limbs,
#               memoised per button set): the output is byte-for-byte bridge-cli's, which run.sh checks;
#         none  leaves the derived category out: key mapping only, the cheapest jq can do.
# -S sorts keys as bridge-cli does (code point order). jq 1.6 compatible (no bitwise operators).

# ---- 64-bit FNV-1a over UTF-8, as 16 lowercase hex digits ----
def xor8($a; $b):
  reduce range(8) as $i ([$a, $b, 0, 1];
    [(.[0] / 2 | floor), (.[1] / 2 | floor),
     (.[2] + (if (.[0] % 2) != (.[1] % 2) then .[3] else 0 end)), (.[3] * 2)])
  | .[2];

def utf8bytes:
  explode | map(
    if . < 128 then .
    elif . < 2048 then (192 + (. / 64 | floor)), (128 + . % 64)
    elif . < 65536 then (224 + (. / 4096 | floor)), (128 + (. / 64 | floor) % 64), (128 + . % 64)
    else (240 + (. / 262144 | floor)), (128 + (. / 4096 | floor) % 64), (128 + (. / 64 | floor) % 64),
         (128 + . % 64)
    end);

# h: 8 limbs of 8 bits, least significant first. h * 0x100000001b3 = h * 0x1b3 + (h << 40).
def fnv_step($byte):
  (.[0] = xor8(.[0]; $byte)) as $x
  | reduce range(8) as $k ({out: [], carry: 0};
      ($x[$k] * 435 + (if $k >= 5 then $x[$k - 5] else 0 end) + .carry) as $y
      | .out += [$y % 256] | .carry = ($y / 256 | floor))
  | .out;

def fnv1a64hex:
  reduce (utf8bytes[]) as $b ([37, 35, 34, 132, 228, 156, 242, 203]; fnv_step($b))
  | reverse | map("0123456789abcdef"[(. / 16 | floor):(. / 16 | floor) + 1] + "0123456789abcdef"[. % 16:. % 16 + 1])
  | join("");

# ---- shared ----
def flag: if . then "1" else "0" end;

# A category to derive later: {"$fnv": buttonSetKey, prefix}.
def derive($prefix; $key): {"$fnv": $key, prefix: $prefix};

# ---- directions (written the way a jq user would: del() and direct paths, no per-key loops) ----
def zixflow_to_buzzkit:
  . as $p
  | (.aps["mutable-content"] == 1 and (has("title") or has("body"))) as $custom
  | (if has("action_buttons") then .action_buttons | fromjson | .[0:2] else [] end) as $buttons
  | [range(0; $buttons | length) as $i | {id: "ACTION_\($i)", title: ($buttons[$i].name // ""), foreground: true}]
    as $actions
  | (del(.aps, .["Zixflow-Delivery-ID"], .["Zixflow-Delivery-Token"], .image_url, .deeplink_url, .click_action,
         .action_buttons, .large_icon_url, .sticky)
     | if $custom then del(.title, .body, .badge) else . end) as $data
  | {messageId: .["Zixflow-Delivery-ID"]}
  | if ($p.deeplink_url // "") != "" then .deepLink = $p.deeplink_url else . end
  | if ($p.click_action // "") != "" then .action = {name: $p.click_action} else . end
  | if $actions != [] then .actions = $actions else . end
  | if $p | has("image_url") then .image = $p.image_url else . end
  | if $data != {} then .data = $data else . end
  | {buzzkit: ., aps: ($p.aps
      | if .category == "ZX_2BTN" then del(.category) else . end
      | if $custom then
          (if $p | has("title") then .alert.title = $p.title else . end)
          | (if $p | has("body") then .alert.body = $p.body else . end)
          | (if $p | has("badge") then .badge = ($p.badge | tonumber) else . end)
        else . end
      | if $actions != [] and (has("category") | not) then
          .category = derive("buzzkit."; [$actions[] | "\(.id)\u001f\(.title)\u001f0\u001f1\u001f0\u001f"] | join("\u001e"))
        else . end
      | if ($p | has("image_url")) or $actions != [] then .["mutable-content"] = 1 else . end)};

def appdna_foreground:
  if .type == "dismiss" then false
  elif .type == "text_reply" then (.foreground // false)
  elif has("foreground") then .foreground
  else true end;

def buzzkit_to_appdna:
  .buzzkit as $bz
  | ($bz.deepLink // "") as $link
  | [($bz.actions // [])[0:4][] | (.foreground // false) as $fg
      | if .input then
          {id, title, type: "text_reply", foreground: $fg} + (if has("placeholder") then {value: .placeholder} else {} end)
        elif $link != "" and $fg and (.destructive | not) then
          {id, title, type: "deep_link", value: $link, foreground: $fg}
        elif .destructive then {id, title, type: "dismiss"}
        else {id, title, foreground: $fg} end] as $actions
  | {appdna: ({push_id: $bz.messageId}
      | if $link != "" then .action = {type: "deep_link", value: $link}
        elif $bz.action.name == "show_screen" and ($bz.action.data.screen // "") != "" then
          .action = {type: "show_screen", value: $bz.action.data.screen}
        else . end
      | if $actions != [] then .actions = $actions else . end
      | if ($bz.image // "") != "" then .image_url = $bz.image else . end
      | if ($bz.data // {}) != {} then .data = $bz.data else . end),
     aps: (.aps
      | if (.category // "") | startswith("buzzkit.") then del(.category) else . end
      | if $actions != [] then
          .category = derive("appdna_"; [$actions[]
            | "\(.id)\u001f\(.title)\u001f\(.type // "")\u001f\(.value // "")\u001f\(appdna_foreground | flag)"]
            | join("\u001e"))
        else . end
      | if ($bz.image // "") != "" or $actions != [] then .["mutable-content"] = 1 else . end)};

def appdna_to_pushnotifai:
  .appdna as $ad
  | ($ad.data // {} | del(.aps, .pna_message_id, .deep_link))
  + {aps: (.aps | .category = "pushnotifai"), pna_message_id: $ad.push_id}
  + (if ($ad.action.type == "deep_link" or $ad.action.type == "open_url") and ($ad.action.value // "") != "" then
       {deep_link: $ad.action.value}
     else {} end);

def pushnotifai_to_zixflow:
  . as $p
  | del(.pna_message_id, .deep_link, .["Zixflow-Delivery-ID"], .["Zixflow-Delivery-Token"], .image_url, .deeplink_url,
        .click_action, .action_buttons, .large_icon_url, .sticky)
  | if .aps["mutable-content"] == 1 then del(.title, .body) else . end
  | .aps |= (if .category == "pushnotifai" then del(.category) else . end)
  | .["Zixflow-Delivery-ID"] = $p.pna_message_id
  | if $p | has("deep_link") then .deeplink_url = $p.deep_link else . end;

# Braze's ab.att.type for another vendor's image: the lowercase extension (1 to 5 ASCII letters or digits) of
# the URL's last path segment, before any query or fragment; else null.
def file_extension:
  split("?")[0] | split("#")[0]
  | if index("/") == null then null
    else split("/") | last
      | if index(".") == null then null
        else split(".") | last | ascii_downcase | if test("^[a-z0-9]{1,5}$") then . else null end end end;

# OneSignal (custom or os_data format) -> Braze: no category is derived, so both hash modes give the same output.
def onesignal_to_braze:
  (if (.os_data | type) == "object" then {f: .os_data, b: .os_data.buttons, att: .os_data.att, data: del(.aps, .os_data)}
   else {f: .custom, b: .buttons, att: .att, data: (.custom.a // {})} end) as $s
  | (($s.att // {}) != {}) as $image
  | ((.aps // {})
      | if (.category // "") | startswith("__onesignal__dynamic__") then del(.category) else . end
      | if (.alert | type) == "string" then .alert = {body: .alert} else . end
      | if $image then .["mutable-content"] = 1 else . end) as $aps
  | ({}
      | if $image then
          ($s.att | to_entries[0].value) as $url
          | .att = {url: $url} + (($url | file_extension) as $t | if $t then {type: $t} else {} end)
        else . end
      | if ($s.b // []) != [] and ($aps | has("category")) then
          .ab_cat = (($s.f.u // "") as $link
            | reduce $s.b[] as $b ({}; .[$b.i // $b.n] =
                (if $link != "" then {a_t: "ab_uri", a_uri: $link} else {a_t: "ab_open"} end)))
        else . end) as $ab
  | $s.data | del(.aps, .ab, .ab_uri, .ab_use_webview)
  | if $s.f | has("u") then .ab_uri = $s.f.u else . end
  | .ab = (if $ab == {} then {c: null} else $ab end)
  | .aps = $aps;

# Braze -> OneSignal's custom format: a default category's buttons with their titles; no `ab_cat_…` category carried.
def braze_to_onesignal:
  (.aps.category // "") as $category
  | ({ab_cat_accept_decline: [{i: "ab_pb_accept", n: "Accept"}, {i: "ab_pb_decline", n: "Decline"}],
      ab_cat_yes_no: [{i: "ab_pb_yes", n: "Yes"}, {i: "ab_pb_no", n: "No"}],
      ab_cat_confirm_cancel: [{i: "ab_pb_confirm", n: "Confirm"}, {i: "ab_pb_cancel", n: "Cancel"}],
      ab_cat_more: [{i: "ab_pb_more", n: "More"}]}[$category] // null) as $buttons
  | (.ab.att.url // null) as $image
  | (del(.aps, .ab, .ab_uri, .ab_use_webview)) as $data
  | {aps: (.aps
      | if $category | startswith("ab_cat_") then del(.category) else . end
      | if $image != null or $buttons != null then .["mutable-content"] = 1 else . end),
     custom: ((if $data != {} then {a: $data} else {} end) + (if has("ab_uri") then {u: .ab_uri} else {} end))}
  | if $image != null then .att = {id: $image} else . end
  | if $buttons != null then .buttons = $buttons else . end;

# Airship -> Customer.io: link and image in CIO.push; the attachment's `content` replaces the alert's text.
def airship_to_customerio:
  .["com.urbanairship.media_attachment"] as $media
  | ((if has("^d") then {link: .["^d"]} else {} end) + (if $media then {image: $media.url[0]} else {} end)) as $push
  | .aps |= ((if (.category // "") | startswith("ua_") then del(.category) else . end)
             | if $media then .["mutable-content"] = 1 | .alert += ($media.content // {}) else . end)
  | del(.["_"], .["com.urbanairship.metadata"], .["^d"], .["com.urbanairship.media_attachment"],
        .["com.urbanairship.interactive_actions"], .["^+t"])
  | if $push != {} then .CIO = {push: $push} else . end;

# FCM -> Braze: FCM's own keys dropped, the link in ab_uri, the image in ab.att, else the marker {"c": null}.
def fcm_to_braze:
  (.fcm_options.image // null) as $image
  | (if has("gcm.app_link") then {ab_uri: .["gcm.app_link"]} else {} end) as $link
  | with_entries(select(.key | (startswith("gcm.") or startswith("google.") or . == "fcm_options") | not))
  | . + $link
  | if $image != null then
      .ab = {att: ({url: $image} + (($image | file_extension) as $t | if $t then {type: $t} else {} end))}
      | .aps["mutable-content"] = 1
    else .ab = {c: null} end;

def translate:
  if $dir == "zixflow-buzzkit" then zixflow_to_buzzkit
  elif $dir == "buzzkit-appdna" then buzzkit_to_appdna
  elif $dir == "appdna-pushnotifai" then appdna_to_pushnotifai
  elif $dir == "pushnotifai-zixflow" then pushnotifai_to_zixflow
  elif $dir == "onesignal-braze" then onesignal_to_braze
  elif $dir == "braze-onesignal" then braze_to_onesignal
  elif $dir == "airship-customerio" then airship_to_customerio
  elif $dir == "fcm-braze" then fcm_to_braze
  else error("unknown --arg dir \($dir)") end;

if $hash == "memo" then
  foreach inputs as $p ({cache: {}, out: null};
    ($p | translate) as $o
    | if ($o.aps.category | type) == "object" then
        $o.aps.category as $r
        | (.cache[$r["$fnv"]] // ($r["$fnv"] | fnv1a64hex)) as $h
        | .cache[$r["$fnv"]] = $h
        | .out = ($o | .aps.category = $r.prefix + $h)
      else .out = $o end;
    .out)
else
  inputs | translate | if (.aps.category | type) == "object" then .aps |= del(.category) else . end
end
