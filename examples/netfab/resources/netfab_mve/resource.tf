data "netfab_location" "sydney" {
  name = "Equinix SY1"
}

data "netfab_mve_images" "aruba" {
  vendor_filter        = "Aruba"
  release_image_filter = true
}

resource "netfab_mve" "example" {
  product_name         = "sdwan-edge"
  location_id          = data.netfab_location.sydney.id
  contract_term_months = 12
  cost_centre          = "network-engineering"

  # What the appliance boots with: the vendor of the image and its settings.
  # The plan checks them against the image (vendor, required settings, size).
  vendor_config = {
    vendor       = "aruba"
    image_id     = data.netfab_mve_images.aruba.mve_images[0].id
    product_size = "MEDIUM"
    mve_label    = "MVE 4/16"
    account_name = "branch-offices"
    account_key  = var.aruba_account_key
    system_tag   = "branch-sdwan"
  }

  vnics = [
    { description = "Data Plane" },
    { description = "Control Plane" },
    { description = "Management Plane" },
  ]

  resource_tags = {
    environment = "production"
  }
}

variable "aruba_account_key" {
  description = "Account key of the Aruba Orchestrator account."
  type        = string
  sensitive   = true
  default     = "orchestrator-key-1"
}
