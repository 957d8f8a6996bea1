// Stand-in for the enum and option-set declarations of Apple's UserNotifications headers, written the way
// NS_OPTIONS / NS_ENUM expand (flag_enum + enum_extensibility(open)), so ClangImporter gives them the same
// Swift shape as Apple's: `struct X: OptionSet, @unchecked Sendable` with `RawValue == UInt`, and
// non-frozen `enum X: Int, @unchecked Sendable`.
//
// Availability: `availability(ios, ...)` is what Apple declares; Swift on Linux ignores it (check.sh enforces
// the floor only for Swift declarations, and refuses a C one introduced above it: declare such API in Swift). Deprecations at
// or before iOS 15 (PushBridge's deployment floor, where Xcode warns too) are mirrored with a
// platform-independent `deprecated` so that Linux warns as Xcode would.
#pragma once

typedef long NSInteger;
typedef unsigned long NSUInteger;

#define SI_OPTIONS(_type, _name) \
  typedef enum __attribute__((flag_enum, enum_extensibility(open))) _name : _type _name; \
  enum _name : _type
#define SI_ENUM(_type, _name) \
  typedef enum __attribute__((enum_extensibility(open))) _name : _type _name; \
  enum _name : _type
#define SI_IOS(...) __attribute__((availability(ios, __VA_ARGS__)))

// https://developer.apple.com/documentation/usernotifications/unauthorizationoptions
SI_OPTIONS(NSUInteger, UNAuthorizationOptions) {
  UNAuthorizationOptionBadge = (1 << 0),
  UNAuthorizationOptionSound = (1 << 1),
  UNAuthorizationOptionAlert = (1 << 2),
  UNAuthorizationOptionCarPlay = (1 << 3),
  UNAuthorizationOptionCriticalAlert SI_IOS(introduced = 12.0) = (1 << 4),
  UNAuthorizationOptionProvidesAppNotificationSettings SI_IOS(introduced = 12.0) = (1 << 5),
  UNAuthorizationOptionProvisional SI_IOS(introduced = 12.0) = (1 << 6),
  UNAuthorizationOptionAnnouncement
    SI_IOS(introduced = 13.0, deprecated = 15.0, message = "Announcement authorization is always included")
    __attribute__((deprecated("Announcement authorization is always included"))) = (1 << 7),
  UNAuthorizationOptionTimeSensitive
    SI_IOS(introduced = 15.0, deprecated = 15.0, message = "Use time-sensitive entitlement")
    __attribute__((deprecated("Use time-sensitive entitlement"))) = (1 << 8),
} SI_IOS(introduced = 10.0);

// https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions
// badge 1, sound 2, alert 4 (deprecated in iOS 14: use list and banner), list 8, banner 16.
SI_OPTIONS(NSUInteger, UNNotificationPresentationOptions) {
  UNNotificationPresentationOptionBadge = (1 << 0),
  UNNotificationPresentationOptionSound = (1 << 1),
  UNNotificationPresentationOptionAlert
    SI_IOS(introduced = 10.0, deprecated = 14.0, message = "Use UNNotificationPresentationOptionList | UNNotificationPresentationOptionBanner")
    __attribute__((deprecated("Use UNNotificationPresentationOptionList | UNNotificationPresentationOptionBanner"))) = (1 << 2),
  UNNotificationPresentationOptionList SI_IOS(introduced = 14.0) = (1 << 3),
  UNNotificationPresentationOptionBanner SI_IOS(introduced = 14.0) = (1 << 4),
} SI_IOS(introduced = 10.0);

// https://developer.apple.com/documentation/usernotifications/unnotificationactionoptions
SI_OPTIONS(NSUInteger, UNNotificationActionOptions) {
  UNNotificationActionOptionAuthenticationRequired = (1 << 0),
  UNNotificationActionOptionDestructive = (1 << 1),
  UNNotificationActionOptionForeground = (1 << 2),
} SI_IOS(introduced = 10.0);

// https://developer.apple.com/documentation/usernotifications/unnotificationcategoryoptions
SI_OPTIONS(NSUInteger, UNNotificationCategoryOptions) {
  UNNotificationCategoryOptionCustomDismissAction = (1 << 0),
  UNNotificationCategoryOptionAllowInCarPlay = (1 << 1),
  UNNotificationCategoryOptionHiddenPreviewsShowTitle SI_IOS(introduced = 11.0) = (1 << 2),
  UNNotificationCategoryOptionHiddenPreviewsShowSubtitle SI_IOS(introduced = 11.0) = (1 << 3),
  UNNotificationCategoryOptionAllowAnnouncement
    SI_IOS(introduced = 13.0, deprecated = 15.0, message = "Announcement option is ignored")
    __attribute__((deprecated("Announcement option is ignored"))) = (1 << 4),
} SI_IOS(introduced = 10.0);

// https://developer.apple.com/documentation/usernotifications/unauthorizationstatus
SI_ENUM(NSInteger, UNAuthorizationStatus) {
  UNAuthorizationStatusNotDetermined = 0,
  UNAuthorizationStatusDenied,
  UNAuthorizationStatusAuthorized,
  UNAuthorizationStatusProvisional SI_IOS(introduced = 12.0),
  UNAuthorizationStatusEphemeral SI_IOS(introduced = 14.0),
} SI_IOS(introduced = 10.0);

// https://developer.apple.com/documentation/usernotifications/unnotificationsetting
SI_ENUM(NSInteger, UNNotificationSetting) {
  UNNotificationSettingNotSupported = 0,
  UNNotificationSettingDisabled,
  UNNotificationSettingEnabled,
} SI_IOS(introduced = 10.0);
