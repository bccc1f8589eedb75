# A blog in one model, its database in another, offered across models; two
# machines hold the blog's units, and a secret is granted to the blog.

resource "orch_model" "web" {
  name = "demo-web"
  cloud {
    name   = "localhost"
    region = "localhost"
  }
  config = {
    logging-config = "<root>=INFO"
  }
}

resource "orch_model" "data" {
  name = "demo-data"
  cloud {
    name = "localhost"
  }
}

resource "orch_machine" "web" {
  count             = 2
  model_uuid        = orch_model.web.uuid
  name              = "web-${count.index}"
  constraints       = "cores=2 mem=4G"
  wait_for_hostname = true
}

resource "orch_application" "wordpress" {
  model_uuid = orch_model.web.uuid
  name       = "wordpress"
  charm {
    name = "wordpress"
  }
  machines = orch_machine.web[*].machine_id
  config = {
    tuning = "optimized"
  }
  expose {
    cidrs = "0.0.0.0/0"
  }
}

resource "orch_application" "haproxy" {
  model_uuid = orch_model.web.uuid
  name       = "haproxy"
  charm {
    name = "haproxy"
  }
  units = 1
}

# Two applications of one model, integrated with each other.
resource "orch_integration" "proxy" {
  model_uuid = orch_model.web.uuid
  application {
    name     = orch_application.haproxy.name
    endpoint = "reverseproxy"
  }
  application {
    name     = orch_application.wordpress.name
    endpoint = "website"
  }
}

resource "orch_application" "mysql" {
  model_uuid  = orch_model.data.uuid
  name        = "mysql"
  constraints = "mem=8G"
  charm {
    name    = "mysql"
    channel = "8.0/stable"
  }
}

resource "orch_offer" "mysql" {
  model_uuid       = orch_model.data.uuid
  application_name = orch_application.mysql.name
  endpoints        = ["mysql"]
}

# The offer, consumed from the other model.
resource "orch_integration" "db" {
  model_uuid = orch_model.web.uuid
  application {
    name     = orch_application.wordpress.name
    endpoint = "db"
  }
  application {
    offer_url = orch_offer.mysql.url
  }
}

resource "orch_secret" "api_key" {
  model_uuid = orch_model.web.uuid
  name       = "api-key"
  value = {
    key = "demo-api-key"
  }
}

resource "orch_access_secret" "api_key" {
  model_uuid   = orch_model.web.uuid
  secret_id    = orch_secret.api_key.secret_id
  applications = [orch_application.wordpress.name]
}

# A user who may look at the blog's model but not change it, and the SSH key
# authorised on the model's machines for them.
variable "viewer_password" {
  type      = string
  sensitive = true
  default   = "demo-viewer-password"
}

resource "orch_user" "viewer" {
  name         = "demo-viewer"
  display_name = "Demo Viewer"
  password     = var.viewer_password
}

resource "orch_access_model" "viewers" {
  model_uuid = orch_model.web.uuid
  access     = "read"
  users      = [orch_user.viewer.name]
}

resource "orch_ssh_key" "viewer" {
  model_uuid = orch_model.web.uuid
  payload    = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIM1yCaS3wPUrzKUUNDHOUJXKxOuwGoIKU9XAoAWhNvNY demo-viewer@demo"
}
