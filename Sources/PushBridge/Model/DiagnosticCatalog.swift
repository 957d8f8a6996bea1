/// A stable, machine-readable diagnostic code (`Diagnostic.code`), such as `badge-not-integer`.
///
/// PushBridge writes every code it emits through one of these static members, each listed with its severity
/// and meaning in ``DiagnosticCatalog/entries``, so a misspelt code does not compile. An adapter outside
/// PushBridge may use codes of its own (`Diagnostic.init(_:code:path:message:)` takes a `String` too).
public struct DiagnosticCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code as a diagnostic writes it (`unknown-key`).
    public let rawValue: String

    /// The code `rawValue`, catalogued or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}

/// Every diagnostic code PushBridge emits, with the severities it is emitted at and a one-line meaning: the
/// source of `docs/DIAGNOSTICS.md` (`bridge-cli diagnostics --markdown`).
public enum DiagnosticCatalog {
    /// One catalogued code.
    public struct Entry: Sendable, Hashable {
        /// The code.
        public let code: DiagnosticCode
        /// The severities it is emitted at, least severe first (some vendors or steps rate it higher).
        public let severities: [Diagnostic.Severity]
        /// What it means, in one sentence.
        public let meaning: String

        /// An entry for `code`.
        public init(_ code: DiagnosticCode, _ severities: [Diagnostic.Severity], _ meaning: String) {
            self.code = code
            self.severities = severities
            self.meaning = meaning
        }
    }

