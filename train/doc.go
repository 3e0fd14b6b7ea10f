// Package train fits the engine's NNUE in float32 and exports it as a
// quantized net file the engine loads.
//
// The model is the perspective network of package nn, (F → N)×2 → 1 with
// SCReLU (or CReLU): one feature transformer shared by both perspectives, the
// side to move's accumulator first, then a dense output layer per output
// bucket. The feature set comes from nn/features, so engine and trainer
// share one definition.
//
// The pipeline is split the way nnue-pytorch and bullet split it, one file
// each:
//
//	batch.go       flat, reusable batch buffers (the loader fills them)
//	model.go       the float32 parameters in one flat slice, initialisation
//	kernels*.go    sparse first-layer forward/backward (pure Go + SIMD twin)
//	step.go        forward + loss + backward of a batch, data-parallel
//	loss.go        the sigmoid/WDL-blended power loss
//	optim.go       AdamW with weight clipping to the quantization range
//	schedule.go    learning-rate schedules with warm-up
//	checkpoint.go  float weights + optimiser state + step + RNG state
//	metrics.go     CSV/JSON metrics and the loss-curve PNG
//	export.go      quantization to the engine's net file (overflow is an error)
//	config.go      the TOML configuration
//	run.go         Run: epochs, validation, checkpoints, export
//
// The trainer never imports the search.
package train
