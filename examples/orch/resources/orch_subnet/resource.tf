resource "orch_model" "development" {
  name = "subnet-example"
}

resource "orch_space" "development" {
  model_uuid = orch_model.development.uuid
  name       = "development"
}

# Moves the model's subnet 10.150.2.0/24 from alpha into the space; destroying
# the resource moves it back to alpha.
resource "orch_subnet" "development" {
  model_uuid = orch_model.development.uuid
  cidr       = "10.150.2.0/24"
  space_name = orch_space.development.name
}