    /// The catalogue, in code order.
    public static let entries: [Entry] = [
        Entry(.actionButtonsMalformed, [.warning],
              "A vendor's button list is not the shape its SDK reads, so it shows no buttons; kept as sent."),
        Entry(.actionLinkMissing, [.warning],
              "An Iterable openUrl action has no link, so it does nothing; kept under `ignored`."),
        Entry(.actionNameEmpty, [.warning],
              "A BuzzKit action's name is empty, so no handler can take it."),
        Entry(.actionNameMissing, [.warning],
              "A BuzzKit action has no name, so it cannot run; kept as sent."),
        Entry(.actionTypeMissing, [.warning],
              "An action has no type, so a tap on it does nothing; kept under `ignored`."),
        Entry(.actionTypeNotForMessage, [.warning],
              "An AppDNA body action has a button-only type, so a body tap routes nothing; kept under `ignored`."),
        Entry(.actionUnhandled, [.warning],
              "The bridge was asked to run a named action for which no handler is registered."),
        Entry(.actionValueEmpty, [.warning],
              "An AppDNA action's value is empty, so it routes nothing; kept under `ignored`."),
        Entry(.actionValueMissing, [.warning],
              "An AppDNA action has no value, so it routes nothing; kept under `ignored`."),
        Entry(.alertMissing, [.error],
              "The validator found no `aps.alert` in a push that is not a background push: iOS shows nothing."),
        Entry(.ambiguousVendor, [.warning],
              "More than one adapter claims a push the coordinator was given; it is left to the app."),
        Entry(.analyticsFlagNotString, [.warning],
              "FCM's analytics flag is not the string \"1\", so FirebaseMessaging logs no analytics; kept aside."),
        Entry(.appDNAMissing, [.warning],
              "There is no `appdna` object: not an AppDNA push, and no receipt will be sent."),
        Entry(.apsFlagNot0Or1, [.warning],
              "`aps.mutable-content` or `aps.content-available` is not 0 or 1; APNs reads only the number 1."),
        Entry(.apsMissing, [.info, .error],
              "There is no `aps` dictionary (an info note when decoding; an error when validating a push for APNs)."),
        Entry(.apsNotObject, [.warning],
              "`aps` is not an object; it is kept under `ignored`."),
        Entry(.attachmentEmpty, [.info],
              "OneSignal's first attachment is empty, so no image is shown."),
        Entry(.attachmentNotURL, [.info],
              "OneSignal's first attachment is not an http(s) URL; the extension looks for it in the app's bundle."),
        Entry(.attachmentRejected, [.warning],
              "The service extension refused the downloaded media (an HTTP error, a type iOS cannot attach, too large): the notification is shown without it."),
        Entry(.attachmentTypeMissing, [.warning],
              "Braze's `ab.att` has a URL but no type; Braze's service extension needs both to attach it."),
        Entry(.attachmentURLMissing, [.warning],
              "An Airship media attachment has neither `urls` nor `url`, so no image is shown."),
        Entry(.attachmentsKept, [.info],
              "OneSignal's attachments (their ids, or more than one) are kept under `ignored`; the first is the image."),
        Entry(.badgeIncrement, [.info],
              "OneSignal's `badge_inc` has no bridge field; kept under `ignored`."),
        Entry(.badgeNotInteger, [.warning],
              "The badge is not an integer, so no badge is set; kept as sent."),
        Entry(.badgeNotString, [.info],
              "A Zixflow badge is a number where Zixflow sends a string."),
        Entry(.brazeInternal, [.info],
              "A top-level key marks one of Braze's internal pushes; kept in `data`."),
        Entry(.brazeObjectEmpty, [.warning],
              "Braze's `ab` object is empty, so the Braze SDK does not handle the push."),
        Entry(.buttonActionTypeUnknown, [.warning],
              "A Braze button's click action type is not one PushBridge knows; the button follows its URI."),
        Entry(.buttonActionsWithoutCategory, [.warning],
              "Airship's `interactive_actions` arrive without `aps.category`: iOS shows no buttons, so they never run."),
        Entry(.buttonDropped, [.warning],
              "An Iterable button has no string identifier or title, so the SDK drops it; kept under `ignored`."),
        Entry(.buttonIDEmpty, [.warning],
              "A BuzzKit button's id is empty."),
        Entry(.buttonIDMissing, [.warning],
              "A button has no id, so it is not shown; kept as sent."),
        Entry(.buttonNotInCategory, [.warning],
              "A button names an action the push's category does not have: iOS never shows it or reports its tap."),
        Entry(.buttonSkipped, [.warning],
              "A Klaviyo button lacks what the SDK needs, so the SDK skips it; kept under `ignored`."),
        Entry(.buttonTitleEmpty, [.warning],
              "A BuzzKit button's title is empty: it shows as a blank button."),
        Entry(.buttonTitleMissing, [.warning],
              "A button has no title (OneSignal's SDK drops such a button; kept under `ignored`)."),
        Entry(.buttonTitlesUnknown, [.info],
              "Button titles come from a category the app registers, not from the payload; they are left empty."),
        Entry(.buttonTypeUnknown, [.warning],
              "An Iterable button type is not default, destructive or textInput; it is shown as a default button."),
        Entry(.buttonValueUnused, [.info],
              "An AppDNA button with no type, or a dismiss button, has a value it has no use for; kept under `ignored`."),
        Entry(.buttonsBesideCategory, [.warning],
              "Klaviyo buttons arrive with `aps.category` set, so Klaviyo's extension does not register them."),
        Entry(.buttonsHiddenByCategory, [.info, .warning],
              "Vendor buttons arrive with `aps.category` set, so the app's category decides which buttons show."),
        Entry(.buttonsWithoutCategory, [.warning],
              "Braze's `ab.ab_cat` describes buttons but there is no `aps.category`: iOS shows none."),
        Entry(.carrierKeys, [.info],
              "Another vendor delivered the push: its keys are kept aside, not read as this vendor's, not translated."),
        Entry(.categoryConflict, [.warning],
              "Two providers need the same category id; the first registration is kept."),
        Entry(.categoryDerived, [.info],
              "Iterable's `aps.category` is the one its extension derives from the message id; kept under `ignored`."),
        Entry(.categoryDropped, [.info],
              "A provider keeps a bounded number of categories registered; one over the limit was dropped."),
        Entry(.categoryIDCollision, [.warning],
              "An adapter derives one category id for two button sets (a hash collision); the first is kept."),
        Entry(.categoryMismatch, [.warning],
              "`aps.category` is not the category the vendor derives for these buttons: iOS may show the wrong ones."),
        Entry(.categoryNotPushNotifAI, [.warning],
              "`aps.category` is not PushNotifAI's category, so iOS will not report a swipe-away."),
        Entry(.categoryOwnedByApp, [.warning],
              "The app registers a category id itself; the adapter's category of that id is not registered."),
        Entry(.categoryToRegister, [.info],
              "A translation names an app category (`translate --category`): the app must register it with these buttons."),
        Entry(.categoryUnknown, [.info],
              "A notification on screen uses a category no seen push defines yet; it is registered when one is seen."),
        Entry(.claimedByMessageID, [.info],
              "Another adapter also claims the push; this one claims it by its message id and wins."),
        Entry(.collapseIdTooLong, [.error],
              "A send request's collapse id is longer than its vendor accepts (64 bytes for APNs and Airship, 64 characters for OneSignal)."),
        Entry(.contentAvailableSpelledOut, [.info],
              "`aps.content-available` is set by a value other than the number 1 that is read as set; kept as sent."),
        Entry(.contentCardSync, [.info],
              "Braze's `ab.ab_cd` asks the SDK to sync Content Cards; kept in `tracking`."),
        Entry(.contentOverride, [.info],
              "Airship's extension shows this title, subtitle and body instead of `aps.alert`; kept aside."),
        Entry(.contextualMessage, [.info],
              "An FCM key of a contextual message (a local notification PushBridge does not schedule); kept aside."),
        Entry(.customDataNotString, [.warning],
              "PushNotifAI custom data is not a string, which PushNotifAI sends; kept as sent."),
        Entry(.customTextWins, [.info],
              "In Zixflow's custom mode a top-level title or body replaces the one in `aps.alert`."),
        Entry(.dataKeyRepeated, [.warning],
              "A Klaviyo key is also in `key_value_pairs`, which holds the custom data; this one is kept aside."),
        Entry(.deepLinkEmpty, [.info],
              "The deep link is empty: a tap opens no link."),
        Entry(.deepLinkInvalid, [.warning],
              "The deep link is not an absolute URL, so a tap opens nothing."),
        Entry(.deepLinkRefused, [.warning],
              "The link gate refuses a BuzzKit deep link; it opens only if the app's delegate or closure takes it."),
        Entry(.delegateMethodsInjected, [.warning],
              "Another SDK replaced the delegate methods of PushBridge's class and answers the system itself: iOS gets two answers and keeps the first."),
        Entry(.delegateReplaced, [.warning],
              "`UNUserNotificationCenter.delegate` was replaced after PushBridge was installed."),
        Entry(.delegateSlotKept, [.info],
              "Another SDK keeps `UNUserNotificationCenter.delegate` when PushBridge sets itself and passes the callbacks on; PushBridge leaves the slot to it."),
        Entry(.deliveryIDMissing, [.warning, .error],
              "There is no non-empty Zixflow delivery id, so no receipt is sent (an error when validating)."),
        Entry(.deliveryKeyMissing, [.warning],
              "A Customer.io delivery key is missing or empty: not a Customer.io push, and no receipt is sent."),
        Entry(.dismissActions, [.info],
              "Airship actions that the SDK runs when the push is dismissed; kept under `ignored`."),
        Entry(.dismissNeverForeground, [.info],
              "An AppDNA dismiss button never opens the app; its `foreground: true` is kept under `ignored`."),
        Entry(.duplicateButtonID, [.warning, .error],
              "Two buttons share an id (an error for BuzzKit, where iOS cannot tell them apart)."),
        Entry(.emptyImage, [.info],
              "Customer.io's `CIO.push.image` is empty, which the SDK reads as no image; kept under `ignored`."),
        Entry(.emptyLink, [.info],
              "Customer.io's `CIO.push.link` is empty, which the SDK reads as no link; kept under `ignored`."),
        Entry(.expiryInvalid, [.warning, .error],
              "A send request's expiry is not in its vendor's form or range, or is already past (a TTL written as an APNs epoch means 1970)."),
        Entry(.extensionOnly, [.info],
              "A Klaviyo key is read only by Klaviyo's service extension; kept under `ignored`."),
        Entry(.extraAttachments, [.info],
              "Airship attachments after the first, which the SDK attaches too; the bridge form holds one image."),
        Entry(.fcmOptionsKey, [.info],
              "An `fcm_options` member is not read by FirebaseMessaging on iOS; kept under `ignored`."),
        Entry(.fcmReservedKey, [.info],
              "A key FCM reserves for itself has no bridge field; kept under `ignored`."),
        Entry(.ghostDefaultAction, [.warning],
              "An Iterable ghost push's action is its `notificationType`; the default action is kept under `ignored` "
              + "(a tap still runs it)."),
        Entry(.ghostFieldInItbl, [.warning],
              "An Iterable ghost-push field is in `itbl`, not at the root where the SDK reads it; read from `itbl`."),
        Entry(.ghostFieldShadowed, [.info],
              "Iterable's root `notificationType` wins over the one in `itbl`; that one is kept under `ignored`."),
        Entry(.ignoredKey, [.info],
              "A top-level key has no BuzzKit meaning; kept under `ignored`."),
        Entry(.imageEmpty, [.info],
              "The image is empty, so no image is shown."),
        Entry(.imageNotHTTPS, [.warning],
              "A Customer.io image is not an https URL and may not be shown."),
        Entry(.imageURLEmpty, [.info],
              "AppDNA's `image_url` is empty, so no image is shown; kept under `ignored`."),
        Entry(.imageURLInvalid, [.warning],
              "The image URL is not an http(s) URL, so the service extension cannot download it."),
        Entry(.interruptionLevelInvalid, [.error],
              "A send request's interruption level is not a spelling its vendor accepts (OneSignal writes `time_sensitive`, the others `time-sensitive`)."),
        Entry(.iosNeverRunsStep, [.warning],
              "A simulated step iOS never produces for this push (the service extension without `mutable-content` 1 "
                  + "and an alert, a background arrival without `content-available` 1): nothing is run or recorded."),
        Entry(.itblJSONString, [.warning],
              "Iterable's `itbl` is a string: the iOS SDK reads only a dictionary and ignores the push; kept as sent."),
        Entry(.itblMissing, [.warning],
              "There is no `itbl` object: the Iterable SDK ignores the push."),
        Entry(.launchResponseRecovered, [.info],
              "The tap that launched the app never reached PushBridge's delegate; PushBridge handled it once from the launch options."),
        Entry(.launchURLInvalid, [.warning],
              "OneSignal's launch URL is not an absolute URL; it is rejected and nothing opens."),
        Entry(.legacyURLUnused, [.info],
              "Iterable's legacy `url` is read only when `itbl` has no default action; kept under `ignored`."),
        Entry(.linkGate, [.warning],
              "The vendor's link gate stopped a deep link: a scheme it does not allow, a user activity's link that is "
              + "not http(s), or no user-activity handler."),
        Entry(.linkNotOpened, [.warning],
              "The system could not open a deep link."),
        Entry(.linkRefused, [.warning],
              "An Iterable link is neither https nor an allowed protocol, or an FCM `gcm.app_link` is not http(s): "
              + "the SDK opens nothing."),
        Entry(.linkRejected, [.warning],
              "A deep link is not an absolute URL, or the link policy refused it; nothing was opened."),
        Entry(.markerMissing, [.warning],
              "There is no Klaviyo `body._k` marker, so Klaviyo's SDK does not treat the push as its own."),
        Entry(.messageIDEmpty, [.warning],
              "The vendor's message id is empty, so no receipt can be sent."),
        Entry(.messageIDMissing, [.warning, .error],
              "There is no non-empty message id, so no receipt can be sent (an error when validating OneSignal)."),
        Entry(.minifiedForm, [.info],
              "A OneSignal push in the minified form is read; encoding writes the standard form."),
        Entry(.mutableContentMissing, [.error],
              "The payload needs the service extension but has no `mutable-content: 1`, so the extension never runs."),
        Entry(.noBridgeField, [.info],
              "An Airship value has no bridge field; kept under `ignored`."),
        Entry(.noIOSMeaning, [.info],
              "A Zixflow key has no meaning on iOS; kept under `ignored`."),
        Entry(.notClaimed, [.info, .warning],
              "No adapter claims the push: it is left to the app (or its categories are not planned)."),
        Entry(.notGhostPush, [.warning],
              "Iterable's `notificationType` is read only for a ghost push; kept under `ignored`."),
        Entry(.notRead, [.info],
              "A OneSignal value its SDK does not read; kept under `ignored`."),
        Entry(.notTracked, [.warning],
              "Iterable tracking metadata is missing or marks a proof or test push, so no trackPushOpen is sent."),
        Entry(.notificationTypeUnknown, [.warning],
              "An Iterable ghost push's `notificationType` is not one the SDK syncs for."),
        Entry(.onceOnlyKeyDerived, [.info],
              "A push without a message id was simulated without `--request-id`: its once-only key rests on the "
                  + "identifier derived from the payload, so every send of the same payload counts as one push."),
        Entry(.outboxCorruptBytesDropped, [.warning],
              "Compaction dropped journal bytes that held no valid record; every valid record was kept."),
        Entry(.outboxDeadLetterFailed, [.error],
              "A receipt refused for good could not be set aside as a dead letter; it stays pending."),
        Entry(.outboxDeadLettersFull, [.error],
              "The dead-letter file reached its limit; a receipt refused for good stays pending."),
        Entry(.outboxFileTooLarge, [.error],
              "An outbox file is larger than the outbox reads; it was not read."),
        Entry(.outboxFlushBusy, [.info],
              "Another flush is sending the outbox; nothing was sent."),
        Entry(.outboxFlushFailed, [.error],
              "`bridge-cli simulate` could not flush its outbox."),
        Entry(.outboxFlushLeaseUnwritten, [.warning],
              "The flush lease could not be written, so the flush runs without it."),
        Entry(.outboxFlushStopped, [.info],
              "The flush was asked to stop; the remaining receipts stay for the next flush."),
        Entry(.outboxFlushTimeSpent, [.warning],
              "The flush used its time budget; the remaining receipts stay for the next flush."),
        Entry(.outboxFull, [.error],
              "The outbox or its journal is at its limit; nothing more was written."),
        Entry(.outboxIO, [.error],
              "A file operation on the outbox failed."),
        Entry(.outboxLedgerTrimmed, [.info],
              "The once-only ledger forgot its oldest receipt ids; a receipt recorded again is resent with its key."),
        Entry(.outboxReceiptTooLarge, [.error],
              "A receipt is larger than an outbox record may hold; it was not recorded."),
        Entry(.outboxStaleCompactionFile, [.warning],
              "A file left by an unfinished compaction could not be removed; compaction goes on through a new file."),
        Entry(.outboxTornRecord, [.warning],
              "The end of the journal held a record whose write never completed; every record before it is intact."),
        Entry(.outboxUnusable, [.error],
              "The outbox directory is missing or not a directory, or one of its files is not a regular file."),
        Entry(.payloadTooLarge, [.warning, .error],
              "The payload is larger than APNs accepts, or a send request's payload or part is over its vendor's budget (an error where the vendor rejects it, a warning where it advises)."),
        Entry(.priorityInvalid, [.error],
              "A send request's priority is outside its vendor's range (APNs 10, 5 or 1; Braze 1 to 10; Airship 5 or 10)."),
        Entry(.pushIDEmpty, [.warning],
              "AppDNA's `push_id` is empty: AppDNA does not claim the push and sends no receipt."),
        Entry(.pushIDMissing, [.warning],
              "AppDNA's `appdna` object has no `push_id`: AppDNA does not claim the push and sends no receipt."),
        Entry(.pushStory, [.info],
              "A Braze Push Story, whose pages Braze's content extension draws; kept in `tracking`."),
        Entry(.receiptAlreadyRecorded, [.info],
              "A receipt is in the outbox's once-only ledger already and is not recorded again."),
        Entry(.receiptDeadLettered, [.error],
              "A receipt was refused for good and kept in the dead-letter file."),
        Entry(.receiptNotRecorded, [.error],
              "A receipt could not be recorded."),
        Entry(.receiptOff, [.info],
              "A receipt was not sent: its vendor's receipts are off (`NotificationBridge.receiptsOff`, `simulate --receipts-off`)."),
        Entry(.receiptQueueFull, [.warning],
              "Without an app group receipts wait in memory; past the limit the oldest waiting receipt is dropped."),
        Entry(.receiverTimedOut, [.warning],
              "Another delegate or handler did not call its completion handler in time; PushBridge completed the callback without it."),
        Entry(.replyTextReplacesData, [.info],
              "AppDNA's typed reply text replaces `data.reply_text`; the sent value is kept under `ignored`."),
        Entry(.reservedKey, [.warning, .error],
              "A send request's custom data uses a key its vendor writes or its SDK reads at the root of the push (kept as sent, not the app's data), or one it rejects (an error: Braze `ab` and `aps` in `extra`)."),
        Entry(.secondAction, [.info],
              "Airship runs every action key; the bridge form holds the first, and the others are kept under `ignored`."),
        Entry(.secondDeepLink, [.info],
              "Airship runs a second deep-link action too; the bridge form holds the first, the other is kept aside."),
        Entry(.sendFieldMissing, [.error],
              "A send request lacks a field its vendor requires."),
        Entry(.sendIDEmpty, [.warning],
              "Airship's send id is empty: Airship's events report it as sent."),
        Entry(.sendIDMissing, [.warning],
              "There is no Airship send id `_`: Airship's events report a placeholder for the push."),
        Entry(.sendRequestMalformed, [.error],
              "A send request body is not a JSON object of its vendor's shape."),
        Entry(.sendTargetConflict, [.warning, .error],
              "A send request names no audience, or more targeting strategies than its vendor allows at once."),
        Entry(.sendValueInvalid, [.warning, .error],
              "A send request value is not one its vendor documents (an enum spelling, a range, a date it cannot read); kept as sent."),
        Entry(.soundWithoutExtension, [.warning],
              "The sound name has no .caf, .aiff or .wav extension, so iOS will not find it."),
        Entry(.tokenBlank, [.warning],
              "Customer.io does not register a blank device token."),
        Entry(.tokenEmpty, [.warning],
              "An empty APNs device token was ignored."),
        Entry(.tokenEnvironmentMissing, [.warning],
              "The vendor needs the APNs environment; the token is not registered."),
        Entry(.tokenRegistrationFailed, [.warning],
              "APNs registration failed; pushes cannot reach the device until it succeeds."),
        Entry(.tokenTopicMissing, [.warning],
              "The vendor needs the bundle id as the token's topic; the token is not registered."),
        Entry(.tooManyButtons, [.warning, .error],
              "More buttons than iOS or the vendor shows (an error for BuzzKit, which drops the extra buttons)."),
        Entry(.topLevelString, [.info],
              "A top-level Klaviyo string is custom data; encoding to Klaviyo writes it into `key_value_pairs`."),
        Entry(.trackingIncomplete, [.warning],
              "Iterable tracking metadata is missing or of the wrong type, so no trackPushOpen is sent."),
        Entry(.unclaimed, [.warning],
              "`validate`: no vendor claims the payload, so no SDK shows its buttons, records its receipts or routes its taps."),
        Entry(.unknownAction, [.warning],
              "An Airship action is not one Airship registers, so the SDK skips it; kept under `ignored`."),
        Entry(.unknownActionType, [.warning],
              "An AppDNA action or button type is unknown, so it routes nothing; kept under `ignored`."),
        Entry(.unknownKey, [.info, .warning],
              "A key the vendor's SDK does not read; kept under `ignored`."),
        Entry(.urlShadowed, [.info],
              "Airship's `urls` is present, so the SDK never reads `url`; kept under `ignored`."),
        Entry(.vendorObjectMissing, [.warning],
              "There is no `buzzkit` object: no message id, so no receipts."),
        Entry(.webViewDefault, [.warning],
              "A Braze link with no `use_webview` opens in Braze's in-app web view, which is the default; set it to false to open the link in the browser or the app."),
        Entry(.webViewFlag, [.info],
              "Braze's `ab_use_webview`: a tap offers `ab_uri` to the app's in-app web view (`via: webView`); kept in `ignored`."),
        Entry(.wrongType, [.warning],
              "A value is not of the type its field needs; kept as sent (in `ignored`, `data` or `apsExtra`)."),
    ]

