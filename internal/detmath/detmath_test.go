package detmath

import (
	"math"
	"testing"
)

// ulps counts the float64 values from a to b (both finite, of the same sign).
func ulps(a, b float64) int64 {
	d := int64(math.Float64bits(a)) - int64(math.Float64bits(b))
	if d < 0 {
		return -d
	}
	return d
}

// truePowers are x**y rounded to the nearest float64, computed with 80-digit decimal
// arithmetic: bases and exponents the games use (areas up to a 500×500 torus, exponents
// with six decimals) and well beyond.
var truePowers = []struct {
	x, y float64
	bits uint64
}{
	{1e-300, 0.5, 0x20ca2fe76a3f9475},
	{0.999, 0.5, 0x3feffbe72966ccad},
	{10, 0.5, 0x40094c583ada5b53},
	{250000, 0.5, 0x407f400000000000},
	{0.001, 0.999999, 0x3f5062553dbd6830},
	{2, 0.999999, 0x3ffffffe8bde9c23},
	{1234.5, 0.999999, 0x409349f7005e21b5},
	{1e+100, 0.999999, 0x54b24899362e1c6f},
	{0.5, 1.000001, 0x3fdffffe8bde9c24},
	{7, 1.000001, 0x401c0003921d99ad},
	{65536, 1.000001, 0x40f0000ba10f9c61},
	{1e-09, 1.2, 0x3db16d13e70e10ff},
	{1.001, 1.2, 0x3ff004ea6ac038ed},
	{100, 1.2, 0x406f66095d5c7f53},
	{1000000000000.0, 1.2, 0x42ec8e8d3b178db6},
	{0.3, 1.5, 0x3fc50854f2c3d222},
	{3, 1.5, 0x4014c8dc2e423980},
	{9216, 1.5, 0x412b000000000000},
	{1e-300, 1.77, 0x0},
	{0.999, 1.77, 0x3feff181785d4fe2},
	{10, 1.77, 0x404d7132e3ce77ae},
	{250000, 1.77, 0x41eab3b6d6ed1da9},
	{0.001, 2.37, 0x3e74d6545e850719},
	{2, 2.37, 0x4014ad7a2967b268},
	{1234.5, 2.37, 0x41743db854d9e0c8},
	{1e+100, 2.37, 0x7123a825c100dd99},
	{0.5, 2.5, 0x3fc6a09e667f3bcd},
	{7, 2.5, 0x40603489be058693},
	{65536, 2.5, 0x4270000000000000},
	{1e-09, 3.141592, 0x3a10d9b745fca407},
	{1.001, 3.141592, 0x3ff00ce1ba0aef21},
	{100, 3.141592, 0x413d49f9ce5ee7a4},
	{1000000000000.0, 3.141592, 0x47c2d04f86094ebc},
	{0.3, 5.5, 0x3f55ce79a95e7ba8},
	{3, 5.5, 0x407a4e36aa8bd0c6},
	{9216, 5.5, 0x44759fd800000000},
	{1e-300, 9.999999, 0x0},
	{0.999, 9.999999, 0x3fefae729a4a7a6c},
	{10, 9.999999, 0x4202a05c5071679f},
	{250000, 9.999999, 0x4b23e9d4ac3db431},
	{0.001, -0.5, 0x403f9f6e4990f227},
	{2, -0.5, 0x3fe6a09e667f3bcd},
	{1234.5, -0.5, 0x3f9d24f447577474},
	{1e+100, -0.5, 0x358dee7a4ad4b81f},
	{0.5, -2.37, 0x4014ad7a2967b268},
	{7, -2.37, 0x3f845832ec202bae},
	{65536, -2.37, 0x3d90e98bbfb7e3d7},
	{1e-09, 0.0001, 0x3fefef0a8425b293},
	{1.001, 0.0001, 0x3ff000001ad483ab},
	{100, 0.0001, 0x3ff001e2ff9089c2},
	{1000000000000.0, 0.0001, 0x3ff00b55543c7e88},
	{2992.0, 2.37, 0x41a49f552b858ae3},
	{7977.0, 2.37, 0x41da567bd9dc793d},
	{12962.0, 2.37, 0x41f4ce633a2d1215},
	{17947.0, 2.37, 0x42067ec8c29f245c},
	{22932.0, 2.37, 0x42141b650f9195ab},
	{27917.0, 2.37, 0x42200638845472ee},
	{32902.0, 2.37, 0x4227a72dae6568f1},
	{37887.0, 2.37, 0x423085a023e99b42},
	{42872.0, 2.37, 0x42362554f2ec38b5},
	{47857.0, 2.37, 0x423cbdd95679590d},
	{52842.0, 2.37, 0x42422cc34e49dcc3},
	{57827.0, 2.37, 0x4246810675f745e7},
	{62812.0, 2.37, 0x424b60465959d8cc},
	{67797.0, 2.37, 0x4250676a9b129c6d},
	{72782.0, 2.37, 0x42536867964c6821},
	{77767.0, 2.37, 0x4256b5104e754d84},
	{82752.0, 2.37, 0x425a4f45b1f4e7f2},
	{87737.0, 2.37, 0x425e38d59c8d6c32},
	{92722.0, 2.37, 0x426139be57933c5f},
	{97707.0, 2.37, 0x42638073f10bea5d},
	{102692.0, 2.37, 0x4265f15aefac3e2f},
	{107677.0, 2.37, 0x42688d3c176ad2f7},
	{112662.0, 2.37, 0x426b54da1e76aa2b},
	{117647.0, 2.37, 0x426e48f220ab58be},
	{122632.0, 2.37, 0x4270b51e02defde2},
	{127617.0, 2.37, 0x42725cb56e14185b},
	{132602.0, 2.37, 0x42741b96953af4af},
	{137587.0, 2.37, 0x4275f2169c27c8a7},
	{142572.0, 2.37, 0x4277e088a82f345a},
	{147557.0, 2.37, 0x4279e73dfdfcb955},
	{152542.0, 2.37, 0x427c06861cb18ac6},
	{157527.0, 2.37, 0x427e3eaed6a041e8},
	{162512.0, 2.37, 0x4280480233f6a955},
	{167497.0, 2.37, 0x42817d68c5a8d5a3},
	{172482.0, 2.37, 0x4282bfafc69a2141},
	{177467.0, 2.37, 0x42840efb2ea410a5},
	{182452.0, 2.37, 0x42856b6e4f6b3420},
	{187437.0, 2.37, 0x4286d52bdbeb5c18},
	{192422.0, 2.37, 0x42884c55ef7a0939},
	{197407.0, 2.37, 0x4289d10e144c4c6f},
	{202392.0, 2.37, 0x428b6375498bb7d8},
	{207377.0, 2.37, 0x428d03ac0904a835},
	{212362.0, 2.37, 0x428eb1d24c77043b},
	{217347.0, 2.37, 0x42903703c948c69e},
	{222332.0, 2.37, 0x42911c3571cf7e37},
	{227317.0, 2.37, 0x4292088d6af5b268},
	{232302.0, 2.37, 0x4292fc1ac8f3d359},
	{237287.0, 2.37, 0x4293f6ec6b08161c},
	{242272.0, 2.37, 0x4294f910fd4dd117},
	{247257.0, 2.37, 0x42960296fa7af607},
}

