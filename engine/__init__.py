"""boardlog's write side: game rules decide, events record."""
