// Package tcas is a Go port of the Siemens suite's TCAS (the traffic
// collision avoidance system's altitude separation test, from the SIR
// repository), one of the subjects of the GreenTrie paper's evaluation
// (§7), written here for the solver bench (testdata/solverbench, bench's
// solver arms).
//
// The original's global input variables are the fields of Input, and its
// functions the methods of Input. Its short-circuit conditions ask the
// solver about the same few comparisons again and again along every path:
// the paper's subject with the most reuse.
package tcas

// Thresholds of the original.
const (
	OLEV       = 600 // in feet per minute
	MaxAltDiff = 600 // in feet
	MinSep     = 300 // in feet
	NoZCross   = 100 // in feet
)

// Intents of the other aircraft (Input.OtherRAC).
const (
	NoIntent     = 0
	DoNotClimb   = 1
	DoNotDescend = 2
)

// Capabilities of the other aircraft (Input.OtherCapability).
const (
	TCASTA = 1
	Other  = 2
)

// Advisory is the resolution advisory AltSepTest gives.
type Advisory int

// The advisories.
const (
	Unresolved Advisory = 0
	UpwardRA   Advisory = 1
	DownwardRA Advisory = 2
)

// positiveRAAltThresh is ALIM for each altitude layer.
var positiveRAAltThresh = [4]int{400, 500, 640, 740}

// Input holds the original's input variables.
type Input struct {
	CurVerticalSep         int
	HighConfidence         bool
	TwoOfThreeReportsValid bool
	OwnTrackedAlt          int
	OwnTrackedAltRate      int
	OtherTrackedAlt        int
	AltLayerValue          int // 0..3
	UpSeparation           int
	DownSeparation         int
	OtherRAC               int // NoIntent, DoNotClimb or DoNotDescend
	OtherCapability        int // TCASTA or Other
	ClimbInhibit           bool
}

// ALIM is the altitude limit of the input's layer; the layer must be in
// 0..3 (AltSepTest checks it).
func (in *Input) ALIM() int { return positiveRAAltThresh[in.AltLayerValue] }

// InhibitBiasedClimb is the upward separation, raised when climbing is
// inhibited.
func (in *Input) InhibitBiasedClimb() int {
	if in.ClimbInhibit {
		return in.UpSeparation + NoZCross
	}
	return in.UpSeparation
}

// NonCrossingBiasedClimb tells whether a climb advisory would not cross
// the other aircraft's altitude.
func (in *Input) NonCrossingBiasedClimb() bool {
	if in.InhibitBiasedClimb() > in.DownSeparation {
		return !in.OwnBelowThreat() || in.OwnBelowThreat() && !(in.DownSeparation >= in.ALIM())
	}
	return in.OwnAboveThreat() && in.CurVerticalSep >= MinSep && in.UpSeparation >= in.ALIM()
}

// NonCrossingBiasedDescend tells whether a descent advisory would not
// cross the other aircraft's altitude.
func (in *Input) NonCrossingBiasedDescend() bool {
	if in.InhibitBiasedClimb() > in.DownSeparation {
		return in.OwnBelowThreat() && in.CurVerticalSep >= MinSep && in.DownSeparation >= in.ALIM()
	}
	return !in.OwnAboveThreat() || in.OwnAboveThreat() && in.UpSeparation >= in.ALIM()
}

// OwnBelowThreat tells whether our aircraft is below the other.
func (in *Input) OwnBelowThreat() bool { return in.OwnTrackedAlt < in.OtherTrackedAlt }

// OwnAboveThreat tells whether our aircraft is above the other.
func (in *Input) OwnAboveThreat() bool { return in.OtherTrackedAlt < in.OwnTrackedAlt }

// AltSepTest is the original's alt_sep_test: the advisory for the input,
// Unresolved when none applies or the altitude layer is out of range.
func (in *Input) AltSepTest() Advisory {
	if in.AltLayerValue < 0 || in.AltLayerValue >= len(positiveRAAltThresh) {
		return Unresolved
	}
	enabled := in.HighConfidence && in.OwnTrackedAltRate <= OLEV && in.CurVerticalSep > MaxAltDiff
	tcasEquipped := in.OtherCapability == TCASTA
	intentNotKnown := in.TwoOfThreeReportsValid && in.OtherRAC == NoIntent
	if !enabled || tcasEquipped && !intentNotKnown {
		return Unresolved
	}
	needUpward := in.NonCrossingBiasedClimb() && in.OwnBelowThreat()
	needDownward := in.NonCrossingBiasedDescend() && in.OwnAboveThreat()
	switch {
	case needUpward && needDownward:
		return Unresolved
	case needUpward:
		return UpwardRA
	case needDownward:
		return DownwardRA
	}
	return Unresolved
}
