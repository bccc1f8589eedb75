package orch

import (
	"net/netip"
	"testing"

	"github.com/stretchr/testify/assert"

	api "github.com/iacsuite/providers/internal/api/orch"
)

// The contract: the subnets a model knows do not overlap, whatever the
// cloud, and are network addresses.
func TestKnownSubnetsDoNotOverlap(t *testing.T) {
	for _, typ := range []string{api.CloudTypeLXD, api.CloudTypeKubernetes, "maas"} {
		subnets := knownSubnets(typ, "r")
		assert.NotEmpty(t, subnets)
		for i, a := range subnets {
			p := netip.MustParsePrefix(a.CIDR)
			assert.Equal(t, p.Masked(), p, a.CIDR)
			for _, b := range subnets[i+1:] {
				assert.False(t, p.Overlaps(netip.MustParsePrefix(b.CIDR)), "%s overlaps %s", a.CIDR, b.CIDR)
			}
		}
	}
}