    /// The entry for `code`, or nil when PushBridge does not emit it.
    public static func entry(for code: String) -> Entry? { entries.first { $0.code.rawValue == code } }

    /// `docs/DIAGNOSTICS.md`: what a diagnostic code is, then one table row per entry.
    public static var markdown: String {
        var text = markdownIntroduction
        text += "| Code | Severity | Meaning |\n| --- | --- | --- |\n"
        for entry in entries {
            let severities = entry.severities.map(\.rawValue).joined(separator: ", ")
            text += "| `\(entry.code.rawValue)` | \(severities) | \(entry.meaning) |\n"
        }
        return text
    }

    private static let markdownIntroduction = """
        # Diagnostics

        <!-- Generated from DiagnosticCatalog (Sources/PushBridge/Model/DiagnosticCatalog.swift) by \
        `bridge-cli diagnostics --markdown`; CI fails when this file differs. Edit the catalogue, not this file. -->

        Every diagnostic PushBridge emits (from decoding, validating, the bridge, the router, the outbox, the
        integration layer and `bridge-cli`) carries a `severity`, a stable `code`, a JSON `path` and a `message`
        a person can act on. Match on the code, never on the message. This page lists every code, the
        severities it is emitted at and what it means.

        - **info**: recorded for the record (an ignored key, a value kept elsewhere).
        - **warning**: the payload works, but not as its sender probably meant.
        - **error**: the payload breaks a rule (APNs' or the vendor's), or something could not be done.

        A code emitted at two severities is rated higher by one vendor or step than by another (the meaning
        says where when it matters). In Swift each code is a `DiagnosticCode` member
        (`DiagnosticCode.unknownKey`), and `DiagnosticCatalog.entries` is this table.

        Not listed here, because they are not diagnostic codes:

        - **Losses** (`Loss`, what a translation could not carry) have no code: a path, the value and a reason
          sentence.
        - **Conformance failures** are named by the check that failed (`law:deterministic-decode`,
          `law:translation-claimant:<target>`, `case-file`): they describe an adapter's conformance run, not a
          payload, and have their own closed list, `ConformanceCheck` in `PushBridgeConformance`. A conformance
          case's expected diagnostics use the codes below.
        - **Codes of adapters outside PushBridge**: an adapter of your own may emit codes of its own.


        """
}

