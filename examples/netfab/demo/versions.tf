terraform {
  required_providers {
    netfab = {
      source = "iacsuite.example/iacsuite/netfab"
    }
  }
}

# Credentials come from NETFAB_ACCESS_KEY, NETFAB_SECRET_KEY and
# NETFAB_ACCEPT_PURCHASE_TERMS.
provider "netfab" {
  environment = var.environment
}

variable "environment" {
  description = "netfab environment name or https URL; the local sandbox by default."
  type        = string
  default     = "sandbox"
}
