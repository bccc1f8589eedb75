# A group's name starts with a letter.
# attribute: name
# expect: must start with a letter
resource "orch_hub_group" "bad" {
  name = "1devops"
}
