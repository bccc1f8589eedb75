terraform import orch_controller.this /usr/local/bin/orch:my-controller
