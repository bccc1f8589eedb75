package httpx

import (
	"net"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLimitConnsPerClient: a client address gets at most max connections;
// closing one makes room for the next.
func TestLimitConnsPerClient(t *testing.T) {
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ln := LimitConnsPerClient(raw, 2)
	defer ln.Close()
	accepted := make(chan net.Conn, 4)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				close(accepted)
				return
			}
			accepted <- c
		}
	}()
	var clients []net.Conn
	defer func() {
		for _, c := range clients {
			c.Close()
		}
	}()
	dial := func() net.Conn {
		c, err := net.Dial("tcp", raw.Addr().String())
		require.NoError(t, err)
		clients = append(clients, c)
		return c
	}
	dial()
	dial()
	first, second := <-accepted, <-accepted
	defer second.Close()
	// The third is closed by the listener and never accepted; closing an
	// accepted one (on the server side, as the server does) frees a place
	// for the fourth.
	third := dial()
	_, err = third.Read(make([]byte, 1))
	require.Error(t, err, "the connection over the cap was not closed")
	require.NoError(t, first.Close())
	dial()
	fourth := <-accepted
	require.NotNil(t, fourth)
	fourth.Close()
}
