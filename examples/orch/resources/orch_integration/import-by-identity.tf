import {
  to = orch_integration.wordpress_db
  identity = {
    model_uuid         = "<model_uuid>"
    first_application  = "wordpress"
    first_endpoint     = "db"
    second_application = "mysql"
    second_endpoint    = "mysql"
  }
}
