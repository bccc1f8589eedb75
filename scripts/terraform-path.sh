#!/usr/bin/env bash
# Prints the path of the terraform that the acceptance and workflow tests run
# (TF_ACC_TERRAFORM_PATH of GNUmakefile): the newest of the terraform on PATH
# and DIR/terraform. When SHARED (the project's copy of Terraform 1.15,
# ../shared/tools/terraform beside the clone) exists and the terraform on PATH
# is older than 1.14, SHARED/install.sh installs it into DIR first (it checks
# the copy's sha256 and does nothing when DIR/terraform is already that copy).
# Prints nothing when there is no terraform at all.
#
# A clone made elsewhere finds SHARED beside the checkout it came from
# (scripts/shared-tool.sh).
#
# Usage: terraform-path.sh SHARED DIR
set -euo pipefail
shared=${1:?usage: terraform-path.sh SHARED DIR}
dir=${2:?usage: terraform-path.sh SHARED DIR}

# version BINARY: its version (1.11.4), or nothing when it does not run.
version() {
	"$1" version -json 2>/dev/null | sed -n 's/.*"terraform_version": *"\([^"]*\)".*/\1/p' | head -n 1
}
# older A B: A is a version older than B.
older() {
	[ "$1" != "$2" ] && [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n 1)" = "$1" ]
}

# shellcheck source=scripts/shared-tool.sh
. "$(dirname "$0")/shared-tool.sh"
shared=$(shared_tool "$shared")

on_path=$(command -v terraform || true)
path_version=
[ -z "$on_path" ] || path_version=$(version "$on_path")

if [ -x "$shared/install.sh" ] && { [ -z "$path_version" ] || older "$path_version" 1.14.0; }; then
	"$shared/install.sh" "$dir" >&2
fi

best=$on_path
best_version=$path_version
if [ -x "$dir/terraform" ]; then
	v=$(version "$dir/terraform")
	if [ -n "$v" ] && { [ -z "$best_version" ] || older "$best_version" "$v"; }; then
		best=$dir/terraform
		best_version=$v
	fi
fi
printf '%s\n' "$best"
