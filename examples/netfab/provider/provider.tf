# Credentials usually come from NETFAB_ACCESS_KEY and NETFAB_SECRET_KEY.
provider "netfab" {
  accept_purchase_terms = true
  environment           = "sandbox"
  wait_time             = 15
}
