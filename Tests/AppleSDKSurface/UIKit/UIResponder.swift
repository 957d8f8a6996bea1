// Stand-in for Apple's UIKit: the responder chain classes PushBridge's example touches. See
// ../UserNotifications/UNUserNotificationCenter.swift for how to read these declarations; in UIKit,
// NS_SWIFT_UI_ACTOR makes these classes `@MainActor` (objc2's translation of the current headers:
// `#[thread_kind = MainThreadOnly]`).
@_exported import AppleSDKStandInBase
@_exported import Foundation
@_exported import UIKitC

// UIResponder itself is declared in UIKitC.h (see there why).

/// https://developer.apple.com/documentation/uikit/uiview
/// `@MainActor class UIView : UIResponder` — conforms to NSCoding, hence `required init?(coder:)`.
@preconcurrency
@MainActor
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
open class UIView: UIResponder, @preconcurrency NSCoding {
    /// https://developer.apple.com/documentation/uikit/uiview/init(frame:)
    @preconcurrency
    public init(frame: CGRect) { super.init() }
    /// https://developer.apple.com/documentation/uikit/uiview/init(coder:)
    @preconcurrency
    public required init?(coder: NSCoder) { fatalError() }
    nonisolated open func encode(with coder: NSCoder) { fatalError() }
    @MainActor public convenience override init() { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiview/bounds
    @preconcurrency
    open var bounds: CGRect { get { fatalError() } set { fatalError() } }

    /// https://developer.apple.com/documentation/uikit/uiview/window
    @preconcurrency
    open var window: UIWindow? { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiview/addsubview(_:)
    @preconcurrency
    open func addSubview(_ view: UIView) { fatalError() }
}

/// https://developer.apple.com/documentation/uikit/uiwindow
@preconcurrency
@MainActor
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
open class UIWindow: UIView {
    /// https://developer.apple.com/documentation/uikit/uiwindow/init(frame:)
    @preconcurrency
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiwindow/rootviewcontroller
    @preconcurrency
    open var rootViewController: UIViewController? { get { fatalError() } set { fatalError() } }

    /// https://developer.apple.com/documentation/uikit/uiwindow/makekeyandvisible()
    @preconcurrency
    open func makeKeyAndVisible() { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiwindow/iskeywindow
    @preconcurrency
    open var isKeyWindow: Bool { fatalError() }
}

/// https://developer.apple.com/documentation/uikit/uiviewcontroller
/// `@MainActor class UIViewController : UIResponder` — conforms to NSCoding, hence `required init?(coder:)`.
@preconcurrency
@MainActor
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
open class UIViewController: UIResponder, @preconcurrency NSCoding {
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
    @preconcurrency
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:)
    @preconcurrency
    public required init?(coder: NSCoder) { fatalError() }
    nonisolated open func encode(with coder: NSCoder) { fatalError() }
    @MainActor public convenience override init() { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/view
    /// `var view: UIView! { get set }`
    @preconcurrency
    open var view: UIView! { get { fatalError() } set { fatalError() } }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/title
    @preconcurrency
    open var title: String? { get { fatalError() } set { fatalError() } }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload()
    @preconcurrency
    open func viewDidLoad() { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidappear(_:)
    @preconcurrency
    open func viewDidAppear(_ animated: Bool) { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewwillappear(_:)
    @preconcurrency
    open func viewWillAppear(_ animated: Bool) { fatalError() }
}

/// https://developer.apple.com/documentation/uikit/uiscreen
@preconcurrency
@MainActor
@available(iOS 2.0, tvOS 9.0, *)
open class UIScreen: NSObjectStandIn {
    @available(*, unavailable)
    public override init() { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiscreen/main
    /// `class var main: UIScreen { get }` (API_TO_BE_DEPRECATED: no deprecation warning yet).
    @preconcurrency
    open class var main: UIScreen { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiscreen/bounds
    @preconcurrency
    open var bounds: CGRect { fatalError() }
}
