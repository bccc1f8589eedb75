# The hub in front of two controllers: both registered, a group and a role
# with grants on the localhost cloud, and a model placed on the west
# controller. The provider runs in hub mode: ORCH_CONTROLLER_ADDRESSES is
# the hub, ORCH_CLIENT_ID and ORCH_CLIENT_SECRET its client credentials.

variable "east_uuid" {
  type = string
}
variable "east_address" {
  type = string
}
variable "east_ca_certificate" {
  type = string
}
variable "west_uuid" {
  type = string
}
variable "west_address" {
  type = string
}
variable "west_ca_certificate" {
  type = string
}
variable "controller_password" {
  type      = string
  sensitive = true
}

resource "orch_hub_controller" "east" {
  name           = "east"
  uuid           = var.east_uuid
  api_addresses  = [var.east_address]
  ca_certificate = var.east_ca_certificate
  username       = "admin"
  password       = var.controller_password
  force          = true
}

resource "orch_hub_controller" "west" {
  name           = "west"
  uuid           = var.west_uuid
  public_address = var.west_address
  ca_certificate = var.west_ca_certificate
  username       = "admin"
  password       = var.controller_password
  force          = true
}

resource "orch_hub_group" "developers" {
  name = "developers"
}

resource "orch_hub_role" "model_admins" {
  name = "model-admins"
}

# The developers and the CI service account are the role's assignees.
resource "orch_hub_access_role" "model_admins" {
  role_id          = orch_hub_role.model_admins.uuid
  access           = "assignee"
  groups           = [orch_hub_group.developers.uuid]
  service_accounts = ["ci-deployer"]
}

# The role may add models on the localhost cloud; so may one user directly,
# and everyone@external (every caller), whom the hub allows from its first
# start: the resource holds every grant of the level, so it is listed.
resource "orch_hub_access_cloud" "localhost" {
  cloud_name = "localhost"
  access     = "can_addmodel"
  roles      = [orch_hub_role.model_admins.uuid]
  users      = ["alice@example.com", "everyone@external"]
}

# A model placed on the west controller.
resource "orch_model" "workloads" {
  name              = "demo-workloads"
  target_controller = orch_hub_controller.west.name
  cloud {
    name = "localhost"
  }
  depends_on = [orch_hub_controller.east]
}

data "orch_hub_group" "developers" {
  name = orch_hub_group.developers.name
}
