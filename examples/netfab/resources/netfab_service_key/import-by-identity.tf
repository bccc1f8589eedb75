import {
  to = netfab_service_key.example
  identity = {
    key = "<key>"
  }
}
