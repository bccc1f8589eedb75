package hub

import (
	"github.com/google/uuid"

	hubapi "github.com/iacsuite/providers/internal/api/hub"
	"github.com/iacsuite/providers/internal/sandbox/store"
)

// seedDefaultGrants makes, at the hub's first start, the grants its upstream
// counterpart starts with: an administrator user, and everyone (every
// caller) allowed to add models on the localhost cloud. They are made once,
// so that an administrator who revokes them keeps them revoked.
func seedDefaultGrants(tx *store.Tx) error {
	if err := tx.Put(kindUser, hubapi.DefaultAdminUser, "", userRecord{Name: hubapi.DefaultAdminUser, UUID: uuid.NewString()}); err != nil {
		return err
	}
	if err := tx.Put(kindUser, hubapi.Everyone, "", userRecord{Name: hubapi.Everyone, UUID: uuid.NewString()}); err != nil {
		return err
	}
	if err := putTuple(tx, hubapi.Tuple{Object: hubapi.UserObject(hubapi.DefaultAdminUser), Relation: hubapi.AccessAdministrator, Target: hubapi.HubTarget}); err != nil {
		return err
	}
	return putTuple(tx, hubapi.Tuple{Object: hubapi.UserObject(hubapi.Everyone), Relation: hubapi.AccessCanAddModel, Target: hubapi.CloudTarget(hubapi.DefaultAddModelCloud)})
}
