package netfab

import (
	"fmt"
	"slices"
	"strings"

	api "github.com/iacsuite/providers/internal/api/netfab"
)

// MVEs (virtual edges): the checks of an MVE item of an order, and the
// network interfaces it gets.

// mvePortSpeed is the capacity an MVE offers the connections on it.
const mvePortSpeed = 10000

func (o *order) mve(it *api.OrderItem, p *productRecord) error {
	if err := notUsed(it, "an MVE's capacity follows from its size"); err != nil {
		return err
	}
	l, err := o.located(it, func(lp *api.LocationProducts) bool { return lp.MVE })
	if err != nil {
		return err
	}
	var img api.MVEImage
	found, err := o.tx.Get(kindMVEImage, fmt.Sprint(it.MVE.ImageID), &img)
	if err != nil {
		return err
	}
	if !found {
		return invalid("imageId", "image %d does not exist; see GET /v3/mve/images", it.MVE.ImageID)
	}
	if !slices.Contains(img.AvailableSizes, it.MVE.Size) {
		return invalid("size", "must be one of %s for image %d (%s %s %s)", strings.Join(img.AvailableSizes, ", "), img.ID, img.Vendor, img.Product, img.Version)
	}
	if e := api.CheckMVEOrder(img, it.MVE.VendorConfig, it.MVE.VNICs); e != nil {
		return invalid(e.Field, "%s", e.Rule)
	}
	zone, err := o.zone(it, l)
	if err != nil {
		return err
	}
	p.LocationID, p.Market, p.PortSpeed, p.DiversityZone = l.ID, l.Market, mvePortSpeed, zone
	p.Virtual, p.VXCPermitted = true, true
	p.MVE = &api.MVEDetails{ImageID: img.ID, Size: it.MVE.Size, Vendor: strings.ToUpper(api.MVEVendorOfImage(img)), VNICs: mveVNICs(img, it.MVE.VNICs)}
	// The vendor configuration goes to the appliance and is not kept: it
	// holds the appliance's secrets, and the API never answers it.
	return nil
}

// mveVNICs are the interfaces an MVE order creates: the given ones, or the
// vendor's minimum without descriptions. vNIC n carries VLAN n+1 inside the
// MVE, the tag the service steers its connections by.
func mveVNICs(img api.MVEImage, given []api.MVEVNIC) []api.MVEVNIC {
	out := make([]api.MVEVNIC, api.MVEVNICCount(img, len(given)))
	for i := range out {
		if i < len(given) {
			out[i].Description = given[i].Description
		}
		out[i].VLAN = int64(i + 1)
	}
	return out
}
