# A small policy through the management API (context = "web_api"): a
# gateway, a policy package with its access layer, a section of three access
# rules between objects made here, a static NAT rule, and the installation of
# the package on the gateway. Each change is published before its resource
# returns, so the installation (which installs the published policy) sees
# every rule it depends on. The address and the credentials come from
# FWMGR_SERVER, FWMGR_PORT (`sandbox serve` runs the server on
# 127.0.0.1:18445), FWMGR_USERNAME and FWMGR_PASSWORD.
terraform {
  required_providers {
    fwmgr = { source = "iacsuite.example/iacsuite/fwmgr" }
  }
}

provider "fwmgr" {
  context                 = "web_api"
  session_name            = "demo-policy"
  auto_publish_batch_size = 100
}

# The gateway's SIC one-time password: write-only, so it is sent when the
# gateway is created and kept in neither the plan nor the state.
variable "gateway_one_time_password" {
  type      = string
  default   = "demo-Sic-1"
  sensitive = true
  ephemeral = true
}

resource "fwmgr_management_simple_gateway" "gw" {
  name              = "demo-gw-1"
  firewall          = true
  ipv4_address      = "192.0.2.1"
  one_time_password = var.gateway_one_time_password
  version           = "R81"
}

resource "fwmgr_management_host" "web" {
  name         = "demo-policy-web"
  ipv4_address = "10.1.0.10"
}

resource "fwmgr_management_host" "web_public" {
  name         = "demo-policy-web-public"
  ipv4_address = "203.0.113.10"
}

resource "fwmgr_management_host" "admin" {
  name         = "demo-policy-admin"
  ipv4_address = "10.1.0.99"
}

resource "fwmgr_management_network" "office" {
  name         = "demo-policy-office"
  subnet4      = "198.51.100.0"
  mask_length4 = 24
}

resource "fwmgr_management_access_layer" "demo" {
  name = "demo-policy Network"
}

resource "fwmgr_management_package" "demo" {
  name                 = "demo-policy"
  access               = true
  threat_prevention    = false
  access_layers        = [fwmgr_management_access_layer.demo.name]
  installation_targets = [fwmgr_management_simple_gateway.gw.name]
}

resource "fwmgr_management_access_section" "web" {
  name  = "Web server"
  layer = fwmgr_management_access_layer.demo.name

  position {
    top = "top"
  }
}

# Rules 1 to 3, in this order: each is placed relative to the one before, so
# that none hides another (a hidden rule fails the installation).
resource "fwmgr_management_access_rule" "office_https" {
  name        = "office to web (https)"
  layer       = fwmgr_management_access_layer.demo.name
  source      = [fwmgr_management_network.office.name]
  destination = [fwmgr_management_host.web.name]
  service     = ["https"]
  action      = "Accept"

  position {
    top = fwmgr_management_access_section.web.name
  }
}

resource "fwmgr_management_access_rule" "admin_ssh" {
  name        = "admin to web (ssh)"
  layer       = fwmgr_management_access_layer.demo.name
  source      = [fwmgr_management_host.admin.name]
  destination = [fwmgr_management_host.web.name]
  service     = ["ssh"]
  action      = "Accept"

  position {
    below = fwmgr_management_access_rule.office_https.id
  }
}

resource "fwmgr_management_access_rule" "cleanup" {
  name        = "cleanup"
  layer       = fwmgr_management_access_layer.demo.name
  source      = ["Any"]
  destination = ["Any"]
  service     = ["Any"]
  action      = "Drop"

  position {
    below = fwmgr_management_access_rule.admin_ssh.id
  }
}

# The web server's outgoing connections leave with its public address.
resource "fwmgr_management_nat_rule" "web" {
  name              = "web server, static"
  package           = fwmgr_management_package.demo.name
  method            = "static"
  original_source   = fwmgr_management_host.web.name
  translated_source = fwmgr_management_host.web_public.name

  position {
    top = "top"
  }
}

# Installs the package on the gateway when created, and again whenever a
# rule is replaced (triggers). Terraform 1.14's action of the same name
# would also install after a rule changes in place; this demo runs on 1.11.
resource "fwmgr_management_install_policy" "demo" {
  policy_package = fwmgr_management_package.demo.name
  targets        = [fwmgr_management_simple_gateway.gw.name]
  triggers = [
    fwmgr_management_access_rule.office_https.id,
    fwmgr_management_access_rule.admin_ssh.id,
    fwmgr_management_access_rule.cleanup.id,
    fwmgr_management_nat_rule.web.id,
  ]
}

locals {
  # In the order of the rulebase.
  access_rules = [
    fwmgr_management_access_rule.office_https,
    fwmgr_management_access_rule.admin_ssh,
    fwmgr_management_access_rule.cleanup,
  ]
}

# The rules as the server numbers them in their rulebases.
data "fwmgr_management_access_rule" "rules" {
  count = length(local.access_rules)
  layer = local.access_rules[count.index].layer
  uid   = local.access_rules[count.index].id
}

data "fwmgr_management_nat_rule" "web" {
  package = fwmgr_management_nat_rule.web.package
  uid     = fwmgr_management_nat_rule.web.id
}

output "access_rules" {
  value = [for r in data.fwmgr_management_access_rule.rules : "${r.rule_number}: ${r.name} (${r.id})"]
}

output "nat_rule" {
  value = "${data.fwmgr_management_nat_rule.web.rule_number}: ${fwmgr_management_nat_rule.web.name} (${fwmgr_management_nat_rule.web.id})"
}

output "gateway" {
  value = "${fwmgr_management_simple_gateway.gw.name} (${fwmgr_management_simple_gateway.gw.id})"
}

output "install_task_id" {
  value = fwmgr_management_install_policy.demo.task_id
}
