terraform import orch_cloud.lab lab
