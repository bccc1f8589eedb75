# attribute: auto_publish_batch_size
# expect: must be at least 1
provider "fwmgr" {
  auto_publish_batch_size = 0
}

data "fwmgr_os_show_api_versions" "bad" {
}
