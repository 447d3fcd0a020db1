//go:build tools

// otgen (go/third_party/otgen, its source unchanged) is built from this module, so it
// and the tests share one gosnappi (the newest either asks for).
package otgtest

import _ "github.com/open-traffic-generator/otgen"
