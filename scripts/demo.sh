#!/usr/bin/env bash
# make demo: starts the sandbox on loopback, applies the netfab topology of
# examples/netfab/demo with terraform, prints its outputs, destroys it; applies
# the cloudnative import job and data file of examples/cloudnative/demo,
# uploads a small CSV file to the data file's signed address, destroys them;
# reads a device's data through fwmgr (examples/fwmgr/demo); manages hosts, a
# network and a group through fwmgr's management API, read back from a second
# login (examples/fwmgr/demo-management), destroys them; writes a small
# rulebase with a NAT rule, installs it on a gateway and shows the installed
# package (examples/fwmgr/demo-policy), destroys it; sets the gateway's host
# name, a static route and a VLAN interface through the OS API and reads them back
# (examples/fwmgr/demo-os), destroys them;
# applies the orch model, machines, integrated applications, cross-model offer
# and granted secret of examples/orch/demo, and a user with read access to a
# model and an SSH key on it (shown as that user sees them: the model, the
# key, a refused deployment), destroys them; integrates with an
# offer of a second controller (examples/orch/demo-cross); registers two
# controllers in the hub with a group, a role, grants and a model placed on
# one of them (examples/orch/hub-demo), destroys them; bootstraps, upgrades
# and destroys a controller with the orch CLI (examples/orch/controller-demo);
# runs the Pulumi
# program of examples/pulumi/netfab the same way, and stops the sandbox. Needs terraform and curl.
# TF_CLI=tofu (make demo TF_CLI=tofu) runs every configuration with OpenTofu
# instead: the demo uses nothing that OpenTofu lacks (no query, no actions),
# and needs no terraform then.
set -euo pipefail
tf_cli=${TF_CLI:-terraform}
# terraform is the CLI of TF_CLI wherever the demo runs it.
terraform() { command "$tf_cli" "$@"; }
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/bin"
work="$root/.demo"
state="$work/sandbox"
addr=127.0.0.1:18443
# The migration service of the sandbox, which the cloudnative provider talks to.
cn_addr=127.0.0.1:18444
cn_token=sandbox-migration-token
# The orch controller of the sandbox, on the provider's default address.
orch_addr=127.0.0.1:17070
orch_password=demo-admin-password
# The hub of the sandbox, and a second controller (west) in a sandbox of its
# own, for the hub part.
hub_addr=127.0.0.1:17071
hub_secret=demo-hub-client-secret
west_addr=127.0.0.1:17072
# The offering controller of examples/orch/demo-cross: the only one the
# sandbox's controller may connect to (--orch-remote-controllers).
offering_addr=127.0.0.1:17073

for tool in "$tf_cli" curl; do
	command -v "$tool" >/dev/null || { echo "$tool is not on PATH; the demo needs it" >&2; exit 1; }
done

rm -rf "$work"
mkdir -p "$state"

"$bin/sandbox" serve --state-dir "$state" --netfab-addr "$addr" --migration-addr "$cn_addr" \
	--migration-token "$cn_token" --orch-addr "$orch_addr" --orch-admin-password "$orch_password" \
	--orch-remote-controllers "$offering_addr" --hub-addr "$hub_addr" --hub-admin-client-secret "$hub_secret" \
	--provisioning-delay 2s >"$work/sandbox.log" 2>&1 &
sandbox_pid=$!
# west: only its controller matters; its other services take free ports.
"$bin/sandbox" serve --state-dir "$work/west" --netfab-addr 127.0.0.1:0 --migration-addr 127.0.0.1:0 \
	--fwmgr-addr 127.0.0.1:0 --hub-addr 127.0.0.1:0 --hub-admin-client-secret "$hub_secret" \
	--orch-addr "$west_addr" --orch-controller-name west --orch-admin-password "$orch_password" \
	--provisioning-delay 0s >"$work/west.log" 2>&1 &
west_pid=$!
stop() {
	kill "$sandbox_pid" "$west_pid" 2>/dev/null || true
	wait "$sandbox_pid" "$west_pid" 2>/dev/null || true
}
trap stop EXIT

