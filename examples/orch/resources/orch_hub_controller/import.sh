# A registered controller is imported by its name in the hub; password and
# force are not imported.
terraform import orch_hub_controller.east east
