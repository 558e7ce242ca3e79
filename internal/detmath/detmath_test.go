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

// trueExps, trueLogs and trueAtans are e**x, ln x and atan x rounded to the nearest
// float64, computed with 300-bit arithmetic: the ends of each function's range, the points
// where the reductions change branch (ln 2, √½, √2, tan(π/8), 1) and values in between.
var trueExps = []struct {
	x    float64
	bits uint64
}{
	{-745.0, 0x0000000000000001},
	{-744.4, 0x0000000000000001},
	{-708.5, 0x000e6cf6d08897ac},
	{-100.25, 0x36e4acd31e167ebb},
	{-20, 0x3e21b48655f37267},
	{-3.5, 0x3f9eec1018e4ff66},
	{-1, 0x3fd78b56362cef38},
	{-0.5, 0x3fe368b2fc6f960a},
	{-1e-10, 0x3feffffffff24190},
	{1e-300, 0x3ff0000000000000},
	{1e-08, 0x3ff0000002af31dc},
	{0.001, 0x3ff0041919b7ee34},
	{0.1, 0x3ff1aec7b35a00d4},
	{0.5, 0x3ffa61298e1e069c},
	{0.6931471805599453, 0x4000000000000000},
	{1, 0x4005bf0a8b145769},
	{1.5, 0x4011ed3fe64fc541},
	{2.302585092994046, 0x4024000000000001},
	{3, 0x403415e5bf6fb106},
	{10, 0x40d5829dcf950560},
	{20.5, 0x41c7d6c4f0bcdd5c},
	{55.5, 0x44f0ca5f56995724},
	{100, 0x48f3494a9b171bf5},
	{300.75, 0x5b0da96ac93f511a},
	{500, 0x6d045ba2a9f7e439},
	{700, 0x7f0d945df4f8ec8e},
	{709.7, 0x7fed75ae7a50ee14},
}

var trueLogs = []struct {
	x    float64
	bits uint64
}{
	{5e-324, 0xc0874385446d71c3},
	{2.2250738585072014e-308, 0xc086232bdd7abcd2},
	{1e-300, 0xc085963447f87fb5},
	{1e-10, 0xc037069e2aa2aa5b},
	{0.001, 0xc01ba18a998fffa0},
	{0.1, 0xc0026bb1bbb55515},
	{0.5, 0xbfe62e42fefa39ef},
	{0.7, 0xbfd6d3c324e13f50},
	{0.7071067811865476, 0xbfd62e42fefa39ee},
	{0.9999999999, 0xbddb7ce00005e728},
	{1.0000000001, 0x3ddb7cdffffa18d8},
	{1.2, 0x3fc7565011e49675},
	{1.4142135623730951, 0x3fd62e42fefa39f0},
	{2, 0x3fe62e42fefa39ef},
	{2.718281828459045, 0x3ff0000000000000},
	{3, 0x3ff193ea7aad030b},
	{10, 0x40026bb1bbb55516},
	{100, 0x40126bb1bbb55516},
	{1234.5, 0x401c79436f818745},
	{65536, 0x40262e42fefa39ef},
	{10000000000.0, 0x4037069e2aa2aa5b},
	{1e+100, 0x406cc845b54b54f2},
	{1.7976931348623157e+308, 0x40862e42fefa39ef},
}

var trueAtans = []struct {
	x    float64
	bits uint64
}{
	{1e-300, 0x01a56e1fc2f8f359},
	{1e-10, 0x3ddb7cdfd9d7bdbb},
	{0.001, 0x3f50624d77516e16},
	{0.1, 0x3fb983e282e2cc4d},
	{0.2, 0x3fc94441f8f7260c},
	{0.41, 0x3fd8e6f812962e4e},
	{0.4142135623730951, 0x3fd921fb54442d19},
	{0.5, 0x3fddac670561bb4f},
	{0.75, 0x3fe4978fa3269ee1},
	{0.99, 0x3fe8f8d0f7321467},
	{1, 0x3fe921fb54442d18},
	{1.01, 0x3fe94abcd5ca9acf},
	{1.5, 0x3fef730bd281f69b},
	{2, 0x3ff1b6e192ebbe44},
	{2.414213562373095, 0x3ff2d97c7f3321d2},
	{3, 0x3ff3fc176b7a8560},
	{10, 0x3ff789bd2c160054},
	{100, 0x3ff8f905eb2def22},
	{12345.678, 0x3ff921a664fe1dc4},
	{10000000000.0, 0x3ff921fb543d4de0},
	{1e+20, 0x3ff921fb54442d18},
	{-0.3, 0xbfd2a73a661eaf06},
	{-2.5, 0xbff30b6d796a4da8},
	{-100000.0, 0xbff921f0d7e968a8},
}

