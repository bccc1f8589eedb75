# An object read by its name (or uid); here one this configuration creates.
provider "fwmgr" {
  context = "web_api" # the management API; server and credentials from FWMGR_* variables
}

resource "fwmgr_management_user" "example" {
  name                  = "myuser"
  email                 = "myuser@email.com"
  expiration_date       = "2030-05-30"
  phone_number          = "0501112233"
  password              = "Chkp!234-Example"
  authentication_method = "check point password"
  connect_daily         = true
  from_hour             = "08:00"
  to_hour               = "17:00"

  encryption {
    enable_ike           = true
    enable_shared_secret = true
  }
}

data "fwmgr_management_user" "example" {
  name = fwmgr_management_user.example.name
}

output "user_uid" {
  value = data.fwmgr_management_user.example.id
}
