print("bridge-cli")
