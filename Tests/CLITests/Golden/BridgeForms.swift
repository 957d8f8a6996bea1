/// Golden outputs: the exact bytes `bridge-cli normalize` prints for the example payloads (without the final
/// newline). Kept as Swift literals, not resource files, so the test target needs no resources; long lines are
/// joined with `\#` continuations. Checked by hand against WIRE-FORMATS §3.1 and §4 (canonical JSON: sorted keys, no
/// insignificant whitespace, `/` not escaped, absent fields omitted).
enum Golden {
    /// `bridge-cli normalize examples/payloads/zixflow-custom.json`.
    static let zixflowCustomBridgeForm = #"""
{"alert":{"body":"Limited time only — grab your deal now!","title":"Flash Sale! 70% OFF 🔥"},\#
"badge":5,"buttons":[{"deepLink":"https://yourapp.com/sale","destructive":false,"foreground":true,\#
"id":"ACTION_0","input":false,"title":"Shop Now"},{"destructive":false,"foreground":true,\#
"id":"ACTION_1","input":false,"title":"Remind Me"}],"category":"ZX_2BTN","contentAvailable":false,\#
"data":{"notif_id":"626533406292836846","template_id":"469935",\#
"workspace_id":"68be4f797a6494676161e98b"},"deepLink":"https://yourapp.com/sale",\#
"ignored":{"large_icon_url":"https://cdn.yourapp.com/icon.png"},\#
"imageURL":"https://cdn.yourapp.com/banner.png","messageId":"626533406292836846",\#
"mutableContent":true,"sound":"notification_tone.caf",\#
"tracking":{"Zixflow-Delivery-ID":"626533406292836846",\#
"Zixflow-Delivery-Token":"dcFRlDhiRbehM1vg..."},"vendor":"zixflow"}
"""#

    /// `bridge-cli normalize examples/payloads/zixflow-native.json`.
    static let zixflowNativeBridgeForm = #"""
{"alert":{"body":"Limited time only — grab your deal now!","title":"Flash Sale! 70% OFF 🔥"},\#
"badge":5,"buttons":[{"deepLink":"https://yourapp.com/sale","destructive":false,"foreground":true,\#
"id":"ACTION_0","input":false,"title":"Shop Now"},{"destructive":false,"foreground":true,\#
"id":"ACTION_1","input":false,"title":"Remind Me"}],"category":"ZX_2BTN","contentAvailable":false,\#
"data":{"notif_id":"626533406292836846","template_id":"469935",\#
"workspace_id":"68be4f797a6494676161e98b"},"deepLink":"https://yourapp.com/sale",\#
"messageId":"626533406292836846","mutableContent":false,"sound":"notification_tone.caf",\#
"threadId":"626533406292836846","tracking":{"Zixflow-Delivery-ID":"626533406292836846",\#
"Zixflow-Delivery-Token":"dcFRlDhiRbehM1vg..."},"vendor":"zixflow"}
"""#
}
