// CanopyHistory
