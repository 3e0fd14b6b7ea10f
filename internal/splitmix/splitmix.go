package splitmix

// Gamma is the generator's increment (the golden ratio in 64-bit fixed point).
const Gamma = 0x9E3779B97F4A7C15

// Next advances the generator state *s by Gamma and returns the next
// value: the mixed new state.
func Next(s *uint64) uint64 {
	*s += Gamma
	return Mix(*s)
}

// Mix is SplitMix64's output function (Stafford's variant 13 of the
// MurmurHash3 finaliser): a bijection of the 64-bit values that spreads
// every input bit over the output. Next returns Mix of the advanced state.
func Mix(z uint64) uint64 {
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// Hash returns a well-mixed hash of x: the value Next returns from the
// state x.
func Hash(x uint64) uint64 { return Next(&x) }
