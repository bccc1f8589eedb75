package hub

// The grants a hub starts with, as its upstream counterpart does.
const (
	// DefaultAdminUser is the user the hub starts with as its
	// administrator (upstream's hub starts with one administrator user
	// beside its administrator service account).
	DefaultAdminUser = "hub-admin@example.com"
	// Everyone is the user that stands for every caller: what it is granted,
	// every authenticated identity holds.
	Everyone = "everyone@external"
	// DefaultAddModelCloud is the cloud on which Everyone may add models
	// from the hub's first start.
	DefaultAddModelCloud = "localhost"
)
