// LocaleDirection: the POSIX locale variables' precedence and the languages written right to left, checked
// against locale names as glibc spells them (`locale -a`) and the CLDR's right-to-left language list.

import Testing
import ScrollKit
@testable import ScrollKitSDL

@Suite("Locale direction")
struct LocaleDirectionTests {
    @Test(arguments: [
        ("ar_EG.UTF-8", ReadingDirection.rightToLeft), ("he_IL.UTF-8", .rightToLeft), ("fa_IR", .rightToLeft),
        ("ur_PK.utf8", .rightToLeft), ("ps_AF", .rightToLeft), ("ckb_IQ.UTF-8", .rightToLeft), ("yi_US", .rightToLeft),
        ("ug_CN", .rightToLeft), ("sd_IN@devanagari", .rightToLeft), ("dv_MV", .rightToLeft), ("AR", .rightToLeft),
        ("iw_IL", .rightToLeft), ("he", .rightToLeft),
        ("en_US.UTF-8", .leftToRight), ("C", .leftToRight), ("POSIX", .leftToRight), ("C.UTF-8", .leftToRight),
        ("arn_CL", .leftToRight), ("hi_IN", .leftToRight), ("ja_JP.UTF-8", .leftToRight), ("", .leftToRight),
    ])
    func languages(locale: String, expected: ReadingDirection) {
        #expect(LocaleDirection.direction(lcAll: nil, lcMessages: nil, lang: locale) == expected)
    }

    @Test func precedenceIsLcAllThenLcMessagesThenLang() {
        #expect(LocaleDirection.direction(lcAll: "ar_SA.UTF-8", lcMessages: "en_US", lang: "en_US") == .rightToLeft)
        #expect(LocaleDirection.direction(lcAll: "en_GB", lcMessages: "he_IL", lang: "he_IL") == .leftToRight)
        #expect(LocaleDirection.direction(lcAll: "", lcMessages: "he_IL", lang: "en_US") == .rightToLeft,
                "an empty variable counts as unset")
        #expect(LocaleDirection.direction(lcAll: nil, lcMessages: nil, lang: "fa_IR") == .rightToLeft)
        #expect(LocaleDirection.direction(lcAll: nil, lcMessages: nil, lang: nil) == .leftToRight)
    }
}
