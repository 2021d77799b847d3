public enum SusiVersion {
    public static let current = "0.1.0"
}
