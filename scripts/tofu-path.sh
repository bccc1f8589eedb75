#!/usr/bin/env bash
# Prints the path of the OpenTofu that the examples and workflow tests run
# besides Terraform (TF_TOFU_PATH of GNUmakefile). When SHARED (the
# project's copy of OpenTofu 1.12.6, ../shared/tools/tofu beside the clone,
# as on the CI machines) exists, SHARED/install.sh installs it into DIR
# first (it checks the copy's sha256 and does nothing when DIR/tofu is
# already that copy) and DIR/tofu is printed; else the tofu on PATH.
# Prints nothing when there is no tofu at all.
#
# A clone made elsewhere finds SHARED beside the checkout it came from
# (scripts/shared-tool.sh).
#
# Usage: tofu-path.sh SHARED DIR
set -euo pipefail
shared=${1:?usage: tofu-path.sh SHARED DIR}
dir=${2:?usage: tofu-path.sh SHARED DIR}

# shellcheck source=scripts/shared-tool.sh
. "$(dirname "$0")/shared-tool.sh"
shared=$(shared_tool "$shared")

if [ -x "$shared/install.sh" ]; then
	"$shared/install.sh" "$dir" >&2
	printf '%s\n' "$dir/tofu"
	exit 0
fi
command -v tofu || true
