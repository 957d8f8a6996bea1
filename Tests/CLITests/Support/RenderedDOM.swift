/// The DOM a browser rendered, read back from its serialization (`chromium --dump-dom`): elements with their
/// attributes, children and text. It reads what a browser serializes (every attribute value double-quoted,
/// text escaped, void elements unclosed), not arbitrary HTML.
final class DOMElement: CustomStringConvertible {
    let name: String
    let attributes: [(name: String, value: String)]
    private(set) var children: [DOMNode] = []

    init(name: String, attributes: [(name: String, value: String)]) {
        self.name = name
        self.attributes = attributes
    }

    func append(_ node: DOMNode) { children.append(node) }

    /// The value of an attribute.
    subscript(attribute: String) -> String? { attributes.first { $0.name == attribute }?.value }

    /// The class names.
    var classes: Set<String> { Set((self["class"] ?? "").split(separator: " ").map(String.init)) }

    /// The text of the element and its descendants, as a person reads it.
    var text: String {
        children.map { node in
            switch node {
            case .text(let text): return text
            case .element(let element): return element.text
            }
        }.joined()
    }

    /// The element and all its descendant elements, in document order.
    var all: [DOMElement] {
        [self] + children.flatMap { node -> [DOMElement] in
            if case .element(let element) = node { return element.all }
            return []
        }
    }

    /// The descendant elements (this one included) with this class.
    func all(class className: String) -> [DOMElement] { all.filter { $0.classes.contains(className) } }

    /// The descendant elements (this one included) with this tag name.
    func all(tag: String) -> [DOMElement] { all.filter { $0.name == tag } }

    var description: String { "<\(name) \(attributes.map { "\($0.name)=\"\($0.value)\"" }.joined(separator: " "))>" }
}

/// A node of a ``DOMElement``'s children.
enum DOMNode {
    case element(DOMElement)
    case text(String)
}

enum RenderedDOM {
    /// Elements with no end tag.
    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]
    /// Elements whose content is raw text up to their end tag.
    private static let rawTextElements: Set<String> = ["script", "style", "textarea", "title", "xmp", "iframe",
                                                      "noembed", "noframes", "noscript"]

    /// Parses a serialized document into a root element (named `#document`).
    static func parse(_ html: String) -> DOMElement {
        let root = DOMElement(name: "#document", attributes: [])
        var stack = [root]
        let scalars = Array(html.unicodeScalars)
        var index = 0
        var text = ""
        func flushText() {
            if !text.isEmpty { stack.last!.append(.text(unescape(text))) }
            text = ""
        }
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "<", index + 1 < scalars.count else {
                text.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            let next = scalars[index + 1]
            if next == "!" {  // a doctype or a comment: skipped
                flushText()
                let isComment = index + 3 < scalars.count && scalars[index + 2] == "-" && scalars[index + 3] == "-"
                let end = isComment ? "-->" : ">"
                index = find(end, in: scalars, from: index + 2).map { $0 + end.unicodeScalars.count } ?? scalars.count
                continue
            }
            if next == "/" {
                flushText()
                let close = find(">", in: scalars, from: index) ?? scalars.count - 1
                let name = String(String.UnicodeScalarView(scalars[(index + 2)..<close])).lowercased()
                if let open = stack.lastIndex(where: { $0.name == name }), open > 0 { stack.removeSubrange(open...) }
                index = close + 1
                continue
            }
            guard next.properties.isAlphabetic else {
                text.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            flushText()
            var position = index + 1
            var name = ""
            while position < scalars.count, !" \n\t/>".unicodeScalars.contains(scalars[position]) {
                name.unicodeScalars.append(scalars[position])
                position += 1
            }
            var attributes: [(name: String, value: String)] = []
            while position < scalars.count, scalars[position] != ">" {
                if " \n\t/".unicodeScalars.contains(scalars[position]) {
                    position += 1
                    continue
                }
                var attributeName = ""
                while position < scalars.count, !" \n\t/>=".unicodeScalars.contains(scalars[position]) {
                    attributeName.unicodeScalars.append(scalars[position])
                    position += 1
                }
                var value = ""
                if position < scalars.count, scalars[position] == "=" {
                    position += 1
                    let quote = scalars[position]
                    position += 1
                    while position < scalars.count, scalars[position] != quote {
                        value.unicodeScalars.append(scalars[position])
                        position += 1
                    }
                    position += 1
                }
                attributes.append((attributeName.lowercased(), unescape(value)))
            }
            index = position + 1
            let element = DOMElement(name: name.lowercased(), attributes: attributes)
            stack.last!.append(.element(element))
            if voidElements.contains(element.name) { continue }
            if rawTextElements.contains(element.name) {
                let end = find("</\(element.name)", in: scalars, from: index) ?? scalars.count
                element.append(.text(String(String.UnicodeScalarView(scalars[index..<end]))))
                index = (find(">", in: scalars, from: end) ?? scalars.count - 1) + 1
                continue
            }
            stack.append(element)
        }
        flushText()
        return root
    }

    private static func find(_ needle: String, in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        let pattern = Array(needle.unicodeScalars)
        guard start <= scalars.count - pattern.count else { return nil }
        for position in start...(scalars.count - pattern.count)
        where scalars[position..<(position + pattern.count)].elementsEqual(pattern) {
            return position
        }
        return nil
    }

    /// Replaces the character references a serializer writes (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&nbsp;`,
    /// `&#39;`, `&#x27;`) by their characters.
    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]
        while let ampersand = rest.firstIndex(of: "&") {
            out += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            guard let semicolon = after.prefix(10).firstIndex(of: ";") else {
                out += "&"
                rest = after
                continue
            }
            let reference = String(after[..<semicolon])
            var replacement: String?
            if let value = named[reference] {
                replacement = value
            } else if reference.hasPrefix("#x") || reference.hasPrefix("#X") {
                replacement = UInt32(reference.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
            } else if reference.hasPrefix("#") {
                replacement = UInt32(reference.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
            }
            if let replacement {
                out += replacement
                rest = after[after.index(after: semicolon)...]
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }
}