# Up when both services answer: netfab's health check, and a list of the
# (empty) import jobs of the migration service.
up() {
	[ -f "$state/sandbox-ca.pem" ] &&
		curl -sf --cacert "$state/sandbox-ca.pem" "https://$addr/healthz" >/dev/null 2>&1 &&
		curl -sf --cacert "$state/sandbox-ca.pem" -H "Authorization: Bearer $cn_token" \
			"https://$cn_addr/v1alpha1/projects/demo-project/locations/us-central1/importJobs" >/dev/null 2>&1 &&
		curl -sf --cacert "$state/sandbox-ca.pem" "https://$orch_addr/v1/healthz" >/dev/null 2>&1 &&
		curl -sf --cacert "$state/sandbox-ca.pem" "https://$hub_addr/v1/healthz" >/dev/null 2>&1 &&
		[ -f "$work/west/sandbox-ca.pem" ] &&
		curl -sf --cacert "$work/west/sandbox-ca.pem" "https://$west_addr/v1/healthz" >/dev/null 2>&1
}
for i in $(seq 1 100); do
	up && break
	kill -0 "$sandbox_pid" 2>/dev/null || { cat "$work/sandbox.log"; exit 1; }
	kill -0 "$west_pid" 2>/dev/null || { cat "$work/west.log"; exit 1; }
	[ "$i" -lt 100 ] || { echo "the sandbox did not come up"; cat "$work/sandbox.log"; exit 1; }
	sleep 0.1
done
echo "== sandbox up: netfab https://$addr, migration https://$cn_addr (log: .demo/sandbox.log)"

export SSL_CERT_FILE="$state/sandbox-ca.pem"
export NETFAB_ACCESS_KEY=sandbox-access-key
export NETFAB_SECRET_KEY=sandbox-secret-key
export NETFAB_ACCEPT_PURCHASE_TERMS=true
export NETFAB_SANDBOX_URL="https://$addr"
export CLOUDNATIVE_ACCESS_TOKEN="$cn_token"
export CLOUDNATIVE_SANDBOX_URL="https://$cn_addr"
export CHECKPOINT_DISABLE=1

# The providers as `make install` placed them in a filesystem mirror: each
# configuration runs a plain `terraform init` (lock file included). This CLI
# configuration only says where the mirror is, so that the user's own
# configuration cannot change what the demo runs.
plugins=${TF_PLUGIN_DIR:-$HOME/.terraform.d/plugins}
cat > "$work/terraformrc" <<CFG
provider_installation {
  filesystem_mirror {
    path    = "$plugins"
    include = ["iacsuite.example/iacsuite/*"]
  }
  direct {
    exclude = ["iacsuite.example/iacsuite/*"]
  }
}
CFG
export TF_CLI_CONFIG_FILE="$work/terraformrc"
echo "== $tf_cli init from the filesystem mirror $plugins (make install)"
tfinit() { terraform -chdir="$1" init -input=false -no-color >"$1.init.log" 2>&1 || { cat "$1.init.log"; exit 1; }; }

tf() { terraform -chdir="$work/netfab" "$@"; }
cp -r "$root/examples/netfab/demo" "$work/netfab"
tfinit "$work/netfab"
echo "== $tf_cli apply (examples/netfab/demo)"
tf apply -auto-approve -input=false -compact-warnings -no-color -var "environment=$NETFAB_SANDBOX_URL"
echo "== $tf_cli outputs"
tf output -no-color
echo "== second plan (must be empty)"
tf plan -detailed-exitcode -input=false -var "environment=$NETFAB_SANDBOX_URL" >/dev/null 2>&1 || { echo "second plan is not empty"; exit 1; }
echo "no changes"
echo "== $tf_cli destroy"
tf destroy -auto-approve -input=false -compact-warnings -no-color -var "environment=$NETFAB_SANDBOX_URL" | tail -n 3

cn() { terraform -chdir="$work/cloudnative" "$@"; }
cp -r "$root/examples/cloudnative/demo" "$work/cloudnative"
tfinit "$work/cloudnative"
echo "== $tf_cli apply (examples/cloudnative/demo)"
cn apply -auto-approve -input=false -compact-warnings -no-color -var "endpoint=$CLOUDNATIVE_SANDBOX_URL"
echo "== $tf_cli outputs"
cn output -no-color
echo "== upload a CSV file to the data file's signed address"
printf 'VM,Powerstate,CPUs,Memory MB\nweb-1,poweredOn,2,4096\ndb-1,poweredOn,8,32768\n' >"$work/vms.csv"
# The address is a credential: it is never printed, and reaches curl through
# its configuration on standard input rather than its command line.
signed_uri=$(cn output -raw upload_signed_uri)
headers=()
while IFS= read -r line || [ -n "$line" ]; do
	[ -n "$line" ] && headers+=(-H "$line")
