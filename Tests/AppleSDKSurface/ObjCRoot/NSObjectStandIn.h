// Stand-in for the part of Objective-C's NSObject that the stand-in UserNotifications and UIKit classes
// need on Linux.
//
// Why an Objective-C header: with `-enable-objc-interop` on Linux, Swift only lets a class appear in an
// `@objc` signature (as UNUserNotificationCenterDelegate's methods need) when its ancestry starts at a
// class imported from Clang. swift-corelibs-foundation's NSObject is a Swift class, so a Foundation
// NSObject subclass "cannot be represented in Objective-C". The stand-in classes therefore derive from
// this root instead of Foundation.NSObject (a deviation from Apple, where they derive from NSObject);
// Swift's ClangImporter parses this header as Objective-C, exactly as it parses Apple's headers.
// Nothing here is ever linked or run.
#pragma once

#pragma clang assume_nonnull begin

typedef long NSInteger;
typedef unsigned long NSUInteger;

/// The root of the stand-in classes. Its NSObject members (`isEqual(_:)`, `hash`, `copy()`, `mutableCopy()`)
/// are declared in Swift (NSObjectStandIn.swift): on Linux, SILGen cannot bridge an Objective-C `id` to
/// Swift's `Any` (there is no Objective-C Foundation), so no member here may take or return `id`.
/// https://developer.apple.com/documentation/objectivec/nsobject-swift.class
__attribute__((objc_root_class))
@interface NSObjectStandIn
- (instancetype)init;
@end

#pragma clang assume_nonnull end
