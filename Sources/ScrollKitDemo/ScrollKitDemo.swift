import ScrollKitSDL

@main
struct ScrollKitDemo {
    static func main() {
        print("scrollkit-demo")
    }
}
