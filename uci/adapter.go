// The generic adapter from a game package and the search to gameEngine.
package uci

import "errors"

func newGameEngine(variant string) (gameEngine, error) {
	return nil, errors.New("variant " + variant + " not available yet")
}
