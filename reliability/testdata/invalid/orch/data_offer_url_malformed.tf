# attribute: url
# expect: invalid offer url
data "orch_offer" "bad" {
  url = "admin-prod-mysql"
}
