#!/usr/bin/env bash
# Generates docs/<provider>/ with tfplugindocs and validates them as the
# Terraform Registry does (tfplugindocs validate), offline: the provider schema
# comes from `terraform providers schema -json` through a dev_overrides CLI
# configuration, so nothing is downloaded. TERRAFORM names the terraform
# (default: the one on PATH); the identity schemas need Terraform 1.12 or newer.
# Usage: scripts/gen-docs.sh <provider> <source address>
set -euo pipefail
name=$1
address=$2
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/bin"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat > "$work/terraformrc" <<CFG
provider_installation {
  dev_overrides {
    "$address" = "$bin"
  }
  direct {}
}
CFG
cat > "$work/main.tf" <<TF
terraform {
  required_providers {
    $name = { source = "$address" }
  }
}
TF
TF_CLI_CONFIG_FILE="$work/terraformrc" "${TERRAFORM:-terraform}" -chdir="$work" providers schema -json 2>/dev/null > "$work/schema.raw.json"
# tfplugindocs looks the provider up by its short name only.
sed "s#\"$address\"#\"$name\"#" "$work/schema.raw.json" > "$work/schema.json"
grep -q "\"$name\"" "$work/schema.json" || { echo "no schema for $name" >&2; exit 1; }

rm -rf "$root/docs/$name"
"$bin/tfplugindocs" generate \
	--provider-dir "$root" \
	--provider-name "$name" \
	--providers-schema "$work/schema.json" \
	--rendered-provider-name "$name" \
	--rendered-website-dir "docs/$name" \
	--examples-dir "examples/$name" \
	--website-source-dir "templates/$name" \
	--website-temp-dir "$work/website" >/dev/null
# The Terraform Registry's checks of the pages (front matter, layout, one page
# per resource and data source of the schema), on a copy laid out as the
# registry reads a provider's repository: docs/ at its root.
mkdir -p "$work/registry"
cp -r "$root/docs/$name" "$work/registry/docs"
"$bin/tfplugindocs" validate \
	--provider-dir "$work/registry" \
	--provider-name "$name" \
	--providers-schema "$work/schema.json" >"$work/validate.log" 2>&1 ||
	{ grep -v '\[DEBUG\]' "$work/validate.log" >&2; echo "tfplugindocs validate: docs/$name fails the registry's checks" >&2; exit 1; }
# Every resource page shows an example and both ways to import (an import
# block, terraform import), from examples/$name/resources/<type>/.
for page in "$root/docs/$name"/resources/*.md; do
	[ -e "$page" ] || continue
	wants=('## Example Usage' '## Import' 'import {' 'terraform import ')
	# A command modelled as a resource (fwmgr_management_publish) says so
	# instead of showing an import.
	if grep -qF 'This resource cannot be imported' "$page"; then wants=('## Example Usage' '## Import'); fi
	for want in "${wants[@]}"; do
		grep -qF "$want" "$page" || { echo "docs/$name/resources/${page##*/} has no '$want': add resource.tf, import-by-string-id.tf and import.sh under examples/$name/resources/<type>/" >&2; exit 1; }
	done
done
echo "docs/$name generated and validated"
