package version

import (
	"runtime/debug"
	"testing"
)

func TestFromBuildInfo(t *testing.T) {
	vcs := func(rev, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}
	}
	for _, c := range []struct {
		name, override string
		bi             *debug.BuildInfo
		want           string
	}{
		{"ldflags", "v9.9.9", &debug.BuildInfo{Main: debug.Module{Version: "v1.0.0"}}, "v9.9.9"},
		{"no build info", "", nil, "dev"},
		{"tagged module", "", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}, Settings: vcs("0123456789abcdef0123", "false")}, "v1.2.0"},
		{"checkout", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs("0123456789abcdef0123", "false")}, "0123456789ab"},
		{"dirty checkout", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs("0123456789abcdef0123", "true")}, "0123456789ab-dirty"},
		{"go run", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "dev"},
		{"pseudo-version with vcs", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261204034800-0123456789ab"}, Settings: vcs("0123456789abcdef0123", "false")}, "0123456789ab"},
		{"pseudo-version", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261204034800-0123456789ab"}}, "v0.0.0-20261204034800-0123456789ab"},
		// A commit after tag v1.2.3 is stamped v1.2.4-0.<time>-<hash>: not a
		// tag, so the revision names it, as before any tag.
		{"pseudo-version after a tag", "", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.4-0.20261204034800-0123456789ab+dirty"}, Settings: vcs("0123456789abcdef0123", "true")}, "0123456789ab-dirty"},
		{"pseudo-version after a pre-release", "", &debug.BuildInfo{Main: debug.Module{Version: "v1.3.0-rc.1.0.20261204034800-0123456789ab"}, Settings: vcs("0123456789abcdef0123", "false")}, "0123456789ab"},
		{"pre-release tag", "", &debug.BuildInfo{Main: debug.Module{Version: "v1.3.0-rc.1"}, Settings: vcs("0123456789abcdef0123", "false")}, "v1.3.0-rc.1"},
		{"dirty tag", "", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3+dirty"}, Settings: vcs("0123456789abcdef0123", "true")}, "v1.2.3+dirty"},
	} {
		if got := fromBuildInfo(c.override, c.bi); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
