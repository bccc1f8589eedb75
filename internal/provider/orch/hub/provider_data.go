package hub

import (
	hubclient "github.com/iacsuite/providers/internal/client/hub"
	client "github.com/iacsuite/providers/internal/client/orch"
	"github.com/iacsuite/providers/internal/framework"
)

// Data is what the hub's types use of the orch provider's data: the orch
// provider's own data type implements it (orch's hub_data.go).
type Data interface {
	// HubClient is the hub's client in hub mode (client_id and
	// client_secret), nil in direct mode.
	HubClient() *hubclient.Client
	// OrchClient is the controller client; in hub mode it calls the hub's
	// model operations.
	OrchClient() *client.Client
	// SkipFailedDeletion is the provider's skip_failed_deletion.
	SkipFailedDeletion() bool
}

// ProviderData constrains the type parameters of the hub's types. The
// framework hands every resource, data source and list resource the one
// value the provider's Configure made, and checks that it is of the type
// the type's base names (framework.ResourceBase[P]): P is the orch
// provider's data type, which this package cannot name, and D is *P, which
// is a Data.
type ProviderData[P any] interface {
	*P
	Data
}

// resourceBase is embedded by every hub resource: the framework's base (the
// type name and the provider data, no Metadata or Configure of the
// resource's own) and the data as a Data.
type resourceBase[P any, D ProviderData[P]] struct{ framework.ResourceBase[P] }

// dataSourceBase is resourceBase for a data source.
type dataSourceBase[P any, D ProviderData[P]] struct{ framework.DataSourceBase[P] }

// named is the base of the resource orch_<name>.
func named[P any, D ProviderData[P]](name string) resourceBase[P, D] {
	return resourceBase[P, D]{framework.ResourceBase[P]{Name: name}}
}

// dataSourceNamed is the base of the data source orch_<name>.
func dataSourceNamed[P any, D ProviderData[P]](name string) dataSourceBase[P, D] {
	return dataSourceBase[P, D]{framework.DataSourceBase[P]{Name: name}}
}

// data is the provider data, nil until the provider is configured.
func (b *resourceBase[P, D]) data() Data { return dataOf[P, D](b.PD) }

// data is the provider data, nil until the provider is configured.
func (b *dataSourceBase[P, D]) data() Data { return dataOf[P, D](b.PD) }

// dataOf is pd as a Data: nil (not a Data holding a nil pointer) when pd
// is nil, so that the checks of an unconfigured provider see nil.
func dataOf[P any, D ProviderData[P]](pd *P) Data {
	if pd == nil {
		return nil
	}
	return D(pd)
}
