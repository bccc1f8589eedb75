terraform import orch_integration.wordpress_db <model_uuid>:wordpress:db:mysql:mysql
# An integration with an offer (of this or another controller) is imported the
# same way; the offer side is the remote application (the offer's name), and
# offer_url and offering_controller are read back from the controller.
terraform import orch_integration.frontend_offered_db <model_uuid>:frontend:db:mysql:mysql
