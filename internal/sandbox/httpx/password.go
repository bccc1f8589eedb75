package httpx

import (
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
)

// pbkdf2Rounds is the cost of a stored password's hash.
const pbkdf2Rounds = 20_000

// PasswordHash is how a service stores a password or client secret: a
// random salt and the PBKDF2-SHA256 of the password with it. Services embed
// it in their account records (JSON fields "salt" and "hash").
type PasswordHash struct {
	Salt string `json:"salt"`
	Hash string `json:"hash"`
}

// NewPasswordHash hashes password with a new salt.
func NewPasswordHash(password string) PasswordHash {
	salt := rand.Text()
	return PasswordHash{Salt: salt, Hash: hashPassword(password, salt)}
}

// Check reports whether password is the hashed one, in constant time.
func (p PasswordHash) Check(password string) bool {
	return subtle.ConstantTimeCompare([]byte(hashPassword(password, p.Salt)), []byte(p.Hash)) == 1
}

// HashForUnknownAccount does the work of a Check for a login to an account
// that does not exist, so that timing does not tell accounts from
// non-accounts.
func HashForUnknownAccount(password string) { hashPassword(password, "unknown-account") }

// SecretTokenHash is the hex SHA-256 by which a bearer token is stored: the
// token has 256 random bits, so a fast hash is enough.
func SecretTokenHash(tok string) string {
	sum := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(sum[:])
}

func hashPassword(password, salt string) string {
	key, err := pbkdf2.Key(sha256.New, password, []byte(salt), pbkdf2Rounds, 32)
	if err != nil {
		panic(err) // only for parameters out of FIPS bounds, which these are not
	}
	return hex.EncodeToString(key)
}
