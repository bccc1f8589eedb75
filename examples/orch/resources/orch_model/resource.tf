resource "orch_model" "development" {
  name = "development"

  cloud {
    name   = "localhost"
    region = "localhost"
  }

  config = {
    logging-config              = "<root>=INFO"
    update-status-hook-interval = "5m"
  }

  constraints = "cores=2 mem=4G"
}