done < <(cn output -raw upload_header_lines)
curl -sS --fail-with-body --cacert "$SSL_CERT_FILE" --upload-file "$work/vms.csv" "${headers[@]}" \
	-o "$work/upload.json" --config - <<<"url = \"$signed_uri\"" ||
	{ echo "upload failed: $(cat "$work/upload.json" 2>/dev/null)"; exit 1; }
unset signed_uri
file=$(cn output -raw data_file_name)
curl -sSf --cacert "$SSL_CERT_FILE" -H "Authorization: Bearer $CLOUDNATIVE_ACCESS_TOKEN" \
	-o "$work/vms.read.csv" "$CLOUDNATIVE_SANDBOX_URL/v1alpha1/$file?alt=media"
cmp -s "$work/vms.csv" "$work/vms.read.csv" || { echo "the service holds other content than was uploaded"; exit 1; }
echo "uploaded vms.csv ($(wc -c <"$work/vms.csv") bytes); the service returns it unchanged"
echo "== second plan (must be empty)"
cn plan -detailed-exitcode -input=false -var "endpoint=$CLOUDNATIVE_SANDBOX_URL" >/dev/null 2>&1 || { echo "second plan is not empty"; exit 1; }
echo "no changes"
echo "== $tf_cli destroy"
cn destroy -auto-approve -input=false -compact-warnings -no-color -var "endpoint=$CLOUDNATIVE_SANDBOX_URL" | tail -n 3

# The fwmgr administrator's password is generated at the sandbox's first
# start; `sandbox env` reports it.
fwmgr_password=
for i in $(seq 1 50); do
	fwmgr_password=$("$bin/sandbox" env --state-dir "$state" 2>/dev/null | sed -n "s/^export FWMGR_PASSWORD=//p")
	[ -n "$fwmgr_password" ] && break
	sleep 0.1
done
[ -n "$fwmgr_password" ] || { echo "sandbox env reported no FWMGR_PASSWORD"; exit 1; }

# fwmgr: show data sources of the device sandbox (127.0.0.1:18445), twice:
# the second run reuses the first run's session from the session file.
fw() { terraform -chdir="$work/fwmgr" "$@"; }
cp -r "$root/examples/fwmgr/demo" "$work/fwmgr"
tfinit "$work/fwmgr"
for run in 1 2; do
	echo "== $tf_cli apply (examples/fwmgr/demo), run $run"
	FWMGR_SERVER=127.0.0.1 FWMGR_PORT=18445 FWMGR_USERNAME=admin FWMGR_PASSWORD="$fwmgr_password" fw apply -auto-approve -input=false -compact-warnings -no-color \
		-var "session_file_name=$work/fwmgr-session.json" >"$work/fwmgr-apply.log" 2>&1 || { cat "$work/fwmgr-apply.log"; exit 1; }
	fw output -no-color
done
echo "(the second run reuses the session kept in .demo/fwmgr-session.json instead of logging in again)"

# fwmgr management: two hosts, a network and a group through the management
# API (web_api); the apply publishes them, so a second login (another
# provider process, ./reader) sees them as soon as it returns.
fm() { FWMGR_SERVER=127.0.0.1 FWMGR_PORT=18445 FWMGR_USERNAME=admin FWMGR_PASSWORD="$fwmgr_password" terraform -chdir="$work/fwmgr-management$1" "${@:2}"; }
cp -r "$root/examples/fwmgr/demo-management" "$work/fwmgr-management"
tfinit "$work/fwmgr-management"
tfinit "$work/fwmgr-management/reader"
echo "== $tf_cli apply (examples/fwmgr/demo-management)"
fm "" apply -auto-approve -input=false -compact-warnings -no-color >"$work/fwmgr-management.log" 2>&1 || { cat "$work/fwmgr-management.log"; exit 1; }
fm "" output -no-color
echo "== second plan (must be empty)"
fm "" plan -detailed-exitcode -input=false >/dev/null 2>&1 || { echo "second plan is not empty"; exit 1; }
echo "no changes"
echo "== read from a second login (examples/fwmgr/demo-management/reader)"
fm /reader apply -auto-approve -input=false -compact-warnings -no-color >"$work/fwmgr-reader.log" 2>&1 || { cat "$work/fwmgr-reader.log"; exit 1; }
fm /reader output -no-color
echo "== $tf_cli destroy"
fm "" destroy -auto-approve -input=false -compact-warnings -no-color | tail -n 3

