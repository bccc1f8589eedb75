# A group's name ends with a letter or digit.
# attribute: name
# expect: end with a letter or digit
resource "orch_hub_group" "bad" {
  name = "devops-"
}
