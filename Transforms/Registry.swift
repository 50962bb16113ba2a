// PLACEHOLDER until rules land.
import Codemod
public enum Registry {
    public static let allRules: [any Rule] = []
}
