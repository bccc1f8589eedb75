import {
  to = orch_integration.wordpress_db
  id = "<model_uuid>:wordpress:db:mysql:mysql"
}
