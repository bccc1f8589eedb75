// A Pulumi package for managing an orchestration controller: clouds, credentials, models, machines, applications deployed from charms, integrations, offers and secrets.
package orch
