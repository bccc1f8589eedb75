package migration

import "github.com/google/uuid"

// NewRequestID returns a random (version 4) UUID for a requestId.
func NewRequestID() string { return uuid.NewString() }
