//go:build !race

// Whether the race detector is on (its runtime allocates).
package datasets

const raceEnabled = false