# fwmgr policy: a gateway, a package with an access layer, a section of three
# access rules and a NAT rule, installed on the gateway
# (examples/fwmgr/demo-policy); then what the server says is installed on it,
# read with the management API as any client would.
fp() { FWMGR_SERVER=127.0.0.1 FWMGR_PORT=18445 FWMGR_USERNAME=admin FWMGR_PASSWORD="$fwmgr_password" terraform -chdir="$work/fwmgr-policy" "$@"; }
cp -r "$root/examples/fwmgr/demo-policy" "$work/fwmgr-policy"
tfinit "$work/fwmgr-policy"
echo "== $tf_cli apply (examples/fwmgr/demo-policy)"
fp apply -auto-approve -input=false -compact-warnings -no-color >"$work/fwmgr-policy.log" 2>&1 || { cat "$work/fwmgr-policy.log"; exit 1; }
fp output -no-color
echo "== second plan (must be empty)"
fp plan -detailed-exitcode -input=false >/dev/null 2>&1 || { echo "second plan is not empty"; exit 1; }
echo "no changes"
echo "== the installed policy (management API: show-task, show-simple-gateway)"
mgmt="https://127.0.0.1:18445/web_api"
# The password reaches curl on standard input, not on its command line.
mgmt_sid=$(curl -sSf --cacert "$SSL_CERT_FILE" -H 'Content-Type: application/json' -d @- "$mgmt/login" <<<"{\"user\": \"admin\", \"password\": \"$fwmgr_password\", \"session-name\": \"demo-show\"}" |
	sed -n 's/.*"sid":"\([^"]*\)".*/\1/p')
[ -n "$mgmt_sid" ] || { echo "login to the management API failed"; exit 1; }
as_admin() { curl -sSf --cacert "$SSL_CERT_FILE" -H 'Content-Type: application/json' -H "X-chkp-sid: $mgmt_sid" "$mgmt/$1" -d "$2"; }
field() { { grep -o "\"$1\":\"[^\"]*\"" || true; } | head -n 1 | sed 's/.*:"\(.*\)"/\1/'; } # the first string field $1 of a JSON text
task=$(as_admin show-task "{\"task-id\": [\"$(fp output -raw install_task_id)\"], \"details-level\": \"full\"}")
echo "install task: $(field status <<<"$task"): $(field comments <<<"$task")"
gw=$(as_admin show-simple-gateway '{"name": "demo-gw-1"}')
installed=$(field access-policy-name <<<"$gw")
when=$({ grep -o '"access-policy-installation-date":{[^}]*}' <<<"$gw" || true; } | field iso-8601)
echo "installed on demo-gw-1: access policy $installed at $when"
as_admin logout '{}' >/dev/null
[ "$installed" = demo-policy ] || { echo "demo-gw-1 does not have the package demo-policy installed"; exit 1; }
echo "== $tf_cli destroy"
fp destroy -auto-approve -input=false -compact-warnings -no-color >"$work/fwmgr-policy-destroy.log" 2>&1 || { cat "$work/fwmgr-policy-destroy.log"; exit 1; }
tail -n 3 "$work/fwmgr-policy-destroy.log"

