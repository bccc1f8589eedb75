terraform import orch_controller.this <orch_binary>:my-controller
