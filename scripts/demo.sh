#!/usr/bin/env bash
# make demo: starts the sandbox on loopback, applies the netfab topology of
# examples/netfab/demo with terraform, prints its outputs, destroys it, runs the
# Pulumi program of examples/pulumi/netfab the same way, and stops the sandbox.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/bin"
work="$root/.demo"
state="$work/sandbox"
addr=127.0.0.1:18443
address=iacsuite.example/iacsuite/netfab

rm -rf "$work"
mkdir -p "$state"

"$bin/sandbox" serve --state-dir "$state" --netfab-addr "$addr" --provisioning-delay 2s >"$work/sandbox.log" 2>&1 &
sandbox_pid=$!
stop() {
	kill "$sandbox_pid" 2>/dev/null || true
	wait "$sandbox_pid" 2>/dev/null || true
}
trap stop EXIT

for _ in $(seq 1 100); do
	if [ -f "$state/sandbox-ca.pem" ] && curl -sf --cacert "$state/sandbox-ca.pem" "https://$addr/healthz" >/dev/null 2>&1; then
		break
	fi
	kill -0 "$sandbox_pid" 2>/dev/null || { cat "$work/sandbox.log"; exit 1; }
	sleep 0.1
done
echo "== sandbox up: https://$addr (log: .demo/sandbox.log)"

export SSL_CERT_FILE="$state/sandbox-ca.pem"
export NETFAB_ACCESS_KEY=sandbox-access-key
export NETFAB_SECRET_KEY=sandbox-secret-key
export NETFAB_ACCEPT_PURCHASE_TERMS=true
export NETFAB_SANDBOX_URL="https://$addr"
export CHECKPOINT_DISABLE=1

cat > "$work/terraformrc" <<CFG
provider_installation {
  dev_overrides {
    "$address" = "$bin"
  }
  direct {}
}
CFG
export TF_CLI_CONFIG_FILE="$work/terraformrc"

tf() { terraform -chdir="$work/netfab" "$@"; }
cp -r "$root/examples/netfab/demo" "$work/netfab"
echo "== terraform apply (examples/netfab/demo)"
tf apply -auto-approve -input=false -compact-warnings -no-color -var "environment=$NETFAB_SANDBOX_URL"
echo "== terraform outputs"
tf output -no-color
echo "== second plan (must be empty)"
tf plan -detailed-exitcode -input=false -var "environment=$NETFAB_SANDBOX_URL" >/dev/null 2>&1 || { echo "second plan is not empty"; exit 1; }
echo "no changes"
echo "== terraform destroy"
tf destroy -auto-approve -input=false -compact-warnings -no-color -var "environment=$NETFAB_SANDBOX_URL" | tail -n 3

if [ -x "$root/scripts/demo-pulumi.sh" ]; then
	echo "== pulumi (examples/pulumi/netfab)"
	"$root/scripts/demo-pulumi.sh"
fi
echo "== demo finished"
