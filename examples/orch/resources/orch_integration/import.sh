terraform import orch_integration.wordpress_db <model_uuid>:wordpress:db:mysql:mysql