extension Diagnostic {
    /// Creates a diagnostic with a catalogued code (``DiagnosticCode/unknownKey``).
    public init(_ severity: Severity, code: DiagnosticCode, path: String = JSONPath.root, message: String) {
        self.init(severity, code: code.rawValue, path: path, message: message)
    }

    /// `code` as a ``DiagnosticCode``, to compare with the catalogue's members.
    public var diagnosticCode: DiagnosticCode { DiagnosticCode(rawValue: code) }
}

extension DiagnosticCode {
    /// `action-buttons-malformed`.
    public static let actionButtonsMalformed = DiagnosticCode(rawValue: "action-buttons-malformed")
    /// `action-link-missing`.
    public static let actionLinkMissing = DiagnosticCode(rawValue: "action-link-missing")
    /// `action-name-empty`.
    public static let actionNameEmpty = DiagnosticCode(rawValue: "action-name-empty")
    /// `action-name-missing`.
    public static let actionNameMissing = DiagnosticCode(rawValue: "action-name-missing")
    /// `action-type-missing`.
    public static let actionTypeMissing = DiagnosticCode(rawValue: "action-type-missing")
    /// `action-type-not-for-message`.
    public static let actionTypeNotForMessage = DiagnosticCode(rawValue: "action-type-not-for-message")
    /// `action-unhandled`.
    public static let actionUnhandled = DiagnosticCode(rawValue: "action-unhandled")
    /// `action-value-empty`.
    public static let actionValueEmpty = DiagnosticCode(rawValue: "action-value-empty")
    /// `action-value-missing`.
    public static let actionValueMissing = DiagnosticCode(rawValue: "action-value-missing")
    /// `alert-missing`.
    public static let alertMissing = DiagnosticCode(rawValue: "alert-missing")
    /// `ambiguous-vendor`.
    public static let ambiguousVendor = DiagnosticCode(rawValue: "ambiguous-vendor")
    /// `analytics-flag-not-string`.
    public static let analyticsFlagNotString = DiagnosticCode(rawValue: "analytics-flag-not-string")
    /// `appdna-missing`.
    public static let appDNAMissing = DiagnosticCode(rawValue: "appdna-missing")
    /// `aps-flag-not-0-or-1`.
    public static let apsFlagNot0Or1 = DiagnosticCode(rawValue: "aps-flag-not-0-or-1")
    /// `aps-missing`.
    public static let apsMissing = DiagnosticCode(rawValue: "aps-missing")
    /// `aps-not-object`.
    public static let apsNotObject = DiagnosticCode(rawValue: "aps-not-object")
    /// `attachment-empty`.
    public static let attachmentEmpty = DiagnosticCode(rawValue: "attachment-empty")
    /// `attachment-not-url`.
    public static let attachmentNotURL = DiagnosticCode(rawValue: "attachment-not-url")
    /// `attachment-rejected`.
    public static let attachmentRejected = DiagnosticCode(rawValue: "attachment-rejected")
    /// `attachment-type-missing`.
    public static let attachmentTypeMissing = DiagnosticCode(rawValue: "attachment-type-missing")
    /// `attachment-url-missing`.
    public static let attachmentURLMissing = DiagnosticCode(rawValue: "attachment-url-missing")
    /// `attachments-kept`.
    public static let attachmentsKept = DiagnosticCode(rawValue: "attachments-kept")
    /// `badge-increment`.
    public static let badgeIncrement = DiagnosticCode(rawValue: "badge-increment")
    /// `badge-not-integer`.
    public static let badgeNotInteger = DiagnosticCode(rawValue: "badge-not-integer")
    /// `badge-not-string`.
    public static let badgeNotString = DiagnosticCode(rawValue: "badge-not-string")
    /// `braze-internal`.
    public static let brazeInternal = DiagnosticCode(rawValue: "braze-internal")
    /// `braze-object-empty`.
    public static let brazeObjectEmpty = DiagnosticCode(rawValue: "braze-object-empty")
    /// `button-action-type-unknown`.
    public static let buttonActionTypeUnknown = DiagnosticCode(rawValue: "button-action-type-unknown")
    /// `button-actions-without-category`.
    public static let buttonActionsWithoutCategory = DiagnosticCode(rawValue: "button-actions-without-category")
    /// `button-dropped`.
    public static let buttonDropped = DiagnosticCode(rawValue: "button-dropped")
    /// `button-id-empty`.
    public static let buttonIDEmpty = DiagnosticCode(rawValue: "button-id-empty")
    /// `button-id-missing`.
    public static let buttonIDMissing = DiagnosticCode(rawValue: "button-id-missing")
    /// `button-not-in-category`.
    public static let buttonNotInCategory = DiagnosticCode(rawValue: "button-not-in-category")
    /// `button-skipped`.
    public static let buttonSkipped = DiagnosticCode(rawValue: "button-skipped")
    /// `button-title-empty`.
    public static let buttonTitleEmpty = DiagnosticCode(rawValue: "button-title-empty")
    /// `button-title-missing`.
    public static let buttonTitleMissing = DiagnosticCode(rawValue: "button-title-missing")
    /// `button-titles-unknown`.
    public static let buttonTitlesUnknown = DiagnosticCode(rawValue: "button-titles-unknown")
    /// `button-type-unknown`.
    public static let buttonTypeUnknown = DiagnosticCode(rawValue: "button-type-unknown")
    /// `button-value-unused`.
    public static let buttonValueUnused = DiagnosticCode(rawValue: "button-value-unused")
    /// `buttons-beside-category`.
    public static let buttonsBesideCategory = DiagnosticCode(rawValue: "buttons-beside-category")
    /// `buttons-hidden-by-category`.
    public static let buttonsHiddenByCategory = DiagnosticCode(rawValue: "buttons-hidden-by-category")
    /// `buttons-without-category`.
    public static let buttonsWithoutCategory = DiagnosticCode(rawValue: "buttons-without-category")
    /// `carrier-keys`.
    public static let carrierKeys = DiagnosticCode(rawValue: "carrier-keys")
    /// `category-conflict`.
    public static let categoryConflict = DiagnosticCode(rawValue: "category-conflict")
    /// `category-derived`.
    public static let categoryDerived = DiagnosticCode(rawValue: "category-derived")
    /// `category-dropped`.
    public static let categoryDropped = DiagnosticCode(rawValue: "category-dropped")
    /// `category-id-collision`.
    public static let categoryIDCollision = DiagnosticCode(rawValue: "category-id-collision")
    /// `category-mismatch`.
    public static let categoryMismatch = DiagnosticCode(rawValue: "category-mismatch")
    /// `category-not-pushnotifai`.
    public static let categoryNotPushNotifAI = DiagnosticCode(rawValue: "category-not-pushnotifai")
    /// `category-owned-by-app`.
    public static let categoryOwnedByApp = DiagnosticCode(rawValue: "category-owned-by-app")
    /// `category-to-register`.
    public static let categoryToRegister = DiagnosticCode(rawValue: "category-to-register")
    /// `category-unknown`.
    public static let categoryUnknown = DiagnosticCode(rawValue: "category-unknown")
    /// `claimed-by-message-id`.
    public static let claimedByMessageID = DiagnosticCode(rawValue: "claimed-by-message-id")
    /// `collapse-id-too-long`.
    public static let collapseIdTooLong = DiagnosticCode(rawValue: "collapse-id-too-long")
    /// `content-available-spelled-out`.
    public static let contentAvailableSpelledOut = DiagnosticCode(rawValue: "content-available-spelled-out")
    /// `content-card-sync`.
    public static let contentCardSync = DiagnosticCode(rawValue: "content-card-sync")
    /// `content-override`.
    public static let contentOverride = DiagnosticCode(rawValue: "content-override")
    /// `contextual-message`.
    public static let contextualMessage = DiagnosticCode(rawValue: "contextual-message")
    /// `custom-data-not-string`.
    public static let customDataNotString = DiagnosticCode(rawValue: "custom-data-not-string")
    /// `custom-text-wins`.
    public static let customTextWins = DiagnosticCode(rawValue: "custom-text-wins")
    /// `data-key-repeated`.
    public static let dataKeyRepeated = DiagnosticCode(rawValue: "data-key-repeated")
    /// `deep-link-empty`.
    public static let deepLinkEmpty = DiagnosticCode(rawValue: "deep-link-empty")
    /// `deep-link-invalid`.
    public static let deepLinkInvalid = DiagnosticCode(rawValue: "deep-link-invalid")
    /// `deep-link-refused`.
    public static let deepLinkRefused = DiagnosticCode(rawValue: "deep-link-refused")
    /// `delegate-methods-injected`.
    public static let delegateMethodsInjected = DiagnosticCode(rawValue: "delegate-methods-injected")
    /// `delegate-replaced`.
    public static let delegateReplaced = DiagnosticCode(rawValue: "delegate-replaced")
    /// `delegate-slot-kept`.
    public static let delegateSlotKept = DiagnosticCode(rawValue: "delegate-slot-kept")
    /// `delivery-id-missing`.
    public static let deliveryIDMissing = DiagnosticCode(rawValue: "delivery-id-missing")
    /// `delivery-key-missing`.
    public static let deliveryKeyMissing = DiagnosticCode(rawValue: "delivery-key-missing")
    /// `dismiss-actions`.
    public static let dismissActions = DiagnosticCode(rawValue: "dismiss-actions")
    /// `dismiss-never-foreground`.
    public static let dismissNeverForeground = DiagnosticCode(rawValue: "dismiss-never-foreground")
    /// `duplicate-button-id`.
    public static let duplicateButtonID = DiagnosticCode(rawValue: "duplicate-button-id")
    /// `empty-image`.
    public static let emptyImage = DiagnosticCode(rawValue: "empty-image")
    /// `empty-link`.
    public static let emptyLink = DiagnosticCode(rawValue: "empty-link")
    /// `expiry-invalid`.
    public static let expiryInvalid = DiagnosticCode(rawValue: "expiry-invalid")
    /// `extension-only`.
    public static let extensionOnly = DiagnosticCode(rawValue: "extension-only")
    /// `extra-attachments`.
    public static let extraAttachments = DiagnosticCode(rawValue: "extra-attachments")
    /// `fcm-options-key`.
    public static let fcmOptionsKey = DiagnosticCode(rawValue: "fcm-options-key")
    /// `fcm-reserved-key`.
    public static let fcmReservedKey = DiagnosticCode(rawValue: "fcm-reserved-key")
    /// `ghost-default-action`.
    public static let ghostDefaultAction = DiagnosticCode(rawValue: "ghost-default-action")
    /// `ghost-field-in-itbl`.
    public static let ghostFieldInItbl = DiagnosticCode(rawValue: "ghost-field-in-itbl")
    /// `ghost-field-shadowed`.
    public static let ghostFieldShadowed = DiagnosticCode(rawValue: "ghost-field-shadowed")
    /// `ignored-key`.
    public static let ignoredKey = DiagnosticCode(rawValue: "ignored-key")
    /// `image-empty`.
    public static let imageEmpty = DiagnosticCode(rawValue: "image-empty")
    /// `image-not-https`.
    public static let imageNotHTTPS = DiagnosticCode(rawValue: "image-not-https")
    /// `image-url-empty`.
    public static let imageURLEmpty = DiagnosticCode(rawValue: "image-url-empty")
    /// `image-url-invalid`.
    public static let imageURLInvalid = DiagnosticCode(rawValue: "image-url-invalid")
    /// `interruption-level-invalid`.
    public static let interruptionLevelInvalid = DiagnosticCode(rawValue: "interruption-level-invalid")
    /// `ios-never-runs-step`.
    public static let iosNeverRunsStep = DiagnosticCode(rawValue: "ios-never-runs-step")
    /// `itbl-json-string`.
    public static let itblJSONString = DiagnosticCode(rawValue: "itbl-json-string")
    /// `itbl-missing`.
    public static let itblMissing = DiagnosticCode(rawValue: "itbl-missing")
    /// `launch-response-recovered`.
    public static let launchResponseRecovered = DiagnosticCode(rawValue: "launch-response-recovered")
    /// `launch-url-invalid`.
    public static let launchURLInvalid = DiagnosticCode(rawValue: "launch-url-invalid")
    /// `legacy-url-unused`.
    public static let legacyURLUnused = DiagnosticCode(rawValue: "legacy-url-unused")
    /// `link-gate`.
    public static let linkGate = DiagnosticCode(rawValue: "link-gate")
    /// `link-not-opened`.
    public static let linkNotOpened = DiagnosticCode(rawValue: "link-not-opened")
    /// `link-refused`.
    public static let linkRefused = DiagnosticCode(rawValue: "link-refused")
    /// `link-rejected`.
    public static let linkRejected = DiagnosticCode(rawValue: "link-rejected")
    /// `marker-missing`.
    public static let markerMissing = DiagnosticCode(rawValue: "marker-missing")
    /// `message-id-empty`.
    public static let messageIDEmpty = DiagnosticCode(rawValue: "message-id-empty")
    /// `message-id-missing`.
    public static let messageIDMissing = DiagnosticCode(rawValue: "message-id-missing")
    /// `minified-form`.
    public static let minifiedForm = DiagnosticCode(rawValue: "minified-form")
    /// `mutable-content-missing`.
    public static let mutableContentMissing = DiagnosticCode(rawValue: "mutable-content-missing")
    /// `no-bridge-field`.
    public static let noBridgeField = DiagnosticCode(rawValue: "no-bridge-field")
    /// `no-ios-meaning`.
    public static let noIOSMeaning = DiagnosticCode(rawValue: "no-ios-meaning")
    /// `not-claimed`.
    public static let notClaimed = DiagnosticCode(rawValue: "not-claimed")
    /// `not-ghost-push`.
    public static let notGhostPush = DiagnosticCode(rawValue: "not-ghost-push")
    /// `not-read`.
    public static let notRead = DiagnosticCode(rawValue: "not-read")
    /// `not-tracked`.
    public static let notTracked = DiagnosticCode(rawValue: "not-tracked")
    /// `notification-type-unknown`.
    public static let notificationTypeUnknown = DiagnosticCode(rawValue: "notification-type-unknown")
    /// `once-only-key-derived`.
    public static let onceOnlyKeyDerived = DiagnosticCode(rawValue: "once-only-key-derived")
    /// `outbox-corrupt-bytes-dropped`.
    public static let outboxCorruptBytesDropped = DiagnosticCode(rawValue: "outbox-corrupt-bytes-dropped")
    /// `outbox-dead-letter-failed`.
    public static let outboxDeadLetterFailed = DiagnosticCode(rawValue: "outbox-dead-letter-failed")
    /// `outbox-dead-letters-full`.
    public static let outboxDeadLettersFull = DiagnosticCode(rawValue: "outbox-dead-letters-full")
    /// `outbox-file-too-large`.
    public static let outboxFileTooLarge = DiagnosticCode(rawValue: "outbox-file-too-large")
    /// `outbox-flush-busy`.
    public static let outboxFlushBusy = DiagnosticCode(rawValue: "outbox-flush-busy")
    /// `outbox-flush-failed`.
    public static let outboxFlushFailed = DiagnosticCode(rawValue: "outbox-flush-failed")
    /// `outbox-flush-lease-unwritten`.
    public static let outboxFlushLeaseUnwritten = DiagnosticCode(rawValue: "outbox-flush-lease-unwritten")
    /// `outbox-flush-stopped`.
    public static let outboxFlushStopped = DiagnosticCode(rawValue: "outbox-flush-stopped")
    /// `outbox-flush-time-spent`.
    public static let outboxFlushTimeSpent = DiagnosticCode(rawValue: "outbox-flush-time-spent")
    /// `outbox-full`.
    public static let outboxFull = DiagnosticCode(rawValue: "outbox-full")
    /// `outbox-io`.
    public static let outboxIO = DiagnosticCode(rawValue: "outbox-io")
    /// `outbox-ledger-trimmed`.
    public static let outboxLedgerTrimmed = DiagnosticCode(rawValue: "outbox-ledger-trimmed")
    /// `outbox-receipt-too-large`.
    public static let outboxReceiptTooLarge = DiagnosticCode(rawValue: "outbox-receipt-too-large")
    /// `outbox-stale-compaction-file`.
    public static let outboxStaleCompactionFile = DiagnosticCode(rawValue: "outbox-stale-compaction-file")
    /// `outbox-torn-record`.
    public static let outboxTornRecord = DiagnosticCode(rawValue: "outbox-torn-record")
    /// `outbox-unusable`.
    public static let outboxUnusable = DiagnosticCode(rawValue: "outbox-unusable")
    /// `payload-too-large`.
    public static let payloadTooLarge = DiagnosticCode(rawValue: "payload-too-large")
    /// `priority-invalid`.
    public static let priorityInvalid = DiagnosticCode(rawValue: "priority-invalid")
    /// `push-id-empty`.
    public static let pushIDEmpty = DiagnosticCode(rawValue: "push-id-empty")
    /// `push-id-missing`.
    public static let pushIDMissing = DiagnosticCode(rawValue: "push-id-missing")
    /// `push-story`.
    public static let pushStory = DiagnosticCode(rawValue: "push-story")
    /// `receipt-already-recorded`.
    public static let receiptAlreadyRecorded = DiagnosticCode(rawValue: "receipt-already-recorded")
    /// `receipt-dead-lettered`.
    public static let receiptDeadLettered = DiagnosticCode(rawValue: "receipt-dead-lettered")
    /// `receipt-not-recorded`.
    public static let receiptNotRecorded = DiagnosticCode(rawValue: "receipt-not-recorded")
    /// `receipt-off`.
    public static let receiptOff = DiagnosticCode(rawValue: "receipt-off")
    /// `receipt-queue-full`.
    public static let receiptQueueFull = DiagnosticCode(rawValue: "receipt-queue-full")
    /// `receiver-timed-out`.
    public static let receiverTimedOut = DiagnosticCode(rawValue: "receiver-timed-out")
    /// `reply-text-replaces-data`.
    public static let replyTextReplacesData = DiagnosticCode(rawValue: "reply-text-replaces-data")
    /// `reserved-key`.
    public static let reservedKey = DiagnosticCode(rawValue: "reserved-key")
    /// `second-action`.
    public static let secondAction = DiagnosticCode(rawValue: "second-action")
    /// `second-deep-link`.
    public static let secondDeepLink = DiagnosticCode(rawValue: "second-deep-link")
    /// `send-field-missing`.
    public static let sendFieldMissing = DiagnosticCode(rawValue: "send-field-missing")
    /// `send-id-empty`.
    public static let sendIDEmpty = DiagnosticCode(rawValue: "send-id-empty")
    /// `send-id-missing`.
    public static let sendIDMissing = DiagnosticCode(rawValue: "send-id-missing")
    /// `send-request-malformed`.
    public static let sendRequestMalformed = DiagnosticCode(rawValue: "send-request-malformed")
    /// `send-target-conflict`.
    public static let sendTargetConflict = DiagnosticCode(rawValue: "send-target-conflict")
    /// `send-value-invalid`.
    public static let sendValueInvalid = DiagnosticCode(rawValue: "send-value-invalid")
    /// `sound-without-extension`.
    public static let soundWithoutExtension = DiagnosticCode(rawValue: "sound-without-extension")
    /// `token-blank`.
    public static let tokenBlank = DiagnosticCode(rawValue: "token-blank")
    /// `token-empty`.
    public static let tokenEmpty = DiagnosticCode(rawValue: "token-empty")
    /// `token-environment-missing`.
    public static let tokenEnvironmentMissing = DiagnosticCode(rawValue: "token-environment-missing")
    /// `token-registration-failed`.
    public static let tokenRegistrationFailed = DiagnosticCode(rawValue: "token-registration-failed")
    /// `token-topic-missing`.
    public static let tokenTopicMissing = DiagnosticCode(rawValue: "token-topic-missing")
    /// `too-many-buttons`.
    public static let tooManyButtons = DiagnosticCode(rawValue: "too-many-buttons")
    /// `top-level-string`.
    public static let topLevelString = DiagnosticCode(rawValue: "top-level-string")
    /// `tracking-incomplete`.
    public static let trackingIncomplete = DiagnosticCode(rawValue: "tracking-incomplete")
    /// `unclaimed`.
    public static let unclaimed = DiagnosticCode(rawValue: "unclaimed")
    /// `unknown-action`.
    public static let unknownAction = DiagnosticCode(rawValue: "unknown-action")
    /// `unknown-action-type`.
    public static let unknownActionType = DiagnosticCode(rawValue: "unknown-action-type")
    /// `unknown-key`.
    public static let unknownKey = DiagnosticCode(rawValue: "unknown-key")
    /// `url-shadowed`.
    public static let urlShadowed = DiagnosticCode(rawValue: "url-shadowed")
    /// `vendor-object-missing`.
    public static let vendorObjectMissing = DiagnosticCode(rawValue: "vendor-object-missing")
    /// `web-view-default`.
    public static let webViewDefault = DiagnosticCode(rawValue: "web-view-default")
    /// `web-view-flag`.
    public static let webViewFlag = DiagnosticCode(rawValue: "web-view-flag")
    /// `wrong-type`.
    public static let wrongType = DiagnosticCode(rawValue: "wrong-type")
}
