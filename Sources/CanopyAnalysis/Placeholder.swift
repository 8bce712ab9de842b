// CanopyAnalysis
