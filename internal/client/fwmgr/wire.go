package fwmgr

// Provisional wire facts; replaced by internal/api/fwmgr when it lands.

const (
	ContextOS         = "os_api"
	ContextWeb        = "web_api"
	DefaultPort       = 443
	MinSessionTimeout = 10
	MaxSessionTimeout = 3600
	HeaderSessionID   = "X-chkp-sid"
	CommandLogin      = "login"
	CommandKeepalive  = "keepalive"
)

type ErrorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

type LoginResponse struct {
	SID string `json:"sid"`
}

func (c *Client) loginRequest() any {
	m := map[string]any{}
	if c.cfg.APIKey != "" {
		m["api-key"] = c.cfg.APIKey
	} else {
		m["user"] = c.cfg.Username
		m["password"] = c.cfg.Password
	}
	if c.cfg.Domain != "" {
		m["domain"] = c.cfg.Domain
	}
	if c.cfg.SessionName != "" {
		m["session-name"] = c.cfg.SessionName
	}
	if c.cfg.SessionDescription != "" {
		m["session-description"] = c.cfg.SessionDescription
	}
	if c.cfg.SessionTimeout != 0 {
		m["session-timeout"] = c.cfg.SessionTimeout
	}
	return m
}

func sessionRejected(e *APIError) bool {
	return e.StatusCode == 401 || e.Code == "generic_err_wrong_session_id"
}

const MaxLimit = 1000

var Orders = []string{"ASC", "DESC"}
