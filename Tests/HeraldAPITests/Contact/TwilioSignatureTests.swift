import Foundation
import Testing

@testable import HeraldAPI

/// Twilio's request signature (`X-Twilio-Signature`): base64 of HMAC-SHA1,
/// keyed with the auth token, over the URL Twilio called followed by each
/// POST parameter's name and value, sorted by name.
@Suite("Twilio request signature")
struct TwilioSignatureTests {
    /// Twilio's own worked example ("Webhooks security", validating requests).
    static let url = "https://mycompany.com/myapp.php?foo=1&bar=2"
    static let token = "12345"
    static let fields = [
        ("CallSid", "CA1234567890ABCDE"), ("Caller", "+12349013030"), ("Digits", "1234"), ("From", "+12349013030"), ("To", "+18005551212"),
    ]
    static let expected = "0/KCTR6DLpKmkAf8muzZqo1nDgQ="

    @Test func twiliosDocumentedExampleSignsAsTwilioSays() {
        #expect(TwilioReplyController.sign(url: Self.url, fields: Self.fields, authToken: Self.token) == Self.expected)
        #expect(TwilioReplyController.signatureMatches(Self.expected, url: Self.url, fields: Self.fields, authToken: Self.token))
    }

    @Test func theOrderTheParametersCameInDoesNotMatter() {
        for fields in [Array(Self.fields.reversed()), [Self.fields[3], Self.fields[0], Self.fields[4], Self.fields[2], Self.fields[1]]] {
            #expect(TwilioReplyController.sign(url: Self.url, fields: fields, authToken: Self.token) == Self.expected)
        }
    }

    @Test func anyChangeToTheURLAParameterOrTheTokenBreaksIt() {
        var changed = Self.fields
        changed[2] = ("Digits", "1235")
        let variants: [(String, [(String, String)], String)] = [
            (Self.url, changed, Self.token),
            (Self.url, Array(Self.fields.dropLast()), Self.token),
            (Self.url, Self.fields + [("Body", "ack 482913")], Self.token),
            ("https://mycompany.com/myapp.php?foo=1&bar=3", Self.fields, Self.token),
            ("http://mycompany.com/myapp.php?foo=1&bar=2", Self.fields, Self.token),
            (Self.url, Self.fields, "12346"),
            (Self.url, Self.fields.map { ($0.0.lowercased(), $0.1) }, Self.token),
        ]
        for (url, fields, token) in variants {
            #expect(TwilioReplyController.sign(url: url, fields: fields, authToken: token) != Self.expected)
            #expect(!TwilioReplyController.signatureMatches(Self.expected, url: url, fields: fields, authToken: token))
        }
    }

    @Test(arguments: [
        "", "0/KCTR6DLpKmkAf8muzZqo1nDgQ", "0/KCTR6DLpKmkAf8muzZqo1nDgQ==", "1/KCTR6DLpKmkAf8muzZqo1nDgQ=", "0/KCTR6DLpKmkAf8muzZqo1nDgq=",
        " 0/KCTR6DLpKmkAf8muzZqo1nDgQ=", "0/KCTR6DLpKmkAf8muzZqo1nDgQ=\n", "0_KCTR6DLpKmkAf8muzZqo1nDgQ=", "0/KCTR6DLpKmkAf8muzZqo1nDgQ=0/KCTR6DLpKmkAf8muzZqo1nDgQ=",
    ])
    func aSignatureThatIsNotExactlyTheRightOneIsRefused(_ signature: String) {
        #expect(!TwilioReplyController.signatureMatches(signature, url: Self.url, fields: Self.fields, authToken: Self.token))
    }

    /// Sorted by name in byte order, as Twilio sorts: upper case before
    /// lower case. The expected value was computed apart (Python's hmac
    /// over "…bar=2" + "Bodyy" + "To+1" + "bodyx").
    @Test func namesAreSortedByteWise() {
        let fields = [("To", "+1"), ("body", "x"), ("Body", "y")]
        #expect(TwilioReplyController.sign(url: Self.url, fields: fields, authToken: Self.token) == "2bbNd+ikg83+XSjcnIFmjZ25EWk=")
    }
}
