# Access to the hub itself is imported as hub:<access_level>.
terraform import orch_hub_access_controller.administrators hub:administrator
