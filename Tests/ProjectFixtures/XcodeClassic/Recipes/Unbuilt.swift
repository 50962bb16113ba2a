// In the project navigator, in no target.
struct Unbuilt {}
