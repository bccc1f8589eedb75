provider "fwmgr" {
  context = "web_api"
}

# Discards what the provider's session holds unpublished and releases its
# locks: `terraform apply -invoke=action.fwmgr_management_discard.now`
# (Terraform 1.14 or later).
action "fwmgr_management_discard" "now" {}
