// PREFETCHT0 for the TT bucket of a child position (see prefetch_amd64.go).

//go:build amd64 && !purego

#include "textflag.h"

// func prefetch(addr *ttEntry)
TEXT ·prefetch(SB), NOSPLIT|NOFRAME, $0-8
	MOVQ addr+0(FP), AX
	PREFETCHT0 (AX)
	RET
