resource "orch_model" "development" {
  name = "development"
}

resource "orch_space" "public" {
  model_uuid = orch_model.development.uuid
  name       = "public"
}

# A space holds no subnets until orch_subnet moves one of the model's
# subnets into it.
resource "orch_subnet" "public" {
  model_uuid = orch_model.development.uuid
  cidr       = "10.150.1.0/24"
  space_name = orch_space.public.name
}

# The application's ubuntu endpoint is bound to the space; its other
# endpoints stay in alpha.
resource "orch_application" "web" {
  model_uuid = orch_model.development.uuid
  name       = "web"
  charm {
    name = "ubuntu-lite"
  }
  endpoint_bindings = [
    { endpoint = "ubuntu", space = orch_space.public.name },
  ]
}
