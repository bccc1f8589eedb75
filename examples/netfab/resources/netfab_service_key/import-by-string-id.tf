import {
  to = netfab_service_key.example
  id = "<key>"
}
