/// User text for an error message: control characters escaped (so the message stays on one
/// line) and anything past `limit` characters cut to "…".
func excerpt(_ text: String, limit: Int = 48) -> String {
    var out = ""
    var count = 0
    for scalar in text.unicodeScalars {
        if count >= limit { out += "…"; break }
        switch scalar.value {
        case 0x0A: out += "\\n"
        case 0x0D: out += "\\r"
        case 0x09: out += "\\t"
        case 0..<0x20, 0x7F, 0x85, 0x2028, 0x2029:
            out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default: out.unicodeScalars.append(scalar)
        }
        count += 1
    }
    return out
}