// Pow is within two units in the last place of the true power (math.Pow, for comparison,
// is up to 42 away on these).
func TestPowIsAccurate(t *testing.T) {
	for _, c := range truePowers {
		want := math.Float64frombits(c.bits)
		if got := Pow(c.x, c.y); ulps(got, want) > 2 {
			t.Errorf("Pow(%v, %v) = %v, %d units in the last place from the true %v", c.x, c.y, got, ulps(got, want), want)
		}
	}
}

// A whole exponent, and every special case, is math.Pow's own result: games whose
// exponents are whole keep the numbers they had.
func TestPowKeepsMathPowWhereItIsExact(t *testing.T) {
	for _, y := range []float64{0, 1, 2, 3, 7, 10, -1, -3, math.Inf(1), math.Inf(-1), math.NaN()} {
		for _, x := range []float64{0, 1, 2, 3.5, 9216, 1e-300, -2, -0.5, math.Inf(1), math.Inf(-1), math.NaN()} {
			got, want := Pow(x, y), math.Pow(x, y)
			if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
				t.Errorf("Pow(%v, %v) = %v, math.Pow says %v", x, y, got, want)
			}
		}
	}
	for _, x := range []float64{-2, -0.5} {
		if got := Pow(x, 2.37); !math.IsNaN(got) {
			t.Errorf("Pow(%v, 2.37) = %v, want NaN", x, got)
		}
	}
}

// These bits were computed on amd64; every machine must give the same ones (the games'
// digests are checked on arm64 too, where math.Pow gives other bits for several of them).
func TestPowGivesTheSameBitsEverywhere(t *testing.T) {
	for _, c := range []struct {
		x, y float64
		bits uint64
	}{
		{103, 2.37, 0x40ecc7bd3246acce},
		{2, 0.5, 0x3ff6a09e667f3bcc},
		{3, 1.5, 0x4014c8dc2e423980},
		{7, 1.77, 0x403f51f3ebafea88},
		{9216, 2.37, 0x41e28abe3b3fa31d},
		{250000, 9.999999, 0x4b23e9d4ac3db432},
		{0.3, 2.5, 0x3fa93d32bceafc2a},
		{1234.5, -0.5, 0x3f9d24f447577474},
		{10, 1e-06, 0x3ff000026a189ffa},
		{65536, 3.141592, 0x43133b830538f552},
		{121, 1.2, 0x4073bbfd468f3019},
		{17, 5.5, 0x415655031897ec2a},
	} {
		if got := Pow(c.x, c.y); math.Float64bits(got) != c.bits {
			t.Errorf("Pow(%v, %v) = %v (%#x), want %v (%#x)", c.x, c.y, got, math.Float64bits(got), math.Float64frombits(c.bits), c.bits)
		}
	}
}