// Exp, Log and Atan are within two units in the last place of the true value (on 20 000
// random arguments of each the most was one for Exp and two for Log and Atan).
func TestExpLogAtanAreAccurate(t *testing.T) {
	for _, f := range []struct {
		name  string
		fn    func(float64) float64
		cases []struct {
			x    float64
			bits uint64
		}
	}{{"Exp", Exp, trueExps}, {"Log", Log, trueLogs}, {"Atan", Atan, trueAtans}} {
		for _, c := range f.cases {
			want := math.Float64frombits(c.bits)
			if got := f.fn(c.x); ulps(got, want) > 2 {
				t.Errorf("%s(%v) = %v, %d units in the last place from the true %v", f.name, c.x, got, ulps(got, want), want)
			}
		}
	}
}

func TestExpLogAtanSpecialCases(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	for _, c := range []struct {
		name    string
		fn      func(float64) float64
		x, want float64
	}{
		{"Exp", Exp, nan, nan},
		{"Exp", Exp, inf, inf},
		{"Exp", Exp, 709.8, inf},
		{"Exp", Exp, -inf, 0},
		{"Exp", Exp, -746, 0},
		{"Exp", Exp, 0, 1},
		{"Log", Log, nan, nan},
		{"Log", Log, -1, nan},
		{"Log", Log, -inf, nan},
		{"Log", Log, 0, -inf},
		{"Log", Log, inf, inf},
		{"Log", Log, 1, 0},
		{"Atan", Atan, nan, nan},
		{"Atan", Atan, inf, math.Pi / 2},
		{"Atan", Atan, -inf, -math.Pi / 2},
		{"Atan", Atan, math.Copysign(0, -1), math.Copysign(0, -1)},
	} {
		got := c.fn(c.x)
		if math.Float64bits(got) != math.Float64bits(c.want) && !(math.IsNaN(got) && math.IsNaN(c.want)) {
			t.Errorf("%s(%v) = %v, want %v", c.name, c.x, got, c.want)
		}
	}
}

// These bits were computed on amd64; every machine must give the same ones. math.Exp
// differs on arm64 for about half of such arguments, math.Atan for the last four.
func TestExpLogAtanGiveTheSameBitsEverywhere(t *testing.T) {
	for _, c := range []struct {
		x                 float64
		exp, logAbs, atan uint64
	}{
		{8.799306753492143, 0x40b9e5a57cac1a6b, 0x400165baed330a26, 0x3ff7527aa85494e9},
		{0.040789425174994516, 0x3ff0aa8717c4162e, 0xc009983b984499d7, 0x3fa4df63b2cc3f75},
		{375.3919324753126, 0x61c7da492260cd6c, 0x4017b63def092feb, 0x3ff917120d719fb2},
		{1.00039353312642, 0x4005c13b80981f26, 0x3f39c9176afbe26f, 0x3fe92397e5ba2a3e},
		{-11.237134114196271, 0x3eeba1aa7064f1fe, 0x40035a920750de74, 0xbff7b66f052d8b87},
		{56050.77612951594, 0x7ff0000000000000, 0x4025de36fcf09353, 0x3ff921e89f1e5148},
		{-244.87681284429738, 0x29da4ee13a2476f6, 0x401600c5fdf0ed41, 0xbff911414c428423},
		{0.9999684369767626, 0x4005bedd8fc1c6da, 0xbf008c6255fdda13, 0x3fe921da3b7f8135},
		{-5.987676938800856, 0x3f648ec68fb82966, 0x3ffca2a026cbb351, 0xbff67c2a74c32f56},
		{1.9237964726818152e+24, 0x7ff0000000000000, 0x404bf54ab8806345, 0x3ff921fb54442d18},
		{-210.91201082903746, 0x2cea52db0d93104e, 0x401567e028b40c86, 0xbff90e8fbd1b395a},
		{1.000460360191242, 0x4005c19ac84cca07, 0x3f3e29c8fc676c08, 0x3fe923ddf0d2d5b1},
		{-5.3049712964291285, 0x3f74581c2c49ec7d, 0x3ffab2c46e0d08ba, 0xbff626d4ac2ed7d6},
		{0.3463684993833035, 0x3ff69f6e4cd6004a, 0xbff0f6cad8c89f64, 0x3fd55703d64f7f90},
		{0.6026530280849016, 0x3ffd3b39ba77fca4, 0xbfe0348a6a1153e0, 0x3fe15b14146269e8},
		{0.3004348453704573, 0x3ff59b6d2d03e995, 0xbff33d8a3168e810, 0x3fd2adc37a289491},
	} {
		for _, f := range []struct {
			name string
			got  float64
			want uint64
		}{{"Exp", Exp(c.x), c.exp}, {"Log|x|", Log(math.Abs(c.x)), c.logAbs}, {"Atan", Atan(c.x), c.atan}} {
			if math.Float64bits(f.got) != f.want {
				t.Errorf("%s(%v) = %v (%#x), want %v (%#x)", f.name, c.x, f.got, math.Float64bits(f.got), math.Float64frombits(f.want), f.want)
			}
		}
	}
}
