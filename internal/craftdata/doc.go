// Package craftdata writes crafted datasets for tests: files of a few KB that
// decode into millions of positions, the shape of the hostile file that
// motivated the memory budgets of train and cmd/train (issue 24).
package craftdata