# fwmgr OS configuration: the demo gateway's host name, a static route and a
# VLAN interface (examples/fwmgr/demo-os), read back through the show data
# sources of each cluster member; destroy deletes the route and the VLAN and
# restores the host name.
fo() { FWMGR_SERVER=127.0.0.1 FWMGR_PORT=18445 FWMGR_USERNAME=admin FWMGR_PASSWORD="$fwmgr_password" terraform -chdir="$work/fwmgr-os" "$@"; }
cp -r "$root/examples/fwmgr/demo-os" "$work/fwmgr-os"
tfinit "$work/fwmgr-os"
echo "== $tf_cli apply (examples/fwmgr/demo-os)"
fo apply -auto-approve -input=false -compact-warnings -no-color >"$work/fwmgr-os.log" 2>&1 || { cat "$work/fwmgr-os.log"; exit 1; }
fo output -no-color
echo "== second plan (must be empty)"
fo plan -detailed-exitcode -input=false >/dev/null 2>&1 || { echo "second plan is not empty"; exit 1; }
echo "no changes"
echo "== $tf_cli destroy"
fo destroy -auto-approve -input=false -compact-warnings -no-color >"$work/fwmgr-os-destroy.log" 2>&1 || { cat "$work/fwmgr-os-destroy.log"; exit 1; }
tail -n 3 "$work/fwmgr-os-destroy.log"

