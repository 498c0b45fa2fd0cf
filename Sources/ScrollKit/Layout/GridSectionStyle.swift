// GridSectionStyle: one section's header, footer and insets.

/// The decoration of one section: an optional header and footer, and insets around its items.
public struct GridSectionStyle: Sendable, Hashable {
    /// The header's length along the axis; 0 = no header.
    public var headerLength: Double
    /// The footer's length along the axis; 0 = no footer.
    public var footerLength: Double
    /// Insets around the section's items: along the axis, space between the header and the first row and
    /// between the last row and the footer; across it, they narrow the columns. Not applied to a section
    /// without items.
    public var insets: Insets
    public init(headerLength: Double = 0, footerLength: Double = 0, insets: Insets = .zero) {
        self.headerLength = headerLength
        self.footerLength = footerLength
        self.insets = insets
    }
    public static let plain = GridSectionStyle()
}
