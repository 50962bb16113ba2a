// PLACEHOLDER until the CLI lands.
print("bodywork")
