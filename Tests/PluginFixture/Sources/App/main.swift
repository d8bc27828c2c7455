print("The downloads screen's specs were linted while this was built.")
