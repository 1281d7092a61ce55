extension Double {
    /// The number as a person would write it: whole numbers without ".0" ("90", "-12.5",
    /// "1e+300"). Only values an Int holds exactly are written as integers, since converting a
    /// larger one would trap.
    public var plainText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
