package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMedianAndSpread(t *testing.T) {
	assert.InDelta(t, 2.0, sample{3, 1, 2}.median(), 1e-9)
	assert.InDelta(t, 2.5, sample{4, 1, 3, 2}.median(), 1e-9)
	assert.Zero(t, sample{}.median())
	lo, hi := sample{3, 1, 2}.spread()
	assert.InDelta(t, 1.0, lo, 1e-9)
	assert.InDelta(t, 3.0, hi, 1e-9)
}

func TestResultRatioAndGoal(t *testing.T) {
	r := result{id: "P2", unit: unitSeconds, measured: sample{4, 5, 6}, yardstick: sample{2, 2.5, 3}, goalRatio: 2, goal: "<= 2x"}
	assert.InDelta(t, 2.0, r.ratio(), 1e-9)
	assert.True(t, r.met())
	r.measured = sample{6, 7, 8}
	assert.False(t, r.met())
	assert.Contains(t, r.String(), "NOT MET")

	abs := result{id: "P5", unit: unitRate, measured: sample{900, 1100, 1200}, goalValue: 1000, atLeast: true}
	assert.True(t, abs.met())
	abs.measured = sample{800}
	assert.False(t, abs.met())
}
