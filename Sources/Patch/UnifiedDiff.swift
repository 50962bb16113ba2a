// PLACEHOLDER until the real diff lands.
public enum UnifiedDiff {}
