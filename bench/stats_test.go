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

func TestParseGoBench(t *testing.T) {
	out := []byte(`goos: linux
BenchmarkOrderPort/products=10-2         	     200	    186538 ns/op	        21.45 pages/op	   29861 B/op	     467 allocs/op
BenchmarkOrderPort/products=100000-2     	     200	    246309 ns/op	        31.47 pages/op	   29761 B/op	     471 allocs/op
BenchmarkOrderPort/products=10-2         	     200	    176538 ns/op	        22.00 pages/op
PASS
`)
	r := parseGoBench(out)
	assert.Equal(t, sample{186538, 176538}, r.nanos[0])
	assert.Equal(t, sample{246309}, r.nanos[1])
	assert.Equal(t, sample{21.45, 22}, r.pages[0])
	assert.Equal(t, sample{31.47}, r.pages[1])
}
