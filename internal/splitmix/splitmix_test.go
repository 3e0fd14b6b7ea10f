// Tests of SplitMix64 against the reference values of the published algorithm.
package splitmix

import "testing"

// TestReference: the first outputs from seed 0 and seed 1234567, as the
// reference C implementation (Vigna's splitmix64.c) prints them.
func TestReference(t *testing.T) {
	var s uint64
	for i, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := Next(&s); got != want {
			t.Errorf("seed 0, output %d: %#x, want %#x", i, got, want)
		}
	}
	s = 1234567
	for i, want := range []uint64{6457827717110365317, 3203168211198807973, 9817491932198370423} {
		if got := Next(&s); got != want {
			t.Errorf("seed 1234567, output %d: %d, want %d", i, got, want)
		}
	}
	if Hash(0) != 0xe220a8397b1dcdaf {
		t.Errorf("Hash(0) = %#x", Hash(0))
	}
	if Mix(Gamma) != 0xe220a8397b1dcdaf || Mix(0) != 0 {
		t.Errorf("Mix(Gamma) = %#x, Mix(0) = %#x", Mix(Gamma), Mix(0))
	}
}

func TestNoAllocs(t *testing.T) {
	var s uint64
	if a := testing.AllocsPerRun(100, func() { _ = Next(&s) + Hash(s) }); a != 0 {
		t.Errorf("%v allocations", a)
	}
}
