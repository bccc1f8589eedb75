#!/usr/bin/env bash
# Fails when the given paths differ from what is committed (changed, deleted or
# new files): generated files must be regenerated and committed together.
set -euo pipefail
changes=$(git status --porcelain -- "$@")
if [ -n "$changes" ]; then
	echo "Generated files are not current; run the generator and commit:" >&2
	echo "$changes" >&2
	git --no-pager diff --stat -- "$@" >&2
	exit 1
fi
