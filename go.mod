module dualnnue

go 1.26
