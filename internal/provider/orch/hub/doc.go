// Package hub holds the orch provider's hub types: the resources
// orch_hub_group, orch_hub_role, orch_hub_controller and the six
// orch_hub_access_* (who holds an access level on a cloud, the hub
// controller, a group, a role, a model or an offer), their list resources
// and the orch_hub_group and orch_hub_role data sources. They manage the
// hub in hub mode (client_id and client_secret) through its client,
// internal/client/hub. The type names, schemas and behaviour are the orch
// provider's: the orch package serves them, registering Resources,
// ListResources and DataSources (its registry.go).
//
// The split, and why it has this shape:
//
//   - orch imports this package to register its types, so this package
//     cannot import orch. The framework hands every type the one value the
//     provider's Configure made, checked against the type its base names
//     (framework.ResourceBase[P]), so the hub's types are generic over that
//     type P, the orch provider's data, which they reach only through the
//     interface Data (the hub's client, the controller client,
//     skip_failed_deletion) that it implements (orch's hub_data.go). Moving
//     the provider's data type into a package both import would have meant
//     exporting its fields, and renaming their uses in every file of orch.
//   - The helpers both packages use (the id attribute, UUID and import-ID
//     rules, a failed delete, list filters) are in
//     internal/provider/orch/shared; nothing else is shared.
//   - What stays in orch about the hub is the other side of hub mode: the
//     refusal of the controller's own resources that the hub does not
//     manage (orch's hub_mode.go).
package hub
