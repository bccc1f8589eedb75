terraform {
  required_providers {
    cloudnative = {
      source = "iacsuite.example/iacsuite/cloudnative"
    }
  }
}

# The access token comes from CLOUDNATIVE_ACCESS_TOKEN.
provider "cloudnative" {
  endpoint = var.endpoint
  project  = "demo-project"
  location = "us-central1"
}

variable "endpoint" {
  description = "https base address of the migration API; the local sandbox by default."
  type        = string
  default     = "https://127.0.0.1:18444"
}
