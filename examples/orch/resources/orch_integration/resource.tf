resource "orch_model" "blog" {
  name = "blog"
}

resource "orch_application" "wordpress" {
  model_uuid = orch_model.blog.uuid
  name       = "wordpress"

  charm {
    name = "wordpress"
  }
}

resource "orch_application" "mysql" {
  model_uuid = orch_model.blog.uuid
  name       = "mysql"

  charm {
    name = "mysql"
  }
}

# Two applications of one model. An endpoint left out is the one whose
# interface matches the other side's; mysql has two that fit wordpress's db
# (mysql and db), so it is named.
resource "orch_integration" "wordpress_db" {
  model_uuid = orch_model.blog.uuid

  application {
    name     = orch_application.wordpress.name
    endpoint = "db"
  }

  application {
    name     = orch_application.mysql.name
    endpoint = "mysql"
  }
}

# A cross-model integration: an application of another model consumes the
# offer of mysql (admin/blog.mysql).
resource "orch_offer" "mysql" {
  model_uuid       = orch_model.blog.uuid
  application_name = orch_application.mysql.name
  endpoints        = ["mysql"]
}

resource "orch_model" "frontend" {
  name = "blog-frontend"
}

resource "orch_application" "frontend" {
  model_uuid = orch_model.frontend.uuid
  name       = "frontend"

  charm {
    name = "wordpress"
  }
}

resource "orch_integration" "frontend_offered_db" {
  model_uuid = orch_model.frontend.uuid
  via        = "10.0.0.0/24"

  application {
    name     = orch_application.frontend.name
    endpoint = "db"
  }

  application {
    offer_url = orch_offer.mysql.url
  }
}

# A cross-controller integration consumes an offer that lives on another
# controller, named by a key of the provider's offering_controllers:
#
#   provider "orch" {
#     offering_controllers = {
#       db-controller = {
#         controller_addresses = "10.0.0.10:17070"
#         username             = "admin"
#         password             = var.db_controller_password
#         ca_certificate       = file("db-controller-ca.pem")
#       }
#     }
#   }
#
#   resource "orch_integration" "frontend_remote_db" {
#     model_uuid = orch_model.frontend.uuid
#
#     application {
#       name = orch_application.frontend.name
#     }
#
#     application {
#       offer_url           = "admin/db-model.mysql"
#       offering_controller = "db-controller"
#     }
#   }
