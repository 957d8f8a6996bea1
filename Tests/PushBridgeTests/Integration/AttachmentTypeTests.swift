import PushBridge
import PushBridgeTestSupport
import Testing

@Suite("AttachmentType: the file type the service extension names a downloaded attachment by")
struct AttachmentTypeTests {
    @Test("the URL's path names the type when nothing else does; a host or query never does", arguments: [
        ("https://cdn.example.com/a/banner.png?v=2", "png"), ("http://x.io/anim.GIF", "gif"),
        ("https://x.io/photo.jpeg", "jpg"), ("https://x.io/clip.mp4#t=1", "mp4"), ("https://x.io/a.m4a", "m4a"),
        ("https://x.io/photo", "jpg"), ("https://x.io/", "jpg"), ("https://cdn.example.png", "jpg"),
        ("https://x.io/get?file=a.gif", "jpg"), ("https://x.io/page.html", "jpg"), ("https://x.io/movie.mov", "jpg"),
    ])
    func urlPath(url: String, expected: String) {
        #expect(AttachmentType.fileExtension(url: url) == expected)
        #expect(ServiceExtensionHandler.imageFileExtension(url) == expected)
    }

    @Test("the vendor's own type key wins, with or without a dot, or as a MIME type", arguments: [
        ("mp4", "mp4"), (".gif", "gif"), ("JPEG", "jpg"), ("image/png", "png"), (" video/mp4; codecs=avc1 ", "mp4"),
    ])
    func vendorType(type: String, expected: String) {
        let chosen = AttachmentType.fileExtension(
            url: "https://x.io/a.png", vendorType: type, suggestedFilename: "b.gif", mimeType: "audio/mpeg")
        #expect(chosen == expected)
    }

    @Test("a vendor type key is trimmed, read in any case, and a non-ASCII or MIME-like one read as text", arguments: [
        ("\tPNG ", "png"), (" .Mp4", "mp4"), ("..gif", nil), ("pn g", nil), ("AUDIO/MPEG", "mp3"), (";image/gif", "gif"),
        (".\u{0301}png", nil), ("ｐｎｇ", nil), ("JPEG\u{00A0}", nil), ("MPEGMPEGMPEGMPEGMPEG", nil), ("", nil),
    ] as [(String, String?)])
    func vendorTypeSpelling(type: String, expected: String?) {
        // The URL names nothing, so the vendor key alone decides (the fallback otherwise).
        let chosen = AttachmentType.fileExtension(url: "https://x.io/asset", vendorType: type)
        #expect(chosen == (expected ?? AttachmentType.fallback), "\(type)")
    }

    @Test("the URL's path extension is read from its last component, in any case, non-ASCII ones as text", arguments: [
        ("https://x.io/a.b/c", nil), ("https://x.io/a/b.PNG", "png"), ("https://x.io/a/b.Jpe?x=.gif", "jpg"),
        ("https://x.io/a/b.p\u{0301}ng", nil), ("https://x.io/a/b.", nil), ("x:/a.gif", "gif"), ("a.gif", "gif"),
        ("https://x.io/ünï/côde.mp3", "mp3"), ("https://x.io/a.mp4/", nil), ("https:/", nil), ("", nil),
    ] as [(String, String?)])
    func urlPathSpelling(url: String, expected: String?) {
        #expect(AttachmentType.ofURLPath(url) == expected, "\(url)")
    }

    @Test("a vendor type iOS does not accept falls through to the response, then the URL")
    func unknownVendorType() {
        #expect(AttachmentType.fileExtension(url: "https://x.io/a.png", vendorType: "webp", mimeType: "image/gif") == "gif")
        #expect(AttachmentType.fileExtension(url: "https://x.io/a.png", vendorType: "", mimeType: nil) == "png")
    }

    @Test("the response: the suggested file name, then the MIME type, before the URL's path")
    func response() {
        let url = "https://media.example.com/asset/12345"
        #expect(AttachmentType.fileExtension(url: url, suggestedFilename: "12345.gif", mimeType: "image/png") == "gif")
        #expect(AttachmentType.fileExtension(url: url, suggestedFilename: "12345", mimeType: "video/mp4") == "mp4")
        #expect(AttachmentType.fileExtension(url: url, suggestedFilename: "x.webp", mimeType: "Image/JPEG") == "jpg")
        #expect(AttachmentType.fileExtension(url: url + ".png", mimeType: "application/octet-stream") == "png")
        #expect(AttachmentType.fileExtension(url: url, mimeType: "text/html") == "jpg")
    }
}
