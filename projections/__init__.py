"""boardlog's read side: folds of recorded events into views."""
