provider "fwmgr" {
  context = "web_api"
}

# Publishes what the provider's session holds unpublished. Resources publish
# their own changes already; this is for a publish at a point of your
# choosing. Run it with `terraform apply -invoke=action.fwmgr_management_publish.now`
# (Terraform 1.14 or later), or from a resource's lifecycle:
#
# resource "fwmgr_management_host" "web" {
#   ...
#   lifecycle {
#     action_trigger {
#       events  = [after_update]
#       actions = [action.fwmgr_management_publish.now]
#     }
#   }
# }
action "fwmgr_management_publish" "now" {}
