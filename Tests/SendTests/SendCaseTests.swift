import Foundation
import PushBridge
import PushBridgeSend
import PushBridgeTestSupport
import Testing

/// One file of Conformance/send-cases/<vendor>/: a send request, whether it is valid and the codes its
/// validation must give, the losses each target must report (field and source path), and values each target's
/// first rendered request must hold.
struct SendCase: Sendable, CustomTestStringConvertible {
    let file: String
    let json: JSONValue

    var testDescription: String { file }

    static let folder = TestPaths.packageRoot + "/Conformance/send-cases"

    static let all: [SendCase] = {
        var cases: [SendCase] = []
        let vendors = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.sorted() ?? []
        for vendor in vendors {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + vendor))?.sorted() ?? []
            for name in names where name.hasSuffix(".json") {
                let path = vendor + "/" + name
                let json = (try? JSONParser.parse(TestPaths.readBytes(folder + "/" + path))) ?? .null
                cases.append(SendCase(file: path, json: json))
            }
        }
        return cases
    }()
}

@Suite("Send cases (Conformance/send-cases)")
struct SendCaseTests {
    @Test("there are send cases for every send vendor, each citing its source")
    func casesExist() {
        for adapter in SendVendors.all {
            let cases = SendCase.all.filter { $0.file.hasPrefix(adapter.id + "/") }
            #expect(cases.count >= 15, "\(adapter.id)")
        }
        for sendCase in SendCase.all {
            #expect(sendCase.json["covers"]?.stringValue?.isEmpty == false, "\(sendCase.file)")
        }
    }

    @Test("each case validates as it says, reports its losses, renders its values and keeps the law", arguments: SendCase.all)
    func run(_ sendCase: SendCase) throws {
        let json = sendCase.json
        let vendor = try #require(json["vendor"]?.stringValue)
        let source = try #require(SendVendors.adapter(id: vendor))
        let body = try #require(json["request"])
        // A bundle (a template with its sends) is parsed whole; its first send is the case's request.
        let requests = try #require(SendHTTPRequest.requests(in: body, for: source))
        let form = try #require(source.parseBundle(requests).first).request
        let problems = requests.flatMap(source.validate)
        let valid = !problems.contains { $0.severity == .error }
        #expect(valid == json["valid"]?.boolValue, "\(problems)")
        for code in json["problems"]?.arrayValue ?? [] {
            #expect(problems.contains { .string($0.code) == code }, "\(code) not in \(problems)")
        }
        for target in SendVendors.all {
            let rendered = target.render(form, options: SendRenderOptions(now: 1_800_000_000))
            for expected in json["losses"]?[target.id]?.arrayValue ?? [] {
                #expect(
                    rendered.losses.contains { .string($0.field) == expected["field"] && .string($0.loss.path) == expected["path"] },
                    "\(target.id): \(expected) not in \(rendered.losses)")
            }
            if let renders = json["renders"]?[target.id] {
                let first = try #require(rendered.requests.first)
                for (path, value) in renders["body"]?.objectValue ?? [:] {
                    #expect(SendJSON.value(at: path, in: first.body) == value, "\(target.id) \(path) in \(first.body)")
                }
                for (name, value) in renders["headers"]?.objectValue ?? [:] {
                    #expect(first.headers[name].map { JSONValue.string($0) } == value, "\(target.id) header \(name)")
                }
            }
            let violations = Commutation.bundleViolations(requests, from: source, to: target)
            #expect(violations.isEmpty, "\(violations)")
        }
    }
}
