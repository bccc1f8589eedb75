#!/usr/bin/env bash
# Checks the snapshot release that make release-check built into <dist>/<p>/
# and lists its archives: per provider and platform (linux and darwin on
# amd64 and arm64) the Terraform zip in the registry layout and the Pulumi
# plugin tarball, and SHA256SUMS covering them and the registry manifest.
# Usage: scripts/release-check.sh <dist> <provider>...
set -euo pipefail
dist=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
manifest_sum=$(sha256sum "$root/terraform-registry-manifest.json" | cut -d' ' -f1)
grep -q '"protocol_versions": \["6.0"\]' "$root/terraform-registry-manifest.json" ||
	{ echo "terraform-registry-manifest.json does not declare protocol 6.0" >&2; exit 1; }
fail() { echo "release-check: $*" >&2; exit 1; }
for p in "$@"; do
	dir="$dist/$p"
	sums=$(ls "$dir"/terraform-provider-"$p"_*_SHA256SUMS 2>/dev/null) || fail "$p: no SHA256SUMS"
	version=${sums##*/terraform-provider-${p}_}
	version=${version%_SHA256SUMS}
	(cd "$dir" && sha256sum --quiet -c --ignore-missing "${sums##*/}") || fail "$p: SHA256SUMS does not match the archives"
	grep -q "^$manifest_sum  terraform-provider-${p}_${version}_manifest.json\$" "$sums" ||
		fail "$p: SHA256SUMS lacks the registry manifest terraform-provider-${p}_${version}_manifest.json"
	for os in linux darwin; do
		for arch in amd64 arm64; do
			zip="terraform-provider-${p}_${version}_${os}_${arch}.zip"
			tgz="pulumi-resource-${p}-v${version}-${os}-${arch}.tar.gz"
			for f in "$zip" "$tgz"; do
				[ -f "$dir/$f" ] || fail "$p: $f is missing"
				grep -q "  $f\$" "$sums" || fail "$p: SHA256SUMS lacks $f"
			done
			python3 -c 'import sys, zipfile; print("\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))' "$dir/$zip" | grep -qx "terraform-provider-${p}_v${version}" ||
				fail "$p: $zip does not hold terraform-provider-${p}_v${version}"
			[ "$(tar -tzf "$dir/$tgz")" = "pulumi-resource-$p" ] ||
				fail "$p: $tgz does not hold pulumi-resource-$p alone"
		done
	done
done
echo "release-check: archives of $* (dist/<provider>/):"
(cd "$dist" && find . -type f | sort | sed 's#^\./##' | while read -r f; do printf '  %-70s %s\n' "$f" "$(du -h "$f" | cut -f1)"; done)
