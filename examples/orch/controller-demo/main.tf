# make demo: a controller bootstrapped with the orch CLI (a process of its
# own on a loopback port), upgraded in place by a patch bump, destroyed.
terraform {
  required_providers {
    orch = {
      source = "iacsuite.example/iacsuite/orch"
    }
  }
}

provider "orch" {
  controller_mode = true
}

variable "orch_binary" {
  type = string
}

variable "agent_version" {
  type    = string
  default = "3.6.11"
}

resource "orch_controller" "demo" {
  name          = "demo"
  orch_binary   = var.orch_binary
  agent_version = var.agent_version

  cloud = {
    name       = "localhost"
    type       = "lxd"
    auth_types = ["certificate"]
  }
  cloud_credential = {
    name      = "demo"
    auth_type = "certificate"
    attributes = {
      client-cert = "demo-cert"
      client-key  = "demo-key"
    }
  }

  controller_config = {
    "audit-log-max-backups" = "5"
  }
  storage_pool = {
    name = "fast"
    type = "loop"
  }
}

output "api_addresses" {
  value = orch_controller.demo.api_addresses
}

output "controller_uuid" {
  value = orch_controller.demo.controller_uuid
}

output "agent_version" {
  value = orch_controller.demo.agent_version
}
