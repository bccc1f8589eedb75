package values

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/stretchr/testify/assert"
)

func TestOptional(t *testing.T) {
	assert.Nil(t, OptionalString(types.StringNull()))
	assert.Nil(t, OptionalString(types.StringUnknown()))
	assert.Equal(t, Ptr(""), OptionalString(types.StringValue("")), "an empty string is a value")
	assert.Equal(t, Ptr(int64(0)), OptionalInt64(types.Int64Value(0)))
	assert.Nil(t, OptionalInt64(types.Int64Null()))
	assert.Equal(t, Ptr(false), OptionalBool(types.BoolValue(false)))
	assert.Nil(t, OptionalBool(types.BoolUnknown()))
}

func TestNullForEmpty(t *testing.T) {
	assert.True(t, StringOrNull("").IsNull())
	assert.Equal(t, "x", StringOrNull("x").ValueString())
	assert.True(t, Int64OrNull(0).IsNull())
	assert.Equal(t, []int{}, NonNil[int](nil))
	assert.Equal(t, []int{1}, NonNil([]int{1}))
}
