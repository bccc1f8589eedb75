#!/usr/bin/env bash
# Places provider binaries in a Terraform filesystem mirror, in the layout
# Terraform reads without any configuration from ~/.terraform.d/plugins:
#   <dir>/<host>/<namespace>/<name>/<version>/<os>_<arch>/terraform-provider-<name>_v<version>
# Usage: scripts/terraform-mirror.sh <dir> <address prefix> <version> <bin dir> <provider>...
#   (address prefix: <host>/<namespace>; the binaries are <bin dir>/terraform-provider-<provider>)
set -euo pipefail
[ $# -ge 5 ] || { echo "usage: $0 <dir> <host>/<namespace> <version> <bin dir> <provider>..." >&2; exit 2; }
dir=$1 prefix=$2 version=$3 bin=$4
shift 4
platform="$(go env GOOS)_$(go env GOARCH)"
for p in "$@"; do
	dest="$dir/$prefix/$p/$version/$platform"
	mkdir -p "$dest"
	# Replace, not overwrite in place: a running terraform may hold the old file.
	cp "$bin/terraform-provider-$p" "$dest/.terraform-provider-${p}_v$version.tmp"
	mv -f "$dest/.terraform-provider-${p}_v$version.tmp" "$dest/terraform-provider-${p}_v$version"
	echo "terraform: $prefix/$p $version -> $dest"
done
