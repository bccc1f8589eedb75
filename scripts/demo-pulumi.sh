#!/usr/bin/env bash
# The Pulumi half of `make demo`: brings the YAML program of
# examples/pulumi/netfab up against the running sandbox, prints its outputs,
# and destroys it. State, Pulumi home and the stack live in a temporary
# directory.
#
# Needs bin/pulumi, bin/pulumi-language-yaml and bin/pulumi-resource-netfab
# (make pulumi-install; make demo builds them) and what scripts/demo.sh
# exports: NETFAB_SANDBOX_URL, SSL_CERT_FILE, NETFAB_ACCESS_KEY,
# NETFAB_SECRET_KEY and NETFAB_ACCEPT_PURCHASE_TERMS.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/bin"
: "${NETFAB_SANDBOX_URL:?is not set; run make demo, or export the sandbox URL}"
for tool in pulumi pulumi-language-yaml pulumi-resource-netfab; do
	[ -x "$bin/$tool" ] || { echo "bin/$tool is missing; run make pulumi-install" >&2; exit 1; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/netfab-pulumi-demo.XXXXXX")
cleanup() { rm -rf "$work"; }
trap cleanup EXIT

export PULUMI_HOME="$work/home"
export PULUMI_BACKEND_URL="file://$work/state"
export PULUMI_CONFIG_PASSPHRASE=demo
export PULUMI_SKIP_UPDATE_CHECK=true
export PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true
# The provider plugin is installed into the demo's Pulumi home from bin/, as
# a released plugin would be, rather than picked up from PATH.
export PULUMI_IGNORE_AMBIENT_PLUGINS=true
mkdir -p "$work/state" "$PULUMI_HOME"
pulumi() { "$bin/pulumi" "$@"; }

version=$("$bin/pulumi-resource-netfab" --version)
pulumi plugin install resource netfab "$version" --file "$bin/pulumi-resource-netfab" >/dev/null

cp -r "$root/examples/pulumi/netfab" "$work/project"
cd "$work/project"
pulumi stack init demo --non-interactive >/dev/null
pulumi config set netfab:environment "$NETFAB_SANDBOX_URL"

echo "== pulumi up (examples/pulumi/netfab, netfab plugin $version)"
pulumi up --yes --non-interactive --suppress-progress --suppress-outputs
echo "== pulumi stack outputs"
pulumi stack output
echo "== second preview (must show no changes)"
pulumi preview --expect-no-changes --non-interactive --suppress-progress >/dev/null || { echo "second preview is not empty" >&2; exit 1; }
echo "no changes"
echo "== pulumi destroy"
pulumi destroy --yes --skip-preview --non-interactive --suppress-progress | sed -n '/^Resources:/,/^$/p'
pulumi stack rm --yes --non-interactive >/dev/null
