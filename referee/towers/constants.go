package towers

// Rule constants (§2). World positions are integers in 0..worldSize on each axis; tile
// (x, y) spans [50x, 50x+50) × [50y, 50y+50).
const (
	mapSize        = 30
	tileSize       = 50
	worldSize      = mapSize * tileSize // 1500
	defaultTurns   = 1000
	soldiersEach   = 20
	numSoldiers    = 2 * soldiersEach
	maxTowers      = 15
	maxTowerLevel  = 3
	soldierMaxHP   = 100
	soldierSpeed   = 50
	attackRange    = 60
	attackDamage   = 50
	respawnTurns   = 10
	immuneTurns    = 2
	buildCost      = 800
	startMoney     = 300
	soldierReward  = 200
	firstTowerID   = 40 // player 0's base; player 1's base is 41; built towers follow
	baseTile       = 4  // both bases sit at tile (4,4) of their owner's view
	maxAnswerBytes = 64 * 1024
)

var (
	towerHP      = [maxTowerLevel + 1]int{0, 7000, 10000, 15000}
	towerRange   = [maxTowerLevel + 1]int{0, 2, 3, 4}
	upgradeCost  = [maxTowerLevel + 1]int{0, 0, 800, 800} // cost of reaching that level
	towerReward  = [maxTowerLevel + 1]int{0, 300, 500, 700}
	refundOrigin = [maxTowerLevel + 1]int{0, 150, 250, 400} // option refund=original
)

// spentOn is the money a player has put into a tower of the given level (build plus
// upgrades); the default suicide refund is a third of it (the seed's "roughly a third").
func spentOn(level int) int {
	spent := buildCost
	for l := 2; l <= level; l++ {
		spent += upgradeCost[l]
	}
	return spent
}
