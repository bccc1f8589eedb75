# attribute: cloud
# expect: at most 1
resource "orch_model" "bad" {
  name = "development"

  cloud {
    name = "a"
  }

  cloud {
    name = "b"
  }
}
