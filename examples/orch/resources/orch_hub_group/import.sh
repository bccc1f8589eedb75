# A group is imported by its UUID or its name.
terraform import orch_hub_group.developers 6f1c5c6e-3a7e-4b53-9d62-7c1a8f0e2b11
terraform import orch_hub_group.developers developers
