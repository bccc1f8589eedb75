#!/usr/bin/env bash
# Generates docs/<provider>/ with tfplugindocs, offline: the provider schema
# comes from `terraform providers schema -json` through a dev_overrides CLI
# configuration, so nothing is downloaded.
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
TF_CLI_CONFIG_FILE="$work/terraformrc" terraform -chdir="$work" providers schema -json 2>/dev/null > "$work/schema.raw.json"
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
echo "docs/$name generated"
