data "netfab_location" "sydney" {
  name = "Equinix SY1"
}

resource "netfab_port" "shared" {
  product_name         = "service-key-example-port"
  location_id          = data.netfab_location.sydney.id
  port_speed           = 1000
  contract_term_months = 1
}

# Any number of VXCs from the partner, each choosing its VLAN.
resource "netfab_service_key" "multi_use" {
  product_uid = netfab_port.shared.product_uid
  description = "partner connections"
  max_speed   = 500
  single_use  = false
  active      = true
}

# One VXC, on VLAN 100 of the port, within a window.
resource "netfab_service_key" "single_use" {
  product_uid  = netfab_port.shared.product_uid
  description  = "one connection for the migration"
  max_speed    = 100
  single_use   = true
  active       = true
  vlan         = 100
  pre_approved = true

  valid_for = {
    start_time = "2025-01-01T00:00:00Z"
    end_time   = "2099-12-31T23:59:59Z"
  }
}

output "key_for_partner" {
  value     = netfab_service_key.multi_use.key
  sensitive = true
}
