# A group is imported by its UUID or its name.
terraform import orch_hub_group.developers <uuid>
terraform import orch_hub_group.developers developers
