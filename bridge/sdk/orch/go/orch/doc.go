// A Pulumi package for managing an orchestration controller: clouds, credentials, models, machines, applications deployed from charms, integrations, offers and secrets; and, in hub mode, the hub's groups, roles, access grants and registered controllers.
package orch
