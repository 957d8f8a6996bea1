#!/usr/bin/env bash
# Writes every golden in this folder again from the built bridge-cli. The CLI tests (HelpTests,
# NormalizeCommandTests) compare the tool's output with these files byte for byte and, on a difference, name
# this script. Run it after changing what a command prints (its help, a new command, the normalize output), then
# read `git diff Tests/CLIGolden`: that diff is the change users see, and it is committed with the change.
#
#   Tests/CLIGolden/regenerate.sh                         builds bridge-cli (debug) and writes the goldens
#   BRIDGE_CLI=path/to/bridge-cli Tests/CLIGolden/regenerate.sh   writes them from that binary, no build
#
# What it writes (the list of commands comes from `bridge-cli --help`, so a new command gets its golden here and
# the tests fail until it has one):
#   help.txt            stdout of `bridge-cli --help` (the tests hold `-h` and `help` to it too)
#   no-arguments.txt    stderr of `bridge-cli` with no arguments (exit 2)
#   help/COMMAND.txt    stdout of `bridge-cli COMMAND --help` (the tests hold `-h` and `help COMMAND` to it too)
#   normalize/NAME.txt  stdout of `bridge-cli normalize examples/payloads/NAME.json`, for the Zixflow examples
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ -z "${BRIDGE_CLI:-}" ]; then
    swift build --product bridge-cli >&2
    BRIDGE_CLI="$(swift build --show-bin-path)/bridge-cli"
fi
golden=Tests/CLIGolden

"$BRIDGE_CLI" --help > "$golden/help.txt"

status=0
"$BRIDGE_CLI" > /dev/null 2> "$golden/no-arguments.txt" || status=$?
if [ "$status" -ne 2 ]; then
    echo "regenerate.sh: bridge-cli with no arguments exited $status, not 2 (a usage error)" >&2
    exit 1
fi

# The commands are the first words of the lines between "Commands:" and the next blank line.
commands=$(awk '/^Commands:$/ { listing = 1; next } listing && /^$/ { exit } listing { print $1 }' "$golden/help.txt")
if [ -z "$commands" ]; then
    echo "regenerate.sh: no commands found in 'bridge-cli --help'" >&2
    exit 1
fi
rm -f "$golden"/help/*.txt
mkdir -p "$golden/help"
for command in $commands; do
    "$BRIDGE_CLI" "$command" --help > "$golden/help/$command.txt"
done

mkdir -p "$golden/normalize"
for name in zixflow-custom zixflow-native; do
    "$BRIDGE_CLI" normalize "examples/payloads/$name.json" > "$golden/normalize/$name.txt" 2> /dev/null
done

echo "regenerate.sh: wrote $golden/help.txt, no-arguments.txt, help/ ($(echo $commands | wc -w) commands), normalize/"
