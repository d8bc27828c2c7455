// The baseline for start-up cost: a Swift executable that does nothing, started as progress-lint is.
print("", terminator: "")
