// Package plots holds what the project's PNG plots share (the pipeline's
// elo.png and elo-positions.png, the trainer's loss.png): tick markers
// that always label an axis with a few readable numbers, and a PNG writer
// that keeps the title and the axes off the picture's edges and draws the
// legend in a strip of its own below the plot, never on the data.
//
// Tick markers (each a gonum plot.Ticker):
//
//   - Log labels a logarithmic axis at 1, 2 and 5 times the powers of ten
//     in its range, or, when fewer than three of those fall inside (a loss
//     curve spanning a few percent), at evenly spaced round values.
//   - Linear labels a linear axis at round values, as numbers without
//     trailing zeros ("500", not "500.00").
//   - Integers labels whole numbers only (generations, epochs), at most
//     about a dozen.
//
// Labels are written by a Format function: Number (up to four significant
// digits, "0.035", "1500") or Count (positions and games: "950", "200k",
// "1.5M").
package plots
