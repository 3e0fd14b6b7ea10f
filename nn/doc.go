// Package nn is the efficiently updatable neural network (NNUE) the engine
// evaluates with and the trainer (package train) fits: the architecture, the
// quantized Net and its file format, the float reference Model, the
// accumulator stack that follows the search's DoMove/UndoMove, and the
// kernels (pure Go reference loops; AVX2 twins through simd/archsimd when
// built with GOEXPERIMENT=simd on amd64, checked bit for bit against the
// reference by TestKernelsMatchReference).
//
// # Architecture
//
// A perspective network (F → N)×2 → 1 (bullet's "simple" net): the feature
// set (package features, chosen by the file) gives F inputs per perspective;
// both perspectives share one first layer; the side to move's N activations
// come first in the output layer; B output buckets (by piece count, bullet's
// MaterialCount) select one of B output rows. Activation is CReLU or SCReLU,
// recorded in the file. N, B, the set and the activation come from the file.
//
// Optionally (Arch.Layers, Pairwise, Stacks) a stack of up to two hidden
// layers sits between the first layer and the output, (F→N)×2→L2→L3→1,
// with pairwise multiplication of each perspective's halves and one stack
// per output bucket as options (Stockfish's layer stacks); the engine runs
// them with int8 weights, int32 biases and sums, and activations in uint8
// range (Net's doc comment gives the integer formula, layers.go the code).
//
// # Quantization and the eval formula
//
// QA = 255, QB = 64, Scale = 400 by default (bullet's convention), written in
// every file. First-layer weights and biases are round(w·QA) in int16, the
// accumulators int16; output weights round(w·QB), |w| ≤ 127 (float 1.98);
// output biases round(b·QA·QB) in int32. With c(x) = clamp(x, 0, QA):
//
//	CReLU:  eval = (Σ c(us_i)·w_i + Σ c(them_i)·w_{N+i} + bias) · Scale / (QA·QB)
//	SCReLU: eval = ((Σ c(us_i)²·w_i + Σ c(them_i)²·w_{N+i}) / QA + bias) · Scale / (QA·QB)
//
// in int64 with truncating division, then clamped strictly inside the mate
// bounds. The eval is centipawns from the side to move's view. The float
// model computes out = Σ act(us)·w + Σ act(them)·w' + b with act = clamp(x,0,1)
// or its square, and eval = out·Scale; the trainer's sigmoid constant is
// K = Scale = 400: a score s maps to sigmoid(s/400) and the model's
// prediction is sigmoid(out). ParityBound (1 + Scale/(QA·QB) ≈ 1.03 cp) bounds
// |Net eval − Model eval| for a model holding the net's own weights;
// Model.QuantizationBound bounds it per position for the model a net was
// quantized from.
//
// # Use
//
//	net := nn.Default(position.Chess)                  // embedded default net
//	net, err := nn.Load(path, position.Xiangqi)        // UCI EvalFile
//	ev := nn.NewEvaluator[*chess.Position](net)  // position.Evaluator, one per thread
//
// The trainer builds an nn.Model (NewModel, or Net.Model to fine-tune),
// evaluates with Model.Forward over features.Set.Active indices, and exports
// with Model.Quantize and Net.WriteFile.
//
// The net file layout is documented in file.go (version 2 records the king
// buckets, mirror, hidden layers and their sizes and activation, the
// pairwise and stacks flags and the bucket map; version 1
// files, the embedded nets among them, still load); embedded defaults in
// nets/*.nnue are trained by the pipeline from the nets go run ./cmd/mknet
// folds from the hand-written tables (see internal/pstnet, docs/nets.md).
package nn
