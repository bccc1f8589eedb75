variable "location_id" {
  type = number
}

# Lock the port against changes once it is created, so that nothing (an
# apply with a mistake in it, a colleague's console session) changes or
# cancels it until it is unlocked.
resource "netfab_port" "core" {
  product_name         = "core-port"
  location_id          = var.location_id
  port_speed           = 10000
  contract_term_months = 12

  lifecycle {
    action_trigger {
      events  = [after_create]
      actions = [action.netfab_product_lock.core]
    }
  }
}

action "netfab_product_lock" "core" {
  config {
    product_uid = netfab_port.core.product_uid
    locked      = true
  }
}

# Unlock it when a change is due:
#   terraform apply -invoke=action.netfab_product_lock.core_unlock
action "netfab_product_lock" "core_unlock" {
  config {
    product_uid = netfab_port.core.product_uid
    locked      = false
  }
}
