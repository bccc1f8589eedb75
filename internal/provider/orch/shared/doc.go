// Package shared holds what the orch provider's two packages share: the
// provider itself (internal/provider/orch) and the hub's resources, data
// sources and list resources (internal/provider/orch/hub). The orch package
// imports hub to register the hub's types, so hub cannot import orch: what
// both use lives here, and only that. Each helper keeps its old unexported
// name in the orch package (schema_common.go, list_common.go,
// validators.go), so that the orch provider's files did not change when
// the hub moved out.
package shared
