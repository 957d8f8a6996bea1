// Stand-in for the NS_ENUM declarations of Apple's UIKit headers that PushBridge uses, written the way
// NS_ENUM expands (enum_extensibility(open)), so that ClangImporter imports them as Apple's are: non-frozen
// `enum X: Int, @unchecked Sendable` (a `switch` needs `@unknown default`). See UserNotificationsC.h.
#pragma once
@import AppleSDKStandInObjC;

#pragma clang assume_nonnull begin

typedef long NSInteger;
typedef unsigned long NSUInteger;

#define SI_ENUM(_type, _name) \
  typedef enum __attribute__((enum_extensibility(open))) _name : _type _name; \
  enum _name : _type
#define SI_IOS(...) __attribute__((availability(ios, __VA_ARGS__)))

// https://developer.apple.com/documentation/uikit/uibackgroundfetchresult
SI_ENUM(NSUInteger, UIBackgroundFetchResult) {
  UIBackgroundFetchResultNewData,
  UIBackgroundFetchResultNoData,
  UIBackgroundFetchResultFailed
} SI_IOS(introduced = 7.0);

// https://developer.apple.com/documentation/uikit/uiapplication/state
// Apple's Swift name is `UIApplication.State` (swift_name nests it in the class); a C enum cannot be nested
// in a Swift-declared class, so UIKit's Swift part adds `UIApplication.State` as a typealias of this.
SI_ENUM(NSInteger, UIApplicationState) {
  UIApplicationStateActive,
  UIApplicationStateInactive,
  UIApplicationStateBackground
} SI_IOS(introduced = 4.0);

// https://developer.apple.com/documentation/uikit/uiresponder
// `@MainActor class UIResponder : NSObject` (NS_SWIFT_UI_ACTOR). Declared here, in Objective-C, because its
// `init()` is main-actor isolated while NSObject's is not: Swift accepts that only for imported classes,
// as it does for Apple's. Subclasses (UIView, UIViewController, UIApplication) are in UIResponder.swift.
__attribute__((swift_attr("@MainActor")))
SI_IOS(introduced = 2.0)
@interface UIResponder : NSObjectStandIn
/// https://developer.apple.com/documentation/uikit/uiresponder/init()
/// Main-actor isolated like every UIResponder member (an explicit attribute here, because Swift would
/// otherwise let the override inherit NSObject's nonisolated `init()`; Apple's import does not).
- (instancetype)init __attribute__((swift_attr("@MainActor")));
/// https://developer.apple.com/documentation/uikit/uiresponder/next
@property (nonatomic, readonly, nullable) UIResponder *nextResponder __attribute__((swift_name("next")));
@end

#pragma clang assume_nonnull end
