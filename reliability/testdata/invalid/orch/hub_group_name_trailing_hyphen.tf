# A group's name ends with a letter or number.
# attribute: name
# expect: end with a letter or number
resource "orch_hub_group" "bad" {
  name = "devops-"
}
