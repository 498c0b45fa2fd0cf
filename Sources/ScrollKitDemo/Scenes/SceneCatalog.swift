enum SceneCatalog {
    static let defaultName = "list"
    static let names = ["list"]
}
