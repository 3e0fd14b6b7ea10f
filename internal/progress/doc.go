// Package progress reports the progress of long runs: a redrawn bar or
// status line on a terminal, periodic plain log lines anywhere else (a
// redirected log must not fill with carriage-return redraws).
package progress
