package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const uidA = "0b7a4a8e-4a1e-4c1e-9a51-3c0a7d0d2b11"

func TestParseRequestLog(t *testing.T) {
	log := "1000000000 netfab POST /v3/orders 201\n" +
		"1100000000 netfab GET /v3/products/" + uidA + " 200\n" +
		"3200000000 netfab GET /v3/products/" + uidA + " 200\n" +
		"3300000000 netfab GET /v3/products/" + uidA + "/tags 200\n"
	reqs, err := parseRequestLog(strings.NewReader(log))
	require.NoError(t, err)
	require.Len(t, reqs, 4)
	assert.Equal(t, "POST", reqs[0].method)
	assert.Equal(t, 201, reqs[0].status)
	assert.Equal(t, 2, count(reqs, "GET", productRead), "the tags read is not a product read")
	assert.Equal(t, 1, count(reqs, "POST", regexp.MustCompile(`^/v3/orders$`)))

	polls := pollTimes(reqs)[uidA]
	require.Len(t, polls, 2)
	assert.Equal(t, 100*time.Millisecond, noticeLag(polls, 2*time.Second))

	_, err = parseRequestLog(strings.NewReader("garbage\n"))
	assert.Error(t, err)
}

func TestMaxPollsPerSecond(t *testing.T) {
	at := func(ms ...int) []time.Time {
		var out []time.Time
		for _, m := range ms {
			out = append(out, time.Unix(0, 0).Add(time.Duration(m)*time.Millisecond))
		}
		return out
	}
	assert.Equal(t, 2, maxPollsPerSecond(at(0, 500, 1000, 1500, 2000)))
	assert.Equal(t, 4, maxPollsPerSecond(at(0, 250, 625, 999, 2000)))
	assert.Equal(t, 0, maxPollsPerSecond(nil))
}
