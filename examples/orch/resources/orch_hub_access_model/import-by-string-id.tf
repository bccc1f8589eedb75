import {
  to = orch_hub_access_model.development
  id = "0d3e5ab4-6b6f-4c55-8b1e-3a1f2b6c7d8e:writer"
}
