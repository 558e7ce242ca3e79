package tournament

import "strconv"

// Games counts games in words: "1 game", "4 games".
func Games(n int) string {
	if n == 1 {
		return "1 game"
	}
	return strconv.Itoa(n) + " games"
}

// gamesAre starts a sentence about n games: "1 game is", "4 games are".
func gamesAre(n int) string {
	if n == 1 {
		return "1 game is"
	}
	return Games(n) + " are"
}

// recordedGamesAre is gamesAre for games already in a results file.
func recordedGamesAre(n int) string {
	if n == 1 {
		return "1 recorded game is"
	}
	return strconv.Itoa(n) + " recorded games are"
}
