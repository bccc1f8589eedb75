provider "fwmgr" {
  context = "web_api"
}

# Ends the provider's management session after discarding anything left
# unpublished in it: `terraform apply -invoke=action.fwmgr_management_logout.now`
# (Terraform 1.14 or later). The next command logs in again.
action "fwmgr_management_logout" "now" {}