export ORCH_CONTROLLER_ADDRESSES="$orch_addr" ORCH_USERNAME=admin ORCH_PASSWORD="$orch_password"
oc() { terraform -chdir="$work/orch" "$@"; }
cp -r "$root/examples/orch/demo" "$work/orch"
tfinit "$work/orch"
echo "== $tf_cli apply (examples/orch/demo)"
oc apply -auto-approve -input=false -compact-warnings -no-color
echo "== $tf_cli outputs"
oc output -no-color
echo "== second plan (must be empty)"
oc plan -detailed-exitcode -input=false >/dev/null 2>&1 || { echo "second plan is not empty"; exit 1; }
echo "no changes"
# What the user demo-viewer sees, logged in with its own password: the model
# it may read and the SSH key on it; a deployment there is refused.
echo "== as demo-viewer (read access to demo-web)"
viewer_token=$(curl -sSf --cacert "$state/sandbox-ca.pem" "https://$orch_addr/v1/login" \
	-d '{"username": "demo-viewer", "password": "demo-viewer-password"}' | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')
as_viewer() { curl -sS --cacert "$state/sandbox-ca.pem" -H "Authorization: Bearer $viewer_token" "$@"; }
web_uuid=$(oc output -raw web_model_uuid)
echo "models: $(as_viewer "https://$orch_addr/v1/models" | grep -o '"name":"[^"]*"' | sed 's/"name":"\(.*\)"/\1/' | sort -u | tr '\n' ' ')"
echo "ssh keys of demo-web: $(as_viewer "https://$orch_addr/v1/models/$web_uuid/ssh-keys" | grep -o '"comment":"[^"]*"' | sed 's/"comment":"\(.*\)"/\1/' | tr '\n' ' ')"
status=$(as_viewer -o /dev/null -w '%{http_code}' "https://$orch_addr/v1/models/$web_uuid/applications" -d '{"name": "intruder", "charm": {"name": "ubuntu"}}')
echo "a deployment into demo-web: HTTP $status (refused)"
[ "$status" = 403 ] || { echo "demo-viewer could deploy into demo-web"; exit 1; }
echo "== $tf_cli destroy"
oc destroy -auto-approve -input=false -compact-warnings -no-color | tail -n 3

# A second controller, "offering", whose offer a model of the first consumes
# (examples/orch/demo-cross); its other services listen on free ports.
"$bin/sandbox" serve --state-dir "$work/offering" --netfab-addr 127.0.0.1:0 --migration-addr 127.0.0.1:0 \
	--fwmgr-addr 127.0.0.1:0 --hub-addr 127.0.0.1:0 --hub-admin-client-secret "$hub_secret" \
	--orch-addr "$offering_addr" --orch-admin-password "$orch_password" \
	--orch-controller-name offering --provisioning-delay 2s >"$work/offering.log" 2>&1 &
offering_pid=$!
trap 'kill "$offering_pid" 2>/dev/null || true; wait "$offering_pid" 2>/dev/null || true; stop' EXIT
for i in $(seq 1 100); do
	[ -f "$work/offering/sandbox-ca.pem" ] && curl -sf --cacert "$work/offering/sandbox-ca.pem" "https://$offering_addr/v1/healthz" >/dev/null 2>&1 && break
	[ "$i" -lt 100 ] || { echo "the offering controller did not come up"; cat "$work/offering.log"; exit 1; }
	sleep 0.1
done
cx() { terraform -chdir="$work/orch-cross" "$@" -input=false -var "offering_addresses=$offering_addr" \
	-var "offering_password=$orch_password" -var "offering_ca_file=$work/offering/sandbox-ca.pem"; }
cp -r "$root/examples/orch/demo-cross" "$work/orch-cross"
tfinit "$work/orch-cross"
echo "== $tf_cli apply (examples/orch/demo-cross: an offer on controller offering, integrated from controller sandbox)"
cx apply -auto-approve -compact-warnings -no-color
cx plan -detailed-exitcode >/dev/null 2>&1 || { echo "second plan is not empty"; exit 1; }
echo "second plan: no changes"
cx destroy -auto-approve -compact-warnings -no-color | tail -n 1

# The hub: two controllers registered, a group and a role with grants, a
# model placed on west. The provider runs in hub mode (client credentials).
controller_uuid() { # <address> <ca file>: the UUID a login answers
	curl -sSf --cacert "$2" "https://$1/v1/login" -d "{\"username\": \"admin\", \"password\": \"$orch_password\"}" |
		sed -n 's/.*"controller":{"uuid":"\([^"]*\)".*/\1/p'
}
hub() {
	env -u ORCH_USERNAME -u ORCH_PASSWORD ORCH_CONTROLLER_ADDRESSES="$hub_addr" ORCH_CLIENT_ID=hub-admin \
		ORCH_CLIENT_SECRET="$hub_secret" TF_VAR_controller_password="$orch_password" \
		"$tf_cli" -chdir="$work/hub" "$@"
}
cp -r "$root/examples/orch/hub-demo" "$work/hub"
tfinit "$work/hub"
cat >"$work/hub/demo.auto.tfvars" <<VARS
east_uuid           = "$(controller_uuid "$orch_addr" "$state/sandbox-ca.pem")"
east_address        = "$orch_addr"
east_ca_certificate = <<PEM
$(cat "$state/sandbox-ca.pem")
PEM
west_uuid           = "$(controller_uuid "$west_addr" "$work/west/sandbox-ca.pem")"
west_address        = "$west_addr"
west_ca_certificate = <<PEM
$(cat "$work/west/sandbox-ca.pem")
PEM
VARS
echo "== $tf_cli apply (examples/orch/hub-demo, hub mode)"
hub apply -auto-approve -input=false -compact-warnings -no-color >"$work/hub-apply.log" 2>&1 || { cat "$work/hub-apply.log"; exit 1; }
echo "== $tf_cli outputs"
hub output -no-color
echo "== second plan (must be empty)"
hub plan -detailed-exitcode -input=false >/dev/null 2>&1 || { echo "second plan is not empty"; exit 1; }
echo "no changes"
echo "== $tf_cli destroy"
hub destroy -auto-approve -input=false -compact-warnings -no-color | tail -n 3

# A controller bootstrapped by the orch CLI, upgraded in place, destroyed;
# the CLI keeps its controllers in .demo/orch-data.
export ORCH_DATA_DIR="$work/orch-data"
ctl() { terraform -chdir="$work/orch-controller" "$@"; }
cp -r "$root/examples/orch/controller-demo" "$work/orch-controller"
tfinit "$work/orch-controller"
echo "== $tf_cli apply (examples/orch/controller-demo): orch bootstrap"
ctl apply -auto-approve -input=false -compact-warnings -no-color -var "orch_binary=$bin/orch"
ctl output -no-color
"$bin/orch" controllers
echo "== second plan (must be empty)"
ctl plan -detailed-exitcode -input=false -var "orch_binary=$bin/orch" >/dev/null 2>&1 || { echo "second plan is not empty"; exit 1; }
echo "no changes"
echo "== $tf_cli apply: agent_version 3.6.11 -> 3.6.12 (in place)"
ctl apply -auto-approve -input=false -compact-warnings -no-color -var "orch_binary=$bin/orch" -var agent_version=3.6.12 | tail -n 1
"$bin/orch" controllers
echo "== $tf_cli destroy"
ctl destroy -auto-approve -input=false -compact-warnings -no-color -var "orch_binary=$bin/orch" -var agent_version=3.6.12 | tail -n 3
"$bin/orch" controllers

if [ -x "$root/scripts/demo-pulumi.sh" ]; then
	echo "== pulumi (examples/pulumi/netfab)"
	"$root/scripts/demo-pulumi.sh"
fi
echo "== demo finished"
