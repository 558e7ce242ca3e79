package rockets

import "github.com/arena-games/arena/protocol"

// Game error codes and their exact messages (spec §8, seed §7.11).
const (
	errCarNotFound       = 100
	errCarBusy           = 101
	errNoRoad            = 102
	errNotInBase         = 103
	errUpgradeDone       = 104
	errUpgradeType       = 105
	errNoMoney           = 106
	errOccupied          = 107
	errShareholderProfit = 108
	errThreshold         = 109
	errNoSite            = 110
	errNoControl         = 111
	errNotReady          = 112
	errNoReceiver        = 113
	errLaunched          = 114
	errAmount            = 115
	errLawyerPaid        = 116
	errLawyerLocked      = 117
	errNoLawyer          = 118
	errInLawsuit         = 119
	errSueYourself       = 120
	errTrunkFull         = 121
	errNoLawyers         = 122
)

var messages = map[int]string{
	errCarNotFound:       "car not found",
	errCarBusy:           "car is busy",
	errNoRoad:            "road does not exist",
	errNotInBase:         "car is not in base",
	errUpgradeDone:       "upgrade already completed",
	errUpgradeType:       "invalid upgrade type",
	errNoMoney:           "not enough money",
	errOccupied:          "requested city is already occupied",
	errShareholderProfit: "invalid shareholder profit",
	errThreshold:         "invalid shareholder threshold",
	errNoSite:            "launch site not found",
	errNoControl:         "you do not control the rocket",
	errNotReady:          "rocket is not ready",
	errNoReceiver:        "there is no one to get the money",
	errLaunched:          "rocket was already launched",
	errAmount:            "invalid amount",
	errLawyerPaid:        "lawyer has been paid already",
	errLawyerLocked:      "prosecuting lawyer is not allowed to change assignment",
	errNoLawyer:          "you have no active lawyer",
	errInLawsuit:         "investment during a lawsuit",
	errSueYourself:       "unable to sue yourself",
	errTrunkFull:         "cannot take more money",
	errNoLawyers:         "lawyer is not available",
}

// fail renders the FAILED line of a game error.
func fail(code int) []string {
	return []string{protocol.Failure(code, messages[code])}
}

// failed is a FAILED line of a common protocol error (2–6).
func failed(code int) []string {
	return []string{protocol.Failed(code)}
}

// okWith renders a success: OK alone on its line, then the data lines (protocol §3).
func okWith(data ...string) []string {
	return append([]string{protocol.OK}, data...)
}
