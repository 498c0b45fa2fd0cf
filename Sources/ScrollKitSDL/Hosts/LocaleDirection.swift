// LocaleDirection: the layout direction of the user's locale, read from the POSIX locale variables (LC_ALL,
// LC_MESSAGES, LANG), which the window host hands down as ScrollKit's default layout direction.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The direction of the locale's language: right to left for the languages written in Arabic, Hebrew, Thaana or
/// Syriac script (Arabic, Hebrew, Persian, Urdu, Pashto, Sindhi, Uyghur, Yiddish, Dhivehi, Sorani Kurdish,
/// Kashmiri, Syriac), else left to right. ScrollKit itself reads no environment: ``WindowHost`` sets
/// `ViewNode.defaultLayoutDirection` from ``current`` when it starts (``HostOptions/layoutDirection`` overrides).
public enum LocaleDirection {
    /// ISO 639 codes of the right-to-left languages (`iw` and `ji`: the old codes of Hebrew and Yiddish).
    public static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ji", "ks", "ps", "sd", "syr", "ug", "ur", "yi",
    ]

    /// The locale's direction from this process's environment (see ``direction(environment:)``).
    public static var current: ReadingDirection {
        func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        return direction(lcAll: value("LC_ALL"), lcMessages: value("LC_MESSAGES"), lang: value("LANG"))
    }

    /// The direction of the locale the variables name, in POSIX precedence: the first of `LC_ALL`,
    /// `LC_MESSAGES`, `LANG` that is set and not empty. Its language is the part before `_`, `.` or `@`
    /// (`ar_EG.UTF-8` → `ar`, `he` → `he`), any case; `C`, `POSIX`, unknown or missing: left to right.
    public static func direction(lcAll: String?, lcMessages: String?, lang: String?) -> ReadingDirection {
        guard let locale = [lcAll, lcMessages, lang].lazy.compactMap({ $0 }).first(where: { !$0.isEmpty }) else {
            return .leftToRight
        }
        let language = locale.prefix { $0 != "_" && $0 != "." && $0 != "@" && $0 != "-" }.lowercased()
        return rightToLeftLanguages.contains(language) ? .rightToLeft : .leftToRight
    }
}
