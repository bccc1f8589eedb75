#!/usr/bin/env bash
# Prints the path of the OpenTofu that the examples and workflow tests run
# besides Terraform (TF_TOFU_PATH of GNUmakefile). When SHARED (the
# project's copy of OpenTofu 1.12.6, ../shared/tools/tofu beside the clone,
# as on the CI machines) exists, SHARED/install.sh installs it into DIR
# first (it checks the copy's sha256 and does nothing when DIR/tofu is
# already that copy) and DIR/tofu is printed; else the tofu on PATH.
# Prints nothing when there is no tofu at all.
#
# A clone made elsewhere (a clean clone in a temporary directory, a git
# worktree) has no shared/ beside it; then the shared/ beside the checkout it
# was cloned from (a local origin) or beside the main worktree stands in, as
# in scripts/terraform-path.sh.
#
# Usage: tofu-path.sh SHARED DIR
set -euo pipefail
shared=${1:?usage: tofu-path.sh SHARED DIR}
dir=${2:?usage: tofu-path.sh SHARED DIR}

if [ ! -x "$shared/install.sh" ]; then
	name=$(basename "$shared")
	tools=$(basename "$(dirname "$shared")")
	for top in "$(git config --get remote.origin.url 2>/dev/null || true)" \
		"$(dirname "$(git rev-parse --path-format=absolute --git-common-dir 2>/dev/null || echo .)")"; do
		if [ -n "$top" ] && [ -d "$top" ] && [ -x "$top/../shared/$tools/$name/install.sh" ]; then
			shared=$top/../shared/$tools/$name
			break
		fi
	done
fi

if [ -x "$shared/install.sh" ]; then
	"$shared/install.sh" "$dir" >&2
	printf '%s\n' "$dir/tofu"
	exit 0
fi
command -v tofu || true
