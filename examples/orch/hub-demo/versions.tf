terraform {
  required_providers {
    orch = {
      source = "iacsuite.example/iacsuite/orch"
    }
  }
}
